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

mod get_only {
    resourceful::routes! {
        resources(articles, only(index, destroy));
        connect("/:controller/:action/:id", via = get);
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

fn delete_request(uri: &str) -> Request<Body> {
    Request::delete(uri).body(Body::empty()).unwrap()
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
    let delete = delete_request("/articles/destroy/3");
    for request in [delete, get_request("/articles/purge/3")] {
        let (status, _, body) = send(&mut router, request).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::NOT_FOUND, "<h1>404 Not Found</h1>")
        );
    }
}

#[tokio::test]
async fn a_default_route_for_get_only_reaches_a_delete_action_by_no_method() {
    // `articles#destroy` is routed for DELETE; the default route takes GET only. A GET of
    // `/articles/destroy/3` is refused, and no method of `Allow` would reach the action
    // there (a DELETE of that path is itself refused by the default route): a 404. So is
    // the DELETE, whose only other method is that GET.
    let mut router: Dispatcher =
        Handlers::new(&get_only::ROUTES).bind(|_: get_only::Action| handler(echo));
    let (status, allow, _) = send(&mut router, get_request("/articles/destroy/3")).await;
    assert_eq!((status, allow.as_str()), (StatusCode::NOT_FOUND, ""));
    // The route set alone would answer a DELETE there with 405 and `Allow: GET, HEAD`; the
    // adapter leaves out of `Allow` what it would refuse in turn, here all of it.
    let (status, allow, _) = send(&mut router, delete_request("/articles/destroy/3")).await;
    assert_eq!((status, allow.as_str()), (StatusCode::NOT_FOUND, ""));
    // An action no route declares (`articles#show`) is a 404 by GET, so a DELETE is too.
    let (status, allow, _) = send(&mut router, delete_request("/articles/show/3")).await;
    assert_eq!((status, allow.as_str()), (StatusCode::NOT_FOUND, ""));
    // What the default route does reach, it reaches, and `Allow` names it.
    let (status, _, body) = send(&mut router, get_request("/articles/index/3")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "GET articles#index id=3")
    );
    let (status, allow, _) = send(&mut router, delete_request("/articles/index/3")).await;
    assert_eq!(
        (status, allow.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "GET, HEAD")
    );
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
    let delete = delete_request("/articles/destroy/3");
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

mod blog {
    resourceful::routes! {
        resources(articles, only(index, show, destroy), types(id = u64)) {
            resources(comments, only(show), types(article_id = u64, id = u64));
        }
        root(controller = "articles", action = "index");
        connect("/:controller/:action/:id", via = get);
    }
}

/// What an `articles#index` handler sees of its params.
async fn blog_index(params: blog::params::ArticlesIndex) -> String {
    format!("index id={:?} format={:?}", params.id, params.format)
}

async fn blog_show(
    blog::params::ArticlesShow { id, format }: blog::params::ArticlesShow,
) -> String {
    format!("show id={id:?} format={format:?}")
}

/// The default route reaches `comments#show` without `article_id`, and `:id` optional: both
/// are `Option`s.
async fn blog_comment(params: blog::params::CommentsShow) -> String {
    format!("comment {:?} of {:?}", params.id, params.article_id)
}

fn blog_app() -> Dispatcher {
    use blog::Action;
    Handlers::new(&blog::ROUTES).bind(|action| match action {
        Action::ArticlesIndex => handler(blog_index),
        Action::ArticlesShow => handler(blog_show),
        Action::CommentsShow => handler(blog_comment),
        // Both read `articles#destroy`'s params... from whichever action they reach.
        Action::ArticlesDestroy | Action::CommentsIndex => handler(blog_show),
    })
}

#[tokio::test]
async fn a_handler_reads_its_actions_params_from_every_route_that_reaches_it() {
    let mut app = blog_app();
    let cases = [
        // `root` reaches `articles#index` as the index route does: no `unreachable!()`.
        ("/", "index id=None format=None"),
        ("/articles", "index id=None format=None"),
        ("/articles.json", "index id=None format=Some(\"json\")"),
        // The helper of a route without a format in its path writes it in the query.
        ("/?format=json", "index id=None format=Some(\"json\")"),
        ("/articles/index/4", "index id=Some(\"4\") format=None"),
        ("/articles/7", "show id=Some(7) format=None"),
        (
            "/articles/7.xml?format=json",
            "show id=Some(7) format=Some(\"xml\")",
        ),
        // The default route gives `id` as text: parsed as the type `articles#show` declares.
        ("/articles/show/8", "show id=Some(8) format=None"),
        ("/articles/show", "show id=None format=None"),
        ("/articles/7/comments/9", "comment Some(9) of Some(7)"),
        ("/comments/show/9", "comment Some(9) of None"),
    ];
    for (uri, expected) in cases {
        let (status, _, body) = send(&mut app, get_request(uri)).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, expected), "{uri}");
    }
    assert_eq!(blog::formatted_root_path("json"), "/?format=json");
}

