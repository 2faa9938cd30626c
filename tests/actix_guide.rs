//! The guide's actix-web chapter (docs/actix.md), compiled and run. The facade's doctests
//! cannot build actix-web (the examples' dependencies would then build it for `cargo run
//! --example blog`), so the chapter's blocks are here, each between `GUIDE:` markers, and
//! `the_chapter_shows_these_blocks_verbatim` checks that docs/actix.md holds each one as it is.

#![allow(dead_code)]

use actix_web::http::StatusCode;
use actix_web::test::{TestRequest, call_service, init_service, read_body};

mod app {
    // GUIDE: app
    use actix_web::middleware::{Logger, NormalizePath, TrailingSlash};
    use actix_web::{App, HttpResponse, HttpServer, ResponseError, web};
    use resourceful::RoutingError;
    use resourceful::actix::{Dispatcher, Handlers, handler};
    use resourceful::forgery::ForgeryProtectionLayer;
    use resourceful::form::{button_for, escape_html};

    mod routes {
        resourceful::routes! {
            resources(articles, only(index, show, destroy), types(id = usize));
            root(controller = "articles", action = "index");
        }
    }
    use routes::{Action, Route, params};

    struct Titles(&'static [&'static str]);

    // `/` and `/articles(.json)` both reach `articles#index`: one type for both.
    async fn index(titles: web::Data<Titles>, params: params::ArticlesIndex) -> HttpResponse {
        if params.format.as_deref() == Some("json") {
            return HttpResponse::Ok().json(titles.0);
        }
        let links: String = (0..titles.0.len())
            .map(|id| {
                let (path, title) = (routes::article_path(id), escape_html(titles.0[id]));
                format!(r#"<li><a href="{path}">{title}</a></li>"#)
            })
            .collect();
        HttpResponse::Ok()
            .content_type("text/html")
            .body(format!("<ul>{links}</ul>"))
    }

    // `id` is a `usize` before the handler runs (`/articles/abc` is a 404 that never gets
    // here), and a misspelt field does not compile.
    async fn show(
        titles: web::Data<Titles>,
        params::ArticlesShow { id, .. }: params::ArticlesShow,
    ) -> HttpResponse {
        let Some(title) = titles.0.get(id) else {
            return HttpResponse::NotFound().finish();
        };
        // A POST form with a hidden `_method=delete`: routed as DELETE.
        let delete = button_for("Delete", &Route::ArticlesDestroy { id, format: None });
        HttpResponse::Ok()
            .content_type("text/html")
            .body(format!("<h1>{}</h1>{delete}", escape_html(title)))
    }

    async fn destroy(params::ArticlesDestroy { id, .. }: params::ArticlesDestroy) -> HttpResponse {
        println!("deleting article {id}");
        HttpResponse::SeeOther()
            .insert_header(("location", routes::articles_path()))
            .finish()
    }

    /// Every 404 and 405, of the route set and of the application (`Allow` is kept). The
    /// message names the path the client sent: escaped, as anything a client sends is.
    async fn page(error: RoutingError) -> HttpResponse {
        // `status_code()` (actix-web's `ResponseError`) is actix-web's `StatusCode`;
        // `status()` is the `http` 1 one axum takes, which actix-web 4 does not.
        let status = error.status_code();
        let message = escape_html(&error.to_string()).into_owned();
        HttpResponse::build(status)
            .content_type("text/html")
            .body(format!("<h1>{status}</h1><p>{message}</p>"))
    }

    /// The route set's service, built once per worker, as an `App` is.
    fn articles() -> Dispatcher {
        Handlers::new(&routes::ROUTES)
            .on_error(page)
            .bind(|action| match action {
                Action::ArticlesIndex => handler(index),
                Action::ArticlesShow => handler(show),
                Action::ArticlesDestroy => handler(destroy),
            })
    }

    #[actix_web::main]
    async fn main() -> std::io::Result<()> {
        let titles = web::Data::new(Titles(&["Hello", "World"]));
        HttpServer::new(move || {
            App::new()
                .app_data(titles.clone())
                .route("/health", web::get().to(|| async { "ok" }))
                .service(articles())
                .default_service(web::to(page))
                // `%{route}xi` is the route's pattern: `/articles/:id(.:format)`.
                .wrap(
                    Logger::new("%r %s %{route}xi").custom_request_replace("route", |request| {
                        request.match_pattern().unwrap_or_default()
                    }),
                )
                .wrap(NormalizePath::new(TrailingSlash::Trim))
                // Refuses a DELETE (or any unsafe request) sent from another site's page,
                // before its form is read for `_method`.
                .wrap(ForgeryProtectionLayer::new())
        })
        .bind(("127.0.0.1", 8080))?
        .run()
        .await
    }
    // GUIDE: end

    /// The application of `main`, as `HttpServer::new` makes it.
    pub fn app() -> App<
        impl actix_web::dev::ServiceFactory<
            actix_web::dev::ServiceRequest,
            Config = (),
            Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
            Error = actix_web::Error,
            InitError = (),
        >,
    > {
        App::new()
            .app_data(web::Data::new(Titles(&["Hello", "World"])))
            .route("/health", web::get().to(|| async { "ok" }))
            .service(articles())
            .default_service(web::to(page))
            .wrap(NormalizePath::new(TrailingSlash::Trim))
            .wrap(ForgeryProtectionLayer::new())
    }
}

