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

mod apps_api {
    include!("rails/draw/apps/api.rs");
}

mod apps_forum {
    include!("rails/draw/apps/forum.rs");
}

mod apps_shop {
    include!("rails/draw/apps/shop.rs");
}

mod apps_tracker {
    include!("rails/draw/apps/tracker.rs");
}

mod rails_concerns {
    include!("rails/draw/rails/concerns.rs");
}

mod rails_constraints {
    include!("rails/draw/rails/constraints.rs");
}

mod rails_custom_routes {
    include!("rails/draw/rails/custom_routes.rs");
}

mod rails_defaults_and_format {
    include!("rails/draw/rails/defaults_and_format.rs");
}

mod rails_glob_redirect {
    include!("rails/draw/rails/glob_redirect.rs");
}

mod rails_mounts {
    include!("rails/draw/rails/mounts.rs");
}

mod rails_namespaces {
    include!("rails/draw/rails/namespaces.rs");
}

mod rails_only_except {
    include!("rails/draw/rails/only_except.rs");
}

mod rails_optional_root_segments {
    include!("rails/draw/rails/optional_root_segments.rs");
}

mod rails_projects {
    include!("rails/draw/rails/projects.rs");
}

mod rails_projects_members {
    include!("rails/draw/rails/projects_members.rs");
}

mod rails_projects_new_on_collection {
    include!("rails/draw/rails/projects_new_on_collection.rs");
}

mod rails_redirects {
    include!("rails/draw/rails/redirects.rs");
}

mod rails_request_constraints {
    include!("rails/draw/rails/request_constraints.rs");
}

mod rails_resources_misc {
    include!("rails/draw/rails/resources_misc.rs");
}

mod rails_resources_path_names {
    include!("rails/draw/rails/resources_path_names.rs");
}

mod rails_route_defaults {
    include!("rails/draw/rails/route_defaults.rs");
}

mod rails_scoped_root_as {
    include!("rails/draw/rails/scoped_root_as.rs");
}

mod rails_scopes {
    include!("rails/draw/rails/scopes.rs");
}

mod rails_segments {
    include!("rails/draw/rails/segments.rs");
}

mod rails_sessions {
    include!("rails/draw/rails/sessions.rs");
}

mod rails_shallow {
    include!("rails/draw/rails/shallow.rs");
}

mod rails_shallow_scopes {
    include!("rails/draw/rails/shallow_scopes.rs");
}