#[tokio::test]
async fn params_that_cannot_be_read_are_answered_as_axums_path_answers_them() {
    let mut app = blog_app();
    let cases = [
        // Text the typed route would refuse, reaching it through the default route: a 404,
        // as `/articles/eight` is.
        (
            "/articles/show/eight",
            StatusCode::NOT_FOUND,
            "param `id` cannot be `eight`\n",
        ),
        (
            "/articles/eight",
            StatusCode::NOT_FOUND,
            "no route matches `GET /articles/eight`\n",
        ),
        // A handler reading the params of another action than its own: the program's mistake.
        (
            "/comments",
            StatusCode::INTERNAL_SERVER_ERROR,
            "the params of `articles#show` were asked for by a request routed to \
             `comments#index`\n",
        ),
    ];
    for (uri, status, message) in cases {
        let (got, _, body) = send(&mut app, get_request(uri)).await;
        assert_eq!((got, body.as_str()), (status, message), "{uri}");
    }
    // Outside a dispatcher, nothing routed the request.
    let mut router = Router::new().route("/", get(blog_show));
    let (status, _, body) = send(&mut router, get_request("/")).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(body.starts_with("the request was not routed"), "{body}");
}

/// What a layer given to `Dispatcher::layer` saw of a request, in an `x-seen` header.
async fn witness(request: Request<Body>, next: axum::middleware::Next) -> axum::response::Response {
    use axum::extract::MatchedPath;
    use resourceful::{OriginalMethod, Routed};
    let extensions = request.extensions();
    let seen = format!(
        "{} {} matched={} routed={} sent={} error={}",
        request.method(),
        request.uri().path(),
        extensions
            .get::<MatchedPath>()
            .map_or("-", MatchedPath::as_str),
        extensions
            .get::<Routed>()
            .map_or("-".to_owned(), |r| format!(
                "{}#{}",
                r.controller(),
                r.action()
            )),
        extensions
            .get::<OriginalMethod>()
            .map_or("-".to_owned(), |m| m.0.to_string()),
        extensions
            .get::<RoutingError>()
            .map_or("-".to_owned(), |e| e.status().as_u16().to_string()),
    );
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert("x-seen", seen.parse().unwrap());
    response
}

#[tokio::test]
async fn layers_see_the_route_its_pattern_and_the_method_it_was_routed_as() {
    let mut app = app().layer(axum::middleware::from_fn(witness));
    let cases = [
        (
            get_request("/articles/7"),
            "GET /articles/7 matched=/articles/:id(.:format) routed=articles#show sent=- error=-",
        ),
        (
            form("/articles/7", "_method=delete"),
            "DELETE /articles/7 matched=/articles/:id(.:format) routed=articles#destroy \
             sent=POST error=-",
        ),
        (
            get_request("/nowhere"),
            "GET /nowhere matched=- routed=- sent=- error=404",
        ),
    ];
    for (request, expected) in cases {
        let uri = request.uri().clone();
        let (_, seen, _) = answer(&mut app, request, "x-seen").await;
        assert_eq!(seen, expected, "{uri}");
    }
}

#[tokio::test]
async fn a_custom_error_page_keeps_the_allow_header_of_a_405() {
    async fn page(error: RoutingError) -> impl IntoResponse {
        (error.status(), Html(format!("<p>{error}</p>")))
    }
    let mut app: Dispatcher = Handlers::new(&routes::ROUTES)
        .on_error(page)
        .bind(|_: routes::Action| handler(echo));
    let (status, allow, body) = send(&mut app, form("/articles", "title=x")).await;
    assert_eq!(
        (status, allow.as_str(), body.as_str()),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD",
            "<p>method `POST` is not allowed for `/articles` (allowed: GET, HEAD)</p>"
        )
    );
}

mod api {
    resourceful::routes! {
        namespace(api) { resources(articles, only(index)); }
    }
}

#[tokio::test]
async fn route_sets_and_axum_routers_chain_through_the_fallback_with_one_error_page() {
    async fn page(error: RoutingError) -> (StatusCode, String) {
        (error.status(), format!("page: {error}"))
    }
    let site = Router::new()
        .route("/health", get(|| async { "ok" }))
        .fallback(page)
        .method_not_allowed_fallback(page);
    let api: Dispatcher = Handlers::new(&api::ROUTES)
        .fallback(site)
        .bind(|_: api::Action| handler(echo));
    let mut app: Dispatcher = Handlers::new(&routes::ROUTES)
        .on_error(page)
        .fallback(api)
        .bind(|_: routes::Action| handler(echo));
    let post = |uri: &str| Request::post(uri).body(Body::empty()).unwrap();
    let cases = [
        (
            get_request("/articles"),
            StatusCode::OK,
            "",
            "GET articles#index ",
        ),
        (
            get_request("/api/articles"),
            StatusCode::OK,
            "",
            "GET api/articles#index ",
        ),
        (get_request("/health"), StatusCode::OK, "", "ok"),
        (
            get_request("/nowhere"),
            StatusCode::NOT_FOUND,
            "",
            "page: no route matches `GET /nowhere`",
        ),
        // The first route set's own 405 stays its own, as axum's router answers one.
        (
            post("/articles/1"),
            StatusCode::METHOD_NOT_ALLOWED,
            "GET, HEAD, PUT, PATCH, DELETE",
            "page: method `POST` is not allowed for `/articles/1` (allowed: GET, HEAD, PUT, \
             PATCH, DELETE)",
        ),
        // axum's 405, through the same page, with the `Allow` axum writes.
        (
            post("/health"),
            StatusCode::METHOD_NOT_ALLOWED,
            "GET,HEAD",
            "page: method `POST` is not allowed for `/health`",
        ),
    ];
    for (request, status, allow, body) in cases {
        let uri = request.uri().clone();
        let got = send(&mut app, request).await;
        assert_eq!(got, (status, allow.to_owned(), body.to_owned()), "{uri}");
    }
    // A fallback gets the request as sent: the `_method` in the query that the first route
    // set routed it with does not change its method.
    let (status, _, body) = send(&mut app, post("/health?_method=delete")).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            "page: method `POST` is not allowed for `/health`"
        )
    );
}

