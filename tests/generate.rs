//! Generation: the typed helpers, `url_for`, URL options and percent-encoding.

use http::Method;
use resourceful::{ToParam, UrlError, UrlFor, UrlOptions};

mod blog {
    resourceful::routes! {
        default_url_options(host = "example.com", protocol = "https");
        resources(articles, member(publish: put)) { resources(comments); }
        resource(account);
        named(login, "/login", controller = "sessions", action = "new");
        named(tagged, "/tags/:tag/:page", controller = "tags", action = "show", requirements(page = "[0-9]+"));
        root(controller = "home");
    }
}

#[test]
fn path_and_url_helpers() {
    use blog::*;
    assert_eq!(articles_path(), "/articles");
    assert_eq!(article_path(42), "/articles/42");
    assert_eq!(article_comment_path(1, 2), "/articles/1/comments/2");
    assert_eq!(articles_url(), "https://example.com/articles");
    assert_eq!(
        article_comment_url(1, 2),
        "https://example.com/articles/1/comments/2"
    );
    assert_eq!(
        formatted_article_url(1, "xml"),
        "https://example.com/articles/1.xml"
    );
    assert_eq!(account_path(), "/account");
    assert_eq!(login_path(), "/login");
    assert_eq!(formatted_login_path("json"), "/login.json");
    assert_eq!(root_path(), "/");
    assert_eq!(root_url(), "https://example.com/");
    assert_eq!(formatted_root_path("json"), "/?format=json");
    assert_eq!(tagged_path("rust", 2), "/tags/rust/2");
}

#[test]
fn helpers_take_anything_that_is_to_param() {
    #[derive(ToParam)]
    struct Article {
        id: u32,
        #[allow(dead_code)]
        title: &'static str,
    }
    #[derive(ToParam)]
    struct Comment {
        #[to_param]
        slug: String,
    }
    #[derive(ToParam)]
    struct Id(u64);

    let article = Article {
        id: 7,
        title: "Hello",
    };
    let comment = Comment {
        slug: "first-post".into(),
    };
    assert_eq!(
        blog::article_comment_path(&article, &comment),
        "/articles/7/comments/first-post"
    );
    assert_eq!(blog::article_path(Id(9)), "/articles/9");
    assert_eq!(blog::article_path(String::from("slug")), "/articles/slug");
    assert_eq!(
        blog::article_path(std::borrow::Cow::Borrowed("cow")),
        "/articles/cow"
    );
    assert_eq!(blog::article_path(-3i64), "/articles/-3");
}

#[test]
fn dynamic_values_are_encoded_and_come_back_unchanged() {
    let values = [
        "a/b",
        "what?",
        "#hash",
        "1.5",
        "100%",
        "two words",
        "café",
        "日本",
        "a+b",
        "..",
        ".",
        "%2F",
        "x.json",
        "semi;colon",
        "tab\tnew\nline",
        "quote\"'",
    ];
    for value in values {
        for format in [None, Some("json"), Some("tar.gz")] {
            let path = match format {
                None => blog::article_comment_path(value, value),
                Some(f) => blog::formatted_article_comment_path(value, value, f),
            };
            assert!(!path[1..].contains("//"), "{path}");
            let found = blog::ROUTES
                .recognize(&Method::GET, &path)
                .unwrap_or_else(|e| panic!("{value:?} as {path}: {e}"));
            assert_eq!(found.param("article_id"), Some(value), "{path}");
            assert_eq!(found.param("id"), Some(value), "{path}");
            assert_eq!(found.param("format"), format, "{path}");
        }
    }
    assert_eq!(blog::article_path("a/b c"), "/articles/a%2Fb%20c");
    assert_eq!(blog::article_path("1.5"), "/articles/1%2E5");
}

#[test]
fn hash_for_helpers_hold_the_route_params() {
    let hash = blog::hash_for_article_path(1);
    assert_eq!(hash.get("controller"), Some("articles"));
    assert_eq!(hash.get("action"), Some("show"));
    assert_eq!(hash.get("id"), Some("1"));
    assert_eq!(hash.route_name(), Some("article"));
    assert!(hash.only_path());
    let url = blog::hash_for_article_comment_url(1, 2);
    assert!(!url.only_path());
    assert_eq!(url.get("article_id"), Some("1"));
    assert_eq!(url.get("controller"), Some("comments"));
    assert_eq!(blog::ROUTES.url_for(&hash).unwrap(), "/articles/1");
    assert_eq!(
        blog::ROUTES.url_for(&url).unwrap(),
        "https://example.com/articles/1/comments/2"
    );
    let with_extra = blog::hash_for_articles_path()
        .param("page", 2)
        .format("rss")
        .anchor("top");
    assert_eq!(
        blog::ROUTES.url_for(&with_extra).unwrap(),
        "/articles.rss?page=2#top"
    );
}

