mod routes {
    resourceful::routes! {
        resources(articles, types(id = u64)) {
            resources(comments);
        }
    }
}

fn main() {
    let _ = routes::article_path("seven");
    let _ = routes::edit_article_path(-1i32);
    let _ = routes::article_comment_path(-1i32, "any ToParam");
}
