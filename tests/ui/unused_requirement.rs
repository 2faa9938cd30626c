resourceful::routes! {
    resources(articles, requirements(article = "[0-9]+"));
}

fn main() {}
