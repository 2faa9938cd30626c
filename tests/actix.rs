//! The actix-web adapter: handlers bound through the `Action` enum, params as extractors,
//! state, method override through forms (within a limit and a deadline), the routing policy,
//! 404/405 with `Allow`, the error handler, fallbacks, scopes, actix-web's middlewares and
//! the route's pattern, forgery protection. Every request goes through `actix_web::test`,
//! without a port.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, Service, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::{Compress, DefaultHeaders, Logger, NormalizePath, TrailingSlash};
use actix_web::test::{TestRequest, call_service, init_service, read_body};
use actix_web::{App, Error, HttpMessage, HttpRequest, HttpResponse, web};
use bytes::Bytes;
use resourceful::actix::{Dispatcher, Handlers, Params, handler, not_found};
use resourceful::forgery::ForgeryProtectionLayer;
use resourceful::{OriginalMethod, ParamError, RoutingError};

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

/// What a handler saw: its action, method and params, and the method sent where `_method`
/// changed it.
async fn echo(params: Params, request: HttpRequest) -> String {
    let values: Vec<String> = params.params().map(|(k, v)| format!("{k}={v}")).collect();
    let sent = match request.extensions().get::<OriginalMethod>() {
        Some(OriginalMethod(sent)) => format!(" (sent {sent})"),
        None => String::new(),
    };
    format!(
        "{} {}#{} {}{sent}",
        request.method(),
        params.controller(),
        params.action(),
        values.join(" ")
    )
}

async fn show(prefix: web::Data<&'static str>, params: Params) -> Result<String, ParamError> {
    let id: u32 = params.parse("id")?;
    Ok(format!("{} {id}", prefix.get_ref()))
}

fn app() -> Dispatcher {
    use routes::Action;
    Handlers::new(&routes::ROUTES).bind(|action| match action {
        Action::ArticlesShow => handler(show),
        Action::ArticlesIndex
        | Action::ArticlesUpdate
        | Action::ArticlesDestroy
        | Action::CommentsShow
        | Action::AdminUsersIndex => handler(echo),
    })
}

