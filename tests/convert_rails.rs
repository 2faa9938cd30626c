//! `resourceful-convert` held to Rails 3 to 8, with Rails 6.1 itself as the oracle: each
//! routes file of tests/rails/routes (applications' files, and ports of Rails' own routing
//! tests) converts to the `draw!` beside it in tests/convert/rails, and the converted tables
//! these tests compile are compared with what Rails drew from the Ruby file
//! (tests/rails/answers, written by tests/rails/oracle.rb): every route in order (name, verb,
//! pattern, target), every request Rails answered with a controller, every `_path` helper
//! called with named params, and every `url_for`.
//!
//! Requests are recognised with their host and scheme, as tests/rails_oracle.rs recognises
//! them for `draw!`'s own ports, allowing the same deliberate differences.

use std::path::Path;

use std::collections::BTreeMap;

use resourceful::http::Method;
use resourceful::{RouteSet, RouteTarget, UrlFor};
use serde_json::Value;

// The conversions `draw!` compiles today. The others (in `CONVERTED` only) hold routes Rails
// never reaches, which the macro refuses (`users/:name` behind a constrained `users/:id` is
// one it refuses wrongly), or forms the macro does not read yet; their text is pinned all
// the same.
#[path = "convert/rails/api.rs"]
mod api;
#[path = "convert/rails/concerns.rs"]
mod concerns;
#[path = "convert/rails/custom_routes.rs"]
mod custom_routes;
#[path = "convert/rails/default_url_options.rs"]
mod default_url_options;
#[path = "convert/rails/defaults_and_format.rs"]
mod defaults_and_format;
#[path = "convert/rails/dynamic_segments.rs"]
mod dynamic_segments;
#[path = "convert/rails/forms.rs"]
mod forms;
#[path = "convert/rails/forum.rs"]
mod forum;
#[path = "convert/rails/glob_redirect.rs"]
mod glob_redirect;
#[path = "convert/rails/mounts.rs"]
mod mounts;
#[path = "convert/rails/namespaces.rs"]
mod namespaces;
#[path = "convert/rails/only_except.rs"]
mod only_except;
#[path = "convert/rails/optional_root_segments.rs"]
mod optional_root_segments;
#[path = "convert/rails/projects.rs"]
mod projects;
#[path = "convert/rails/projects_members.rs"]
mod projects_members;
#[path = "convert/rails/projects_new_on_collection.rs"]
mod projects_new_on_collection;
#[path = "convert/rails/redirects.rs"]
mod redirects;
#[path = "convert/rails/request_constraints.rs"]
mod request_constraints;
#[path = "convert/rails/resources_path_names.rs"]
mod resources_path_names;
#[path = "convert/rails/route_defaults.rs"]
mod route_defaults;
#[path = "convert/rails/scoped_root_as.rs"]
mod scoped_root_as;
#[path = "convert/rails/scopes.rs"]
mod scopes;
#[path = "convert/rails/segments.rs"]
mod segments;
#[path = "convert/rails/shallow.rs"]
mod shallow;
#[path = "convert/rails/shop.rs"]
mod shop;

#[path = "convert/devise.rs"]
mod devise;

