// A typed param is a `u64` in its variant, not text.
mod routes {
    resourceful::routes! { resources(articles, only(show), types(id = u64)); }
}

fn main() {
    let found = routes::recognize(&http::Method::GET, "/articles/7").unwrap();
    if let routes::Route::ArticlesShow { id, .. } = found {
        let _: &str = id;
    }
}
