#[derive(resourceful::ToParam)]
enum Article {
    Draft,
}

fn main() {}
