resourceful::routes! {
    resources(articles, collection(search: [get, any]));
}

fn main() {}
