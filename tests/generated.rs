//! The recogniser `routes!` writes into the program (the table's plan rendered as code), held
//! against the same plan walked as data and against the reference recogniser (every route in
//! order), on the benchmarks' tables and on one built to be awkward, for every path made of
//! up to four of the tables' own words and every method.

use http::Method;
use resourceful::__private::Plan;
use resourceful::RouteSet;

mod github {
    include!("../benches/github_routes.rs");
}

mod app {
    include!("../benches/rails_app.rs");
}

mod awkward {
    resourceful::routes! {
        named(robots, "/robots.txt", controller = "files");
        named(feed, "/feed.:format", controller = "feeds", via = get);
        resources(articles, requirements(id = "[a-z.]+"), member(publish: put)) {
            resources(comments);
        }
        named(page, "/:slug", controller = "pages", via = get);
        named(thing, "/x/:id/y", controller = "things");
        resources(photos, except(index), new(upload: post));
        namespace(admin) { resources(users, requirements(id = "[0-9]+")); }
        named(late, "/articles/new/x", controller = "late", via = [get, delete]);
        connect("/:controller/:action/:id");
        named(after, "/later/:id", controller = "after");
        named(late_page, "/:slug", controller = "late_pages", via = delete);
        named(late_feed, "/feed.:format", controller = "late_feeds", via = post);
    }
}

/// Words of the tables, values, and pieces that make paths awkward.
fn words(set: &RouteSet) -> Vec<String> {
    let mut words: Vec<String> = set
        .routes()
        .iter()
        .flat_map(|r| r.pattern().split(['/', '(', ')']))
        .filter(|w| !w.is_empty() && !w.starts_with(':') && !w.starts_with('.'))
        .map(str::to_owned)
        .collect();
    words.sort();
    words.dedup();
    for extra in [
        "1",
        "42",
        "a.b",
        "x.json",
        "1.xml",
        "new.json",
        "robots",
        "txt",
        "feed.json",
        "",
        "%41",
        "abc",
    ] {
        words.push(extra.to_owned());
    }
    words
}

/// A path for each route, its dynamic segments filled with `12`.
fn samples(set: &RouteSet) -> Vec<String> {
    set.routes()
        .iter()
        .map(|r| {
            let pattern = r
                .pattern()
                .replace("(.:format)", "")
                .replace(".:format", ".json");
            let filled: Vec<&str> = pattern
                .split('/')
                .map(|s| if s.starts_with(':') { "12" } else { s })
                .collect();
            filled.join("/")
        })
        .collect()
}

/// Paths of up to four words, from a deterministic walk through the combinations (all pairs, with and without a trailing `/`, a format
/// and a query.
fn paths(set: &RouteSet) -> Vec<String> {
    let words = words(set);
    let mut paths = vec!["/".to_owned(), String::new(), "/?q=1".to_owned()];
    for sample in samples(set) {
        paths.push(format!("{sample}.xml"));
        paths.push(format!("{sample}/"));
        paths.push(sample);
    }
    let mut current: Vec<String> = vec![String::new()];
    for depth in 1..=4 {
        let mut next = Vec::new();
        for (i, prefix) in current.iter().enumerate() {
            for (j, word) in words.iter().enumerate() {
                if depth > 1 && (i * 31 + j) % 13 != 0 {
                    continue;
                }
                next.push(format!("{prefix}/{word}"));
            }
        }
        next.truncate(2_000);
        for (k, path) in next.iter().enumerate() {
            paths.push(path.clone());
            match k % 4 {
                0 => paths.push(format!("{path}/")),
                1 => paths.push(format!("{path}.json")),
                2 => paths.push(format!("{path}?a=/b.c")),
                _ => {}
            }
        }
        current = next;
    }
    paths
}

const METHODS: [Method; 7] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
];

/// Every path and method: the generated code's match is the plan's, the plan's is the
/// reference's, and `recognize` is the reference's. Returns how many requests the generated
/// code answered itself.
fn agree(set: &RouteSet) -> usize {
    let plan = Plan::of(set.routes());
    let covered = plan.covered;
    let mut answered = 0;
    for path in paths(set) {
        for method in &METHODS {
            let generated = set.__recognize_generated(method, &path);
            let planned = plan.recognize(set, method, &path);
            let reference = set.__recognize_reference(method, &path);
            assert_eq!(
                generated,
                planned.flatten(),
                "{method} {path:?}: code and plan"
            );
            assert_eq!(set.recognize(method, &path), reference, "{method} {path:?}");
            match (generated, &reference) {
                (Some(found), _) => {
                    answered += 1;
                    assert_eq!(Ok(found), reference, "{method} {path:?}");
                }
                (None, Ok(found)) => {
                    let index = set
                        .routes()
                        .iter()
                        .position(|r| std::ptr::eq(r, found.route()));
                    let unread = path.contains('%') || path.contains("//") || path.is_empty();
                    assert!(
                        unread || index.is_some_and(|i| i >= covered),
                        "{method} {path:?}: the code missed route {index:?} of {covered} planned",
                    );
                }
                (None, Err(_)) => {}
            }
        }
    }
    answered
}

