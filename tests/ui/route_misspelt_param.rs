// A param the route does not have, read from its typed variant.
mod routes {
    resourceful::routes! { resources(articles) { resources(comments, only(show)); } }
}

fn main() {
    let found = routes::recognize(&http::Method::GET, "/articles/1/comments/2").unwrap();
    if let routes::Route::CommentsShow { article, id, .. } = found {
        println!("{article} {id}");
    }
}
