resourceful::routes! {
    resources(articles,, comments);
    resources articles;
}

fn main() {}
