//! The axum adapter: handlers bound through the `Action` enum, state, method override through
//! forms, the error handler, and axum's own routes beside the table. (That a missing or
//! misspelt action does not compile is pinned by tests/ui/bind_*.rs.)

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use resourceful::ParamError;
use resourceful::RoutingError;
use resourceful::axum::{Dispatcher, Handlers, Params, handler, not_found};
use tower_service::Service;

mod routes {
    resourceful::routes! {
        resources(articles, only(index, show, update, destroy)) { resources(comments, only(show)); }
        namespace(admin) { resources(users, only(index)); }
    }
}

mod catch_all {
    resourceful::routes! {
        resources(articles, only(index, destroy));
        connect("/:controller/:action/:id");
    }
}

/// What a handler saw: its action, method and params.
async fn echo(params: Params, method: Method) -> String {
    let values: Vec<String> = params.params().map(|(k, v)| format!("{k}={v}")).collect();
    format!(
        "{method} {}#{} {}",
        params.controller(),
        params.action(),
        values.join(" ")
    )
}

async fn show(State(prefix): State<&'static str>, params: Params) -> Result<String, ParamError> {
    let id: u32 = params.parse("id")?;
    Ok(format!("{prefix} {id}"))
}

fn app() -> Dispatcher {
    use routes::Action;
    Handlers::new(&routes::ROUTES)
        .bind(|action| match action {
            Action::ArticlesShow => handler(show),
            Action::ArticlesIndex
            | Action::ArticlesUpdate
            | Action::ArticlesDestroy
            | Action::CommentsShow
            | Action::AdminUsersIndex => handler(echo),
        })
        .with_state("article")
}

/// The answer of `service` to `request`: its status, its `header` (empty when absent) and its
/// body.
async fn answer<S>(
    service: &mut S,
    request: Request<Body>,
    header: &str,
) -> (StatusCode, String, String)
where
    S: Service<
            Request<Body>,
            Response = axum::response::Response,
            Error = std::convert::Infallible,
        >,
{
    let response = service.call(request).await.unwrap();
    let status = response.status();
    let value = response
        .headers()
        .get(header)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, value, String::from_utf8(body.to_vec()).unwrap())
}

/// The answer to `request`: its status, `Allow` and body.
async fn send<S>(service: &mut S, request: Request<Body>) -> (StatusCode, String, String)
where
    S: Service<
            Request<Body>,
            Response = axum::response::Response,
            Error = std::convert::Infallible,
        >,
{
    answer(service, request, "allow").await
}

/// The answer to a HEAD request for `uri`: its status, `Content-Length` and body.
async fn head<S>(service: &mut S, uri: &str) -> (StatusCode, String, String)
where
    S: Service<
            Request<Body>,
            Response = axum::response::Response,
            Error = std::convert::Infallible,
        >,
{
    let request = Request::head(uri).body(Body::empty()).unwrap();
    answer(service, request, "content-length").await
}

fn get_request(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

fn form(uri: &str, body: &'static str) -> Request<Body> {
    Request::post(uri)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap()
}

#[tokio::test]
async fn requests_reach_the_handler_of_their_action() {
    let mut router = app();
    let cases = [
        (get_request("/articles"), "GET articles#index "),
        (
            get_request("/articles.json"),
            "GET articles#index format=json",
        ),
        (get_request("/articles/7"), "article 7"),
        (
            get_request("/articles/7/comments/9"),
            "GET comments#show article_id=7 id=9",
        ),
        (get_request("/admin/users"), "GET admin/users#index "),
        (
            form("/articles/7", "_method=put&title=x"),
            "PUT articles#update id=7",
        ),
        (
            form("/articles/7", "_method=delete"),
            "DELETE articles#destroy id=7",
        ),
    ];
    for (request, expected) in cases {
        let uri = request.uri().clone();
        let (status, _, body) = send(&mut router, request).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, expected), "{uri}");
    }
}

#[tokio::test]
async fn errors_are_answered_with_their_status() {
    let mut router = app();
    let (status, allow, body) = send(&mut router, get_request("/nowhere")).await;
    assert_eq!(
        (status, allow.as_str(), body.as_str()),
        (
            StatusCode::NOT_FOUND,
            "",
            "no route matches `GET /nowhere`\n"
        )
    );
    let (status, allow, _) = send(&mut router, form("/articles", "title=x")).await;
    assert_eq!(
        (status, allow.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "GET, HEAD")
    );
    let (status, _, body) = send(&mut router, get_request("/articles/seven")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "param `id` cannot be `seven`\n")
    );
}

