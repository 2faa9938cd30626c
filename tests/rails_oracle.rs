//! `draw!` against Rails 6.1 itself: each routes file under tests/rails/routes was drawn by
//! Rails (tests/rails/oracle.rb), which answered requests made from every route's pattern,
//! named helpers and `url_for`; the answers are tests/rails/answers. The `draw!` port of each
//! file (tests/rails/draw) must answer the same, but where this crate differs on purpose:
//!
//! - a request whose path some route takes with another method is a 405 here, a 404 in Rails;
//! - a constraint given as a function of the request (Rails' lambda) sees the request, not its
//!   params;
//! - Rails answers 500 where its own code raises (a redirect's `%{param}` that the path left
//!   out, a controller constant that does not exist); those requests are not compared.

use std::collections::BTreeMap;

use http::Method;
use resourceful::{RouteSet, RouteTarget, UrlFor};
use serde_json::Value;

mod forms {
    include!("rails/draw/forms.rs");
}

/// What a request was answered with, in the terms Rails' answers use.
fn ours(set: &RouteSet, method: &str, host: &str, https: bool, path: &str) -> Value {
    let method = Method::from_bytes(method.as_bytes()).expect("a method");
    let scheme = if https { "https" } else { "http" };
    let request = http::Request::builder()
        .uri(format!("{scheme}://{host}{path}"))
        .header("host", host)
        .body(());
    match request {
        Ok(request) => {
            let (parts, ()) = request.into_parts();
            answer(set.recognize_parts(&method, &parts))
        }
        // A path `http` will not take as a URI is answered as a path alone.
        Err(_) => answer(set.recognize(&method, path)),
    }
}

fn answer(recognized: Result<resourceful::Recognized<'_, '_>, resourceful::RoutingError>) -> Value {
    match recognized {
        Err(e) if e.status().as_u16() == 405 => serde_json::json!({"status": 405}),
        Err(e) => serde_json::json!({"status": e.status().as_u16()}),
        Ok(found) => match found.route().target() {
            RouteTarget::Redirect { status, .. } => serde_json::json!({
                "status": status,
                "location": found.redirect().map(|r| r.location().to_owned()).unwrap_or_default(),
            }),
            RouteTarget::Mount => serde_json::json!({"status": 200, "mount": found.route().name()}),
            RouteTarget::Action => {
                let mut params: BTreeMap<String, String> = found
                    .params()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect();
                params.insert("controller".into(), found.controller().into());
                params.insert("action".into(), found.action().into());
                serde_json::json!({
                    "status": 200,
                    "controller": found.controller(),
                    "action": found.action(),
                    "params": params,
                })
            }
        },
    }
}

/// Whether `ours` answers a request as Rails' `rails` does, allowing the differences the file
/// opens with.
fn agrees(rails: &Value, ours: &Value) -> bool {
    match (rails["status"].as_u64(), ours["status"].as_u64()) {
        (Some(404), Some(405)) => true,
        (Some(500), _) => true,
        _ if rails.get("mount").is_some() => ours.get("mount").is_some(),
        // Rails writes a path behind the request's scheme and host.
        _ if rails.get("location").is_some() => {
            let ours_location = ours["location"].as_str().unwrap_or_default();
            rails["status"] == ours["status"]
                && rails["location"].as_str().is_some_and(|l| {
                    l == ours_location
                        || (ours_location.starts_with('/')
                            && l.strip_suffix(ours_location).is_some_and(|origin| {
                                origin.starts_with("http") && origin.matches('/').count() == 2
                            }))
                })
        }
        _ => {
            let mut rails = rails.clone();
            if let Some(params) = rails.get_mut("params").and_then(Value::as_object_mut) {
                params.retain(|_, v| !v.is_null());
            }
            rails == *ours
        }
    }
}

/// The disagreements of `set` with Rails' answers `name`, as lines to print.
fn disagreements(set: &RouteSet, name: &str) -> (usize, Vec<String>) {
    let path = format!("{}/rails/answers/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let answers: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect(&path)).expect("answers parse");
    let mut compared = 0;
    let mut out = Vec::new();
    for request in answers["requests"].as_array().expect("requests") {
        let (method, path, host) = (
            request["method"].as_str().unwrap_or_default(),
            request["path"].as_str().unwrap_or_default(),
            request["host"].as_str().unwrap_or("example.com"),
        );
        let https = request["https"].as_bool().unwrap_or(false);
        let answer = ours(set, method, host, https, path);
        compared += 1;
        if !agrees(&request["answer"], &answer) {
            out.push(format!(
                "{method} {path}\n  rails: {}\n  ours:  {answer}",
                request["answer"]
            ));
        }
    }
    for call in answers["helpers"].as_array().expect("helpers") {
        let helper = call["helper"].as_str().unwrap_or_default();
        let Some(name) = helper.strip_suffix("_path") else {
            continue;
        };
        let mut options = UrlFor::named(name);
        // Positional arguments fill the pattern's keys in order, as Rails' helpers fill them.
        let given = call["params"].as_object().expect("params");
        if let Some(args) = call["args"].as_array() {
            let Some(route) = set.routes().iter().find(|r| r.name() == Some(name)) else {
                continue;
            };
            let keys = pattern_keys(route.pattern());
            let free = keys
                .iter()
                .filter(|k| *k != "format" && !given.contains_key(*k));
            for (key, arg) in free.zip(args) {
                if let Some(arg) = arg.as_str() {
                    options = options.param(key.as_str(), arg);
                }
            }
        }
        for (key, value) in given {
            if let Some(value) = value.as_str() {
                options = if key == "format" {
                    options.format(value)
                } else {
                    options.param(key.as_str(), value)
                };
            }
        }
        let ours = set.url_for(&options);
        compared += 1;
        let agree = match (&call["answer"]["path"], &ours) {
            (Value::String(path), Ok(ours)) => path == ours,
            (Value::Null, Err(_)) => true,
            _ => false,
        };
        if !agree {
            out.push(format!(
                "{helper}({})\n  rails: {}\n  ours:  {ours:?}",
                call["params"], call["answer"]
            ));
        }
    }
    (compared, out)
}

/// The keys of a pattern (`:name` and `*name`), in order.
fn pattern_keys(pattern: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' || c == '*' {
            let mut key = String::new();
            while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                key.push(n);
                chars.next();
            }
            keys.push(key);
        }
    }
    keys
}

fn check(set: &RouteSet, name: &str) {
    let (compared, out) = disagreements(set, name);
    assert!(
        out.is_empty(),
        "{} of {compared} answers differ from Rails':\n{}",
        out.len(),
        out.join("\n")
    );
}

#[test]
fn forms_answers_as_rails() {
    check(&forms::ROUTES, "forms");
}
