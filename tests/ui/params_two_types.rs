// Two routes reach `articles#show` and type its `id` differently: its params' field `id` can
// have one type.
mod routes {
    resourceful::routes! {
        resources(articles, only(show), types(id = u64));
        named(article_by_slug, "/a/:id/view", controller = "articles", action = "show", types(id = String));
    }
}

fn main() {
    let _ = routes::params::ArticlesShow { id: 7, format: None };
}
