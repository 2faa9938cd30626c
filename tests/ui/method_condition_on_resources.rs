resourceful::routes! {
    resources(articles, conditions(method = post));
}

fn main() {}
