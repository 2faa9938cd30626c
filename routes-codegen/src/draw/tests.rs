//! The table `draw!` lowers Rails' routes files' ports to, against the routes Rails 6.1 drew
//! from the files themselves (tests/rails/answers): names, methods, patterns and targets, in
//! order.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::model::{RouteTable, Target};

/// The body of the `resourceful::draw! { ... }` in a port's source.
fn body(source: &str) -> TokenStream {
    let start = source
        .find("resourceful::draw! {")
        .expect("a draw! invocation")
        + 20;
    let mut depth = 1;
    let mut end = start;
    for (i, c) in source[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = start + i;
            break;
        }
    }
    source[start..end].parse().expect("the body lexes")
}

pub(crate) fn lowered(source: &str) -> RouteTable {
    let errors = Errors::default();
    let tokens = body(source);
    let input =
        crate::parse::parse(quote::quote!([::resourceful] #tokens), &errors).expect("parses");
    let table = super::lower(&input, &errors);
    assert!(errors.is_empty(), "{:#?}", errors.messages());
    table
}

/// `name verb path target` per route, as Rails' answers and the table have them.
fn rows(table: &RouteTable) -> Vec<String> {
    table
        .routes
        .iter()
        .map(|r| {
            let methods: Vec<&str> = r.methods.iter().map(|m| m.as_str()).collect();
            let target = match &r.target {
                Target::Action => format!("{}#{}", r.controller, r.action),
                Target::Redirect {
                    location, status, ..
                } => format!("redirect({status}, {location})"),
                Target::Mount => "mount".to_owned(),
            };
            format!(
                "{} {} {} {target}",
                r.name.as_deref().unwrap_or("-"),
                methods.join("|"),
                r.pattern()
            )
        })
        .collect()
}

fn rails_rows(answers: &serde_json::Value) -> Vec<String> {
    answers["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .map(|r| {
            let target = if let Some(redirect) = r["redirect"].as_object() {
                format!(
                    "redirect({}, {})",
                    redirect["status"],
                    redirect["target"].as_str().unwrap_or_default()
                )
            } else if !r["mount"].is_null() {
                "mount".to_owned()
            } else {
                format!(
                    "{}#{}",
                    r["controller"].as_str().unwrap_or_default(),
                    r["action"].as_str().unwrap_or_default()
                )
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

fn compare(port: &str, answers: &str) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/rails");
    let source = std::fs::read_to_string(root.join("draw").join(port)).expect(port);
    let answers: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("answers").join(answers)).expect(answers),
    )
    .expect("json");
    let ours = rows(&lowered(&source));
    let rails = rails_rows(&answers);
    let mut diff = Vec::new();
    for i in 0..ours.len().max(rails.len()) {
        let (a, b) = (ours.get(i), rails.get(i));
        if a != b {
            diff.push(format!("{i}: ours  {a:?}\n{i}: rails {b:?}"));
        }
    }
    assert!(
        diff.is_empty(),
        "{} routes differ:\n{}",
        diff.len(),
        diff.join("\n")
    );
}

#[test]
fn forms_draws_the_routes_rails_draws() {
    compare("forms.rs", "forms.json");
}

#[test]
fn shallow_is_a_flag_of_namespaces_and_scopes_as_of_resources() {
    // `namespace :admin, shallow: true` and `scope shallow: true`, written as `resources`
    // writes its flag.
    let table = lowered(
        "resourceful::draw! {
            namespace(admin, shallow) { resources(sites) { resources(pages, only(show)); } }
            scope(shallow) { resources(posts, only(index)) { resources(notes, only(show)); } }
        }",
    );
    let rows = rows(&table);
    assert!(
        rows.contains(&"admin_page GET /admin/pages/:id(.:format) admin/pages#show".to_owned()),
        "{rows:#?}"
    );
    assert!(
        rows.contains(&"note GET /notes/:id(.:format) notes#show".to_owned()),
        "{rows:#?}"
    );
}
