resourceful::routes! {
    resources(articles, member(publish: gett));
}

fn main() {}
