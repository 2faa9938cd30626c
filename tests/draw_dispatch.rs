//! `draw!`'s redirects, mounts and request constraints through the dispatchers: a redirect
//! answered without a handler, with the absolute location Rails sends; a mounted service
//! called with the path under its mount point; a route chosen by the request's host.

use http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower_service::Service;

mod routes {
    resourceful::draw! {
        get("stories/:id", to = redirect("/posts/%{id}"));
        get("m", to = redirect(subdomain = "mobile", path = "/", status = 302));
        mount("/jobs", as = "jobs");
        constraints(subdomain = "api") { get("status", to = "api#status"); }
        get("status", to = "pages#status");
    }
}

async fn axum_answer(request: Request<axum::body::Body>) -> (StatusCode, String, String) {
    use resourceful::axum::{Handlers, handler, mount};
    use routes::Action;
    let jobs =
        axum::Router::new().fallback(|uri: http::Uri| async move { format!("jobs at {uri}") });
    let mut app = Handlers::new(&routes::ROUTES).bind(|action| match action {
        Action::Jobs => mount(jobs.clone()),
        Action::ApiStatus => handler(|| async { "api" }),
        Action::PagesStatus => handler(|| async { "pages" }),
    });
    let response = app.call(request).await.unwrap();
    let status = response.status();
    let location = response
        .headers()
        .get(header::LOCATION)
        .map(|l| l.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        location,
        String::from_utf8_lossy(&body).into_owned(),
    )
}

fn get(uri: &str) -> Request<axum::body::Body> {
    Request::get(uri).body(axum::body::Body::empty()).unwrap()
}

#[tokio::test]
async fn axum_answers_redirects_forwards_mounts_and_reads_the_host() {
    let (status, location, body) = axum_answer(get("http://example.com/stories/7")).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::MOVED_PERMANENTLY, "http://example.com/posts/7")
    );
    assert!(body.contains("redirected"), "{body}");
    let (status, location, _) = axum_answer(get("https://www.example.com/m?x=1")).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::FOUND, "https://mobile.example.com/?x=1")
    );
    let (status, _, body) = axum_answer(get("/jobs/queue/3?page=2")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "jobs at /queue/3?page=2")
    );
    let (_, _, body) = axum_answer(get("/jobs")).await;
    assert_eq!(body, "jobs at /");
    let (_, _, body) = axum_answer(get("http://api.example.com/status")).await;
    assert_eq!(body, "api");
    let (_, _, body) = axum_answer(get("http://www.example.com/status")).await;
    assert_eq!(body, "pages");
}

#[actix_web::test]
async fn actix_answers_redirects_and_reads_the_host() {
    use actix_web::test::{TestRequest, call_service, init_service, read_body};
    use resourceful::actix::{Handlers, handler};
    use routes::Action;
    let dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
        Action::Jobs => handler(|| async { "jobs" }),
        Action::ApiStatus => handler(|| async { "api" }),
        Action::PagesStatus => handler(|| async { "pages" }),
    });
    let app = init_service(actix_web::App::new().service(dispatcher)).await;
    let request = TestRequest::get()
        .uri("/stories/7")
        .insert_header(("host", "example.com"))
        .to_request();
    let response = call_service(&app, request).await;
    assert_eq!(response.status().as_u16(), 301);
    assert_eq!(
        response
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "http://example.com/posts/7"
    );
    for (host, body) in [("api.example.com", "api"), ("www.example.com", "pages")] {
        let request = TestRequest::get()
            .uri("/status")
            .insert_header(("host", host))
            .to_request();
        let response = call_service(&app, request).await;
        assert_eq!(read_body(response).await, body.as_bytes());
    }
}

mod nested {
    resourceful::draw! {
        get("m", to = redirect(subdomain = "mobile"));
        get("here", to = "pages#here");
    }
}

/// Nested under a prefix, a redirect by options keeps the path the request was sent to, as
/// Rails' `request.path` holds its `SCRIPT_NAME`.
#[tokio::test]
async fn a_nested_redirect_by_options_keeps_the_prefix() {
    use resourceful::axum::{Handlers, handler};
    let dispatcher: resourceful::axum::Dispatcher =
        Handlers::new(&nested::ROUTES).bind(|action| match action {
            nested::Action::PagesHere => handler(|| async { "here" }),
        });
    let mut app = dispatcher.nest_at("/blog");
    let response = app
        .call(get("http://www.example.com/blog/m?x=1"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        response.headers().get(header::LOCATION).unwrap(),
        "http://mobile.example.com/blog/m?x=1"
    );
}

mod secure {
    resourceful::draw! {
        constraints(protocol = "https://") { get("account", to = "accounts#show"); }
    }
}

/// A request actix-web knows came over HTTPS (its connection, or here its URI) meets
/// `protocol = "https://"`, as the redirects' locations already take its scheme.
#[actix_web::test]
async fn actix_reads_the_scheme_it_knows_for_request_constraints() {
    use actix_web::test::{TestRequest, call_service, init_service};
    use resourceful::actix::{Handlers, handler};
    let dispatcher = Handlers::new(&secure::ROUTES).bind(|action| match action {
        secure::Action::AccountsShow => handler(|| async { "account" }),
    });
    let app = init_service(actix_web::App::new().service(dispatcher)).await;
    let request = TestRequest::get()
        .uri("https://example.com/account")
        .insert_header(("host", "example.com"))
        .to_request();
    let response = call_service(&app, request).await;
    assert_eq!(response.status().as_u16(), 200);
}