/// The status, the `header` (empty when absent) and the body of `service`'s answer.
async fn answer<S, B>(service: &S, request: TestRequest, name: &str) -> (u16, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = Error>,
    B: MessageBody,
{
    answer_to(service, request.to_request(), name).await
}

async fn answer_to<S, B>(
    service: &S,
    request: actix_http::Request,
    name: &str,
) -> (u16, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = Error>,
    B: MessageBody,
{
    let response = call_service(service, request).await;
    let status = response.status().as_u16();
    let value = response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = read_body(response).await;
    (status, value, String::from_utf8_lossy(&body).into_owned())
}

/// The status, `Allow` and body of the answer.
async fn send<S, B>(service: &S, request: TestRequest) -> (u16, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = Error>,
    B: MessageBody,
{
    answer(service, request, "allow").await
}

fn get(uri: &str) -> TestRequest {
    TestRequest::get().uri(uri)
}

fn form(uri: &str, body: &'static str) -> TestRequest {
    TestRequest::post()
        .uri(uri)
        .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
        .set_payload(body)
}

#[actix_web::test]
async fn requests_reach_the_handler_of_their_action() {
    let service = init_service(
        App::new()
            .app_data(web::Data::new("article"))
            .service(app()),
    )
    .await;
    let cases = [
        (get("/articles"), "GET articles#index "),
        (get("/articles.json"), "GET articles#index format=json"),
        (get("/articles/7"), "article 7"),
        (
            get("/articles/7/comments/9"),
            "GET comments#show article_id=7 id=9",
        ),
        (get("/admin/users"), "GET admin/users#index "),
        (
            form("/articles/7", "_method=put&title=x"),
            "PUT articles#update id=7 (sent POST)",
        ),
        (
            form("/articles/7", "_method=delete"),
            "DELETE articles#destroy id=7 (sent POST)",
        ),
        (
            TestRequest::post().uri("/articles/7?_method=patch"),
            "PATCH articles#update id=7 (sent POST)",
        ),
        // HEAD is routed as GET, and the handler sees HEAD.
        (
            TestRequest::default().method(Method::HEAD).uri("/articles"),
            "HEAD articles#index ",
        ),
    ];
    for (request, expected) in cases {
        let (status, _, body) = send(&service, request).await;
        assert_eq!((status, body.as_str()), (200, expected));
    }
}

#[actix_web::test]
async fn actix_webs_own_path_extractors_read_the_routes_params() {
    #[derive(serde::Deserialize)]
    struct Ids {
        article_id: u32,
        id: u32,
    }
    async fn comment(ids: web::Path<Ids>, request: HttpRequest) -> String {
        let info: Vec<String> = request
            .match_info()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{} {} [{}]", ids.article_id, ids.id, info.join(" "))
    }
    let dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
        routes::Action::ArticlesShow => {
            handler(|id: web::Path<u32>| async move { format!("article {}", id.into_inner()) })
        }
        routes::Action::CommentsShow => handler(comment),
        _ => handler(echo),
    });
    let service = init_service(App::new().service(dispatcher)).await;
    let cases = [
        (get("/articles/7"), 200, "article 7"),
        (get("/articles/7.json"), 200, "article 7"),
        (
            get("/articles/7/comments/9"),
            200,
            "7 9 [article_id=7 id=9]",
        ),
        // A value the extractor's type refuses is actix-web's own 404.
        (get("/articles/x"), 404, "can not parse \"x\" to a u32"),
    ];
    for (request, status, expected) in cases {
        let (got, _, body) = send(&service, request).await;
        assert_eq!((got, body.as_str()), (status, expected));
    }
}

#[actix_web::test]
async fn errors_are_answered_with_their_status_and_allow() {
    let service = init_service(
        App::new()
            .app_data(web::Data::new("article"))
            .service(app()),
    )
    .await;
    // Without an error handler, a 404 goes to the application's default service.
    let (status, allow, body) = send(&service, get("/nowhere")).await;
    assert_eq!((status, allow.as_str(), body.as_str()), (404, "", ""));
    let cases = [
        (form("/articles", "title=x"), 405, "GET, HEAD"),
        (TestRequest::delete().uri("/articles"), 405, "GET, HEAD"),
        (
            TestRequest::post().uri("/articles/1"),
            405,
            "GET, HEAD, PUT, PATCH, DELETE",
        ),
        // Never routed, even where routes take the path: a 2xx would be a tunnel.
        (
            TestRequest::default()
                .method(Method::CONNECT)
                .uri("/articles"),
            405,
            "GET, HEAD",
        ),
    ];
    for (request, status, allow) in cases {
        let (got, allowed, body) = send(&service, request).await;
        assert_eq!((got, allowed.as_str()), (status, allow), "{body}");
        assert!(body.starts_with("method `"), "{body}");
    }
    let (status, _, body) = send(&service, get("/articles/seven")).await;
    assert_eq!(
        (status, body.as_str()),
        (404, "param `id` cannot be `seven`\n")
    );
}

#[actix_web::test]
async fn the_default_route_reaches_an_action_only_by_its_own_methods() {
    // (set, method, URI, status, `Allow` or what the handler saw)
    let any = init_service(
        App::new()
            .service(Handlers::new(&catch_all::ROUTES).bind(|_: catch_all::Action| handler(echo))),
    )
    .await;
    let get_only = init_service(
        App::new()
            .service(Handlers::new(&get_only::ROUTES).bind(|_: get_only::Action| handler(echo))),
    )
    .await;
    let cases = [
        (&any, Method::GET, "/articles/destroy/3", 405, "DELETE"),
        (
            &any,
            Method::DELETE,
            "/articles/destroy/3",
            200,
            "DELETE articles#destroy id=3",
        ),
        (
            &any,
            Method::GET,
            "/articles/index/3",
            200,
            "GET articles#index id=3",
        ),
        (&any, Method::GET, "/articles/show/3", 404, ""),
        (&get_only, Method::GET, "/articles/destroy/3", 404, ""),
        (&get_only, Method::DELETE, "/articles/destroy/3", 404, ""),
        (
            &get_only,
            Method::DELETE,
            "/articles/index/3",
            405,
            "GET, HEAD",
        ),
    ];
    for (service, method, uri, status, seen) in cases {
        let request = TestRequest::default().method(method.clone()).uri(uri);
        let (got, allow, body) = send(service, request).await;
        let shown = if got == 200 {
            body.as_str()
        } else {
            allow.as_str()
        };
        assert_eq!((got, shown), (status, seen), "{method} {uri}");
    }
}

#[actix_web::test]
async fn the_error_handler_renders_what_no_route_takes_and_keeps_allow() {
    async fn page(error: RoutingError) -> HttpResponse {
        let status = StatusCode::from_u16(error.status().as_u16()).unwrap();
        HttpResponse::build(status).body(format!("<h1>{error}</h1>"))
    }
    let dispatcher = Handlers::new(&catch_all::ROUTES)
        .on_error(page)
        .bind(|action| match action {
            catch_all::Action::ArticlesIndex => handler(echo),
            catch_all::Action::ArticlesDestroy => not_found(),
        });
    let service = init_service(App::new().service(dispatcher)).await;
    let cases = [
        (
            "GET",
            "/missing",
            404,
            "",
            "<h1>no route matches `GET /missing`</h1>",
        ),
        // `not_found()` and an action no route declares (Rails' unknown action).
        (
            "DELETE",
            "/articles/destroy/3",
            404,
            "",
            "<h1>no route matches `DELETE /articles/destroy/3`</h1>",
        ),
        (
            "GET",
            "/articles/purge/3",
            404,
            "",
            "<h1>no route matches `GET /articles/purge/3`</h1>",
        ),
        (
            "DELETE",
            "/articles",
            405,
            "GET, HEAD",
            "<h1>method `DELETE` is not allowed for `/articles` (allowed: GET, HEAD)</h1>",
        ),
    ];
    for (method, uri, status, allow, page) in cases {
        let request = TestRequest::default()
            .method(Method::from_bytes(method.as_bytes()).unwrap())
            .uri(uri);
        let (got, allowed, body) = send(&service, request).await;
        assert_eq!(
            (got, allowed.as_str(), body.as_str()),
            (status, allow, page),
            "{method} {uri}"
        );
    }
}

#[actix_web::test]
async fn what_no_route_takes_goes_to_the_fallback_or_the_applications_default_service() {
    async fn elsewhere(request: HttpRequest) -> String {
        format!("elsewhere {} {}", request.method(), request.path())
    }
    let second: Dispatcher =
        Handlers::new(&get_only::ROUTES).bind(|_: get_only::Action| handler(echo));
    let first = Handlers::new(&routes::ROUTES)
        .fallback(second)
        .bind(|_: routes::Action| handler(echo));
    let service = init_service(
        App::new()
            .route("/health", web::get().to(|| async { "ok" }))
            .service(first)
            .default_service(web::to(elsewhere)),
    )
    .await;
    let cases = [
        (get("/health"), 200, "ok"),
        (get("/admin/users"), 200, "GET admin/users#index "),
        // The second route set takes what the first does not: the default route.
        (get("/articles/index/4"), 200, "GET articles#index id=4"),
        // What neither takes reaches the application's default service, as it was sent.
        (
            form("/nowhere", "_method=delete"),
            200,
            "elsewhere POST /nowhere",
        ),
        (
            get("/articles/show/4"),
            200,
            "elsewhere GET /articles/show/4",
        ),
        // A 405 stays the route set's.
        (TestRequest::delete().uri("/articles"), 405, ""),
    ];
    for (request, status, expected) in cases {
        let (got, _, body) = send(&service, request).await;
        let body = if got == 405 { "" } else { body.as_str() };
        assert_eq!((got, body), (status, expected));
    }
}

mod blog {
    resourceful::routes! {
        resources(articles, only(index, show), types(id = u64));
        connect("/:controller/:action/:id", via = get);
    }
}

#[actix_web::test]
async fn a_scope_serves_the_set_under_its_prefix_and_names_the_pattern() {
    async fn link(params: blog::params::ArticlesShow, request: HttpRequest) -> String {
        let pattern = request.match_pattern().unwrap_or_default();
        format!(
            "{} {} {pattern}",
            params.id.unwrap_or(0),
            blog::article_path(9)
        )
    }
    let dispatcher = Handlers::new(&blog::ROUTES).bind(|action| match action {
        blog::Action::ArticlesIndex => handler(|| async { "index" }),
        blog::Action::ArticlesShow => handler(link),
    });
    let service = init_service(
        App::new()
            .service(dispatcher.scope("/blog/"))
            .route("/health", web::get().to(|| async { "ok" })),
    )
    .await;
    assert_eq!(blog::articles_path(), "/blog/articles");
    let cases = [
        (
            get("/blog/articles/3"),
            200,
            "3 /blog/articles/9 /blog/articles/:id(.:format)",
        ),
        (
            get("/blog/articles/show/4"),
            200,
            "4 /blog/articles/9 /blog/:controller(/:action(/:id))(.:format)",
        ),
        (get("/blog"), 404, ""),
        (get("/blog/articles"), 200, "index"),
        (get("/health"), 200, "ok"),
    ];
    for (request, status, expected) in cases {
        let (got, _, body) = send(&service, request).await;
        assert_eq!((got, body.as_str()), (status, expected));
    }
    // An error names the path the client sent.
    let (status, _, body) = send(&service, TestRequest::delete().uri("/blog/articles")).await;
    assert_eq!(
        (status, body.as_str()),
        (
            405,
            "method `DELETE` is not allowed for `/blog/articles` (allowed: GET, HEAD)\n"
        )
    );
}

#[actix_web::test]
async fn actix_middlewares_wrap_the_dispatcher_and_see_the_routes_pattern() {
    let service = init_service(
        App::new()
            .app_data(web::Data::new("article"))
            .service(app())
            // Inside `NormalizePath`, which the last `wrap` is: the path it sees is normalised.
            .wrap_fn(|request, service| {
                let pattern = request.match_pattern().unwrap_or_else(|| "-".to_owned());
                let response = service.call(request);
                async move {
                    let mut response = response.await?;
                    let value = header::HeaderValue::from_str(&pattern).unwrap();
                    response
                        .headers_mut()
                        .insert(header::HeaderName::from_static("x-route"), value);
                    Ok(response)
                }
            })
            .wrap(DefaultHeaders::new().add(("x-served-by", "resourceful")))
            .wrap(Compress::default())
            .wrap(Logger::default())
            .wrap(NormalizePath::new(TrailingSlash::Trim)),
    )
    .await;
    let (status, route, body) = answer(&service, get("//articles//7/"), "x-route").await;
    assert_eq!(
        (status, route.as_str(), body.as_str()),
        (200, "/articles/:id(.:format)", "article 7")
    );
    let (_, route, _) = answer(&service, get("/admin/users.json"), "x-route").await;
    assert_eq!(route, "/admin/users(.:format)");
    let (_, route, _) = answer(&service, get("/nowhere"), "x-route").await;
    assert_eq!(route, "-");
    let (_, served, _) = answer(&service, get("/articles"), "x-served-by").await;
    assert_eq!(served, "resourceful");
    let request = get("/articles/7").insert_header((header::ACCEPT_ENCODING, "gzip"));
    let (_, encoding, _) = answer(&service, request, "content-encoding").await;
    assert_eq!(encoding, "gzip");
    // Without its patterns registered, a route set's requests have none.
    let dispatcher = Handlers::new(&routes::ROUTES)
        .match_patterns(false)
        .bind(|_: routes::Action| handler(echo));
    let quiet = init_service(
        App::new()
            .service(dispatcher)
            .wrap_fn(move |request, service| {
                let seen = request.match_pattern().unwrap_or_else(|| "-".to_owned());
                let response = service.call(request);
                async move {
                    let mut response = response.await?;
                    let value = header::HeaderValue::from_str(&seen).unwrap();
                    response
                        .headers_mut()
                        .insert(header::HeaderName::from_static("x-route"), value);
                    Ok(response)
                }
            }),
    )
    .await;
    let (status, route, _) = answer(&quiet, get("/articles/7"), "x-route").await;
    assert_eq!((status, route.as_str()), (200, "-"));
}

/// A form body that sends its first bytes, then nothing for ever.
struct Stalled(Option<Bytes>);

impl futures_core::Stream for Stalled {
    type Item = Result<Bytes, actix_web::error::PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match self.0.take() {
            Some(bytes) => Poll::Ready(Some(Ok(bytes))),
            None => Poll::Pending,
        }
    }
}

