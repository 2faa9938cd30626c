//! What actix-web's middlewares learn of a route: `HttpRequest::match_pattern()`, which
//! tracing and metrics middlewares label requests by, reads the patterns registered in the
//! application's resource map. The dispatcher registers one resource per pattern of its route
//! set: named by the route's own pattern (`/articles/:id(.:format)`, behind the scope's
//! prefix), and matching, as a regular expression, the paths that route takes.
//!
//! actix-web reads a pattern with `{`braces`}` as its own syntax and panics on one it cannot
//! parse, so a route whose text holds a brace, or whose requirement uses what either of the
//! regular-expression engines actix-web may be built with does not read, is matched by its
//! shape alone (its params by any text) or, for a brace in its pattern, not registered.

use actix_web::dev::{ResourceDef, ResourceMap};

use crate::RouteSet;
use crate::route::{Route, Segment};

/// The resource map of the patterns of `sets` (a dispatcher's, then its fallbacks') under
/// `root`, the dispatcher's own resource.
pub(super) fn resource_map(sets: &[&'static RouteSet], root: &ResourceDef) -> ResourceMap {
    let mut map = ResourceMap::new(root.clone());
    let mut seen: Vec<&str> = Vec::new();
    for (set, route) in sets
        .iter()
        .flat_map(|set| set.routes().iter().map(move |route| (*set, route)))
    {
        let pattern = route.pattern();
        if seen.contains(&pattern) || pattern.contains(['{', '}']) {
            continue;
        }
        seen.push(pattern);
        if let Some(regex) = matcher(set, route) {
            let mut resource = ResourceDef::new(vec![pattern.to_owned(), regex]);
            map.add(&mut resource, None);
        }
    }
    map
}

/// The route as one actix-web dynamic segment (`{name:regex}`) spanning the whole path.
fn matcher(set: &RouteSet, route: &Route) -> Option<String> {
    let checks = set.checks();
    let mut regex = String::new();
    let mut open = 0;
    for segment in route.segments() {
        let optional = match segment {
            Segment::Param(param) => param.optional,
            Segment::Action { optional, .. } => *optional,
            _ => false,
        };
        if optional {
            regex.push_str("(?:");
            open += 1;
        }
        regex.push('/');
        match segment {
            Segment::Static(text) => regex.push_str(&regex::escape(text)),
            Segment::Param(param) => {
                let requirement = param.requirement.map(|r| checks.requirements.source(r));
                let typed = param.parses.map(|parses| parses.type_name);
                regex.push_str(&value(requirement, typed));
            }
            Segment::Action { requirement, .. } => {
                let requirement = requirement.map(|r| checks.requirements.source(r));
                regex.push_str(&value(requirement, None));
            }
            Segment::Controller { namespace, .. } => {
                let names: Vec<String> = checks
                    .controllers
                    .iter()
                    .filter_map(|controller| controller.strip_prefix(namespace))
                    .map(regex::escape)
                    .collect();
                if names.is_empty() {
                    return None;
                }
                regex.push_str(&format!("(?:{})", names.join("|")));
            }
            Segment::Glob(_) => {
                // The rest of the path, possibly empty, this `/` included.
                regex.pop();
                regex.push_str("(?:/.*)?");
            }
        }
    }
    for _ in 0..open {
        regex.push_str(")?");
    }
    if route.takes_format() {
        regex.push_str(r"(?:\.[^/.?]+)?");
    }
    if regex.is_empty() {
        regex.push('/');
    } else {
        regex.push_str("/?");
    }
    (!regex.contains(['{', '}'])).then(|| format!("{{resourceful_route:{regex}}}"))
}

/// What a value of a dynamic segment matches: its requirement where both of actix-web's
/// engines read it, else a whole number for an integer type, else any text of a segment.
fn value(requirement: Option<&str>, typed: Option<&str>) -> String {
    if let Some(requirement) = requirement.filter(|source| portable(source)) {
        return format!("(?:{requirement})");
    }
    let integer = |prefix: char| {
        typed
            .and_then(|name| name.strip_prefix(prefix))
            .is_some_and(|bits| {
                bits == "size" || (!bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit()))
            })
    };
    // As `str::parse` reads integers: an optional sign, then digits.
    if integer('u') {
        r"\+?[0-9]+".to_owned()
    } else if integer('i') {
        "[-+]?[0-9]+".to_owned()
    } else {
        "[^/.?]+".to_owned()
    }
}

/// Whether a requirement reads the same in `regex` and `regex-lite` (actix-web uses one or
/// the other, and panics on an expression it cannot read), and fits in actix-web's braces:
/// ASCII, no Unicode classes, no groups but `(?:...)` (no flags, no names), no class set
/// operations, no braces (a repetition count's would be read by actix-web as its own).
fn portable(source: &str) -> bool {
    let groups_plain = source
        .match_indices("(?")
        .all(|(at, _)| source[at..].starts_with("(?:"));
    source.is_ascii()
        && groups_plain
        && !source.contains(['{', '}'])
        && !["\\p", "\\P", "&&", "--", "~~"]
            .iter()
            .any(|unread| source.contains(unread))
}
