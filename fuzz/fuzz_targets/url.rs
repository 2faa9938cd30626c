//! Arbitrary values through the helpers and `url_for`: `url_for` never panics (an empty value
//! is an error: it has no path segment to live in, and the helpers refuse it with a panic
//! that tests/generate.rs checks), and recognising what was built gives back exactly the
//! values (in a path within `MAX_PATH_LEN`, since a longer one is refused with `PathTooLong`).
#![no_main]

use http::Method;
use libfuzzer_sys::fuzz_target;
use resourceful::{MAX_PATH_LEN, RoutingError, UrlFor};

mod routes {
    resourceful::routes! {
        resources(articles) { resources(comments); }
        named(search, "/search/:query/page/:page", controller = "search");
    }
}

fn values(data: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(data)
        .split('\u{1F}')
        .map(str::to_owned)
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let values = values(data);
    let get = |i: usize| values.get(i).cloned().unwrap_or_default();
    let (article, comment, format, extra) = (get(0), get(1), get(2), get(3));

    let hash = UrlFor::new()
        .param("controller", "search")
        .param("action", "index")
        .param("query", &article)
        .param("page", &comment)
        // Prefixed so that it cannot replace a key of the route: it lands in the query.
        .param(format!("x{extra}"), &format)
        .anchor(&extra);
    let built = routes::ROUTES.url_for(&hash);

    if article.is_empty() || comment.is_empty() {
        assert!(built.is_err(), "{hash} built {built:?}");
        return;
    }
    let path = if format.is_empty() {
        routes::article_comment_path(&article, &comment)
    } else {
        routes::formatted_article_comment_path(&article, &comment, &format)
    };
    if !within_limit(&path) {
        return;
    }
    let found = routes::ROUTES
        .recognize(&Method::GET, &path)
        .unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert_eq!(found.param("article_id"), Some(article.as_str()), "{path:?}");
    assert_eq!(found.param("id"), Some(comment.as_str()), "{path:?}");
    let expected_format = (!format.is_empty()).then_some(format.as_str());
    assert_eq!(found.param("format"), expected_format, "{path:?}");

    let url = built.unwrap_or_else(|e| panic!("{hash}: {e}"));
    if !within_limit(&url) {
        return;
    }
    let found = routes::ROUTES
        .recognize(&Method::GET, &url)
        .unwrap_or_else(|e| panic!("{url:?}: {e}"));
    assert_eq!(found.param("query"), Some(article.as_str()), "{url:?}");
    assert_eq!(found.param("page"), Some(comment.as_str()), "{url:?}");
});

/// Whether `url` is short enough to be recognised; one that is not must be refused as such.
fn within_limit(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    if path.len() <= MAX_PATH_LEN {
        return true;
    }
    let refused = routes::ROUTES.recognize(&Method::GET, url);
    assert!(
        matches!(refused, Err(RoutingError::PathTooLong { .. })),
        "a {} byte path: {refused:?}",
        path.len()
    );
    false
}