mod plain {
    use actix_web::{HttpResponse, web};

    struct Titles(&'static [&'static str]);

    // GUIDE: plain
    // Plain actix-web: `web::resource("/articles/{id}").route(web::get().to(show))`. The param
    // is found by name in a path string that nothing checks against the route;
    // `/articles/{id}.json` is a resource of its own; links are `format!`ed, or built by
    // `HttpRequest::url_for("article", [id])`, a name and strings checked when it runs.
    async fn show(titles: web::Data<Titles>, id: web::Path<usize>) -> HttpResponse {
        let id = id.into_inner();
        let Some(title) = titles.0.get(id) else {
            return HttpResponse::NotFound().finish();
        };
        let delete = format!(r#"<form action="/articles/{id}" method="post">..."#);
        HttpResponse::Ok()
            .content_type("text/html")
            .body(format!("<h1>{title}</h1>{delete}"))
    }
    // GUIDE: end
}

mod tested {
    // GUIDE: test
    use actix_web::test::{TestRequest, call_service, init_service, read_body};
    use actix_web::{App, http::StatusCode};
    use resourceful::actix::{Handlers, handler};

    mod routes {
        resourceful::routes! { resources(articles, only(show), types(id = u32)); }
    }
    use routes::{Action, params};

    async fn show(params::ArticlesShow { id, .. }: params::ArticlesShow) -> String {
        format!("article {id}")
    }

    #[actix_web::test]
    async fn articles_are_shown_by_number() {
        let dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
            Action::ArticlesShow => handler(show),
        });
        let app = init_service(App::new().service(dispatcher)).await;

        let response = call_service(&app, TestRequest::get().uri("/articles/7").to_request()).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(read_body(response).await, "article 7");

        // `/articles/seven` is not a `u32`: a 404 that `show` never sees.
        let request = TestRequest::get().uri("/articles/seven").to_request();
        assert_eq!(
            call_service(&app, request).await.status(),
            StatusCode::NOT_FOUND
        );

        let request = TestRequest::delete().uri("/articles/7").to_request();
        let response = call_service(&app, request).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(response.headers().get("allow").unwrap(), "GET, HEAD");
    }
    // GUIDE: end
}

mod drawn {
    // GUIDE: draw
    use actix_web::test::{TestRequest, call_service, init_service, read_body};
    use actix_web::{App, http::StatusCode};
    use resourceful::actix::{Handlers, Params, handler};

    mod routes {
        resourceful::draw! {
            get("stories/:id", to = redirect("/posts/%{id}"));
            constraints(subdomain = "api") { get("status", to = "api#status"); }
            get("status", to = "pages#status");
            mount("/jobs", as = "jobs");
        }
    }
    use routes::Action;

