//! The definition of recognition for a route set `draw!` wrote, as Rails 3 and later's Journey
//! router defines it: the path normalised as `Journey::Router::Utils.normalize_path` does (a
//! leading `/`, `//` squeezed, a trailing `/` dropped, escapes' hex digits upper-cased), then
//! every route in declaration order, its pattern read as the regular expression Journey makes
//! of it (a value is `[^/.?]+` unless a constraint says otherwise, a glob `.+?` unless the route
//! takes no format, a group `(?: ... )?`, a mount's pattern matched up to a word boundary, the
//! end or a `/`), its values decoded once it matches; the first that takes both the path and
//! the method wins. Written from the pattern text `rails routes` prints, it shares nothing with
//! the generated matcher but the route data and the percent-decoding of one segment. The
//! route data holds each segment's constraint but not a format's (`format = "txt"`,
//! `constraints(format = regex("json|xml"))`, and `format = true`, Rails' `.+`), which only
//! the generated matcher knows: this
//! definition reads every format as Journey's default, and is asked about tables whose
//! formats are unconstrained.

use std::sync::{Arc, Mutex, PoisonError};

use http::Method;
use regex::Regex;

use super::Answer;
use crate::encode::decode_segment;
use crate::error::RoutingError;
use crate::error_path::ErrorPath;
use crate::methods::MethodSet;
use crate::path::strip_query;
use crate::route::{Format, Route, RouteTarget};
use crate::{MAX_PATH_LEN, RouteSet};

/// Recognition of `path` by a `draw!` set, by its definition. Routes with request constraints
/// take no request known by its path alone.
pub(super) fn recognize(
    set: &RouteSet,
    method: &Method,
    path: &str,
) -> Result<Answer, RoutingError> {
    let shown = strip_query(path);
    if shown.len() > MAX_PATH_LEN {
        return Err(RoutingError::PathTooLong {
            length: shown.len(),
            limit: MAX_PATH_LEN,
        });
    }
    let text = normalize(shown);
    // A path deeper than every route is refused before it is read.
    let depth = if text == "/" {
        0
    } else {
        text.split('/').count() - 1
    };
    if depth > set.table().deepest {
        return Err(RoutingError::NotFound {
            method: method.clone(),
            path: ErrorPath::new(shown),
        });
    }
    let expressions = expressions(set);
    let mut allowed = MethodSet::EMPTY;
    for (index, route) in set.routes().iter().enumerate() {
        if route.is_request_constrained() {
            continue;
        }
        let expression = &expressions[index];
        let Some(captures) = expression.captures(&text) else {
            continue;
        };
        if !route.accepts(method) {
            allowed = allowed.union(route.method_set());
            continue;
        }
        let mut params = Vec::new();
        let mut format = None;
        for name in expression.capture_names().flatten() {
            let Some(raw) = captures.name(name) else {
                continue;
            };
            // A mount hands its service the path as it was sent.
            let value = if route.target() == RouteTarget::Mount {
                raw.as_str().to_owned()
            } else {
                decode_segment(raw.as_str())
                    .map_err(|_| RoutingError::BadRequest {
                        path: ErrorPath::new(shown),
                        reason: "a percent-escape does not decode to UTF-8",
                    })?
                    .into_owned()
            };
            if name == "format" {
                format = Some(value);
            } else {
                params.push((name.to_owned(), value));
            }
        }
        // A value the path left out is its default, where it has one.
        for param in route.params() {
            if let Some(default) = param.default
                && !params.iter().any(|(k, _)| k == param.name)
            {
                let at = route
                    .params()
                    .take_while(|p| p.name != param.name)
                    .filter(|p| params.iter().any(|(k, _)| k == p.name))
                    .count();
                params.insert(at, (param.name.to_owned(), default.to_owned()));
            }
        }
        if let Some(format) = format {
            params.push(("format".to_owned(), format));
        }
        for &(key, value) in route.defaults() {
            let Some(value) = value else { continue };
            if key != "format" || !params.iter().any(|(k, _)| k == "format") {
                params.push((key.to_owned(), value.to_owned()));
            }
        }
        return Ok(Answer {
            route: index,
            controller: route.fixed_controller().to_owned(),
            action: route.default_action().to_owned(),
            params,
        });
    }
    Err(RoutingError::refused(method, shown, allowed))
}

/// `Journey::Router::Utils.normalize_path`.
fn normalize(path: &str) -> String {
    let mut out = String::from("/");
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    if out != "/" && out.ends_with('/') {
        out.pop();
    }
    let mut upper = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find('%') {
        upper.push_str(&rest[..at]);
        let escape = rest.get(at..at + 3).filter(|e| {
            e[1..].bytes().all(|b| {
                b.is_ascii_digit() || (b'a'..=b'f').contains(&b) || (b'A'..=b'F').contains(&b)
            })
        });
        match escape {
            Some(escape) => {
                upper.push_str(&escape.to_ascii_uppercase());
                rest = &rest[at + 3..];
            }
            None => {
                upper.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    upper.push_str(rest);
    upper
}

/// The expressions of `set`'s routes, compiled once for each set a test asks about.
fn expressions(set: &RouteSet) -> Arc<Vec<Regex>> {
    static COMPILED: Mutex<Vec<(usize, Arc<Vec<Regex>>)>> = Mutex::new(Vec::new());
    let key = std::ptr::from_ref(set) as usize;
    let mut compiled = COMPILED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, expressions)) = compiled.iter().find(|(k, _)| *k == key) {
        return Arc::clone(expressions);
    }
    let expressions: Arc<Vec<Regex>> =
        Arc::new(set.routes().iter().map(|r| expression(set, r)).collect());
    compiled.push((key, Arc::clone(&expressions)));
    expressions
}

/// The regular expression Journey matches a path with, for `route`'s pattern.
fn expression(set: &RouteSet, route: &Route) -> Regex {
    let requirement = |name: &str| {
        route
            .params()
            .find(|p| p.name == name)
            .and_then(|p| p.requirement)
            .map(|index| set.checks().requirements.source(index))
    };
    let lazy_globs = route.format() != Format::None;
    let mut source = String::from(r"\A");
    let mut chars = route.pattern().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' => source.push_str("(?:"),
            ')' => source.push_str(")?"),
            ':' | '*' => {
                let mut name = String::new();
                while let Some(&next) = chars.peek() {
                    if !(next.is_ascii_alphanumeric() || next == '_') {
                        break;
                    }
                    name.push(next);
                    chars.next();
                }
                let body = match (requirement(&name), c) {
                    (Some(source), _) => source.to_owned(),
                    (None, ':') => "[^/.?]+".to_owned(),
                    (None, _) if lazy_globs => ".+?".to_owned(),
                    (None, _) => ".+".to_owned(),
                };
                source.push_str(&format!("(?P<{name}>{body})"));
            }
            other => source.push_str(&regex::escape(&other.to_string())),
        }
    }
    if route.target() == RouteTarget::Mount {
        if route.pattern() == "/" {
            source = String::from(r"\A/");
        } else {
            source.push_str(r"(?:\b|\z|/)");
        }
    } else {
        source.push_str(r"\z");
    }
    Regex::new(&source).expect("a route's pattern reads as a regular expression")
}
