//! Property: recognising a generated path gives back exactly the values it was built from.

use http::Method;
use proptest::prelude::*;
use resourceful::UrlFor;

mod routes {
    resourceful::routes! {
        resources(articles) { resources(comments); }
        named(search, "/search/:query/page/:page", controller = "search");
    }
}

/// Any non-empty string: a path segment cannot hold an empty value.
fn value() -> impl Strategy<Value = String> {
    any::<String>().prop_filter("empty values cannot round-trip", |s| !s.is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn helpers_round_trip(article in value(), comment in value(), format in proptest::option::of(value())) {
        let path = match &format {
            Some(f) => routes::formatted_article_comment_path(&article, &comment, f),
            None => routes::article_comment_path(&article, &comment),
        };
        let found = routes::ROUTES.recognize(&Method::GET, &path).unwrap();
        prop_assert_eq!(found.route_name(), Some("article_comment"));
        prop_assert_eq!(found.param("article_id"), Some(article.as_str()));
        prop_assert_eq!(found.param("id"), Some(comment.as_str()));
        prop_assert_eq!(found.param("format"), format.as_deref());
    }

    #[test]
    fn url_for_round_trips(query in value(), page in value(), extra in value()) {
        let hash = UrlFor::new()
            .param("controller", "search")
            .param("action", "index")
            .param("query", &query)
            .param("page", &page)
            .param("extra", &extra);
        let url = routes::ROUTES.url_for(&hash).unwrap();
        let found = routes::ROUTES.recognize(&Method::GET, &url).unwrap();
        prop_assert_eq!(found.param("query"), Some(query.as_str()));
        prop_assert_eq!(found.param("page"), Some(page.as_str()));
        prop_assert_eq!(found.params().len(), 2);
    }
}
