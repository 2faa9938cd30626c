//! `named`, `root` and `connect`: routes written out as patterns, alone or nested.

mod support;

use support::{check_table, rows, table};

mod routes {
    resourceful::routes! {
        named(login, "/login", controller = "sessions", action = "new", via = get);
        named(feed, "/feed.:format", controller = "feeds");
        named(archive, "archive/:year/:month(.:format)", controller = "articles", action = "archive",
              requirements(year = "[0-9]{4}", month = "[0-9]{1,2}"));
        named(signup, "/signup", controller = "users", action = "new", conditions(method = post, subdomain = "www"));
        root(login);
        namespace(admin) {
            root(controller = "dashboard");
            named(stats, "/stats/:period", controller = "stats");
            connect("/:controller/:action/:id");
        }
        resources(articles) {
            named(preview, "/preview", action = "preview");
        }
        connect("/legacy/:id", controller = "articles", action = "show", via = [get, post]);
        connect("/pages/:action", controller = "pages");
    }
}

#[test]
fn plain_routes_in_the_table() {
    let table = table(&routes::ROUTES);
    let pick = |name: &str| table.iter().find(|r| r.0 == name).cloned().unwrap();
    assert_eq!(
        vec![
            pick("login"),
            pick("feed"),
            pick("archive"),
            pick("signup"),
            pick("root"),
            pick("admin_root"),
            pick("admin_stats"),
            pick("article_preview"),
        ],
        rows(&[
            ("login", "GET", "/login(.:format)", "sessions#new"),
            ("feed", "", "/feed(.:format)", "feeds#index"),
            (
                "archive",
                "",
                "/archive/:year/:month(.:format)",
                "articles#archive"
            ),
            ("signup", "POST", "/signup(.:format)", "users#new"),
            ("root", "GET", "/", "sessions#new"),
            (
                "admin_root",
                "GET",
                "/admin(.:format)",
                "admin/dashboard#index"
            ),
            (
                "admin_stats",
                "",
                "/admin/stats/:period(.:format)",
                "admin/stats#index"
            ),
            (
                "article_preview",
                "",
                "/articles/:article_id/preview(.:format)",
                "articles#preview"
            ),
        ])
    );
    let signup = routes::ROUTES.named_route("signup").unwrap();
    assert_eq!(signup.conditions().get("subdomain"), Some("www"));
    assert_eq!(signup.conditions().get("method"), None);
}

#[test]
fn plain_routes_recognise() {
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/", "sessions#new"),
            ("POST", "/", "405 GET"),
            ("GET", "/login", "sessions#new"),
            ("GET", "/feed.rss", "feeds#index format=rss"),
            ("GET", "/feed", "feeds#index"),
            (
                "GET",
                "/archive/2024/5",
                "articles#archive year=2024 month=5",
            ),
            (
                "GET",
                "/archive/2024/5.atom",
                "articles#archive year=2024 month=5 format=atom",
            ),
            ("GET", "/archive/24/5", "404"),
            ("POST", "/signup", "users#new"),
            ("GET", "/admin", "admin/dashboard#index"),
            ("GET", "/admin/stats/week", "admin/stats#index period=week"),
            ("GET", "/admin/stats/show/3", "admin/stats#show id=3"),
            ("GET", "/admin/dashboard", "admin/dashboard#index"),
            (
                "GET",
                "/articles/4/preview",
                "articles#preview article_id=4",
            ),
            ("POST", "/legacy/9", "articles#show id=9"),
            ("PUT", "/legacy/9", "405 GET,POST"),
            ("GET", "/legacy", "articles#show"),
            ("GET", "/pages/about", "pages#about"),
            ("GET", "/pages", "pages#index"),
        ],
    );
}

#[test]
fn plain_routes_generate() {
    use routes::*;
    assert_eq!(login_path(), "/login");
    assert_eq!(formatted_feed_path("rss"), "/feed.rss");
    assert_eq!(archive_path(2024, 5), "/archive/2024/5");
    assert_eq!(root_path(), "/");
    assert_eq!(admin_root_path(), "/admin");
    assert_eq!(admin_stats_path("week"), "/admin/stats/week");
    assert_eq!(article_preview_path(4), "/articles/4/preview");
}

