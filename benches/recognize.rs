//! Recognition, side by side with matchit (axum's router) on the same tables and the same
//! requests: `cargo bench -p resourceful-benches --bench recognize` (or `benches/run.sh`).
//!
//! - GitHub API (130 routes, 130 GET requests that all hit): against bare `matchit::Router::at`,
//!   and against matchit plus the method check below.
//! - A Rails-shaped application (`rails_app.rs`: hits, 405s and 404s): against matchit plus
//!   the method check.
//! - Scaling: tables of 10, 100, 1,000 and 10,000 routes declared through `routes!` (written
//!   by build.rs), 100 hits each, against matchit plus the method check.
//!
//! matchit gets each route's pattern in its own syntax (params named by position, since it
//! requires one name per position) and, per pattern, the routes that share it with their
//! methods, so that "plus the method check" does the same work as recognition: find the path,
//! then the first route that takes the method, else count the allowed methods. It has no
//! optional `.format`, so format-free requests are used throughout. Both sides consume the
//! params the same way: they sum the lengths of the values, which are checked to agree.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use http::Method;
use resourceful::{Route, RouteSet, RoutingError};
use support::Report;

mod support;

mod github {
    include!("github_routes.rs");
}

mod app {
    include!("rails_app.rs");
}

mod scaling {
    pub mod s10 {
        include!(concat!(env!("OUT_DIR"), "/scaling_10.rs"));
    }
    pub mod s100 {
        include!(concat!(env!("OUT_DIR"), "/scaling_100.rs"));
    }
    pub mod s1000 {
        include!(concat!(env!("OUT_DIR"), "/scaling_1000.rs"));
    }
    pub mod s10000 {
        include!(concat!(env!("OUT_DIR"), "/scaling_10000.rs"));
    }
}

/// Alternating rounds per comparison; the ratio reported is their median.
const ROUNDS: usize = 3;

struct Request {
    method: Method,
    path: String,
}

/// What a lookup found, so that the work cannot be optimised away and both routers can be
/// held to the same verdicts: for a match, the summed lengths of the param values.
#[derive(Debug, PartialEq)]
enum Outcome {
    Found(usize),
    WrongMethod(usize),
    NotFound,
}

/// matchit, with per pattern the methods of the routes that share it, in declaration order.
struct Matchit {
    router: matchit::Router<usize>,
    entries: Vec<Vec<&'static [Method]>>,
}

impl Matchit {
    fn new(routes: &[Route]) -> Self {
        let mut router = matchit::Router::new();
        let mut entries: Vec<Vec<&'static [Method]>> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for route in routes {
            for pattern in matchit_patterns(route) {
                let next = entries.len();
                let slot = *index.entry(pattern.clone()).or_insert_with(|| {
                    router
                        .insert(pattern.clone(), next)
                        .unwrap_or_else(|e| panic!("matchit refuses {pattern}: {e}"));
                    next
                });
                if slot == entries.len() {
                    entries.push(Vec::new());
                }
                entries[slot].push(route.methods());
            }
        }
        Matchit { router, entries }
    }

    /// `Router::at` alone: the path, no method.
    fn bare(&self, path: &str) -> Outcome {
        match self.router.at(path) {
            Ok(found) => Outcome::Found(found.params.iter().map(|(_, v)| v.len()).sum()),
            Err(_) => Outcome::NotFound,
        }
    }

    /// `Router::at`, then the first route of the pattern that takes the method.
    fn with_methods(&self, method: &Method, path: &str) -> Outcome {
        let method = if method == Method::HEAD {
            &Method::GET
        } else {
            method
        };
        let Ok(found) = self.router.at(path) else {
            return Outcome::NotFound;
        };
        let mut allowed = 0;
        for methods in &self.entries[*found.value] {
            if methods.is_empty() || methods.contains(method) {
                return Outcome::Found(found.params.iter().map(|(_, v)| v.len()).sum());
            }
            allowed += methods.len();
        }
        Outcome::WrongMethod(allowed)
    }
}

/// A route's pattern in matchit's syntax: `{pN}` for the dynamic segment at position N, one
/// pattern per length for optional trailing segments, no format.
fn matchit_patterns(route: &Route) -> Vec<String> {
    let pattern = route.pattern();
    let pattern = pattern.strip_suffix("(.:format)").unwrap_or(pattern);
    let segments: Vec<String> = pattern
        .split('/')
        .skip(1)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| match s.strip_prefix(':') {
            Some(_) => format!("{{p{i}}}"),
            None => s.to_owned(),
        })
        .collect();
    let optional_from = if route.controller().fixed().is_none() {
        1
    } else {
        segments.len()
    };
    (optional_from..=segments.len())
        .map(|n| format!("/{}", segments[..n].join("/")))
        .collect()
}

