resourceful::routes! {
    named(login, "/login", action = "new");
}

fn main() {}
