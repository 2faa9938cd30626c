//! The JSON example on actix-web (examples/actix) through `actix_web::test`, as an actix-web
//! application is tested: its params read as types, its links under the `/api` scope, the
//! first version of the API behind the current one, one JSON error page for the route sets
//! and the application (`Allow` kept), requests counted by their route's pattern, the body
//! limit, and actix-web's middlewares around it all.

#[path = "../examples/actix/src/app.rs"]
mod app;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{TestRequest, call_service, init_service, read_body};
use actix_web::{Error, body::MessageBody};
use serde_json::{Value, json};

/// The status, the `Location` or `Allow` header (empty when absent) and the body as JSON
/// (`null` when empty, a string when not JSON) of `app`'s answer.
async fn call<S, B>(app: &S, request: TestRequest) -> (StatusCode, String, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = Error>,
    B: MessageBody,
{
    let response = call_service(app, request.to_request()).await;
    let status = response.status();
    let header = ["location", "allow"]
        .iter()
        .find_map(|name| response.headers().get(*name))
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let bytes = read_body(response).await;
    let body = match bytes.is_empty() {
        true => Value::Null,
        false => serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned())),
    };
    (status, header, body)
}

fn json_request(method: &str, uri: &str, body: Value) -> TestRequest {
    TestRequest::default()
        .method(method.parse().unwrap())
        .uri(uri)
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_string())
}

fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

#[actix_web::test]
async fn articles_and_their_comments_are_created_read_changed_and_deleted() {
    let app = init_service(app::app(app::Store::default(), app::Metrics::default())).await;
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
        // A form's `_method`, in the query here, routes a POST as DELETE.
        (
            TestRequest::post().uri("/api/articles/1/comments/2?_method=delete"),
            StatusCode::NO_CONTENT,
            Value::Null,
        ),
        (
            TestRequest::delete().uri("/api/articles/1"),
            StatusCode::NO_CONTENT,
            Value::Null,
        ),
        (
            get("/api/articles/1"),
            StatusCode::NOT_FOUND,
            json!({"error": "no such record"}),
        ),
    ];
    for (number, (request, status, body)) in steps.into_iter().enumerate() {
        let (got, _, answer) = call(&app, request).await;
        assert_eq!((got, answer), (status, body), "step {number}");
    }
}

#[actix_web::test]
async fn every_error_is_json_from_one_handler_with_allow_where_a_method_is_refused() {
    let app = init_service(app::app(app::Store::default(), app::Metrics::default())).await;
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
            TestRequest::delete().uri("/api/articles"),
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD, POST",
            error("method `DELETE` is not allowed for `/api/articles` (allowed: GET, HEAD, POST)"),
        ),
        // The application's own 404, through the same handler (`App::default_service`).
        (
            get("/nowhere"),
            StatusCode::NOT_FOUND,
            "",
            error("no route matches `GET /nowhere`"),
        ),
        (
            json_request("POST", "/api/articles", json!({"title": " ", "body": "x"})),
            StatusCode::UNPROCESSABLE_ENTITY,
            "",
            error("`title` cannot be empty"),
        ),
    ];
    for (number, (request, status, header, body)) in cases.into_iter().enumerate() {
        let got = call(&app, request).await;
        assert_eq!(got, (status, header.to_owned(), body), "case {number}");
    }
}

#[actix_web::test]
async fn the_first_version_of_the_api_redirects_to_the_current_one() {
    let app = init_service(app::app(app::Store::default(), app::Metrics::default())).await;
    for (old, new) in [
        ("/api/posts", "/api/articles"),
        ("/api/posts/7", "/api/articles/7"),
    ] {
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

#[actix_web::test]
async fn requests_are_counted_by_their_routes_pattern() {
    let app = init_service(app::app(app::Store::default(), app::Metrics::default())).await;
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
            // The first version's patterns are registered with the current one's.
            "/api/posts/:id(.:format)": 1,
            // Counted before it answers, as actix-web routes of its own are labelled too.
            "/metrics": 1,
            "unmatched": 1,
        })
    );
}

#[actix_web::test]
async fn a_body_over_the_limit_is_a_413_and_answers_are_compressed() {
    let app = init_service(app::app(app::Store::default(), app::Metrics::default())).await;
    let big = "x".repeat(app::BODY_LIMIT);
    let request = json_request(
        "POST",
        "/api/articles",
        json!({"title": "Big", "body": big}),
    );
    let (status, _, _) = call(&app, request).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let request = get("/api/articles").insert_header(("accept-encoding", "gzip"));
    let response = call_service(&app, request.to_request()).await;
    assert_eq!(response.headers().get("content-encoding").unwrap(), "gzip");
    assert_eq!(
        response.headers().get("x-content-type-options").unwrap(),
        "nosniff"
    );
}