fn ours(set: &RouteSet, method: &Method, path: &str) -> Outcome {
    match set.recognize(method, path) {
        Ok(found) => Outcome::Found(found.params().map(|(_, v)| v.len()).sum()),
        Err(RoutingError::MethodNotAllowed { allowed, .. }) => Outcome::WrongMethod(allowed.len()),
        Err(_) => Outcome::NotFound,
    }
}

fn github_requests() -> Vec<Request> {
    include_str!("data/github-api-requests.txt")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|path| Request {
            method: Method::GET,
            path: path.to_owned(),
        })
        .collect()
}

/// A path for `route` with its dynamic segments filled in.
fn sample_path(route: &Route) -> String {
    let pattern = route.pattern();
    let pattern = pattern.strip_suffix("(.:format)").unwrap_or(pattern);
    let values = ["12", "34", "56", "78"];
    let mut filled = 0;
    let mut path = String::new();
    for segment in pattern.split('/').skip(1).filter(|s| !s.is_empty()) {
        path.push('/');
        if segment.starts_with(':') {
            path.push_str(values[filled % values.len()]);
            filled += 1;
        } else {
            path.push_str(segment);
        }
    }
    if path.is_empty() {
        path.push('/');
    }
    path
}

/// Every action of the app, then wrong methods on nested members (405s), then unknown paths
/// (404s).
fn app_requests() -> Vec<Request> {
    let routes = app::ROUTES.routes();
    let mut requests: Vec<Request> = routes
        .iter()
        .filter(|r| r.controller().fixed().is_some())
        .map(|route| Request {
            method: route.methods().first().cloned().unwrap_or(Method::GET),
            path: sample_path(route),
        })
        .collect();
    for route in routes {
        let path = sample_path(route);
        if route.action().fixed() == Some("show") && path.matches('/').count() >= 4 {
            requests.push(Request {
                method: Method::POST,
                path,
            });
        }
    }
    for path in [
        "/nope",
        "/nope/12",
        "/articles/12/comments/34/extra",
        "/users/12/posts/34/x/y",
        "/account/x/y/z",
        "/admin/nope/12/x",
        "/products/12/reviews/34/edit/x",
        "/forums/1/topics/2/replies/3/x",
        "/a/b/c/d",
        "/articles/12/comments/34/approve/now",
        "/teams/12/members/34/edit/extra",
        "/documents/12/versions/34/x",
        "/warehouses/12/bins/34/x/y",
        "/orders/12/line_items/34/x",
        "/events/12/tickets/34/edit",
    ] {
        requests.push(Request {
            method: Method::GET,
            path: path.to_owned(),
        });
    }
    requests
}

/// 100 hits spread over the table.
fn scaling_requests(set: &RouteSet) -> Vec<Request> {
    let routes = set.routes();
    (0..100)
        .map(|i| {
            let route = &routes[(i * 7919) % routes.len()];
            Request {
                method: route.methods()[0].clone(),
                path: sample_path(route),
            }
        })
        .collect()
}

