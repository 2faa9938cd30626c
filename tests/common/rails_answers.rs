//! What Rails 6.1 answered for a routes file (tests/rails/answers, written by
//! tests/rails/oracle.rb), and a compiled `draw!` table's answers to the same questions: each
//! request made from the routes' patterns (with its host and scheme), each named helper, each
//! `url_for`, and the listing route by route. Shared by tests/rails_oracle.rs (`draw!`'s own
//! ports) and tests/convert_rails.rs (the converter's output), which include it with `#[path]`.
//!
//! Where `draw!` differs from Rails on purpose, [`agrees`] allows it:
//!
//! - a request whose path some route takes with another method is a 405 here, a 404 in Rails;
//! - Rails answers 500 where its own code raises (a redirect's `%{param}` that the path left
//!   out, a controller constant that does not exist); those requests are not compared;
//! - a redirect's location may be the path alone where Rails writes it behind the request's
//!   scheme and host.
#![allow(dead_code)]

use std::collections::BTreeMap;

use resourceful::http::Method;
use resourceful::{RouteSet, RouteTarget, UrlFor};
use serde_json::Value;

/// Rails' answers for `name` (`rails/sessions` is tests/rails/answers/rails/sessions.json).
pub fn answers(name: &str) -> Value {
    let path = format!("{}/rails/answers/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What a request was answered with, in the terms Rails' answers use.
pub fn ours(set: &'static RouteSet, method: &str, host: &str, https: bool, path: &str) -> Value {
    let method = Method::from_bytes(method.as_bytes()).expect("a method");
    let scheme = if https { "https" } else { "http" };
    let request = resourceful::http::Request::builder()
        .uri(format!("{scheme}://{host}{path}"))
        .header("host", host)
        .body(());
    match request {
        Ok(request) => {
            let (mut parts, ()) = request.into_parts();
            let mut answer = answer(set.recognize_parts(&method, &parts), Some(&parts));
            // A mount's service is given the path under the mount point.
            if answer.get("mount").is_some() {
                parts.method = method;
                if let Some(mount) = resourceful::Routed::recognize_parts(set, &parts)
                    .ok()
                    .and_then(|routed| routed.mount())
                {
                    answer["script_name"] = mount.prefix().into();
                    answer["path_info"] = mount.path().into();
                }
            }
            answer
        }
        // A path `http` will not take as a URI is answered as a path alone.
        Err(_) => answer(set.recognize(&method, path), None),
    }
}

/// A recognition's result as Rails' answers write it: a status, and the controller, action
/// and params, the redirect's location or the mount.
pub fn answer(
    recognized: Result<resourceful::Recognized<'_, '_>, resourceful::RoutingError>,
    request: Option<&resourceful::http::request::Parts>,
) -> Value {
    match recognized {
        Err(e) => serde_json::json!({"status": e.status().as_u16()}),
        Ok(found) => match found.route().target() {
            RouteTarget::Redirect { status, .. } => serde_json::json!({
                "status": status,
                "location": request
                    .and_then(|parts| found.redirect_from(&parts.uri, &parts.headers))
                    .or_else(|| found.redirect())
                    .map(|r| r.location().to_owned())
                    .unwrap_or_default(),
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

/// Whether `ours` answers a request as Rails' `rails` does, allowing the differences the
/// module opens with.
pub fn agrees(rails: &Value, ours: &Value) -> bool {
    match (rails["status"].as_u64(), ours["status"].as_u64()) {
        (Some(404), Some(405)) => true,
        (Some(500), _) => true,
        // Rails' `BadRequest` carries Ruby's own message; the status is the answer.
        (Some(400), Some(400)) => true,
        _ if rails.get("mount").is_some() => {
            ours.get("mount").is_some()
                && rails["script_name"] == ours["script_name"]
                && rails["path_info"] == ours["path_info"]
        }
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

/// One answer of ours that is not Rails': what was asked, and both answers (a route of ours
/// that Rails' listing does not have has no answer of Rails').
pub struct Disagreement {
    pub asked: String,
    pub rails: Option<String>,
    pub ours: String,
}

impl Disagreement {
    /// The disagreement on one line: `asked: ours ...; Rails ...`.
    pub fn line(&self) -> String {
        match &self.rails {
            Some(rails) => format!("{}: ours {}; Rails {rails}", self.asked, self.ours),
            None => format!("{}: {}", self.asked, self.ours),
        }
    }
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.rails {
            Some(rails) => write!(
                f,
                "{}\n  rails: {rails}\n  ours:  {}",
                self.asked, self.ours
            ),
            None => write!(f, "{}: {}", self.asked, self.ours),
        }
    }
}

/// How many answers of `set` were compared with Rails' answers `name`, and those that
/// differ. `left_out` are routes of Rails' listing (`"GET /path(.:format) controller#action"`)
/// that the table does not have: their names' helpers are not asked, and the next route of
/// the same path takes a name left without its route, as Rails would name it. The requests
/// whose paths hold one of `refused`, the `url_for` calls Rails answers with such paths, and
/// the helper and `url_for` calls written as one of `refused` (`name_path({"key":"value"})`,
/// `url_for({...})`), are not compared.
pub fn disagreements(
    set: &'static RouteSet,
    name: &str,
    left_out: &[&str],
    refused: &[&str],
) -> (usize, Vec<Disagreement>) {
    let answers = answers(name);
    let mut compared = 0;
    let mut out = Vec::new();
    for request in answers["requests"].as_array().expect("requests") {
        let (method, path, host) = (
            request["method"].as_str().unwrap_or_default(),
            request["path"].as_str().unwrap_or_default(),
            request["host"].as_str().unwrap_or("example.com"),
        );
        let https = request["https"].as_bool().unwrap_or(false);
        if refused.iter().any(|part| path.contains(part)) {
            continue;
        }
        let answer = ours(set, method, host, https, path);
        compared += 1;
        if !agrees(&request["answer"], &answer) {
            out.push(Disagreement {
                asked: format!("{method} {path}"),
                rails: Some(request["answer"].to_string()),
                ours: answer.to_string(),
            });
        }
    }
    // The names only routes the table leaves out have: their helpers do not exist here.
    let rows = answers["routes"].as_array().expect("routes");
    let lost: Vec<&str> = rows
        .iter()
        .filter(|row| left_out.contains(&key(&listed(row)).as_str()))
        .filter_map(|row| row["name"].as_str())
        .filter(|name| !set.routes().iter().any(|r| r.name() == Some(name)))
        .collect();
    for call in answers["helpers"].as_array().expect("helpers") {
        let helper = call["helper"].as_str().unwrap_or_default();
        let Some(name) = helper.strip_suffix("_path") else {
            continue;
        };
        if lost.contains(&name)
            || refused.contains(&format!("{helper}({})", call["params"]).as_str())
        {
            continue;
        }
        let mut options = UrlFor::named(name);
        // Positional arguments fill the pattern's keys in order, as Rails' helpers fill them.
        let given = call["params"].as_object().expect("params");
        if let Some(args) = call["args"].as_array() {
            let Some(route) = set.routes().iter().find(|r| r.name() == Some(name)) else {
                compared += 1;
                out.push(Disagreement {
                    asked: format!("{helper}({})", call["params"]),
                    rails: Some(call["answer"].to_string()),
                    ours: "no such route".to_owned(),
                });
                continue;
            };
            // Each key once, the format too when there are arguments enough for it, as in
            // `project_path(1, :json)`.
            let mut keys = pattern_keys(route.pattern());
            let mut seen = std::collections::BTreeSet::new();
            keys.retain(|k| seen.insert(k.clone()));
            let free = keys.iter().filter(|k| !given.contains_key(*k));
            for (key, arg) in free.zip(args) {
                if let Some(arg) = param_text(arg) {
                    options = if key == "format" {
                        options.format(arg)
                    } else {
                        options.param(key.as_str(), arg)
                    };
                }
            }
        }
        let ours = set.url_for(&filled(options, given));
        compared += 1;
        let agree = same_path(&call["answer"], &ours);
        if !agree {
            out.push(Disagreement {
                asked: format!("{helper}({})", call["params"]),
                rails: Some(call["answer"].to_string()),
                ours: format!("{ours:?}"),
            });
        }
    }
    for call in answers["url_for"].as_array().expect("url_for") {
        let rails_path = call["answer"]["path"].as_str().unwrap_or_default();
        let written = format!("url_for({})", call["params"]);
        if refused.iter().any(|part| rails_path.contains(part))
            || refused.contains(&written.as_str())
        {
            continue;
        }
        let given = call["params"].as_object().expect("params");
        let ours = set.url_for(&filled(UrlFor::new(), given));
        compared += 1;
        let agree = same_path(&call["answer"], &ours);
        if !agree {
            out.push(Disagreement {
                asked: written,
                rails: Some(call["answer"].to_string()),
                ours: format!("{ours:?}"),
            });
        }
    }
    compared += listing(set, rows, left_out, &mut out);
    (compared, out)
}

/// `options` with the `given` params (and format), as a helper or `url_for` is called.
fn filled(mut options: UrlFor, given: &serde_json::Map<String, Value>) -> UrlFor {
    for (key, value) in given {
        if let Some(value) = param_text(value) {
            options = if key == "format" {
                options.format(value)
            } else {
                options.param(key.as_str(), value)
            };
        }
    }
    options
}

/// The listing, row by row, but for the routes the table leaves out; how many rows were
/// compared.
fn listing(
    set: &RouteSet,
    rows: &[Value],
    left_out: &[&str],
    out: &mut Vec<Disagreement>,
) -> usize {
    let mut compared = 0;
    let mut ours = set.routes().iter().map(row).peekable();
    // The name of a route left out, which the next route of its path takes, as Rails would
    // name it without the route.
    let mut orphan = Value::Null;
    for (i, rails) in rows.iter().enumerate() {
        let mut rails = listed(rails);
        if rails["name"].is_null() {
            rails["name"] = std::mem::take(&mut orphan);
        }
        let key = key(&rails);
        // A route left out is one the table does not have where Rails has it.
        if left_out.contains(&key.as_str()) && ours.peek() != Some(&rails) {
            orphan = rails["name"].clone();
            continue;
        }
        orphan = Value::Null;
        compared += 1;
        match ours.next() {
            Some(ours) if ours == rails => {}
            ours => out.push(Disagreement {
                asked: format!("route {i} of the listing"),
                rails: Some(rails.to_string()),
                ours: ours.unwrap_or_default().to_string(),
            }),
        }
    }
    for extra in ours {
        out.push(Disagreement {
            asked: "a route Rails does not have".to_owned(),
            rails: None,
            ours: extra.to_string(),
        });
    }
    compared
}

/// A route of Rails' listing as [`row`] shows ours.
fn listed(rails: &Value) -> Value {
    serde_json::json!({
        "name": rails["name"],
        "verb": rails["verb"],
        "path": rails["path"],
        "target": match (&rails["redirect"], &rails["mount"]) {
            (Value::Null, Value::Null) => format!(
                "{}#{}",
                rails["controller"].as_str().unwrap_or_default(),
                rails["action"].as_str().unwrap_or_default()
            ),
            (Value::Null, _) => "mount".to_owned(),
            _ => "redirect".to_owned(),
        },
    })
}

/// How a route left out is named: `"GET /path(.:format) controller#action"`, its target
/// `redirect` or `mount` for those, `#` for a Rack app.
fn key(listed: &Value) -> String {
    format!(
        "{} {} {}",
        listed["verb"].as_str().unwrap_or_default(),
        listed["path"].as_str().unwrap_or_default(),
        listed["target"].as_str().unwrap_or_default()
    )
}

/// A route as the listing shows it: its name, verbs, pattern and target.
pub fn row(route: &resourceful::Route) -> Value {
    let verb: Vec<&str> = route.methods().iter().map(Method::as_str).collect();
    serde_json::json!({
        "name": route.name(),
        "verb": verb.join("|"),
        "path": route.pattern(),
        "target": match route.target() {
            RouteTarget::Action => format!("{}#{}", route.controller(), route.action()),
            RouteTarget::Redirect { .. } => "redirect".to_owned(),
            RouteTarget::Mount => "mount".to_owned(),
        },
    })
}

/// A helper's argument as Rails hands it to the route, its `to_param`: a number as its digits.
pub fn param_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}

/// The keys of a pattern (`:name` and `*name`), in order.
pub fn pattern_keys(pattern: &str) -> Vec<String> {
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

/// Whether Rails' answer to a helper or `url_for` call (a path, or an error) is ours.
fn same_path(rails: &Value, ours: &Result<String, resourceful::UrlError>) -> bool {
    match (&rails["path"], ours) {
        (Value::String(path), Ok(ours)) => path == ours,
        (Value::Null, Err(_)) => true,
        _ => false,
    }
}
