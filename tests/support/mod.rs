//! Helpers shared by the integration tests: recognition results as short strings, so that
//! tables of cases read as one fact per row and a failure prints the row.
#![allow(dead_code)]

use http::Method;
use resourceful::{RouteSet, RoutingError};
use routes_runtime::testing::{self, Answer};

pub fn method(name: &str) -> Method {
    Method::from_bytes(name.as_bytes()).expect("a method name")
}

/// `controller#action key=value ...` for a match, `404`, `405 GET,PUT`, `414` or `400`
/// otherwise.
pub fn route(set: &RouteSet, verb: &str, path: &str) -> String {
    match set.recognize(&method(verb), path) {
        Ok(found) => {
            let mut text = format!("{}#{}", found.controller(), found.action());
            for (key, value) in found.params() {
                text.push_str(&format!(" {key}={value}"));
            }
            text
        }
        Err(RoutingError::NotFound { .. }) => "404".into(),
        Err(RoutingError::MethodNotAllowed { allowed, .. }) => {
            let names: Vec<String> = allowed.iter().map(|m| m.to_string()).collect();
            format!("405 {}", names.join(","))
        }
        Err(RoutingError::BadRequest { .. }) => "400".into(),
        Err(RoutingError::PathTooLong { .. }) => "414".into(),
        Err(other) => format!("unexpected {other}"),
    }
}

/// The generated recogniser's answer, owned.
pub fn answer(set: &RouteSet, verb: &str, path: &str) -> Result<Answer, RoutingError> {
    set.recognize(&method(verb), path)
        .map(|found| Answer::of(&found))
}

/// The answer of the plain definition of recognition.
pub fn reference(set: &RouteSet, verb: &str, path: &str) -> Result<Answer, RoutingError> {
    testing::recognize(set, &method(verb), path)
}

/// Checks a table of `(method, path, expected)` rows, reporting every failing row at once.
pub fn check_table(set: &RouteSet, rows: &[(&str, &str, &str)]) {
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|&(verb, path, expected)| {
            let got = route(set, verb, path);
            (got != expected).then(|| format!("{verb} {path}: got `{got}`, want `{expected}`"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// The table as `(name, methods, pattern, controller#action)` rows.
pub fn table(set: &RouteSet) -> Vec<(String, String, String, String)> {
    set.routes()
        .iter()
        .map(|r| {
            let methods: Vec<&str> = r.methods().iter().map(Method::as_str).collect();
            (
                r.name().unwrap_or("").to_owned(),
                methods.join("|"),
                r.pattern().to_owned(),
                r.to_string(),
            )
        })
        .collect()
}

pub fn rows(rows: &[(&str, &str, &str, &str)]) -> Vec<(String, String, String, String)> {
    rows.iter()
        .map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), d.to_string()))
        .collect()
}
