resourceful::routes! {
    resources(articles);
    named(articles, "/all-articles", controller = "archive");
}

fn main() {}
