mod routes {
    resourceful::routes! {
        resources(articles);
    }
}

struct Article {
    id: u64,
}

fn main() {
    let article = Article { id: 7 };
    let _ = routes::article_path(&article);
    let _ = routes::edit_article_path(article);
}
