resourceful::routes! {
    resources(articles, collection(ping: head));
}

fn main() {}
