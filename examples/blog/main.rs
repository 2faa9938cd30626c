//! A blog on axum and resourceful: `cargo run --example blog`, then open
//! <http://127.0.0.1:3000/>.
//!
//! Articles with nested comments (and recent, download and preview actions), an account
//! singleton, a moderation page under `admin/`, a sign-in page and Rails' default route,
//! stored in SQLite (`blog.sqlite3` beside the binary, created on first run, or in memory with
//! `BLOG_DB=:memory:`). Edits and deletes go through HTML forms with a hidden `_method` field,
//! as in Rails.
//!
//! It listens on 127.0.0.1 (`BLOG_ADDR` changes the address) and port 3000 (`PORT`), and
//! answers requests whose `Host` names that address or `localhost`, or a name listed in
//! `BLOG_HOSTS` (comma-separated: the names it is published under). Unsafe requests from
//! other origins are refused; headers must arrive within 10 s, a request be answered within
//! 30 s and a response be taken within 10 s; at most 1,024 connections are served at once, 64
//! from one client; a client may post 10 forms at once, then 30 a minute
//! (`BLOG_POSTS_PER_MINUTE` changes the rate), and pages list at most 20 articles or comments
//! (`app::service`). It holds at most 10,000 articles and 100,000 comments
//! (`BLOG_MAX_ARTICLES`, `BLOG_MAX_COMMENTS`); past them, adding one is a 507.
//!
//! Anyone may read and comment; writing, deleting and moderating need an editor, signed in
//! with the password in `BLOG_EDITOR_PASSWORD` (12 characters at least) or, where it is unset,
//! one generated at start and printed once (`app::policy` says who may run each action).
//! `BLOG_SCHEME=https` says that it is published over https, behind a proxy that ends TLS:
//! forms must then come from an https origin, and the session cookie is `Secure`.
//!
//! At start-up it prints the route table, how a dozen requests are routed, and paths and URLs
//! built by the helpers and by typed routes.

mod app;

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;

use http::uri::Scheme;
use http::{Method, Request};
use resourceful::UrlOptions;

use app::routes::{self, Route};
use app::service::{Hosts, Limits};
use app::{Auth, EditorPassword, SessionLimits};

