//! A user crate that renames `resourceful` to `routing`: the generated code must not name
//! `resourceful` itself, and the derive is told the path with `#[to_param(crate = "...")]`.

pub mod routes {
    routing::routes! {
        default_url_options(host = "renamed.test");
        resources(articles) { resources(comments); }
        root(controller = "home");
    }
}

/// Reached through a re-export, as a framework that re-exports `resourceful` would be.
pub mod framework {
    pub use routing as router;
}

#[derive(routing::ToParam)]
#[to_param(crate = "routing")]
pub struct Article {
    pub id: u32,
}

#[derive(framework::router::ToParam)]
#[to_param(crate = "crate::framework::router")]
pub struct Comment {
    #[to_param]
    pub slug: String,
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

    #[test]
    fn the_derive_takes_the_crate_path_through_a_re_export() {
        let comment = Comment {
            slug: "first-one".into(),
        };
        assert_eq!(
            routes::article_comment_path(7, &comment),
            "/articles/7/comments/first-one"
        );
    }
}
