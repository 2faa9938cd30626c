//! Hostile requests: overlong and deep paths, escapes that do not decode, encoded separators,
//! dot segments, control characters and a requirement that backtracking would choke on. Each
//! is answered with a typed error or the right match, the same as the plain definition of
//! recognition gives, for a `routes!` table and for a `draw!` table. (That the work is bounded
//! follows from how a path is cut, which stops one segment past the deepest route:
//! `deep_paths_are_refused_before_they_are_decoded` below holds it to that.)

mod support;

use http::{Method, StatusCode};
use proptest::prelude::*;
use resourceful::{MAX_PATH_LEN, RouteSet, RoutingError, UrlFor};
use support::{answer, check_table, reference};

mod app {
    resourceful::routes! {
        resources(articles, member(publish: put)) { resources(comments); }
        resource(account);
        namespace(admin) { resources(users, requirements(id = "[0-9]+")); }
        named(search, "/search/:query", controller = "search");
        named(slow, "/slow/:value", controller = "slow", requirements(value = "(a|aa)+b"));
        root(controller = "home");
    }
}

mod catch_all {
    resourceful::routes! {
        resources(articles);
        namespace(admin) { resources(users); }
        connect("/:controller/:action/:id");
    }
}

/// `draw!`'s shapes, which a path reaches through Journey's regex rather than the tree alone:
/// groups and globs in the middle, constraints that take `/` and `.`, formats required and
/// refused, request constraints, redirects and mounts.
mod drawn {
    resourceful::draw! {
        resources(articles) { resources(comments, shallow); }
        get("archive/:year(/:month(/:day))", to = "archive#show", constraints(year = "[0-9]{4}"));
        get("(projects/:id)/search", to = "search#index");
        get("pages/*path/edit", to = "pages#edit");
        get("files/:name", to = "files#show", constraints(name = ".*"));
        get("exports/:id", to = "exports#show", format = true);
        get("photos/:id", to = "photos#show", format = false);
        get("slow/:value", to = "slow#show", constraints(value = "(a|aa)+b"));
        get("old/:id", to = redirect("/articles/%{id}"));
        constraints(subdomain = "api") { get("status", to = "api#status"); }
        mount("/docs(/:version)", as = "docs");
        root(to = "home#index");
        get("*unmatched", to = "errors#not_found");
    }
}

#[test]
fn overlong_paths_are_refused_before_they_are_read() {
    let mib = "/a".repeat(512 * 1024);
    let segments = "/x".repeat(100_000);
    let escapes = "%41".repeat(100_000);
    let lone_percents = format!("/{}", "%".repeat(100_000));
    for path in [&mib, &segments, &escapes, &lone_percents] {
        let error = app::ROUTES.recognize(&Method::GET, path).unwrap_err();
        assert_eq!(
            error,
            RoutingError::PathTooLong {
                length: path.len(),
                limit: MAX_PATH_LEN,
            }
        );
        assert_eq!(error.status(), StatusCode::URI_TOO_LONG);
    }
    assert_eq!(mib.len(), 1 << 20);
}

#[test]
fn the_limit_counts_the_path_not_its_query() {
    let at_limit = format!("/search/{}", "q".repeat(MAX_PATH_LEN - "/search/".len()));
    let found = app::ROUTES.recognize(&Method::GET, &at_limit).unwrap();
    assert_eq!(found.param("query").map(str::len), Some(MAX_PATH_LEN - 8));
    let over = format!("{at_limit}q");
    assert!(matches!(
        app::ROUTES.recognize(&Method::GET, &over),
        Err(RoutingError::PathTooLong { length, .. }) if length == MAX_PATH_LEN + 1
    ));
    let long_query = format!("/articles?q={}", "x".repeat(1 << 20));
    let found = app::ROUTES.recognize(&Method::GET, &long_query).unwrap();
    assert_eq!(found.action(), "index");
}