#[actix_web::test]
async fn a_form_is_read_for_its_method_within_a_limit_and_a_deadline_and_handed_on_whole() {
    async fn fields(request: HttpRequest, body: web::Bytes) -> String {
        format!("{} {}", request.method(), String::from_utf8_lossy(&body))
    }
    let dispatcher = Handlers::new(&routes::ROUTES)
        .form_limit(24)
        .form_deadline(Duration::from_millis(50))
        .bind(|_: routes::Action| handler(fields));
    let service = init_service(App::new().service(dispatcher)).await;
    let (status, _, body) = send(&service, form("/articles/1", "title=a&_method=put&body=b")).await;
    assert_eq!(
        (status, body.as_str()),
        (200, "PUT title=a&_method=put&body=b")
    );
    // Past the limit without `_method`, to a path no route takes with POST: a 413.
    let (status, _, _) = send(
        &service,
        form("/articles/1", "title=aaaaaaaaaaaaaaaaaaaa&_method=put"),
    )
    .await;
    assert_eq!(status, 413);
    // With the media type in capitals, as browsers never send it and clients may.
    let request = TestRequest::post()
        .uri("/articles/2")
        .insert_header((header::CONTENT_TYPE, "Application/X-WWW-Form-Urlencoded"))
        .set_payload("_method=delete");
    assert_eq!(send(&service, request).await.2, "DELETE _method=delete");
    // A form that stops coming: a 408 once the deadline passes.
    let request = TestRequest::post()
        .uri("/articles/1")
        .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
        .to_request();
    let stalled: Payload = Payload::Stream {
        payload: Box::pin(Stalled(Some(Bytes::from_static(b"title=")))),
    };
    let (request, _) = request.replace_payload(stalled);
    let (status, _, _) = answer_to(&service, request, "allow").await;
    assert_eq!(status, 408);
}