/// Each compiled conversion: its Ruby file, Rails' answers, and its route set.
fn compiled() -> Vec<(&'static str, &'static str, &'static RouteSet)> {
    vec![
        ("forms.rb", "forms.json", &forms::ROUTES),
        ("apps/api.rb", "apps/api.json", &api::ROUTES),
        ("apps/forum.rb", "apps/forum.json", &forum::ROUTES),
        ("apps/shop.rb", "apps/shop.json", &shop::ROUTES),
        (
            "rails/concerns.rb",
            "rails/concerns.json",
            &concerns::ROUTES,
        ),
        (
            "rails/custom_routes.rb",
            "rails/custom_routes.json",
            &custom_routes::ROUTES,
        ),
        (
            "rails/default_url_options.rb",
            "rails/default_url_options.json",
            &default_url_options::ROUTES,
        ),
        (
            "rails/defaults_and_format.rb",
            "rails/defaults_and_format.json",
            &defaults_and_format::ROUTES,
        ),
        (
            "rails/dynamic_segments.rb",
            "rails/dynamic_segments.json",
            &dynamic_segments::ROUTES,
        ),
        (
            "rails/glob_redirect.rb",
            "rails/glob_redirect.json",
            &glob_redirect::ROUTES,
        ),
        ("rails/mounts.rb", "rails/mounts.json", &mounts::ROUTES),
        (
            "rails/namespaces.rb",
            "rails/namespaces.json",
            &namespaces::ROUTES,
        ),
        (
            "rails/only_except.rb",
            "rails/only_except.json",
            &only_except::ROUTES,
        ),
        (
            "rails/optional_root_segments.rb",
            "rails/optional_root_segments.json",
            &optional_root_segments::ROUTES,
        ),
        (
            "rails/projects.rb",
            "rails/projects.json",
            &projects::ROUTES,
        ),
        (
            "rails/projects_members.rb",
            "rails/projects_members.json",
            &projects_members::ROUTES,
        ),
        (
            "rails/projects_new_on_collection.rb",
            "rails/projects_new_on_collection.json",
            &projects_new_on_collection::ROUTES,
        ),
        (
            "rails/redirects.rb",
            "rails/redirects.json",
            &redirects::ROUTES,
        ),
        (
            "rails/request_constraints.rb",
            "rails/request_constraints.json",
            &request_constraints::ROUTES,
        ),
        (
            "rails/resources_path_names.rb",
            "rails/resources_path_names.json",
            &resources_path_names::ROUTES,
        ),
        (
            "rails/route_defaults.rb",
            "rails/route_defaults.json",
            &route_defaults::ROUTES,
        ),
        (
            "rails/scoped_root_as.rb",
            "rails/scoped_root_as.json",
            &scoped_root_as::ROUTES,
        ),
        ("rails/scopes.rb", "rails/scopes.json", &scopes::ROUTES),
        (
            "rails/segments.rb",
            "rails/segments.json",
            &segments::ROUTES,
        ),
        ("rails/shallow.rb", "rails/shallow.json", &shallow::ROUTES),
    ]
}

/// Every Rails 3+ routes file of tests/rails/routes, with how many to-dos its conversion
/// holds (each quoting Ruby only the application can run, or a form `draw!` does not take).
const CONVERTED: &[(&str, usize)] = &[
    ("forms.rb", 6),
    ("apps/api.rb", 0),
    ("apps/forum.rb", 0),
    ("apps/shop.rb", 1),
    ("apps/tracker.rb", 0),
    ("rails/concerns.rb", 0),
    ("rails/constraints.rb", 1),
    ("rails/custom_routes.rb", 0),
    ("rails/default_url_options.rb", 1),
    ("rails/defaults_and_format.rb", 0),
    ("rails/dynamic_segments.rb", 5),
    ("rails/glob_redirect.rb", 0),
    ("rails/mounts.rb", 3),
    ("rails/namespaces.rb", 1),
    ("rails/only_except.rb", 0),
    ("rails/optional_root_segments.rb", 0),
    ("rails/projects.rb", 0),
    ("rails/projects_members.rb", 0),
    ("rails/projects_new_on_collection.rb", 0),
    ("rails/redirects.rb", 7),
    ("rails/request_constraints.rb", 0),
    ("rails/resources_misc.rb", 1),
    ("rails/resources_path_names.rb", 0),
    ("rails/route_defaults.rb", 0),
    ("rails/scoped_root_as.rb", 0),
    ("rails/scopes.rb", 0),
    ("rails/segments.rb", 0),
    ("rails/sessions.rb", 1),
    ("rails/shallow.rb", 0),
    ("rails/shallow_scopes.rb", 0),
];

fn rails_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rails")
}

fn answers(file: &str) -> Value {
    let path = rails_dir().join("answers").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("answers are JSON")
}

/// The golden file of a routes file: `apps/shop.rb` is `convert/rails/shop.rs`.
fn golden(ruby: &str) -> std::path::PathBuf {
    let name = Path::new(ruby).file_stem().expect("a file name");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("convert/rails")
        .join(name)
        .with_extension("rs")
}