/// Within the length limit a path may still have thousands of segments; no route takes more
/// than a few, so a deep path is a 404 before any of its escapes is decoded, even one that
/// does not decode.
#[test]
fn deep_paths_are_refused_before_they_are_decoded() {
    for depth in [60, 600, 4000] {
        for path in [
            "/x".repeat(depth),
            format!("/articles{}", "/1".repeat(depth)),
            "/%78".repeat(depth.min(2000)),
            format!("/articles/1{}/%FF", "/".repeat(depth)),
            format!("/articles{}/%FF", "/1".repeat(depth)),
            format!("/%FF{}", "/1".repeat(depth)),
        ] {
            assert!(path.len() <= MAX_PATH_LEN);
            let error = app::ROUTES.recognize(&Method::GET, &path).unwrap_err();
            assert!(
                matches!(error, RoutingError::NotFound { .. }),
                "{depth}: {error}"
            );
            assert_eq!(
                answer(&app::ROUTES, "GET", &path),
                reference(&app::ROUTES, "GET", &path)
            );
        }
    }
}

#[test]
fn a_requirement_that_would_backtrack_is_answered() {
    let run = "a".repeat(MAX_PATH_LEN - "/slow/".len() - 1);
    let miss = format!("/slow/{run}a");
    let hit = format!("/slow/{run}b");
    let found = app::ROUTES.recognize(&Method::GET, &miss);
    assert!(matches!(found, Err(RoutingError::NotFound { .. })));
    let found = app::ROUTES.recognize(&Method::GET, &hit).unwrap();
    assert_eq!(found.route_name(), Some("slow"));
    assert_eq!(found.param("value"), Some(&hit["/slow/".len()..]));
}

#[test]
fn every_hostile_path_is_answered_as_defined() {
    let paths = [
        "",
        "/",
        "//",
        "///",
        "?",
        "#",
        "/?",
        "/%",
        "/%2",
        "/%%",
        "/%ZZ",
        "/%FF",
        "/%C3%28",
        "/%C3",
        "/%ED%A0%80",
        "/%F4%90%80%80",
        "/%00",
        "/\0",
        "/.",
        "/..",
        "/./",
        "/../",
        "/articles/../admin/users",
        "/articles/./1",
        "/articles/1/..",
        "/articles/1/.",
        "/articles/%2E%2E",
        "/articles/1.",
        "/articles/.json",
        "/articles/1..json",
        "/articles/1.json.",
        "/articles/1/comments/2.%FF",
        "/articles/%FF.json",
        "/admin/users/1%0A",
        "/admin/users/%31",
        "/admin/users/1x",
        "/account.json/",
        "/\u{202e}",
        "/articles/\u{1F600}",
        "/articles/\t",
        "/articles/ ",
        "/articles?%FF",
        "/articles#%FF",
        "/articles/1?/x/y",
        "/search/%2F%2F",
        "/search/a%2Fb%2Fc.json",
    ];
    for path in paths {
        for verb in ["GET", "POST", "DELETE", "OPTIONS", "PURGE"] {
            let found = answer(&app::ROUTES, verb, path);
            assert_eq!(
                found,
                reference(&app::ROUTES, verb, path),
                "{verb} {path:?}"
            );
            if let Err(error) = found {
                let status = error.status().as_u16();
                assert!(
                    [400, 404, 405].contains(&status),
                    "{verb} {path:?}: {error}"
                );
            }
        }
    }
}

#[test]
fn encoded_separators_stay_inside_their_segment() {
    check_table(
        &app::ROUTES,
        &[
            (
                "GET",
                "/articles/1%2Fcomments%2F2",
                "articles#show id=1/comments/2",
            ),
            (
                "GET",
                "/articles/1%2fcomments",
                "articles#show id=1/comments",
            ),
            ("GET", "/articles%2F1", "404"),
            ("GET", "/articles/1%2Ejson", "articles#show id=1.json"),
            (
                "GET",
                "/articles/1%2ejson.xml",
                "articles#show id=1.json format=xml",
            ),
            (
                "GET",
                "/articles/1.json%2Exml",
                "articles#show id=1 format=json.xml",
            ),
            ("GET", "/articles%2Ejson", "404"),
            ("GET", "/search/%3F%23%26", "search#index query=?#&"),
            ("GET", "/admin/users/1%2F2", "404"),
        ],
    );
}