#[actix_web::test]
async fn forgery_protection_is_an_actix_middleware() {
    let service = init_service(
        App::new()
            .app_data(web::Data::new("article"))
            .service(app())
            .wrap(ForgeryProtectionLayer::new()),
    )
    .await;
    let post = |origin: &str| {
        form("/articles/1", "_method=delete")
            .insert_header((header::HOST, "blog.example"))
            .insert_header((header::ORIGIN, origin.to_owned()))
    };
    let (status, _, body) = send(&service, post("http://blog.example")).await;
    assert_eq!(
        (status, body.as_str()),
        (200, "DELETE articles#destroy id=1 (sent POST)")
    );
    let (status, _, body) = send(&service, post("https://evil.example")).await;
    assert_eq!(status, 403, "{body}");
    let site =
        form("/articles/1", "_method=delete").insert_header(("sec-fetch-site", "cross-site"));
    assert_eq!(send(&service, site).await.0, 403);
    // Safe methods pass whatever their origin.
    let read = get("/articles/1").insert_header(("sec-fetch-site", "cross-site"));
    assert_eq!(send(&service, read).await.0, 200);
}

mod typed {
    resourceful::routes! {
        resources(articles, only(index, show, destroy), types(id = u64)) {
            resources(comments, only(show), types(article_id = u64, id = u64));
        }
        root(controller = "articles", action = "index");
        connect("/:controller/:action/:id", via = get);
    }
}

