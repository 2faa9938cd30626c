resourceful::routes! {
    resources(articles, requirements(id = "[0-9"));
}

fn main() {}