#[tokio::test]
async fn the_error_handler_renders_what_no_route_takes() {
    async fn page(error: RoutingError) -> impl IntoResponse {
        (error.status(), Html(format!("<h1>{}</h1>", error.status())))
    }
    let mut router: Dispatcher = Handlers::new(&catch_all::ROUTES)
        .on_error(page)
        .bind(|action| match action {
            catch_all::Action::ArticlesIndex => handler(echo),
            catch_all::Action::ArticlesDestroy => not_found(),
        });
    let (status, _, body) = send(&mut router, get_request("/missing")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "<h1>404 Not Found</h1>")
    );
    // The default route reaches the actions the table declares, when they have a handler.
    let (status, _, body) = send(&mut router, get_request("/articles/index/3")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "GET articles#index id=3")
    );
    // `not_found()` and an action no route declares (Rails' unknown action) go to `page`.
    let delete = Request::delete("/articles/destroy/3")
        .body(Body::empty())
        .unwrap();
    for request in [delete, get_request("/articles/purge/3")] {
        let (status, _, body) = send(&mut router, request).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::NOT_FOUND, "<h1>404 Not Found</h1>")
        );
    }
}

#[tokio::test]
async fn the_default_route_cannot_reach_an_action_by_a_method_its_routes_refuse() {
    let mut router: Dispatcher =
        Handlers::new(&catch_all::ROUTES).bind(|_: catch_all::Action| handler(echo));
    let found = catch_all::ROUTES
        .recognize(&Method::GET, "/articles/destroy/3")
        .unwrap();
    assert_eq!(
        found.action(),
        "destroy",
        "recognition itself follows Rails"
    );
    let (status, allow, _) = send(&mut router, get_request("/articles/destroy/3")).await;
    assert_eq!(
        (status, allow.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "DELETE")
    );
    let delete = Request::delete("/articles/destroy/3")
        .body(Body::empty())
        .unwrap();
    let (status, _, body) = send(&mut router, delete).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "DELETE articles#destroy id=3")
    );
    let (status, _, body) = send(&mut router, get_request("/articles/index")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "GET articles#index ")
    );
    let (status, _, _) = send(&mut router, get_request("/articles/show/3")).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "no route declares articles#show: an unknown action"
    );
}

#[tokio::test]
async fn axum_routes_are_served_beside_the_table() {
    let mut router = Router::new()
        .route("/health", get(|| async { "ok" }))
        .fallback_service(app());
    assert_eq!(send(&mut router, get_request("/health")).await.2, "ok");
    assert_eq!(
        send(&mut router, get_request("/articles/1")).await.2,
        "article 1"
    );
}

#[test]
fn bind_asks_for_the_handler_of_every_action_once_in_order() {
    let mut asked = Vec::new();
    let _: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action: routes::Action| {
        asked.push(action.to_string());
        handler(echo)
    });
    assert_eq!(
        asked,
        [
            "admin/users#index",
            "articles#destroy",
            "articles#index",
            "articles#show",
            "articles#update",
            "comments#show"
        ]
    );
    // With a default route, each controller's `index` (`GET /articles` is `articles#index`)
    // and nothing else: the actions it names are those of the other routes.
    let asked: Vec<String> = {
        let mut asked = Vec::new();
        let _: Dispatcher = Handlers::new(&catch_all::ROUTES).bind(|action: catch_all::Action| {
            asked.push(action.to_string());
            not_found()
        });
        asked
    };
    assert_eq!(asked, ["articles#destroy", "articles#index"]);
}

#[test]
#[should_panic(expected = "is the Action of another route set than the one given to Handlers::new")]
fn binding_the_actions_of_another_route_set_is_refused_at_start_up() {
    let _: Dispatcher = Handlers::new(&routes::ROUTES).bind(|_: catch_all::Action| handler(echo));
}

#[tokio::test]
async fn a_form_in_any_case_of_its_media_type_reaches_axums_form_extractor() {
    async fn titled(
        method: Method,
        axum::Form(fields): axum::Form<std::collections::HashMap<String, String>>,
    ) -> String {
        format!(
            "{method} {}",
            fields.get("title").map_or("-", String::as_str)
        )
    }
    let mut router: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
        routes::Action::ArticlesUpdate => handler(titled),
        _ => handler(echo),
    });
    for media in [
        "application/x-www-form-urlencoded",
        "APPLICATION/X-WWW-FORM-URLENCODED",
        "Application/X-Www-Form-Urlencoded; charset=UTF-8",
    ] {
        let request = Request::post("/articles/7")
            .header("content-type", media)
            .body(Body::from("_method=put&title=Hello"))
            .unwrap();
        let (status, _, body) = send(&mut router, request).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::OK, "PUT Hello"),
            "{media}"
        );
    }
}

