resourceful::routes! {
    resources(articles, contoller = "posts");
}

fn main() {}