/// Holds both routers to the same verdicts on every request, and returns the count of hits,
/// 405s and 404s. Verdicts may differ where Rails' rules are not matchit's (a trailing `/` is
/// tolerated here, and the default route's place in declaration order is not matchit's
/// priority); where both find a match, they must find the same values.
fn check(name: &str, set: &RouteSet, matchit: &Matchit, requests: &[Request]) -> [usize; 3] {
    let mut outcomes = [0usize; 3];
    let default_route = set
        .routes()
        .iter()
        .any(|r| r.controller().fixed().is_none());
    for request in requests {
        let ours = ours(set, &request.method, &request.path);
        outcomes[match ours {
            Outcome::Found(_) => 0,
            Outcome::WrongMethod(_) => 1,
            Outcome::NotFound => 2,
        }] += 1;
        let theirs = matchit.with_methods(&request.method, &request.path);
        let same_kind = std::mem::discriminant(&ours) == std::mem::discriminant(&theirs);
        assert!(
            same_kind || request.path.ends_with('/') || default_route,
            "{name}: {} {} is {ours:?} here and {theirs:?} in matchit",
            request.method,
            request.path
        );
        if let (Outcome::Found(a), Outcome::Found(b)) = (&ours, &theirs) {
            assert!(
                a == b || default_route,
                "{name}: {} {}: the values sum to {a} here and {b} in matchit",
                request.method,
                request.path
            );
        }
    }
    outcomes
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut report = Report::new("recognize", ROUNDS);

    // GitHub: every request is a GET hit, so bare matchit does the same work but the method.
    let set = &github::ROUTES;
    let requests = github_requests();
    let matchit = Matchit::new(set.routes());
    let [hits, ..] = check("github", set, &matchit, &requests);
    assert_eq!(hits, requests.len(), "every GitHub request is a hit");
    for request in &requests {
        assert_eq!(
            ours(set, &request.method, &request.path),
            matchit.bare(&request.path)
        );
    }
    support::run(
        &mut criterion,
        "github",
        ROUNDS,
        &mut [
            ("resourceful", &mut || {
                for r in &requests {
                    black_box(ours(set, &r.method, black_box(&r.path)));
                }
            }),
            ("matchit-bare", &mut || {
                for r in &requests {
                    black_box(matchit.bare(black_box(&r.path)));
                }
            }),
            ("matchit-methods", &mut || {
                for r in &requests {
                    black_box(matchit.with_methods(&r.method, black_box(&r.path)));
                }
            }),
        ],
    );
    report.add(
        &format!("GitHub, {} routes, vs bare matchit", set.routes().len()),
        "github",
        "resourceful",
        "matchit-bare",
        requests.len(),
    );
    report.add(
        &format!(
            "GitHub, {} routes, vs matchit + methods",
            set.routes().len()
        ),
        "github",
        "resourceful",
        "matchit-methods",
        requests.len(),
    );

    // The Rails-shaped app: hits, 405s and 404s.
    let set = &app::ROUTES;
    let requests = app_requests();
    let matchit = Matchit::new(set.routes());
    let [hits, wrong, missing] = check("rails-app", set, &matchit, &requests);
    pair(&mut criterion, "rails-app", set, &matchit, &requests);
    report.add(
        &format!(
            "Rails app, {} routes, {hits}/{wrong}/{missing} hit/405/404",
            set.routes().len()
        ),
        "rails-app",
        "resourceful",
        "matchit-methods",
        requests.len(),
    );

    // Scaling: the same shape of table at four sizes.
    let tables: [(&str, &RouteSet); 4] = [
        ("scaling-10", &scaling::s10::ROUTES),
        ("scaling-100", &scaling::s100::ROUTES),
        ("scaling-1000", &scaling::s1000::ROUTES),
        ("scaling-10000", &scaling::s10000::ROUTES),
    ];
    for (name, set) in tables {
        let requests = scaling_requests(set);
        let matchit = Matchit::new(set.routes());
        let [hits, ..] = check(name, set, &matchit, &requests);
        assert_eq!(hits, requests.len(), "{name}: every request is a hit");
        pair(&mut criterion, name, set, &matchit, &requests);
        report.add(
            &format!(
                "{} routes, 100 hits, vs matchit + methods",
                set.routes().len()
            ),
            name,
            "resourceful",
            "matchit-methods",
            requests.len(),
        );
    }
    criterion.final_summary();
    scaling_note(&mut report, &tables.map(|(name, _)| name));
    report.finish();
}

/// Runs resourceful against matchit plus the method check on one table.
fn pair(
    criterion: &mut Criterion,
    group: &str,
    set: &RouteSet,
    matchit: &Matchit,
    requests: &[Request],
) {
    support::run(
        criterion,
        group,
        ROUNDS,
        &mut [
            ("resourceful", &mut || {
                for r in requests {
                    black_box(ours(set, &r.method, black_box(&r.path)));
                }
            }),
            ("matchit-methods", &mut || {
                for r in requests {
                    black_box(matchit.with_methods(&r.method, black_box(&r.path)));
                }
            }),
        ],
    );
}

/// How lookup time grows with the table, against how log n grows.
fn scaling_note(report: &mut Report, groups: &[&str]) {
    let times: Vec<Option<f64>> = groups
        .iter()
        .map(|group| support::compare(group, ROUNDS, "resourceful", "matchit-methods"))
        .map(|c| c.map(|c| c.ours))
        .collect();
    let Some(Some(base)) = times.first().copied() else {
        return;
    };
    let mut line = String::from("growth from 10 routes (time / time at 10; log n / log 10):");
    for (group, time) in groups.iter().zip(&times) {
        let n: f64 = group.trim_start_matches("scaling-").parse().unwrap();
        if let Some(time) = time {
            line.push_str(&format!(
                " {n}: {:.2}x ({:.1}x)",
                time / base,
                n.log10() / 10f64.log10()
            ));
        }
    }
    report.note(&line);
}