#[tokio::test]
async fn connect_and_targets_that_are_not_paths_never_reach_a_handler() {
    let mut router = app();
    let cases = [
        ("CONNECT", "127.0.0.1:22", StatusCode::BAD_REQUEST, ""),
        ("OPTIONS", "*", StatusCode::BAD_REQUEST, ""),
        (
            "CONNECT",
            "/articles/7",
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD, PUT, PATCH, DELETE",
        ),
    ];
    for (method, target, status, allow) in cases {
        let request = Request::builder()
            .method(method)
            .uri(target)
            .body(Body::empty())
            .unwrap();
        let (got, allowed, _) = send(&mut router, request).await;
        assert_eq!(
            (got, allowed.as_str()),
            (status, allow),
            "{method} {target}"
        );
    }
}

#[tokio::test]
async fn a_head_request_gets_the_length_of_the_get_without_the_body() {
    let mut router = app();
    let get = router.call(get_request("/articles/1")).await.unwrap();
    let body = get.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(body, "article 1");
    let answer = head(&mut router, "/articles/1").await;
    assert_eq!(answer, (StatusCode::OK, "9".to_owned(), String::new()));
}

#[tokio::test]
async fn axum_serve_runs_the_dispatcher() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app().into_make_service()).await });
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /articles/7 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(answer.ends_with("\r\n\r\narticle 7"), "{answer}");
}

/// A layer that reads the whole response of the service it wraps, answers it with a body of
/// another type (as tower-http's layers do), and appends `name:length-it-read` to the
/// `x-seen` header.
#[derive(Clone)]
struct Seen(&'static str);

impl<S> tower_layer::Layer<S> for Seen {
    type Service = SeenService<S>;
    fn layer(&self, inner: S) -> SeenService<S> {
        SeenService(self.0, inner)
    }
}

#[derive(Clone)]
struct SeenService<S>(&'static str, S);

impl<S> Service<Request<Body>> for SeenService<S>
where
    S: Service<Request<Body>, Response = axum::response::Response> + Clone + Send + 'static,
    S::Future: Send,
{
    type Response = http::Response<String>;
    type Error = S::Error;
    type Future =
        std::pin::Pin<Box<dyn Future<Output = Result<http::Response<String>, S::Error>> + Send>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), S::Error>> {
        self.1.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let (name, future) = (self.0, self.1.call(request));
        Box::pin(async move {
            let (mut parts, body) = future.await?.into_parts();
            let body = body.collect().await.unwrap().to_bytes();
            let seen = match parts.headers.get("x-seen") {
                Some(before) => format!("{}, {name}:{}", before.to_str().unwrap(), body.len()),
                None => format!("{name}:{}", body.len()),
            };
            parts.headers.insert("x-seen", seen.parse().unwrap());
            parts.headers.remove("content-length");
            let body = String::from_utf8(body.to_vec()).unwrap();
            Ok(http::Response::from_parts(parts, body))
        })
    }
}

#[tokio::test]
async fn layers_wrap_in_axums_order_and_see_a_head_responses_body() {
    let mut router = app().layer(Seen("inner")).layer(Seen("outer"));
    let get = router.call(get_request("/articles/1")).await.unwrap();
    assert_eq!(get.headers()["x-seen"], "inner:9, outer:9");
    let body = get.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(body, "article 1");
    // The layers read the body of the HEAD response; the client gets its length alone.
    let request = Request::head("/articles/1").body(Body::empty()).unwrap();
    let answer = router.call(request).await.unwrap();
    assert_eq!(answer.headers()["x-seen"], "inner:9, outer:9");
    let answer = head(&mut router, "/articles/1").await;
    assert_eq!(answer, (StatusCode::OK, "9".to_owned(), String::new()));
}

#[tokio::test]
async fn through_an_axum_router_in_front_head_and_405_are_answered_as_without_it() {
    let mut router = Router::new()
        .route("/health", get(|| async { "ok" }))
        .fallback_service(app());
    let answer = head(&mut router, "/articles/1").await;
    assert_eq!(answer, (StatusCode::OK, "9".to_owned(), String::new()));
    let post = || Request::post("/articles/1").body(Body::empty()).unwrap();
    let (status, allow, body) = send(&mut router, post()).await;
    assert_eq!(
        (status, allow.as_str()),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD, PUT, PATCH, DELETE"
        )
    );
    assert_eq!(send(&mut app(), post()).await, (status, allow, body));
}