#[test]
fn each_rails_routes_file_converts_to_the_draw_beside_it() {
    for &(ruby, todos) in CONVERTED {
        let path = rails_dir().join("routes").join(ruby);
        let converted = resourceful_convert::convert_file(&path, None)
            .unwrap_or_else(|e| panic!("{ruby}: {e}"));
        let want = std::fs::read_to_string(golden(ruby)).expect("the converted file");
        if converted.text != want {
            let line = converted
                .text
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(converted.text.lines().count().min(want.lines().count()));
            panic!(
                "{ruby} converts to other than {}, from line {}:\n{}\nwhere the file has\n{}",
                golden(ruby).display(),
                line + 1,
                converted
                    .text
                    .lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
                want.lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        assert_eq!(converted.todos, todos, "{ruby}: to-dos\n{}", converted.text);
    }
}

/// `name VERB pattern target` of each route, as both sides print it.
fn ours(set: &RouteSet) -> Vec<String> {
    set.routes()
        .iter()
        .map(|r| {
            let methods: Vec<&str> = r.methods().iter().map(Method::as_str).collect();
            let target = match (r.target(), r.controller().fixed(), r.action().fixed()) {
                (RouteTarget::Action, Some(c), Some(a)) if !c.is_empty() => format!("{c}#{a}"),
                _ => "-".to_owned(),
            };
            format!(
                "{} {} {} {target}",
                r.name().unwrap_or("-"),
                methods.join("|"),
                r.pattern()
            )
        })
        .collect()
}

fn theirs(answers: &Value) -> Vec<String> {
    answers["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .map(|r| {
            let target = match (r["controller"].as_str(), r["action"].as_str()) {
                (Some(c), Some(a)) if r["redirect"].is_null() && r["mount"].is_null() => {
                    format!("{c}#{a}")
                }
                _ => "-".to_owned(),
            };
            format!(
                "{} {} {} {target}",
                r["name"].as_str().unwrap_or("-"),
                r["verb"].as_str().unwrap_or_default(),
                r["path"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// How many of the routes Rails draws from each compiled file its conversion leaves out,
/// each with a to-do (a redirect Ruby computes, an `:action` route read without the
/// application, a route to a Rack app).
const LEFT_OUT: &[(&str, usize)] = &[("rails/namespaces.rb", 1), ("rails/redirects.rb", 5)];

/// Whether `ours` is `theirs` but for the name Rails left off a mount (`draw!` names each).
fn same_route(ours: &str, theirs: &str) -> bool {
    ours == theirs
        || theirs.strip_prefix("- ").is_some_and(|rest| {
            theirs.ends_with(" -") && ours.split_once(' ').is_some_and(|(_, r)| r == rest)
        })
}

#[test]
fn each_converted_table_is_the_table_rails_draws() {
    let mut failures = Vec::new();
    for (ruby, file, set) in compiled() {
        // Its `:controller` and `:action` routes are written out per action, which Rails'
        // table does not list; its requests are compared below.
        if ruby == "rails/dynamic_segments.rb" {
            continue;
        }
        let (ours, theirs) = (ours(set), theirs(&answers(file)));
        let mut at = 0;
        let mut left_out = 0;
        for route in &ours {
            match theirs[at..].iter().position(|t| same_route(route, t)) {
                Some(skipped) => {
                    left_out += skipped;
                    at += skipped + 1;
                }
                None => failures.push(format!("{ruby}: ours {route:?} is not Rails' next route")),
            }
        }
        left_out += theirs.len() - at.min(theirs.len());
        let pinned = LEFT_OUT
            .iter()
            .find(|(f, _)| *f == ruby)
            .map_or(0, |(_, n)| *n);
        if left_out != pinned {
            failures.push(format!(
                "{ruby}: {left_out} of Rails' routes are left out, not {pinned}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A path with its query's pairs decoded and sorted, so that `q=a+b` and `q=a%20b`, which
/// every server reads alike, compare equal.
fn normalized(path: &str) -> String {
    match path.split_once('?') {
        Some((path, query)) => {
            let mut pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            pairs.sort();
            format!("{path}?{pairs:?}")
        }
        None => path.to_owned(),
    }
}

/// What a request was answered with, in the terms of Rails' answers.
fn answer_of(set: &RouteSet, method: &str, host: &str, https: bool, path: &str) -> Value {
    let method = Method::from_bytes(method.as_bytes()).expect("a method");
    let scheme = if https { "https" } else { "http" };
    let request = resourceful::http::Request::builder()
        .uri(format!("{scheme}://{host}{path}"))
        .header("host", host)
        .body(());
    let recognized = match &request {
        Ok(request) => {
            let (parts, ()) = request.clone().into_parts();
            return answer(set.recognize_parts(&method, &parts));
        }
        // A path `http` will not take as a URI is answered as a path alone.
        Err(_) => set.recognize(&method, path),
    };
    answer(recognized)
}

fn answer(recognized: Result<resourceful::Recognized<'_, '_>, resourceful::RoutingError>) -> Value {
    match recognized {
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

/// Whether `ours` answers a request as Rails does, but for `draw!`'s deliberate differences:
/// a wrong verb is a 405 here, a 404 in Rails; where Rails' own code raises (a 500), there is
/// nothing to compare; a redirect's location may leave out the request's scheme and host.
fn agrees(rails: &Value, ours: &Value) -> bool {
    match (rails["status"].as_u64(), ours["status"].as_u64()) {
        (Some(404), Some(405)) | (Some(500), _) => true,
        _ if rails.get("mount").is_some() => ours.get("mount").is_some(),
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

/// Every answer of a compiled conversion that differs from Rails': its requests, its `_path`
/// helpers, its `url_for` calls.
fn differences() -> Vec<String> {
    let mut found = Vec::new();
    for (ruby, file, set) in compiled() {
        let answers = answers(file);
        for request in answers["requests"].as_array().expect("requests") {
            let (method, path, host) = (
                request["method"].as_str().unwrap_or_default(),
                request["path"].as_str().unwrap_or_default(),
                request["host"].as_str().unwrap_or("example.com"),
            );
            let https = request["https"].as_bool().unwrap_or(false);
            let ours = answer_of(set, method, host, https, path);
            if !agrees(&request["answer"], &ours) {
                found.push(format!(
                    "{ruby}: {method} {host}{path}: ours {ours}; Rails {}",
                    request["answer"]
                ));
            }
        }
        helpers(ruby, &answers, set, &mut found);
    }
    found.sort();
    found
}

fn helpers(ruby: &str, answers: &Value, set: &RouteSet, found: &mut Vec<String>) {
    let fill = |start: UrlFor, params: &Value| {
        let mut hash = start;
        for (key, value) in params.as_object().into_iter().flatten() {
            let Some(value) = value
                .as_str()
                .map(str::to_owned)
                .or_else(|| (!value.is_null()).then(|| value.to_string()))
            else {
                continue;
            };
            hash = if key == "format" {
                hash.format(value)
            } else {
                hash.param(key.as_str(), value)
            };
        }
        hash
    };
    for call in answers["helpers"].as_array().expect("helpers") {
        let helper = call["helper"].as_str().unwrap_or_default();
        let Some(name) = helper.strip_suffix("_path") else {
            continue;
        };
        let mut hash = UrlFor::named(name);
        // Positional arguments fill the pattern's keys in order, as Rails' helpers fill them.
        let given = call["params"].as_object().expect("params");
        if let Some(args) = call["args"].as_array() {
            let Some(route) = set.routes().iter().find(|r| r.name() == Some(name)) else {
                found.push(format!("{ruby}: {helper}: no such route"));
                continue;
            };
            let keys = resourceful_keys(route.pattern());
            let free = keys
                .iter()
                .filter(|k| *k != "format" && !given.contains_key(*k));
            for (key, arg) in free.zip(args) {
                // Rails' helper takes `nil` as the key left out.
                if arg.is_null() {
                    continue;
                }
                let arg = arg.as_str().map_or_else(|| arg.to_string(), str::to_owned);
                hash = hash.param(key.as_str(), arg);
            }
        }
        let ours = set.url_for(&fill(hash, &call["params"]));
        let agree = match (&call["answer"]["path"], &ours) {
            (Value::String(path), Ok(ours)) => path == ours,
            (Value::Null, Err(_)) => true,
            _ => false,
        };
        if !agree {
            found.push(format!(
                "{ruby}: {helper}({}): ours {ours:?}; Rails {}",
                call["params"], call["answer"]
            ));
        }
    }
    for call in answers["url_for"].as_array().expect("url_for") {
        let Some(want) = call["answer"]["path"].as_str() else {
            continue;
        };
        let ours = set.url_for(&fill(UrlFor::new(), &call["params"]));
        // `q=a+b` and `q=a%20b` read alike.
        if ours.as_deref().map(normalized) != Ok(normalized(want)) {
            found.push(format!(
                "{ruby}: url_for({}): ours {ours:?}; Rails {want}",
                call["params"]
            ));
        }
    }
}

/// The keys of a pattern (`:name` and `*name`), in order.
fn resourceful_keys(pattern: &str) -> Vec<String> {
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

/// The answers of the compiled conversions that differ from Rails', as the runtime's
/// answers for `draw!` stand: for each, a route the conversion leaves out with a to-do, or
/// a difference of `draw!`'s own (see README). A new difference fails, and one that goes
/// away must be struck off: `BLESS=1 cargo test -p resourceful-tests --test convert_rails`
/// rewrites the list.
#[test]
fn each_converted_table_answers_as_rails_does_but_for_the_differences_listed() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("convert/rails/differences.txt");
    let found = differences();
    if std::env::var_os("BLESS").is_some() {
        let mut text = String::from(
            "# The answers of tests/convert/rails's compiled conversions that differ from Rails 6.1's\n\
             # (tests/convert_rails.rs). Rewrite with BLESS=1 cargo test -p resourceful-tests --test convert_rails\n",
        );
        for line in &found {
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("the list is written");
        return;
    }
    let listed: Vec<String> = std::fs::read_to_string(&path)
        .expect("the list of differences")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    let new: Vec<&String> = found.iter().filter(|f| !listed.contains(f)).collect();
    let gone: Vec<&String> = listed.iter().filter(|l| !found.contains(l)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{} new differences:\n{}\n{} listed differences are gone:\n{}",
        new.len(),
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        gone.len(),
        gone.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert!(found.len() < 1_000, "{} differences", found.len());
}

#[test]
fn devise_for_draws_the_routes_devise_lists() {
    let ruby = Path::new(env!("CARGO_MANIFEST_DIR")).join("convert/devise.rb");
    let converted = resourceful_convert::convert_file(&ruby, None).expect("converts");
    let golden = std::fs::read_to_string(ruby.with_extension("rs")).expect("the conversion");
    assert_eq!(converted.text, golden);
    // As `rails routes` lists them in an application with Devise's generated model.
    let devise = [
        "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
        "user_session POST /users/sign_in(.:format) devise/sessions#create",
        "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
        "new_user_password GET /users/password/new(.:format) devise/passwords#new",
        "edit_user_password GET /users/password/edit(.:format) devise/passwords#edit",
        "user_password PATCH /users/password(.:format) devise/passwords#update",
        "- PUT /users/password(.:format) devise/passwords#update",
        "- POST /users/password(.:format) devise/passwords#create",
        "cancel_user_registration GET /users/cancel(.:format) devise/registrations#cancel",
        "new_user_registration GET /users/sign_up(.:format) devise/registrations#new",
        "edit_user_registration GET /users/edit(.:format) devise/registrations#edit",
        "user_registration PATCH /users(.:format) devise/registrations#update",
        "- PUT /users(.:format) devise/registrations#update",
        "- DELETE /users(.:format) devise/registrations#destroy",
        "- POST /users(.:format) devise/registrations#create",
        "new_admin_session GET /admin/login(.:format) admins/sessions#new",
        "admin_session POST /admin/login(.:format) admins/sessions#create",
        "destroy_admin_session DELETE /admin/logout(.:format) admins/sessions#destroy",
        "root GET / home#index",
    ];
    assert_eq!(ours(&devise::ROUTES), devise);
}
