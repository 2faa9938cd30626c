//! Rails' default route, as `routes!` needs it: the actions of the application's controllers
//! that only the default route reached, declared beside it.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use routes_codegen::inspect_routes;

use crate::model::{Arg, Decl, Entry, Item, Level, Line, Val};
use crate::write;

/// Rails' default route (`/:controller/:action/:id`) dispatched to any public method of any
/// controller; `routes!` dispatches only the actions its table declares. For each controller
/// of the application, the actions no route declares are declared for the default route: a
/// route of that controller's, with the default route's pattern and options, its `:action`
/// limited to them, just before it.
pub fn declare_default_route_actions(level: &mut Level, controllers: &[crate::app::Controller]) {
    let body = write::body(level);
    let Ok(tokens) = body.text.parse::<TokenStream>() else {
        return;
    };
    let inspection = inspect_routes(tokens);
    let declared: HashSet<&str> = inspection
        .routes
        .iter()
        .map(|r| r.target.as_str())
        .collect();
    let Some(at) = level.entries.iter().position(|e| {
        e.decl.as_ref().is_some_and(|d| {
            d.keyword == "connect"
                && d.args.iter().any(|a| {
                    matches!(a, Arg::Pattern(p) if p.contains(":controller") && p.contains(":action"))
                })
        })
    }) else {
        return;
    };
    let Some(default) = level.entries[at].decl.clone() else {
        return;
    };
    let mut added = Vec::new();
    for controller in controllers {
        let actions: Vec<&String> = controller
            .actions
            .iter()
            .filter(|a| !declared.contains(format!("{}#{a}", controller.path).as_str()))
            .collect();
        if actions.is_empty() {
            continue;
        }
        let mut args: Vec<Arg> = Vec::new();
        for arg in &default.args {
            match arg {
                Arg::Pattern(p) => {
                    args.push(Arg::Pattern(p.replace(":controller", &controller.path)))
                }
                Arg::Call(key, items) if key == "requirements" => {
                    let kept: Vec<Item> = items
                        .iter()
                        .filter(|i| !matches!(i, Item::Assign(k, _) if k == "controller" || k == "action"))
                        .cloned()
                        .collect();
                    if !kept.is_empty() {
                        args.push(Arg::Call(key.clone(), kept));
                    }
                }
                other => args.push(other.clone()),
            }
        }
        args.insert(
            1,
            Arg::Assign("controller".into(), Val::Str(controller.path.clone())),
        );
        let words: Vec<&str> = actions.iter().map(|a| a.as_str()).collect();
        match args.iter_mut().find(|a| a.key() == Some("requirements")) {
            Some(Arg::Call(_, items)) => {
                items.push(Item::Assign("action".into(), Val::Str(words.join("|"))))
            }
            _ => args.push(Arg::Call(
                "requirements".into(),
                vec![Item::Assign("action".into(), Val::Str(words.join("|")))],
            )),
        }
        let listed: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        added.push(Entry {
            path: level.entries[at].path.clone(),
            lines: vec![Line::Note(format!(
                "Rails reached {} of `{}` only through the default route, which dispatches only \
                 the actions a table declares: declared here (read from app/controllers)",
                listed.join(", "),
                controller.path
            ))],
            decl: Some(Decl {
                keyword: "connect",
                args,
                block: None,
            }),
            ..Entry::default()
        });
    }
    let count = added.len();
    level.entries.splice(at..at, added);
    // The comments before the default route stay before the routes now ahead of it.
    if count > 0 {
        let (comments, own): (Vec<Line>, Vec<Line>) =
            std::mem::take(&mut level.entries[at + count].lines)
                .into_iter()
                .partition(|l| matches!(l, Line::Comment(_)));
        level.entries[at + count].lines = own;
        let blank = std::mem::take(&mut level.entries[at + count].blank_before);
        let first = &mut level.entries[at];
        first.lines.splice(0..0, comments);
        first.blank_before = blank;
    }
}