/// SPEC §2: a root answers GET (and so HEAD) unless `via` says otherwise, where Rails 2 took
/// every method; `root(NAME)` takes the methods of the route it copies.
#[test]
fn a_root_answers_get_unless_via_says_otherwise() {
    mod home {
        resourceful::routes! { root(controller = "home"); }
    }
    mod form {
        resourceful::routes! {
            root(controller = "x", via = [get, post]);
            namespace(admin) { root(controller = "dashboard", conditions(method = any)); }
        }
    }
    mod copied {
        resourceful::routes! {
            named(login, "/login", controller = "sessions", via = [get, post]);
            root(login);
        }
    }
    check_table(
        &home::ROUTES,
        &[
            ("GET", "/", "home#index"),
            ("HEAD", "/", "home#index"),
            ("DELETE", "/", "405 GET"),
            ("POST", "/", "405 GET"),
        ],
    );
    check_table(
        &form::ROUTES,
        &[
            ("GET", "/", "x#index"),
            ("POST", "/", "x#index"),
            ("PUT", "/", "405 GET,POST"),
            ("DELETE", "/admin", "admin/dashboard#index"),
        ],
    );
    check_table(
        &copied::ROUTES,
        &[
            ("POST", "/", "sessions#index"),
            ("DELETE", "/", "405 GET,POST"),
        ],
    );
}

#[test]
fn a_trailing_action_may_have_a_default() {
    mod routes {
        resourceful::routes! {
            connect("page/:id/:action", controller = "pages", action = "show");
            connect("/:controller/:action/:id");
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/page/20", "pages#show id=20"),
            ("GET", "/page/20/edit", "pages#edit id=20"),
            ("GET", "/pages/boo", "pages#boo"),
        ],
    );
    let url_for = |hash: resourceful::UrlFor| routes::ROUTES.url_for(&hash).unwrap();
    let page = resourceful::UrlFor::new().param("controller", "pages");
    assert_eq!(
        url_for(page.clone().param("id", 20).param("action", "show")),
        "/page/20"
    );
    assert_eq!(
        url_for(page.clone().param("id", 20).param("action", "edit")),
        "/page/20/edit"
    );
    assert_eq!(url_for(page.clone().param("action", "boo")), "/pages/boo");
}

/// The helpers of routes with six and seven values: the formatted helpers of the second take
/// eight arguments, more than clippy's default limit, and allow that lint (CI's `cargo clippy
/// --workspace --all-targets -- -D warnings` fails if they do not), while the first's stay
/// within it and allow only `dead_code`.
mod many_values {
    resourceful::routes! {
        named(six, "/s/:p1/:p2/:p3/:p4/:p5/:p6", controller = "values");
        named(seven, "/s/:p1/:p2/:p3/:p4/:p5/:p6/:p7", controller = "values");
    }
}

#[test]
fn helpers_of_routes_with_many_values() {
    use many_values::*;
    assert_eq!(six_path(1, 2, 3, 4, 5, 6), "/s/1/2/3/4/5/6");
    assert_eq!(
        formatted_six_path(1, 2, 3, 4, 5, 6, "json"),
        "/s/1/2/3/4/5/6.json"
    );
    assert_eq!(seven_path(1, 2, 3, 4, 5, 6, 7), "/s/1/2/3/4/5/6/7");
    assert_eq!(
        formatted_seven_path(1, 2, 3, 4, 5, 6, 7, "json"),
        "/s/1/2/3/4/5/6/7.json"
    );
    assert_eq!(
        hash_for_seven_path(1, 2, 3, 4, 5, 6, 7).get("p7"),
        Some("7")
    );
}

/// Params named by Rust keywords: the helpers' arguments and the typed route's fields are raw
/// identifiers (`r#type`), `gen` among them, which edition 2024 reserves.
mod keywords {
    resourceful::routes! {
        named(kinds, "/kinds/:type/:gen/:match", controller = "kinds", action = "show");
    }
}

#[test]
fn params_named_by_keywords() {
    use http::Method;
    assert_eq!(keywords::kinds_path("a", "b", "c"), "/kinds/a/b/c");
    assert_eq!(
        keywords::recognize(&Method::GET, "/kinds/x/y/z").unwrap(),
        keywords::Route::KindsShow {
            r#type: "x".into(),
            r#gen: "y".into(),
            r#match: "z".into(),
            format: None,
        }
    );
}