#[test]
fn url_for_finds_the_first_route_that_can_generate() {
    let url_for = |hash: UrlFor| blog::ROUTES.url_for(&hash);
    let cases = [
        (UrlFor::new().param("controller", "articles"), "/articles"),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "new"),
            "/articles/new",
        ),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "show")
                .param("id", 5),
            "/articles/5",
        ),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "update")
                .param("id", 5)
                .format("xml"),
            "/articles/5.xml",
        ),
        (
            UrlFor::new()
                .param("controller", "comments")
                .param("action", "index")
                .param("article_id", 3)
                .param("z", "last")
                .param("a", "first one"),
            "/articles/3/comments?a=first%20one&z=last",
        ),
        (
            UrlFor::new().param("controller", "articles").param("id", 5),
            "/articles?id=5",
        ),
        (UrlFor::new().param("controller", "home"), "/"),
        (
            UrlFor::new()
                .param("controller", "accounts")
                .param("action", "edit"),
            "/account/edit",
        ),
    ];
    for (hash, expected) in cases {
        assert_eq!(url_for(hash.clone()).as_deref(), Ok(expected), "{hash}");
    }
}

#[test]
fn url_for_names_what_is_missing_or_mismatched() {
    let generation = |route: Option<&str>, missing: &[&str], mismatched: &[&str]| UrlError::Unfit {
        route: route.map(str::to_owned),
        missing: missing.iter().map(|s| s.to_string()).collect(),
        mismatched: mismatched.iter().map(|s| s.to_string()).collect(),
    };
    let cases = [
        (UrlFor::new(), generation(None, &["controller"], &[])),
        (
            UrlFor::new().param("controller", "nope"),
            generation(None, &[], &["controller"]),
        ),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "nope"),
            generation(None, &[], &["action"]),
        ),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "show"),
            generation(None, &["id"], &[]),
        ),
        (
            UrlFor::new()
                .param("controller", "comments")
                .param("action", "show")
                .param("id", ""),
            generation(None, &["article_id", "id"], &[]),
        ),
        (
            UrlFor::named("nope"),
            UrlError::UnknownRoute {
                name: "nope".into(),
            },
        ),
        (
            UrlFor::named("article"),
            generation(Some("article"), &["id"], &[]),
        ),
        (
            UrlFor::named("article")
                .param("id", 1)
                .param("controller", "comments"),
            generation(Some("article"), &[], &["controller"]),
        ),
        (
            UrlFor::named("tagged")
                .param("tag", "x")
                .param("page", "two"),
            generation(Some("tagged"), &[], &["page"]),
        ),
    ];
    for (hash, expected) in cases {
        assert_eq!(blog::ROUTES.url_for(&hash), Err(expected), "{hash}");
    }
    let err = blog::ROUTES.url_for(&UrlFor::named("article")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot build a url for route `article`; missing `id`"
    );
}

mod hostless {
    resourceful::routes! { resources(articles); named(about, "/about", controller = "pages"); }
}

#[test]
fn full_urls_need_a_host() {
    let full = UrlFor::new().param("controller", "articles").full_url();
    assert_eq!(hostless::ROUTES.url_for(&full), Err(UrlError::MissingHost));
    let with_host = UrlFor::new()
        .param("controller", "articles")
        .full_url_with(UrlOptions::new("h.test").port(81));
    assert_eq!(
        hostless::ROUTES.url_for(&with_host).unwrap(),
        "http://h.test:81/articles"
    );
    assert_eq!(
        hostless::ROUTES.url_for(&with_host.without_host()).unwrap(),
        "/articles"
    );
}

#[test]
#[should_panic(
    expected = "missing host to link to: declare one with `default_url_options(host = \"example.com\")` in `routes!` or `draw!`, or set one at start-up with `ROUTES.set_default_url_options"
)]
fn url_helpers_without_a_host_are_a_configuration_error() {
    let _ = hostless::about_url();
}

mod configured_at_start_up {
    resourceful::routes! {
        default_url_options(host = "declared.test", port = 8080);
        resources(articles);
    }
}