#[test]
fn dot_segments_are_not_collapsed() {
    check_table(
        &app::ROUTES,
        &[
            ("GET", "/articles/../account", "404"),
            ("GET", "/admin/users/../../articles", "404"),
            ("GET", "/./articles", "404"),
            ("GET", "/articles/.", "404"),
            ("GET", "/articles/..", "404"),
            ("GET", "/articles/1/comments/..", "404"),
            ("GET", "/articles/%2E%2E", "articles#show id=.."),
            ("GET", "/articles/%2E", "articles#show id=."),
            ("GET", "/search/%2E%2E%2F%2E%2E", "search#index query=../.."),
        ],
    );
    check_table(
        &catch_all::ROUTES,
        &[
            ("GET", "/admin/users/../articles", "404"),
            ("GET", "/articles/show/..", "404"),
            ("GET", "/articles/show/%2E%2E", "articles#show id=.."),
            ("GET", "/admin/../articles", "404"),
        ],
    );
}

#[test]
fn nul_and_control_characters_are_data() {
    let cases = [
        ("/articles/a%00b", "a\0b"),
        ("/articles/a\0b", "a\0b"),
        ("/articles/%00", "\0"),
        ("/articles/%0A%0D", "\n\r"),
        ("/articles/\t", "\t"),
        ("/articles/\u{7f}x", "\u{7f}x"),
        ("/articles/%1B[2J", "\u{1b}[2J"),
    ];
    for (path, id) in cases {
        let found = app::ROUTES.recognize(&Method::GET, path).unwrap();
        assert_eq!(
            (found.action(), found.param("id")),
            ("show", Some(id)),
            "{path:?}"
        );
    }
    let found = app::ROUTES
        .recognize(&Method::GET, "/articles/a%00.json")
        .unwrap();
    assert_eq!(
        (found.param("id"), found.format()),
        (Some("a\0"), Some("json"))
    );
}

/// Pieces a path is made of: the separators and escapes that matter, and arbitrary text.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "/", "//", "/./", "/../", ".", "..", "%", "%2", "%FF", "%C3%28", "%C3", "%2F", "%2E",
            "%2e", "%00", "\0", "\u{1}", "?", "#", "articles", "comments", "admin", "users",
            "account", "search", "slow", "new", "edit", "1", "42", ".json", "aab", "a",
            "archive", "2024", "projects", "pages", "files", "exports", "photos", "old", "docs",
            "status",
        ])
        .prop_map(String::from),
        2 => any::<String>(),
        1 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
    ]
}

fn hostile_path() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(piece(), 0..24)).prop_map(|(slash, pieces)| {
        let body = pieces.concat();
        if slash { format!("/{body}") } else { body }
    })
}

fn any_method() -> impl Strategy<Value = Method> {
    prop_oneof![
        4 => prop::sample::select(vec![
            Method::GET, Method::HEAD, Method::POST, Method::PUT, Method::PATCH, Method::DELETE,
            Method::OPTIONS,
        ]),
        1 => prop::collection::vec(any::<u8>(), 1..12)
            .prop_filter_map("not a method token", |b| Method::from_bytes(&b).ok()),
    ]
}

