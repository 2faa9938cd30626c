//! The recogniser `routes!` writes into the program, held against the plain definition of
//! recognition (every route in order), on the benchmarks' tables and on one built to be
//! awkward, for every path made of up to four of the tables' own words and every method.

mod support;

use http::Method;
use resourceful::RouteSet;
use routes_runtime::testing::{self, Answer};

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

/// Every path and method: `recognize` answers as the definition does. Returns how many
/// requests a route took.
fn agree(set: &RouteSet) -> usize {
    let mut answered = 0;
    for path in paths(set) {
        for method in &METHODS {
            let found = set.recognize(method, &path);
            let given = found.as_ref().map(Answer::of).map_err(Clone::clone);
            assert_eq!(
                given,
                testing::recognize(set, method, &path),
                "{method} {path:?}"
            );
            answered += usize::from(found.is_ok());
        }
    }
    answered
}

#[test]
fn the_github_table_agrees_with_the_definition() {
    assert!(agree(&github::ROUTES) > 1000);
}

#[test]
fn the_rails_app_agrees_with_the_definition() {
    assert!(agree(&app::ROUTES) > 1000);
}

#[test]
fn an_awkward_table_agrees_with_the_definition() {
    assert!(agree(&awkward::ROUTES) > 100);
}

#[test]
fn first_match_across_formats_requirements_methods_and_the_default_route() {
    let set = &awkward::ROUTES;
    let cases = [
        ("GET", "/robots.txt", "files#index"),
        ("GET", "/feed.rss", "feeds#index format=rss"),
        ("GET", "/feed", "pages#index slug=feed"),
        ("GET", "/articles/new.json", "articles#new format=json"),
        ("GET", "/articles/a.b.json", "articles#show id=a.b.json"),
        ("GET", "/articles/new/x", "late#index"),
        ("DELETE", "/articles/new/x", "late#index"),
        ("GET", "/anything", "pages#index slug=anything"),
        ("POST", "/x/1/y", "things#index id=1"),
        ("GET", "/admin/users/12", "admin/users#show id=12"),
        ("GET", "/admin/users/x", "admin/users#x"),
        ("GET", "/after/1", "after#1"),
        ("GET", "/articles/%61", "articles#show id=a"),
        ("DELETE", "/anything", "late_pages#index slug=anything"),
        ("PUT", "/anything", "405 GET,DELETE"),
        ("POST", "/feed.rss", "late_feeds#index format=rss"),
        ("PUT", "/feed.rss", "405 GET,POST,DELETE"),
        ("PATCH", "/feed.rss", "405 GET,POST,DELETE"),
        ("DELETE", "/feed", "late_pages#index slug=feed"),
        ("PUT", "/articles/new/x", "articles#new id=x"),
        ("GET", "/x/1/z", "404"),
        ("POST", "/articles/ab/comments/1/edit", "405 GET"),
        ("GET", "/articles/ab/comments/1/edit/x", "404"),
    ];
    support::check_table(set, &cases);
    for (verb, path, _) in cases {
        assert_eq!(
            support::answer(set, verb, path),
            support::reference(set, verb, path),
            "{verb} {path}"
        );
    }
}
