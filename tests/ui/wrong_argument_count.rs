mod routes {
    resourceful::routes! {
        resources(articles) { resources(comments); }
    }
}

fn main() {
    let _ = routes::article_comment_path(1);
}