mod mounted {
    resourceful::routes! {
        resources(articles, only(index, show), types(id = u64));
    }
}

#[tokio::test]
async fn a_route_set_nested_at_a_prefix_writes_its_links_under_it() {
    async fn show(params: mounted::params::ArticlesShow) -> String {
        format!("{} at {}", params.id, mounted::article_path(params.id))
    }
    let blog: Dispatcher = Handlers::new(&mounted::ROUTES).bind(|action| match action {
        mounted::Action::ArticlesIndex => handler(|| async { mounted::articles_path() }),
        mounted::Action::ArticlesShow => handler(show),
    });
    let blog = blog.layer(axum::middleware::from_fn(witness));
    let mut app = blog
        .nest_at("/blog/")
        .route("/health", get(|| async { "ok" }));
    assert_eq!(mounted::ROUTES.relative_url_root(), Some("/blog"));
    let (status, seen, body) = answer(&mut app, get_request("/blog/articles/3"), "x-seen").await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "3 at /blog/articles/3")
    );
    assert_eq!(
        seen,
        "GET /articles/3 matched=/blog/articles/:id(.:format) routed=articles#show sent=- error=-"
    );
    assert_eq!(
        send(&mut app, get_request("/blog/articles")).await.2,
        "/blog/articles"
    );
    assert_eq!(send(&mut app, get_request("/health")).await.2, "ok");
    let url_for = mounted::ROUTES.url_for(&mounted::hash_for_article_path(3));
    assert_eq!(url_for.unwrap(), "/blog/articles/3");
    assert_eq!(
        mounted::Route::ArticlesShow {
            id: 3,
            format: None
        }
        .path(),
        "/blog/articles/3"
    );
}

mod limited {
    resourceful::routes! { resources(articles, only(index, update)); }
}

/// A body that comes in the chunks given, with no length known ahead (chunked encoding).
struct Chunked(std::collections::VecDeque<bytes::Bytes>);

impl http_body::Body for Chunked {
    type Data = bytes::Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<bytes::Bytes>, Infallible>>> {
        std::task::Poll::Ready(
            self.0
                .pop_front()
                .map(|chunk| Ok(http_body::Frame::data(chunk))),
        )
    }
}

use std::convert::Infallible;

#[tokio::test]
async fn a_method_form_over_a_body_limit_is_a_413_however_it_is_framed() {
    use tower::ServiceExt;
    use tower_http::limit::RequestBodyLimitLayer;
    let app: Dispatcher = Handlers::new(&limited::ROUTES).bind(|action| match action {
        limited::Action::ArticlesIndex => handler(echo),
        limited::Action::ArticlesUpdate => handler(
            |axum::Form(form): axum::Form<std::collections::HashMap<String, String>>| async move {
                format!("updated with {} bytes", form["body"].len())
            },
        ),
    });
    let limited = tower_layer::Layer::layer(&RequestBodyLimitLayer::new(1024), app);
    let body = format!("_method=put&body={}", "x".repeat(4000));
    let request = |chunks: Vec<bytes::Bytes>, length: Option<usize>| {
        let mut builder = Request::post("/articles/1")
            .header("content-type", "application/x-www-form-urlencoded");
        if let Some(length) = length {
            builder = builder.header("content-length", length);
        }
        builder.body(Body::new(Chunked(chunks.into()))).unwrap()
    };
    let whole = bytes::Bytes::from(body.clone());
    let pieces: Vec<bytes::Bytes> = body
        .as_bytes()
        .chunks(500)
        .map(bytes::Bytes::copy_from_slice)
        .collect();
    let cases = [
        (
            "content-length",
            request(vec![whole.clone()], Some(whole.len())),
        ),
        ("one chunk", request(vec![whole.clone()], None)),
        ("many chunks", request(pieces, None)),
    ];
    for (framing, request) in cases {
        let response = limited.clone().oneshot(request).await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "{framing}"
        );
    }
    // Within the limit, the same form is read for `_method` and by the handler.
    let small = "_method=put&body=hello";
    let response = limited
        .clone()
        .oneshot(request(
            vec![bytes::Bytes::from_static(small.as_bytes())],
            None,
        ))
        .await
        .unwrap();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(body, "updated with 5 bytes");
}
