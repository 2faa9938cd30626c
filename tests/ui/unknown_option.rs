resourceful::routes! {
    resources(articles, colour = "red");
}

fn main() {}
