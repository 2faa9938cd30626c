resourceful::routes! {
    named(login, "/login", controller = "sessions") {
        resources(articles);
    }
}

fn main() {}
