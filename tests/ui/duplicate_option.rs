resourceful::routes! {
    resources(articles, controller = "posts", controller = "entries");
}

fn main() {}
