//! The routing alone, without a server: `cargo run --example tour` prints a blog's route
//! table, recognises a dozen requests the way a server would, and builds paths and URLs with
//! the generated helpers.

use http::Method;
use resourceful::{ToParam, UrlFor, effective_method};

mod routes {
    resourceful::routes! {
        default_url_options(host = "blog.example.com", protocol = "https");
        resources(articles, collection(recent: get), member(publish: put), new(preview: post)) {
            resources(comments);
        }
        resource(account);
        namespace(admin) { resources(users); }
        named(login, "/login", controller = "sessions", action = "new", via = get);
        root(controller = "home");
        // Rails' default route, for GET only: answering every method (as Rails' did) would let
        // `POST /articles/new` through to `articles#new` instead of answering 405.
        connect("/:controller/:action/:id", via = get);
    }
}

#[derive(ToParam)]
struct Article {
    id: u32,
    title: &'static str,
}

/// A request as a browser sends it: a method, a path, and maybe a form's `_method`.
struct Request {
    method: Method,
    path: &'static str,
    form_method: Option<&'static str>,
}

fn request(method: Method, path: &'static str) -> Request {
    Request {
        method,
        path,
        form_method: None,
    }
}

fn main() {
    println!("{}", routes::ROUTES);

    let requests = [
        request(Method::GET, "/"),
        request(Method::GET, "/articles"),
        request(Method::GET, "/articles/recent.rss"),
        request(Method::POST, "/articles"),
        request(Method::GET, "/articles/42"),
        request(Method::GET, "/articles/42.xml"),
        request(Method::GET, "/articles/hello%2Fworld"),
        Request {
            form_method: Some("put"),
            ..request(Method::POST, "/articles/42")
        },
        request(Method::DELETE, "/articles/42/comments/7"),
        request(Method::HEAD, "/account/edit"),
        request(Method::GET, "/admin/users/3/edit"),
        request(Method::POST, "/articles/new"),
        request(Method::GET, "/accounts/show"),
        request(Method::GET, "/login"),
        request(Method::GET, "/nowhere/to/be/found"),
    ];
    println!("Recognition:");
    for Request {
        method,
        path,
        form_method,
    } in requests
    {
        let routed_as = effective_method(&method, form_method);
        let shown = match form_method {
            Some(m) => format!("{method} (_method={m})"),
            None => method.to_string(),
        };
        match routes::ROUTES.recognize(&routed_as, path) {
            Ok(found) => {
                let mut line = format!(
                    "  {shown:<20} {path:<26} -> {}#{}",
                    found.controller(),
                    found.action()
                );
                for (key, value) in found.params() {
                    line.push_str(&format!(" {key}={value:?}"));
                }
                println!("{line}");
            }
            Err(err) => println!(
                "  {shown:<20} {path:<26} -> {} {err}",
                err.status().as_u16()
            ),
        }
    }

    let article = Article {
        id: 42,
        title: "Routing in Rust",
    };
    println!("\nGeneration (for {:?}):", article.title);
    let lines = [
        ("articles_path()", routes::articles_path()),
        ("article_path(&article)", routes::article_path(&article)),
        (
            "edit_article_path(&article)",
            routes::edit_article_path(&article),
        ),
        (
            "article_comment_path(&article, 7)",
            routes::article_comment_path(&article, 7),
        ),
        (
            "formatted_article_path(&article, \"json\")",
            routes::formatted_article_path(&article, "json"),
        ),
        (
            "preview_new_article_path()",
            routes::preview_new_article_path(),
        ),
        ("article_path(\"a/b c\")", routes::article_path("a/b c")),
        ("article_url(&article)", routes::article_url(&article)),
        ("edit_account_url()", routes::edit_account_url()),
        ("admin_user_path(3)", routes::admin_user_path(3)),
        ("login_path()", routes::login_path()),
        ("root_url()", routes::root_url()),
    ];
    for (call, built) in lines {
        println!("  {call:<42} {built}");
    }
    let hash = routes::hash_for_article_comments_path(&article).param("page", 2);
    println!(
        "  {:<42} {}",
        "url_for(hash_for_article_comments_path + page)",
        routes::ROUTES
            .url_for(&hash)
            .expect("the hash names its route")
    );
    let generic = UrlFor::new()
        .param("controller", "articles")
        .param("action", "archive")
        .param("id", 2024);
    println!(
        "  {:<42} {}",
        "url_for(articles#archive id=2024)",
        routes::ROUTES
            .url_for(&generic)
            .expect("the default route generates it")
    );
}