/// Builds the URL of what was recognised, from its route name or controller and action.
fn regenerate(set: &RouteSet, found: &resourceful::Recognized<'_, '_>) -> String {
    let mut hash = match found.route_name() {
        Some(name) => UrlFor::named(name),
        None => UrlFor::new()
            .param("controller", found.controller())
            .param("action", found.action()),
    };
    for (key, value) in found.params() {
        hash = hash.param(key, value);
    }
    set.url_for(&hash)
        .expect("what was recognised can be built")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Any path and method: no panic, the definition's answer, and a match whose URL, built
    /// back, is recognised as the same route with the same values.
    #[test]
    fn hostile_paths_are_answered_not_panicked_on(verb in any_method(), path in hostile_path()) {
        for set in [&app::ROUTES, &catch_all::ROUTES] {
            let found = set.recognize(&verb, &path);
            let given = found.as_ref().map(routes_runtime::testing::Answer::of).map_err(Clone::clone);
            prop_assert_eq!(given, routes_runtime::testing::recognize(set, &verb, &path));
            match found {
                Ok(found) => {
                    let url = regenerate(set, &found);
                    let again = set.recognize(&verb, &url).unwrap();
                    prop_assert!(std::ptr::eq(again.route(), found.route()), "{}", url);
                    prop_assert_eq!(again.controller(), found.controller());
                    prop_assert_eq!(again.action(), found.action());
                    let params: Vec<_> = found.params().collect();
                    prop_assert_eq!(again.params().collect::<Vec<_>>(), params);
                }
                Err(error) => {
                    let status = error.status();
                    prop_assert!(
                        [400, 404, 405].contains(&status.as_u16()),
                        "{} for {:?}", error, path
                    );
                }
            }
        }
    }

    /// The same for a `draw!` table, as recognition and as the dispatchers ask (the request
    /// read for its constraints, a redirect's location, a mount's split): no panic, and the
    /// definition's answer.
    #[test]
    fn hostile_paths_to_a_drawn_table_are_answered_not_panicked_on(
        verb in any_method(),
        path in hostile_path(),
        host in prop::sample::select(vec!["example.com", "api.example.com", "[::1]", "a:b:c", ""]),
    ) {
        let set = &drawn::ROUTES;
        let found = set.recognize(&verb, &path);
        let given = found.as_ref().map(routes_runtime::testing::Answer::of).map_err(Clone::clone);
        prop_assert_eq!(given, routes_runtime::testing::recognize(set, &verb, &path));
        if let Err(error) = &found {
            prop_assert!(
                [400, 404, 405, 414].contains(&error.status().as_u16()),
                "{} for {:?}", error, path
            );
        }
        let request = http::Request::builder()
            .method(verb.clone())
            .uri(&path)
            .header("host", host)
            .body(());
        if let Ok(request) = request {
            let (parts, ()) = request.into_parts();
            if let Ok(found) = set.recognize_parts(&verb, &parts) {
                let _ = found.redirect_from(&parts.uri, &parts.headers);
                let _ = found.mount();
            }
            if let Ok(routed) = resourceful::Routed::recognize_parts(set, &parts) {
                let _ = routed.mount();
            }
        }
    }
}

/// Found by the `url` fuzz target: a helper writes whatever path its values make, but one
/// over the limit is refused as such when it comes back, never cut short or misread.
#[test]
fn a_built_path_over_the_limit_is_refused_whole() {
    let long = "\u{FFFD}".repeat(MAX_PATH_LEN / 9 + 1);
    let path = app::article_comment_path(&long, "2");
    assert!(path.len() > MAX_PATH_LEN, "{}", path.len());
    assert_eq!(
        app::ROUTES.recognize(&Method::GET, &path),
        Err(RoutingError::PathTooLong {
            length: path.len(),
            limit: MAX_PATH_LEN,
        })
    );
    let fits = "\u{FFFD}".repeat(MAX_PATH_LEN / 9 - 4);
    let path = app::article_comment_path(&fits, "2");
    let found = app::ROUTES.recognize(&Method::GET, &path).unwrap();
    assert_eq!(found.param("article_id"), Some(fits.as_str()));
}