#[test]
fn url_options_set_at_start_up_replace_the_declared_ones() {
    use configured_at_start_up::*;
    assert_eq!(articles_url(), "http://declared.test:8080/articles");
    ROUTES.set_default_url_options(UrlOptions::new("set.test").protocol("https"));
    assert_eq!(articles_url(), "https://set.test/articles");
    assert_eq!(
        formatted_article_url(1, "json"),
        "https://set.test/articles/1.json"
    );
    let hash = hash_for_article_url(1);
    assert_eq!(
        ROUTES.url_for(&hash).unwrap(),
        "https://set.test/articles/1"
    );
}

#[test]
fn the_default_route_generates_with_trailing_defaults_left_out() {
    mod routes {
        resourceful::routes! {
            resources(articles);
            namespace(admin) { resources(users); }
            connect("/:controller/:action/:id");
        }
    }
    let url_for = |c: &str, a: Option<&str>, id: Option<&str>| {
        let mut hash = UrlFor::new().param("controller", c);
        if let Some(a) = a {
            hash = hash.param("action", a);
        }
        if let Some(id) = id {
            hash = hash.param("id", id);
        }
        routes::ROUTES.url_for(&hash)
    };
    assert_eq!(
        url_for("articles", Some("archive"), None).unwrap(),
        "/articles/archive"
    );
    assert_eq!(
        url_for("articles", Some("archive"), Some("5")).unwrap(),
        "/articles/archive/5"
    );
    assert_eq!(
        url_for("articles", Some("show"), Some("5")).unwrap(),
        "/articles/5"
    );
    assert_eq!(
        url_for("admin/users", Some("purge"), Some("a b")).unwrap(),
        "/admin/users/purge/a%20b"
    );
    assert_eq!(
        url_for("admin/users", Some("index"), None).unwrap(),
        "/admin/users"
    );
    assert!(url_for("ghosts", Some("index"), None).is_err());
}

/// The message and place of the panic `f` raises, caught.
fn panic_of(f: impl FnOnce() -> String + std::panic::UnwindSafe) -> (String, String) {
    use std::cell::RefCell;
    use std::sync::Once;
    thread_local! {
        static CAUGHT: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
    }
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()));
            let place = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let caught = CAUGHT.with(|c| {
                let mut c = c.borrow_mut();
                if c.is_none() {
                    *c = Some((message.clone().unwrap_or_default(), place));
                    return false;
                }
                true
            });
            if caught {
                default(info);
            }
        }));
    });
    // Armed: the hook fills it in place of printing.
    CAUGHT.with(|c| *c.borrow_mut() = None);
    let built = std::panic::catch_unwind(f);
    let caught = CAUGHT.with(|c| c.borrow_mut().take());
    match (built, caught) {
        (Err(_), Some(caught)) => caught,
        (Ok(path), _) => panic!("built {path:?}, a link that does not route"),
        (Err(_), None) => panic!("the panic was not caught by the hook"),
    }
}

#[test]
fn helpers_refuse_values_that_would_not_route_at_the_caller() {
    use blog::*;
    type Call = Box<dyn FnOnce() -> String + std::panic::UnwindSafe>;
    let here = file!();
    let cases: Vec<(Call, &str)> = vec![
        (
            Box::new(|| article_comment_path("", 2)),
            "`article_comment_path` cannot build a link with `article_id` = \"\": a path \
             segment cannot be empty, so the link would not route",
        ),
        (
            Box::new(|| tagged_path("rust", "two")),
            "`tagged_path` cannot build a link with `page` = \"two\": the route requires it to \
             match `[0-9]+`, so the link would not route",
        ),
        (
            Box::new(|| tagged_url("rust", "")),
            "`tagged_url` cannot build a link with `page` = \"\": a path segment cannot be \
             empty, so the link would not route",
        ),
        (
            Box::new(|| formatted_article_path(1, "")),
            "`formatted_article_path` cannot build a link with an empty format, so the link \
             would not route",
        ),
        (
            Box::new(|| formatted_tagged_url("rust", "2x", "json")),
            "`formatted_tagged_url` cannot build a link with `page` = \"2x\": the route \
             requires it to match `[0-9]+`, so the link would not route",
        ),
    ];
    for (call, expected) in cases {
        let (message, place) = panic_of(call);
        assert_eq!(message, expected);
        assert!(
            place.starts_with(here),
            "`{message}` raised at {place}, not at the caller in {here}"
        );
    }
    // The values that do route are taken, right up to the requirement's edge.
    assert_eq!(tagged_path("a/b", "0"), "/tags/a%2Fb/0");
}
