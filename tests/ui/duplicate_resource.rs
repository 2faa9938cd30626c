resourceful::routes! {
    resources(articles);
    resources(articles, as = "posts");
}

fn main() {}
