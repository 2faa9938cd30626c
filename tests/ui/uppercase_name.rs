resourceful::routes! {
    resources(Articles);
}

fn main() {}
