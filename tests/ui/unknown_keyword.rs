resourceful::routes! {
    map(articles);
}

fn main() {}
