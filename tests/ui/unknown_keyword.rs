resourceful::routes! {
    resourses(articles);
}

fn main() {}