    // Every request under `/jobs`, with any method: the mount point and the path under it.
    async fn jobs(params: Params) -> String {
        match params.mount() {
            Some(mount) => format!("jobs: {} under {}", mount.path(), mount.prefix()),
            None => String::new(),
        }
    }

    #[actix_web::test]
    async fn redirects_request_constraints_and_mounts() {
        // The redirect has no action, and so no arm.
        let dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
            Action::ApiStatus => handler(|| async { "api" }),
            Action::PagesStatus => handler(|| async { "pages" }),
            Action::Jobs => handler(jobs),
        });
        let app = init_service(App::new().service(dispatcher)).await;

        let request = TestRequest::get()
            .uri("/stories/7")
            .insert_header(("host", "example.com"));
        let response = call_service(&app, request.to_request()).await;
        assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
        let location = response.headers().get("location").unwrap();
        assert_eq!(location, "http://example.com/posts/7");

        for (host, body) in [("api.example.com", "api"), ("www.example.com", "pages")] {
            let request = TestRequest::get()
                .uri("/status")
                .insert_header(("host", host));
            let response = call_service(&app, request.to_request()).await;
            assert_eq!(read_body(response).await, body);
        }

        let request = TestRequest::post().uri("/jobs/queue/7");
        let body = read_body(call_service(&app, request.to_request()).await).await;
        assert_eq!(body, "jobs: /queue/7 under /jobs");
    }
    // GUIDE: end
}

#[actix_web::test]
async fn the_chapter_app_serves_its_pages() {
    let app = init_service(app::app()).await;
    let cases = [
        (
            "GET",
            "/",
            200,
            "<ul><li><a href=\"/articles/0\">Hello</a></li>",
        ),
        ("GET", "/articles.json", 200, "[\"Hello\",\"World\"]"),
        ("GET", "/articles/1/", 200, "<h1>World</h1><form"),
        ("GET", "/articles/9", 404, ""),
        ("GET", "/articles/abc", 404, "<h1>404 Not Found</h1>"),
        ("DELETE", "/articles/1", 303, ""),
        ("POST", "/articles", 405, "<h1>405 Method Not Allowed</h1>"),
        (
            "GET",
            "/nowhere",
            404,
            "<p>no route matches `GET /nowhere`</p>",
        ),
        ("GET", "/health", 200, "ok"),
    ];
    for (method, uri, status, start) in cases {
        let request = TestRequest::default()
            .method(method.parse().unwrap())
            .uri(uri)
            .to_request();
        let response = call_service(&app, request).await;
        let got = response.status();
        let body = read_body(response).await;
        let body = String::from_utf8_lossy(&body);
        assert_eq!(got, StatusCode::from_u16(status).unwrap(), "{method} {uri}");
        assert!(body.contains(start), "{method} {uri}: {body}");
    }
    // A form from another site's page is refused before it is routed.
    let forged = TestRequest::post()
        .uri("/articles/1")
        .insert_header(("host", "blog.example"))
        .insert_header(("origin", "https://evil.example"))
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload("_method=delete")
        .to_request();
    assert_eq!(
        call_service(&app, forged).await.status(),
        StatusCode::FORBIDDEN
    );
}

/// The lines of this file between `// GUIDE: NAME` and `// GUIDE: end`, less the
/// indentation of the marker.
fn block(name: &str) -> String {
    let source = include_str!("actix_guide.rs");
    let start = format!("// GUIDE: {name}\n");
    let from = source.find(&start).expect("the block's start") + start.len();
    let to = from
        + source[from..]
            .find("// GUIDE: end")
            .expect("the block's end");
    let indent = source[..from - start.len()]
        .rsplit('\n')
        .next()
        .map_or(0, str::len);
    source[from..to]
        .lines()
        .map(|line| line.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_owned()
}

#[test]
fn the_chapter_shows_these_blocks_verbatim() {
    let chapter = include_str!("../docs/actix.md");
    for name in ["app", "plain", "draw", "test"] {
        let block = format!("```rust,ignore\n{}\n```", block(name));
        assert!(
            chapter.contains(&block),
            "docs/actix.md does not show the `{name}` block of tests/actix_guide.rs as it is:\n{block}"
        );
    }
}
