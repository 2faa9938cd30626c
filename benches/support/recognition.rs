//! Recognition and its peers, for `recognize.rs` and `scaling.rs`: matchit with and without
//! the method check, resourceful's answer in the same shape, and the check that both give the
//! same verdicts and values before they are timed.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::Criterion;
use http::Method;
use resourceful::{Route, RouteSet, RoutingError};

/// Alternating rounds per comparison; the ratio reported is their median.
pub const ROUNDS: usize = 3;

pub struct Request {
    pub method: Method,
    pub path: String,
}

/// What a lookup found, so that the work cannot be optimised away and both routers can be
/// held to the same verdicts: for a match, the summed lengths of the param values.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Found(usize),
    WrongMethod(usize),
    NotFound,
}

macro_rules! peer {
    ($(#[$doc:meta])* $name:ident, $krate:ident) => {
$(#[$doc])*
pub struct $name {
    router: $krate::Router<usize>,
    entries: Vec<Vec<&'static [Method]>>,
}

impl $name {
    pub fn new(routes: &[Route]) -> Self {
        let mut router = $krate::Router::new();
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
        $name { router, entries }
    }

    /// The GitHub routes as matchit's own benchmark declares them, from the data file
    /// (`/repos/{p1}/{p2}/milestones/` keeps its trailing `/`), each for GET.
    pub fn github() -> Self {
        let mut router = $krate::Router::new();
        let mut entries: Vec<Vec<&'static [Method]>> = Vec::new();
        for pattern in include_str!("../data/github-api-routes.txt").lines() {
            let pattern: Vec<String> = pattern
                .split('/')
                .map(|s| match s.strip_prefix(':') {
                    Some(name) => format!("{{{name}}}"),
                    None => s.to_owned(),
                })
                .collect();
            router
                .insert(pattern.join("/"), entries.len())
                .expect("matchit takes the GitHub routes");
            entries.push(vec![&[Method::GET]]);
        }
        $name { router, entries }
    }

    /// `Router::at` alone: the path, no method.
    pub fn bare(&self, path: &str) -> Outcome {
        match self.router.at(path) {
            Ok(found) => Outcome::Found(found.params.iter().map(|(_, v)| v.len()).sum()),
            Err(_) => Outcome::NotFound,
        }
    }

    /// `Router::at` alone, its answer left as it is: the peer of a typed route, whose
    /// params are its fields, not read.
    pub fn at<'p>(&'p self, path: &'p str) -> Option<$krate::Match<'p, 'p, &'p usize>> {
        self.router.at(path).ok()
    }

    /// `Router::at`, then the first route of the pattern that takes the method.
    pub fn with_methods(&self, method: &Method, path: &str) -> Outcome {
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
    };
}

peer! {
    /// matchit's newest release, with per pattern the methods of the routes that share it, in
    /// declaration order.
    Matchit, matchit
}

peer! {
    /// matchit 0.8, the release axum 0.8 routes with (it pins `=0.8.4`), held alike.
    Matchit08, matchit08
}

/// A pattern as `rails routes` prints it (`/:controller(/:action(/:id))(.:format)`) without
/// its format and parentheses, and how many of its segments a path must give.
fn without_parentheses(pattern: &str) -> (String, usize) {
    let pattern = pattern.strip_suffix("(.:format)").unwrap_or(pattern);
    let required = pattern.split('(').next().unwrap_or("");
    let required = required.split('/').filter(|s| !s.is_empty()).count();
    (pattern.replace(['(', ')'], ""), required)
}

/// A route's pattern in matchit's syntax: `{pN}` for the dynamic segment at position N (`{*pN}`
/// for a glob), one pattern per length for optional trailing segments, no format.
pub fn matchit_patterns(route: &Route) -> Vec<String> {
    let (pattern, required) = without_parentheses(route.pattern());
    let segments: Vec<String> = pattern
        .split('/')
        .skip(1)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| {
            if s.starts_with(':') {
                format!("{{p{i}}}")
            } else if s.starts_with('*') {
                format!("{{*p{i}}}")
            } else {
                s.to_owned()
            }
        })
        .collect();
    (required..=segments.len())
        .map(|n| format!("/{}", segments[..n].join("/")))
        .collect()
}

pub fn ours(set: &RouteSet, method: &Method, path: &str) -> Outcome {
    match set.recognize(method, path) {
        Ok(found) => Outcome::Found(found.params().map(|(_, v)| v.len()).sum()),
        Err(RoutingError::MethodNotAllowed { allowed, .. }) => Outcome::WrongMethod(allowed.len()),
        Err(_) => Outcome::NotFound,
    }
}

/// A path for `route` with its dynamic segments filled in.
pub fn sample_path(route: &Route) -> String {
    let (pattern, _) = without_parentheses(route.pattern());
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

/// Holds both routers to the same verdicts on every request, and returns the count of hits,
/// 405s and 404s. Verdicts may differ where Rails' rules are not matchit's (a trailing `/` is
/// tolerated here, and the default route's place in declaration order is not matchit's
/// priority); where both find a match, they must find the same values. The two releases of
/// matchit must agree on everything.
pub fn check(
    name: &str,
    set: &RouteSet,
    (matchit, matchit08): (&Matchit, &Matchit08),
    requests: &[Request],
) -> [usize; 3] {
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
        assert_eq!(
            theirs,
            matchit08.with_methods(&request.method, &request.path),
            "{name}: {} {}: matchit 0.9 and 0.8 differ",
            request.method,
            request.path
        );
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

/// Runs resourceful against both releases of matchit plus the method check on one table.
pub fn pair(
    criterion: &mut Criterion,
    group: &str,
    set: &RouteSet,
    (matchit, matchit08): (&Matchit, &Matchit08),
    requests: &[Request],
) {
    super::run(
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
            ("matchit08-methods", &mut || {
                for r in requests {
                    black_box(matchit08.with_methods(&r.method, black_box(&r.path)));
                }
            }),
        ],
    );
}