async fn typed_index(params: typed::params::ArticlesIndex) -> String {
    format!("index id={:?} format={:?}", params.id, params.format)
}

async fn typed_show(
    typed::params::ArticlesShow { id, format }: typed::params::ArticlesShow,
) -> String {
    format!("show id={id:?} format={format:?}")
}

async fn typed_comment(params: typed::params::CommentsShow) -> String {
    format!("comment {:?} of {:?}", params.id, params.article_id)
}

#[actix_web::test]
async fn each_action_reads_its_params_as_a_type() {
    use typed::Action;
    let dispatcher = Handlers::new(&typed::ROUTES).bind(|action| match action {
        Action::ArticlesIndex => handler(typed_index),
        Action::ArticlesShow => handler(typed_show),
        Action::CommentsShow => handler(typed_comment),
        // Both read `articles#show`'s params... from whichever action they reach.
        Action::ArticlesDestroy | Action::CommentsIndex => handler(typed_show),
    });
    let service = init_service(App::new().service(dispatcher)).await;
    let cases = [
        ("/", 200, "index id=None format=None"),
        ("/articles.json", 200, "index id=None format=Some(\"json\")"),
        ("/?format=json", 200, "index id=None format=Some(\"json\")"),
        ("/articles/7", 200, "show id=Some(7) format=None"),
        (
            "/articles/7.xml?format=json",
            200,
            "show id=Some(7) format=Some(\"xml\")",
        ),
        ("/articles/show/8", 200, "show id=Some(8) format=None"),
        ("/articles/7/comments/9", 200, "comment Some(9) of Some(7)"),
        ("/comments/show/9", 200, "comment Some(9) of None"),
        (
            "/articles/show/eight",
            404,
            "param `id` cannot be `eight`\n",
        ),
        (
            "/comments",
            500,
            "the params of `articles#show` were asked for by a request routed to \
             `comments#index`\n",
        ),
    ];
    for (uri, status, expected) in cases {
        let (got, _, body) = send(&service, get(uri)).await;
        assert_eq!((got, body.as_str()), (status, expected), "{uri}");
    }
    // Outside a dispatcher, nothing routed the request.
    let plain = init_service(App::new().route("/", web::get().to(typed_show))).await;
    let (status, _, body) = send(&plain, get("/")).await;
    assert_eq!(status, 500);
    assert!(body.starts_with("the request was not routed"), "{body}");
}

