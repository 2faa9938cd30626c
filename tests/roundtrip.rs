//! Property: recognising a generated path gives back exactly the values it was built from.

use http::Method;
use proptest::prelude::*;
use resourceful::UrlFor;

mod routes {
    resourceful::routes! {
        resources(articles, member(publish: put)) { resources(comments); }
        resource(account) { resources(tokens); }
        namespace(admin) { resources(users, param = "login"); }
        named(search, "/search/:query/page/:page", controller = "search");
        named(dated, "/posts/:year/:slug.:format", controller = "posts", action = "show");
    }
}

/// Any non-empty string: a path segment cannot hold an empty value.
fn value() -> impl Strategy<Value = String> {
    any::<String>().prop_filter("empty values cannot round-trip", |s| !s.is_empty())
}

/// A built path, the method to send it with, the route it must reach and the values it must
/// give back.
type Case<'a> = (String, Method, &'a str, Vec<(&'a str, &'a str)>);

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

    /// Every kind of dynamic segment the DSL makes (ids, parent ids, a renamed param, a
    /// singleton's children, named params, a required format) and every format.
    #[test]
    fn every_segment_and_format_round_trips(
        a in value(), b in value(), c in value(), format in value(),
    ) {
        let cases: Vec<Case> = vec![
            (routes::formatted_articles_path(&format), Method::GET, "articles",
                vec![("format", &format)]),
            (routes::formatted_edit_article_path(&a, &format), Method::GET, "edit_article",
                vec![("id", &a), ("format", &format)]),
            (routes::publish_article_path(&a), Method::PUT, "publish_article", vec![("id", &a)]),
            (routes::formatted_new_article_comment_path(&a, &format), Method::GET,
                "new_article_comment", vec![("article_id", &a), ("format", &format)]),
            (routes::edit_article_comment_path(&a, &b), Method::GET, "edit_article_comment",
                vec![("article_id", &a), ("id", &b)]),
            (routes::formatted_account_path(&format), Method::GET, "account",
                vec![("format", &format)]),
            (routes::formatted_account_token_path(&a, &format), Method::GET, "account_token",
                vec![("id", &a), ("format", &format)]),
            (routes::formatted_admin_user_path(&a, &format), Method::GET, "admin_user",
                vec![("login", &a), ("format", &format)]),
            (routes::search_path(&a, &b), Method::GET, "search", vec![("query", &a), ("page", &b)]),
            (routes::formatted_dated_path(&a, &b, &c), Method::GET, "dated",
                vec![("year", &a), ("slug", &b), ("format", &c)]),
        ];
        for (path, method, name, params) in cases {
            let found = routes::ROUTES.recognize(&method, &path).unwrap();
            prop_assert_eq!(found.route_name(), Some(name), "{}", path);
            let got: Vec<(&str, &str)> = found.params().collect();
            let mut want = params.clone();
            want.sort();
            let mut got_sorted = got.clone();
            got_sorted.sort();
            prop_assert_eq!(got_sorted, want, "{}", path);
        }
    }
}