#[test]
fn the_github_table_code_agrees_with_plan_and_reference() {
    assert!(agree(&github::ROUTES) > 1000);
}

#[test]
fn the_rails_app_code_agrees_with_plan_and_reference() {
    assert!(agree(&app::ROUTES) > 1000);
}

#[test]
fn an_awkward_table_code_agrees_with_plan_and_reference() {
    assert!(agree(&awkward::ROUTES) > 100);
}

#[test]
fn the_code_answers_what_its_plan_covers_and_leaves_the_rest_to_the_trie() {
    let set = &awkward::ROUTES;
    let generated = |verb: Method, path: &str| {
        set.__recognize_generated(&verb, path).map(|f| {
            format!(
                "{}#{} {:?}",
                f.controller(),
                f.action(),
                f.params().collect::<Vec<_>>()
            )
        })
    };
    let cases = [
        (Method::GET, "/robots.txt", Some("files#index []")),
        (
            Method::GET,
            "/feed.rss",
            Some("feeds#index [(\"format\", \"rss\")]"),
        ),
        (
            Method::GET,
            "/feed",
            Some("pages#index [(\"slug\", \"feed\")]"),
        ),
        (
            Method::GET,
            "/articles/new.json",
            Some("articles#new [(\"format\", \"json\")]"),
        ),
        (
            Method::GET,
            "/articles/a.b.json",
            Some("articles#show [(\"id\", \"a.b.json\")]"),
        ),
        (Method::GET, "/articles/new/x", Some("late#index []")),
        (Method::DELETE, "/articles/new/x", Some("late#index []")),
        (Method::POST, "/articles/new/x", None),
        (
            Method::GET,
            "/anything",
            Some("pages#index [(\"slug\", \"anything\")]"),
        ),
        (
            Method::POST,
            "/x/1/y",
            Some("things#index [(\"id\", \"1\")]"),
        ),
        (
            Method::GET,
            "/admin/users/12",
            Some("admin/users#show [(\"id\", \"12\")]"),
        ),
        (Method::GET, "/admin/users/x", None),
        (Method::GET, "/after/1", None),
        (Method::GET, "/articles/%61", None),
    ];
    for (verb, path, expected) in cases {
        let got = generated(verb.clone(), path);
        assert_eq!(got.as_deref(), expected, "{verb} {path}");
    }
    assert_eq!(
        set.recognize(&Method::GET, "/after/1")
            .unwrap()
            .controller(),
        "after"
    );
    // A request no covered route takes goes on to the routes after them, and a 405 lists the
    // methods of both.
    let answer = |verb: Method, path: &str| match set.recognize(&verb, path) {
        Ok(found) => format!("{}#{}", found.controller(), found.action()),
        Err(resourceful::RoutingError::MethodNotAllowed { allowed, .. }) => {
            format!("405 {allowed:?}")
        }
        Err(error) => format!("{}", error.status().as_u16()),
    };
    let cases = [
        (Method::DELETE, "/anything", "late_pages#index"),
        (Method::PUT, "/anything", "405 [GET, DELETE]"),
        (Method::POST, "/feed.rss", "late_feeds#index"),
        (Method::PUT, "/feed.rss", "405 [GET, POST, DELETE]"),
        (Method::PATCH, "/feed.rss", "405 [GET, POST, DELETE]"),
        (Method::DELETE, "/feed", "late_pages#index"),
        (Method::PUT, "/articles/new/x", "articles#new"),
        (Method::GET, "/x/1/z", "404"),
        // Deeper than any route after the covered ones goes.
        (Method::POST, "/articles/ab/comments/1/edit", "405 [GET]"),
        (Method::GET, "/articles/ab/comments/1/edit/x", "404"),
    ];
    for (verb, path, _) in &cases {
        assert_eq!(
            set.recognize(verb, path),
            set.__recognize_reference(verb, path),
            "{verb} {path}"
        );
    }
    for (verb, path, expected) in cases {
        assert_eq!(answer(verb.clone(), path), expected, "{verb} {path}");
    }
}
