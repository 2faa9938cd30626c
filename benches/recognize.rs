//! Recognition, side by side with matchit (axum's router) on the same tables and the same
//! requests: `cargo bench --bench recognize`.
//!
//! matchit gets each route's pattern in its own syntax (params named by position, since it
//! requires one name per position) and, per pattern, the routes that share it with their
//! methods, so that it does the same work: find the path, then the first route that takes the
//! method, else collect the allowed methods. It has no optional `.format`, so format-free
//! requests are used throughout. After the runs, a table of medians per lookup and their ratio
//! is printed from criterion's own estimates.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use http::Method;
use resourceful::{Route, RouteSet};

mod support;

mod github {
    include!("github_routes.rs");
}

mod app {
    include!("rails_app.rs");
}

struct Request {
    method: Method,
    path: String,
}

/// matchit, with per pattern the routes that share it, in declaration order.
struct Matchit {
    router: matchit::Router<usize>,
    entries: Vec<Vec<&'static [Method]>>,
}

/// The outcome both routers report, so that the work cannot be optimised away.
#[derive(Debug, PartialEq)]
enum Outcome {
    Found,
    WrongMethod(usize),
    NotFound,
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

    fn recognize(&self, method: &Method, path: &str) -> Outcome {
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
                black_box(found.params.iter().count());
                return Outcome::Found;
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
        Ok(found) => {
            black_box(found.params().count());
            Outcome::Found
        }
        Err(resourceful::RoutingError::MethodNotAllowed { allowed, .. }) => {
            Outcome::WrongMethod(allowed.len())
        }
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

struct Row {
    name: String,
    routes: usize,
    requests: usize,
    outcomes: [usize; 3],
}

/// Alternating rounds per table; the ratio reported is their median.
const ROUNDS: usize = 3;

fn compare(c: &mut Criterion, name: &str, set: &RouteSet, requests: &[Request]) -> Row {
    let matchit = Matchit::new(set.routes());
    let mut outcomes = [0usize; 3];
    let default_route = set
        .routes()
        .iter()
        .any(|r| r.controller().fixed().is_none());
    for request in requests {
        let ours = ours(set, &request.method, &request.path);
        outcomes[match ours {
            Outcome::Found => 0,
            Outcome::WrongMethod(_) => 1,
            Outcome::NotFound => 2,
        }] += 1;
        // The same verdicts, or the comparison would not be fair. They may differ where Rails'
        // rules are not matchit's: a trailing `/` is tolerated here, and the default route's
        // place in declaration order is not matchit's priority.
        let theirs = matchit.recognize(&request.method, &request.path);
        assert!(
            std::mem::discriminant(&ours) == std::mem::discriminant(&theirs)
                || request.path.ends_with('/')
                || default_route,
            "{name}: {} {} is {ours:?} here and {theirs:?} in matchit",
            request.method,
            request.path
        );
    }
    support::run(
        c,
        name,
        ROUNDS,
        || {
            for request in requests {
                black_box(ours(set, &request.method, black_box(&request.path)));
            }
        },
        || {
            for request in requests {
                black_box(matchit.recognize(&request.method, black_box(&request.path)));
            }
        },
    );
    Row {
        name: name.to_owned(),
        routes: set.routes().len(),
        requests: requests.len(),
        outcomes,
    }
}

fn print_report(report: &[Row]) {
    println!(
        "\nmedian time per lookup (this run; ratio: median of {ROUNDS} alternating rounds, and their range):"
    );
    println!(
        "{:<14} {:>6} {:>9} {:>12} {:>12} {:>9} {:>7} {:>12}",
        "table", "routes", "requests", "hit/405/404", "resourceful", "matchit", "ratio", "range"
    );
    for row in report {
        let Some(c) = support::read(&row.name, ROUNDS) else {
            println!(
                "{:<14} (no estimates found; was the group filtered out?)",
                row.name
            );
            continue;
        };
        let per = |total: f64| total / row.requests as f64;
        let [hit, wrong, missing] = row.outcomes;
        println!(
            "{:<14} {:>6} {:>9} {:>12} {:>9.1} ns {:>6.1} ns {:>6.2}x {:>5.2}-{:.2}x",
            row.name,
            row.routes,
            row.requests,
            format!("{hit}/{wrong}/{missing}"),
            per(c.ours),
            per(c.theirs),
            c.ratio,
            c.lowest,
            c.highest
        );
    }
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let report = vec![
        compare(
            &mut criterion,
            "github",
            &github::ROUTES,
            &github_requests(),
        ),
        compare(&mut criterion, "rails-app", &app::ROUTES, &app_requests()),
    ];
    criterion.final_summary();
    print_report(&report);
}