#[tokio::main]
async fn main() -> ExitCode {
    let (port, address, limits, caps) = match settings() {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let ((password, generated), scheme) = match (editor_password(), scheme()) {
        (Ok(password), Ok(scheme)) => (password, scheme),
        (Err(message), _) | (_, Err(message)) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let named = std::env::var("BLOG_HOSTS").unwrap_or_default();
    let hosts =
        Hosts::new(address, named.split(',').map(str::to_owned)).published_over(scheme.clone());
    let auth = Arc::new(Auth::new(password, &scheme, SessionLimits::default()));
    let location = app::database_location();
    let db = match app::Db::open(&location, caps) {
        Ok(db) => db,
        Err(error) => {
            eprintln!("cannot open the database at {location}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let router = app::router(db, auth);
    let router = app::service::protect(router, hosts, &limits);
    let listener = match app::service::server::listen(SocketAddr::new(address, port), &limits) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("cannot listen on {address}:{port}: {error} (set PORT to use another)");
            return ExitCode::FAILURE;
        }
    };
    let shown = match address {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    routes::ROUTES.set_default_url_options(UrlOptions::new(&shown).port(port));
    println!("{}", routes::ROUTES);
    tour();
    println!("Database: {location}");
    // Last, where it is seen: the route table and the tour above fill a screen.
    if let Some(generated) = generated {
        println!(
            "The editor's password, until the blog stops (set BLOG_EDITOR_PASSWORD to choose \
             one):\n\n    {generated}\n"
        );
    }
    println!("Listening on http://{shown}:{port}/ (Ctrl-C to stop)");
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    app::service::serve(listener, router, limits, stop).await;
    ExitCode::SUCCESS
}

/// The port, the address, the limits and the caps the environment sets (see the top of this
/// file), or why one of them cannot be read.
fn settings() -> Result<(u16, IpAddr, Limits, app::Caps), String> {
    let port = setting("PORT", "a port number", 3000)?;
    let address = setting("BLOG_ADDR", "an IP address", IpAddr::from([127, 0, 0, 1]))?;
    let mut limits = Limits::default();
    limits.posts_per_minute = setting(
        "BLOG_POSTS_PER_MINUTE",
        "a number from 1",
        limits.posts_per_minute,
    )?;
    let mut caps = app::Caps::default();
    caps.articles = setting("BLOG_MAX_ARTICLES", "a number", caps.articles)?;
    caps.comments = setting("BLOG_MAX_COMMENTS", "a number", caps.comments)?;
    Ok((port, address, limits, caps))
}

/// The editor's password: `BLOG_EDITOR_PASSWORD`, or one generated now, which holds until the
/// blog stops, with its text to print once.
fn editor_password() -> Result<(EditorPassword, Option<String>), String> {
    if let Ok(password) = std::env::var("BLOG_EDITOR_PASSWORD") {
        let length = password.chars().count();
        if length < EditorPassword::SHORTEST {
            return Err(format!(
                "BLOG_EDITOR_PASSWORD must hold at least {} characters, not {length}: anyone may \
                 try 30 a minute from each of their addresses",
                EditorPassword::SHORTEST
            ));
        }
        return Ok((EditorPassword::new(&password), None));
    }
    let (password, text) = EditorPassword::generate()
        .map_err(|error| format!("cannot generate the editor's password: {error}"))?;
    Ok((password, Some(text)))
}

/// The scheme the blog is published under, from `BLOG_SCHEME`: `http` unless it says `https`.
fn scheme() -> Result<Scheme, String> {
    match std::env::var("BLOG_SCHEME").as_deref() {
        Err(_) | Ok("http") => Ok(Scheme::HTTP),
        Ok("https") => Ok(Scheme::HTTPS),
        Ok(other) => Err(format!("BLOG_SCHEME must be http or https, not `{other}`")),
    }
}

/// The environment variable `name` read as a `T`, or `default` where it is unset; where it
/// does not read, that it must be `what`.
fn setting<T: FromStr>(name: &str, what: &str, default: T) -> Result<T, String> {
    match std::env::var(name) {
        Err(_) => Ok(default),
        Ok(text) => text
            .parse()
            .map_err(|_| format!("{name} must be {what}, not `{text}`")),
    }
}

/// How some requests are routed, and what some helpers build.
fn tour() {
    let requests = [
        (Method::GET, "/"),
        (Method::GET, "/articles/recent"),
        // Recognised with its format; the blog then answers 404, as it writes only HTML.
        (Method::GET, "/articles/1.xml"),
        // Article ids are i64s: `seven` is none, and the default route, whose requirements
        // name the actions it reaches, takes it for no action: a 404.
        (Method::GET, "/articles/seven"),
        // The default route's `id` is text, percent-decoded: no type is declared for it.
        (Method::GET, "/articles/show/hello%2Fworld"),
        (Method::POST, "/articles/1?_method=put"),
        (Method::POST, "/articles/1/comments"),
        (Method::DELETE, "/articles/1/comments/2"),
        (Method::POST, "/articles/new"),
        (Method::POST, "/articles/new/preview"),
        (Method::HEAD, "/account/edit"),
        (Method::GET, "/admin/comments"),
        (Method::POST, "/login"),
        (Method::GET, "/articles/show/1"),
        (Method::GET, "/nowhere"),
    ];
    println!("How requests are routed:");
    for (method, uri) in requests {
        let request = Request::builder().method(method.clone()).uri(uri).body(());
        let Ok(request) = request else { continue };
        let shown = format!("{method} {uri}");
        match routes::ROUTES.recognize_request(&request) {
            Ok(found) => {
                let params: Vec<String> = found
                    .params()
                    .map(|(key, value)| format!("{key}={value:?}"))
                    .collect();
                println!(
                    "  {shown:<34} -> {}#{} {}",
                    found.controller(),
                    found.action(),
                    params.join(" ")
                );
            }
            Err(error) => println!("  {shown:<34} -> {} {error}", error.status().as_u16()),
        }
    }
    println!("\nPaths and URLs from the helpers and typed routes:");
    let hash = routes::hash_for_articles_path().param("page", 2);
    let destroy = Route::CommentsDestroy {
        article_id: 1,
        id: 2,
        format: None,
    };
    let by_default = Route::ControllerActionId {
        controller: "articles",
        action: "show".into(),
        id: Some("a/b c".into()),
        format: None,
    };
    let built = [
        ("article_path(1)", routes::article_path(1)),
        (
            "formatted_article_path(1, \"xml\")",
            routes::formatted_article_path(1, "xml"),
        ),
        ("edit_article_path(1)", routes::edit_article_path(1)),
        (
            "article_comment_path(1, 2)",
            routes::article_comment_path(1, 2),
        ),
        (
            "preview_new_article_path()",
            routes::preview_new_article_path(),
        ),
        (
            "Route::CommentsDestroy { article_id: 1, id: 2 }",
            format!("{} {}", destroy.method(), destroy.path()),
        ),
        (
            "Route::ControllerActionId { .., id: \"a/b c\" }",
            by_default.path(),
        ),
        ("download_article_url(1)", routes::download_article_url(1)),
        ("login_url()", routes::login_url()),
        (
            "url_for(hash_for_articles_path() + page)",
            routes::ROUTES
                .url_for(&hash)
                .unwrap_or_else(|e| e.to_string()),
        ),
    ];
    for (call, url) in built {
        println!("  {call:<48} {url}");
    }
    println!();
}
