#[derive(resourceful::ToParam)]
struct Article {
    title: String,
}

fn main() {}
