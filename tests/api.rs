//! The JSON example (examples/api) through `oneshot`, as an axum application is tested: its
//! params read as types, its links under the `/api` mount, the first version of the API behind
//! the current one, one JSON error page for the route sets and the axum routes beside them
//! (`Allow` kept), requests counted by route, and the body limit.

#[path = "../examples/api/app.rs"]
mod app;

use axum::Router;
use axum::body::Body;
use http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn fresh() -> (Router, app::Metrics) {
    let metrics = app::Metrics::default();
    (app::app(app::Store::default(), metrics.clone()), metrics)
}

/// The status, the `Location` or `Allow` header (empty when absent) and the body as JSON
/// (`null` when empty, a string when not JSON) of `app`'s answer.
async fn call(app: &Router, request: Request<Body>) -> (StatusCode, String, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let header = ["location", "allow"]
        .iter()
        .find_map(|name| response.headers().get(*name))
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body = match bytes.is_empty() {
        true => Value::Null,
        false => serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned())),
    };
    (status, header, body)
}

fn json_request(method: &str, uri: &str, body: Value) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

#[tokio::test]
async fn articles_and_their_comments_are_created_read_changed_and_deleted() {
    let (app, _) = fresh();
    let created = call(
        &app,
        json_request(
            "POST",
            "/api/articles",
            json!({"title": "Hello", "body": "World"}),
        ),
    )
    .await;
    let article = json!({
        "id": 1, "title": "Hello", "body": "World",
        "url": "/api/articles/1", "comments_url": "/api/articles/1/comments",
    });
    assert_eq!(
        created,
        (
            StatusCode::CREATED,
            "/api/articles/1".to_owned(),
            article.clone()
        )
    );
    let comment = call(
        &app,
        json_request(
            "POST",
            "/api/articles/1/comments",
            json!({"body": "First!"}),
        ),
    )
    .await;
    assert_eq!(
        comment,
        (
            StatusCode::CREATED,
            "/api/articles/1/comments/2".to_owned(),
            json!({"id": 2, "body": "First!", "url": "/api/articles/1/comments/2"})
        )
    );
    let steps = [
        (
            get("/api/articles"),
            StatusCode::OK,
            json!({"articles": [article]}),
        ),
        (get("/api/articles/1.json"), StatusCode::OK, article.clone()),
        (
            get("/api/articles/1/comments"),
            StatusCode::OK,
            json!({"comments": [{"id": 2, "body": "First!", "url": "/api/articles/1/comments/2"}]}),
        ),
        (
            json_request(
                "PATCH",
                "/api/articles/1",
                json!({"title": "Hi", "body": "All"}),
            ),
            StatusCode::OK,
            json!({
                "id": 1, "title": "Hi", "body": "All",
                "url": "/api/articles/1", "comments_url": "/api/articles/1/comments",
            }),
        ),
        (
            Request::delete("/api/articles/1/comments/2")
                .body(Body::empty())
                .unwrap(),
            StatusCode::NO_CONTENT,
            Value::Null,
        ),
        (
            Request::delete("/api/articles/1")
                .body(Body::empty())
                .unwrap(),
            StatusCode::NO_CONTENT,
            Value::Null,
        ),
        (
            get("/api/articles/1"),
            StatusCode::NOT_FOUND,
            json!({"error": "no such record"}),
        ),
    ];
    for (request, status, body) in steps {
        let line = format!("{} {}", request.method(), request.uri());
        let (got, _, answer) = call(&app, request).await;
        assert_eq!((got, answer), (status, body), "{line}");
    }
}

#[tokio::test]
async fn every_error_is_json_from_one_handler_with_allow_where_a_method_is_refused() {
    let (app, _) = fresh();
    let error = |message: &str| json!({ "error": message });
    let cases = [
        // An id that is no `u64` never reaches a handler.
        (
            get("/api/articles/first"),
            StatusCode::NOT_FOUND,
            "",
            error("no route matches `GET /api/articles/first`"),
        ),
        (
            Request::delete("/api/articles")
                .body(Body::empty())
                .unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD, POST",
            error("method `DELETE` is not allowed for `/api/articles` (allowed: GET, HEAD, POST)"),
        ),
        (
            get("/nowhere"),
            StatusCode::NOT_FOUND,
            "",
            error("no route matches `GET /nowhere`"),
        ),
        // An axum route's 405, through the same handler; axum writes `Allow`.
        (
            Request::post("/health").body(Body::empty()).unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
            "GET,HEAD",
            error("method `POST` is not allowed for `/health`"),
        ),
        (
            json_request("POST", "/api/articles", json!({"title": " ", "body": "x"})),
            StatusCode::UNPROCESSABLE_ENTITY,
            "",
            error("`title` cannot be empty"),
        ),
    ];
    for (request, status, header, body) in cases {
        let line = format!("{} {}", request.method(), request.uri());
        let got = call(&app, request).await;
        assert_eq!(got, (status, header.to_owned(), body), "{line}");
    }
}

#[tokio::test]
async fn the_first_version_of_the_api_redirects_to_the_current_one() {
    let (app, _) = fresh();
    let cases = [
        ("/api/posts", "/api/articles"),
        ("/api/posts/7", "/api/articles/7"),
    ];
    for (old, new) in cases {
        let (status, location, _) = call(&app, get(old)).await;
        assert_eq!(
            (status, location.as_str()),
            (StatusCode::PERMANENT_REDIRECT, new),
            "{old}"
        );
    }
    let (status, _, _) = call(&app, get("/api/posts/seven")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn requests_are_counted_by_their_routes_pattern() {
    let (app, _) = fresh();
    for uri in [
        "/api/articles",
        "/api/articles/1",
        "/api/articles/2",
        "/api/posts/3",
        "/api/x/y/z",
    ] {
        call(&app, get(uri)).await;
    }
    let (status, _, counts) = call(&app, get("/metrics")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        counts,
        json!({
            "/api/articles(.:format)": 1,
            "/api/articles/:id(.:format)": 2,
            // The first version's routes are behind the current one's layers: its request is
            // one the current route set does not take.
            "unmatched": 2,
        })
    );
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_413() {
    let (app, _) = fresh();
    let big = "x".repeat(app::BODY_LIMIT);
    let request = json_request(
        "POST",
        "/api/articles",
        json!({"title": "Big", "body": big}),
    );
    let (status, _, _) = call(&app, request).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}