/// The same params type serves an axum handler and an actix-web one, both features on.
#[cfg(feature = "axum")]
#[actix_web::test]
async fn the_params_types_are_axum_and_actix_extractors_at_once() {
    use axum::extract::FromRequestParts;
    fn axum_extractor<T: FromRequestParts<()>>() {}
    fn actix_extractor<T: actix_web::FromRequest>() {}
    axum_extractor::<typed::params::ArticlesShow>();
    actix_extractor::<typed::params::ArticlesShow>();
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
}

#[test]
#[should_panic(expected = "is the Action of another route set")]
fn binding_the_actions_of_another_route_set_is_refused_at_start_up() {
    let _ = Handlers::new(&routes::ROUTES).bind(|_: catch_all::Action| handler(echo));
}

#[actix_web::test]
async fn the_dispatcher_serves_as_a_default_service_and_in_a_scope_of_the_applications() {
    let behind = Handlers::new(&routes::ROUTES)
        .method_override_header(true)
        .bind(|_: routes::Action| handler(echo));
    let service = init_service(
        App::new()
            .route("/health", web::get().to(|| async { "ok" }))
            .default_service(behind),
    )
    .await;
    let header_override = TestRequest::post()
        .uri("/articles/3")
        .insert_header(("x-http-method-override", "DELETE"));
    let cases = [
        (get("/health"), 200, "ok"),
        (get("/articles/3"), 200, "GET articles#show id=3"),
        (
            header_override,
            200,
            "DELETE articles#destroy id=3 (sent POST)",
        ),
        (
            TestRequest::default().method(Method::OPTIONS).uri("*"),
            400,
            "",
        ),
    ];
    for (request, status, expected) in cases {
        let (got, _, body) = send(&service, request).await;
        let body = if got == 200 { body.as_str() } else { "" };
        assert_eq!((got, body), (status, expected));
    }
    // In a scope of the application's own, the set routes the path within it.
    let inner = Handlers::new(&catch_all::ROUTES).bind(|_: catch_all::Action| handler(echo));
    let service = init_service(App::new().service(web::scope("/v2").service(inner))).await;
    let (status, _, body) = send(&service, get("/v2/articles/index/5")).await;
    assert_eq!((status, body.as_str()), (200, "GET articles#index id=5"));
    let (status, _, _) = send(&service, get("/articles")).await;
    assert_eq!(status, 404);
}

mod labelled {
    resourceful::routes! {
        named(year, "/archive/:year", controller = "archive", action = "year",
              requirements(year = "[0-9]{4}|(?i)x"));
        named(slug, "/archive/:slug", controller = "archive", action = "slug");
        resources(posts, only(show), types(id = u32));
        named(post_by_slug, "/posts/:slug", controller = "posts", action = "slug");
        named(files, "/files/*path", controller = "files", action = "show");
    }
}

#[actix_web::test]
async fn each_path_is_labelled_with_the_pattern_of_the_route_that_takes_it() {
    async fn pattern(request: HttpRequest) -> String {
        request.match_pattern().unwrap_or_else(|| "-".to_owned())
    }
    let dispatcher = Handlers::new(&labelled::ROUTES).bind(|_: labelled::Action| handler(pattern));
    let service = init_service(App::new().service(dispatcher)).await;
    let cases = [
        // A requirement actix-web's engines may read differently (here braces and a flag)
        // is left out: the first route of that shape names every path of it, `slug`'s too.
        ("/archive/2024", "/archive/:year(.:format)"),
        ("/archive/hello", "/archive/:year(.:format)"),
        ("/posts/12", "/posts/:id(.:format)"),
        ("/posts/+12.json", "/posts/:id(.:format)"),
        // Not a `u32`: the next route takes it, and names it.
        ("/posts/hello", "/posts/:slug(.:format)"),
        ("/files/a/b.rb", "/files/*path"),
        ("/files", "/files/*path"),
    ];
    for (uri, expected) in cases {
        let (status, _, body) = send(&service, get(uri)).await;
        assert_eq!((status, body.as_str()), (200, expected), "{uri}");
    }
}