/// What a request was answered with, in the terms Rails' answers use.
fn ours(set: &'static RouteSet, method: &str, host: &str, https: bool, path: &str) -> Value {
    let method = Method::from_bytes(method.as_bytes()).expect("a method");
    let scheme = if https { "https" } else { "http" };
    let request = http::Request::builder()
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

fn answer(
    recognized: Result<resourceful::Recognized<'_, '_>, resourceful::RoutingError>,
    request: Option<&http::request::Parts>,
) -> Value {
    match recognized {
        Err(e) if e.status().as_u16() == 405 => serde_json::json!({"status": 405}),
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

/// Whether `ours` answers a request as Rails' `rails` does, allowing the differences the file
/// opens with.
fn agrees(rails: &Value, ours: &Value) -> bool {
    match (rails["status"].as_u64(), ours["status"].as_u64()) {
        (Some(404), Some(405)) => true,
        (Some(500), _) => true,
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

/// The disagreements of `set` with Rails' answers `name`, as lines to print.
fn disagreements(
    set: &'static RouteSet,
    name: &str,
    left_out: &[&str],
    refused: &[&str],
) -> (usize, Vec<String>) {
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
        if refused.iter().any(|part| path.contains(part)) {
            continue;
        }
        let answer = ours(set, method, host, https, path);
        compared += 1;
        if !agrees(&request["answer"], &answer) {
            out.push(format!(
                "{method} {path}\n  rails: {}\n  ours:  {answer}",
                request["answer"]
            ));
        }
    }
    // The names only routes the port leaves out have: their helpers do not exist here.
    let rows = answers["routes"].as_array().expect("routes");
    let key = |row: &Value| {
        format!(
            "{} {} {}#{}",
            row["verb"].as_str().unwrap_or_default(),
            row["path"].as_str().unwrap_or_default(),
            row["controller"].as_str().unwrap_or_default(),
            row["action"].as_str().unwrap_or_default()
        )
    };
    let lost: Vec<&str> = rows
        .iter()
        .filter(|row| left_out.contains(&key(row).as_str()))
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
        for (key, value) in given {
            if let Some(value) = param_text(value) {
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
    for call in answers["url_for"].as_array().expect("url_for") {
        let rails_path = call["answer"]["path"].as_str().unwrap_or_default();
        let written = format!("url_for({})", call["params"]);
        if refused.iter().any(|part| rails_path.contains(part))
            || refused.contains(&written.as_str())
        {
            continue;
        }
        let given = call["params"].as_object().expect("params");
        let mut options = UrlFor::new();
        for (key, value) in given {
            if let Some(value) = param_text(value) {
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
                "url_for({})\n  rails: {}\n  ours:  {ours:?}",
                call["params"], call["answer"]
            ));
        }
    }
    // The listing, row by row, but for the routes the port leaves out.
    let mut ours = set.routes().iter().map(row).peekable();
    // The name of a route left out, which the next route of its path takes, as Rails would
    // name it without the route.
    let mut orphan = Value::Null;
    for (i, rails) in answers["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .enumerate()
    {
        let name = match &rails["name"] {
            Value::Null => std::mem::take(&mut orphan),
            name => name.clone(),
        };
        let rails = serde_json::json!({
            "name": name,
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
        });
        let key = format!(
            "{} {} {}",
            rails["verb"].as_str().unwrap_or_default(),
            rails["path"].as_str().unwrap_or_default(),
            rails["target"].as_str().unwrap_or_default()
        );
        // A route left out is one the port does not have where Rails has it.
        if left_out.contains(&key.as_str()) && ours.peek() != Some(&rails) {
            orphan = rails["name"].clone();
            continue;
        }
        orphan = Value::Null;
        compared += 1;
        match ours.next() {
            Some(ours) if ours == rails => {}
            ours => out.push(format!(
                "route {i} of the listing\n  rails: {rails}\n  ours:  {}",
                ours.unwrap_or_default()
            )),
        }
    }
    for extra in ours {
        out.push(format!("a route Rails does not have: {extra}"));
    }
    (compared, out)
}

/// A route as the listing shows it: its name, verbs, pattern and target.
fn row(route: &resourceful::Route) -> Value {
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
fn param_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
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

fn check(set: &'static RouteSet, name: &str) {
    check_leaving_out(set, name, &[]);
}

/// As [`check`], for a port that leaves out routes of Rails' listing
/// (`"GET /path(.:format) controller#action"`)
/// which no request reaches: `draw!` refuses them (a compile error), and their requests are
/// answered by the routes that shadow them, as in Rails.
fn check_leaving_out(set: &'static RouteSet, name: &str, left_out: &[&str]) {
    check_refusing(set, name, left_out, &[]);
}

/// As [`check_leaving_out`], for a port where `draw!` differs from Rails on purpose (a
/// `:controller` or `:action` segment it refuses, a constraint Rails tests against a method
/// of its `Request`): the requests whose paths hold one of `refused`, the `url_for` calls
/// Rails answers with such paths, and the helper and `url_for` calls written as one of
/// `refused` (`name_path({"key":"value"})`, `url_for({...})`), are not compared.
fn check_refusing(set: &'static RouteSet, name: &str, left_out: &[&str], refused: &[&str]) {
    let (compared, out) = disagreements(set, name, left_out, refused);
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

#[test]
fn apps_api_answers_as_rails() {
    // Rails tests the accounts' `uuid` constraint, which the nested api keys' paths lack,
    // against `Request#uuid` (the request id), and answers 404 to all of their requests;
    // `draw!` constrains only the routes whose paths have the segment.
    check_refusing(&apps_api::ROUTES, "apps/api", &[], &["/api_keys"]);
}

#[test]
fn apps_forum_answers_as_rails() {
    check(&apps_forum::ROUTES, "apps/forum");
}

#[test]
fn apps_shop_answers_as_rails() {
    check(&apps_shop::ROUTES, "apps/shop");
}

#[test]
fn apps_tracker_answers_as_rails() {
    check_leaving_out(
        &apps_tracker::ROUTES,
        "apps/tracker",
        &["GET /:org/:project/milestones(.:format) milestones#index"],
    );
}

#[test]
fn rails_concerns_answers_as_rails() {
    check(&rails_concerns::ROUTES, "rails/concerns");
}

#[test]
fn rails_constraints_answers_as_rails() {
    check_leaving_out(
        &rails_constraints::ROUTES,
        "rails/constraints",
        &["GET /products(.:format) products#index"],
    );
}

#[test]
fn rails_custom_routes_answers_as_rails() {
    check(&rails_custom_routes::ROUTES, "rails/custom_routes");
}

#[test]
fn rails_defaults_and_format_answers_as_rails() {
    // A required format's constraint is not checked when a URL is written: `draw!` writes
    // `/json_only.abc`, where Rails refuses the format.
    check_refusing(
        &rails_defaults_and_format::ROUTES,
        "rails/defaults_and_format",
        &[],
        &[r#"json_only_path({"format":"abc"})"#],
    );
}

#[test]
fn rails_glob_redirect_answers_as_rails() {
    check(&rails_glob_redirect::ROUTES, "rails/glob_redirect");
}

#[test]
fn rails_mounts_answers_as_rails() {
    check(&rails_mounts::ROUTES, "rails/mounts");
}

#[test]
fn rails_namespaces_answers_as_rails() {
    check_refusing(
        &rails_namespaces::ROUTES,
        "rails/namespaces",
        &["GET /admin/hello/:controllers/:action(.:format) admin#index"],
        &["/admin/hello/"],
    );
}

#[test]
fn rails_only_except_answers_as_rails() {
    check(&rails_only_except::ROUTES, "rails/only_except");
}

#[test]
fn rails_optional_root_segments_answers_as_rails() {
    check(
        &rails_optional_root_segments::ROUTES,
        "rails/optional_root_segments",
    );
}

#[test]
fn rails_projects_answers_as_rails() {
    check(&rails_projects::ROUTES, "rails/projects");
}

#[test]
fn rails_projects_members_answers_as_rails() {
    check(&rails_projects_members::ROUTES, "rails/projects_members");
}

#[test]
fn rails_projects_new_on_collection_answers_as_rails() {
    check(
        &rails_projects_new_on_collection::ROUTES,
        "rails/projects_new_on_collection",
    );
}

#[test]
fn rails_redirects_answers_as_rails() {
    check(&rails_redirects::ROUTES, "rails/redirects");
}

#[test]
fn rails_request_constraints_answers_as_rails() {
    check(
        &rails_request_constraints::ROUTES,
        "rails/request_constraints",
    );
}

#[test]
fn rails_resources_misc_answers_as_rails() {
    // A Rack app as a verb route's target is no `draw!` target.
    check_refusing(
        &rails_resources_misc::ROUTES,
        "rails/resources_misc",
        &[
            "GET /sprockets.js(.:format) #",
            "GET /items(.:format) items#index",
            "GET /entries/remarks(.:format) remarks#index",
        ],
        &["/sprockets.js"],
    );
}

#[test]
fn rails_resources_path_names_answers_as_rails() {
    check(
        &rails_resources_path_names::ROUTES,
        "rails/resources_path_names",
    );
}

#[test]
fn rails_route_defaults_answers_as_rails() {
    // `bucket_type: "post"`, an option Rails makes a default `url_for` must be given, is a
    // default here (an unknown option is an error in `draw!`), which `url_for` need not be.
    check_refusing(
        &rails_route_defaults::ROUTES,
        "rails/route_defaults",
        &[],
        &[r#"url_for({"action":"show","controller":"posts","id":1})"#],
    );
}

#[test]
fn rails_scoped_root_as_answers_as_rails() {
    check(&rails_scoped_root_as::ROUTES, "rails/scoped_root_as");
}

#[test]
fn rails_scopes_answers_as_rails() {
    check(&rails_scopes::ROUTES, "rails/scopes");
}

#[test]
fn rails_segments_answers_as_rails() {
    check(&rails_segments::ROUTES, "rails/segments");
}

#[test]
fn rails_sessions_answers_as_rails() {
    // `draw!` refuses `/downloads/:id/:id.tar`, a path that names one segment twice.
    check_refusing(
        &rails_sessions::ROUTES,
        "rails/sessions",
        &[
            "GET /session(.:format) sessions#show",
            "GET /downloads/:id/:id.tar downloads#show",
        ],
        &["/downloads/"],
    );
}

#[test]
fn rails_shallow_answers_as_rails() {
    check(&rails_shallow::ROUTES, "rails/shallow");
}

#[test]
fn rails_shallow_scopes_answers_as_rails() {
    check_leaving_out(
        &rails_shallow_scopes::ROUTES,
        "rails/shallow_scopes",
        &[
            "GET /comments/:id/edit(.:format) comments#edit",
            "GET /comments/:id(.:format) comments#show",
            "PATCH /comments/:id(.:format) comments#update",
            "PUT /comments/:id(.:format) comments#update",
            "DELETE /comments/:id(.:format) comments#destroy",
        ],
    );
}
