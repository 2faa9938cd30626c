//! A user crate that renames `resourceful` to `routing`: the generated code must not name
//! `resourceful` itself.

pub mod routes {
    routing::routes! {
        default_url_options(host = "renamed.test");
        resources(articles) { resources(comments); }
        root(controller = "home");
    }
}

#[derive(routing::ToParam)]
pub struct Article {
    pub id: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_and_derive_work_under_another_name() {
        let article = Article { id: 3 };
        assert_eq!(
            routes::article_comment_path(&article, 4),
            "/articles/3/comments/4"
        );
        assert_eq!(routes::root_url(), "http://renamed.test/");
        let found = routes::ROUTES
            .recognize(&http::Method::GET, "/articles/3/comments/4")
            .unwrap();
        assert_eq!(found.controller(), "comments");
        let hash: routing::UrlFor = routes::hash_for_article_path(&article);
        assert_eq!(routes::ROUTES.url_for(&hash).unwrap(), "/articles/3");
    }
}
