//! Mends on a resource declaration: one naming several resources split in one per name, and
//! routes taken out of a resource (by `only`, `except` or its custom actions), kept beside it
//! as unnamed `connect`s when they still route.

use routes_codegen::InspectedRoute;

use crate::model::{Arg, Decl, Entry, Item, Level, Line, Val};
use crate::options::pattern_keys;

/// A route leaving its resource.
pub(super) struct Detached {
    pub route: InspectedRoute,
    /// Whether it is kept as an unnamed `connect` beside the resource, or dropped.
    pub keep: bool,
}

/// `` `GET /articles(.:format)` → `articles#index` ``
pub(super) fn describe(route: &InspectedRoute) -> String {
    let methods = if route.methods.is_empty() {
        "ANY".to_owned()
    } else {
        route.methods.join("|")
    };
    format!("`{methods} {}` → `{}`", route.pattern, route.target)
}

/// `resources(a, b, OPTIONS) { BLOCK }` as `resources(a, OPTIONS) { BLOCK }` and
/// `resources(b, OPTIONS) { BLOCK }`, which `routes!` declares alike.
pub(super) fn split_names(level: &mut Level, address: &[usize]) {
    let (Some(&at), Some(holder)) = (address.last(), level.level_mut(address)) else {
        return;
    };
    let Some(entry) = holder.entries.get(at).cloned() else {
        return;
    };
    let Some(decl) = &entry.decl else { return };
    let names: Vec<Arg> = decl
        .args
        .iter()
        .filter(|a| matches!(a, Arg::Name(_)))
        .cloned()
        .collect();
    let split: Vec<Entry> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let mut one = entry.clone();
            if i > 0 {
                one.lines.clear();
                one.blank_before = false;
            }
            if let Some(decl) = one.decl.as_mut() {
                decl.args.retain(|a| !matches!(a, Arg::Name(_)));
                decl.args.insert(0, name);
            }
            one
        })
        .collect();
    holder.entries.splice(at..=at, split);
}

/// The seven default actions, in `only` and `except`.
const DEFAULT_ACTIONS: [&str; 7] = [
    "index", "create", "new", "edit", "show", "update", "destroy",
];

/// Routes leave their resource (an action is taken out of `only`, `except` or the custom
/// actions); those kept are declared as unnamed `connect`s beside it, before it for the
/// routes the resource tries before its `new` (so that order holds), after it for the rest.
pub(super) fn detach(
    level: &mut Level,
    address: &[usize],
    actions: Vec<Detached>,
    note: String,
) -> Option<(usize, Vec<Entry>)> {
    let &at = address.last()?;
    // A nested resource's routes come before its parents' own routes (Rails 2.3.4's order), so
    // those kept go before the outermost resource, at the top, their patterns whole.
    let top = address[0];
    let namespaces_of = |level: &Level, at: usize| -> Vec<String> {
        level.entries.get(at).map_or_else(Vec::new, |entry| {
            entry
                .path
                .iter()
                .filter_map(|&c| match level.containers.get(c) {
                    Some(container) if container.keyword == "namespace" => {
                        match container.args.first() {
                            Some(Arg::Name(name)) => Some(name.clone()),
                            _ => None,
                        }
                    }
                    _ => None,
                })
                .collect()
        })
    };
    let namespaces = namespaces_of(level, top);
    let top_path = level
        .entries
        .get(top)
        .map(|e| e.path.clone())
        .unwrap_or_default();
    let nested = address.len() > 1;
    let holder = level.level_mut(address)?;
    let entry = holder.entries.get_mut(at)?;
    let decl = entry.decl.as_mut()?;
    let singleton = decl.keyword == "resource";
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut todos = Vec::new();
    for detached in actions {
        let route = &detached.route;
        let action = route
            .target
            .rsplit('#')
            .next()
            .unwrap_or_default()
            .to_owned();
        let own_path = route
            .pattern
            .trim_end_matches("(.:format)")
            .ends_with(&format!("/{action}"));
        let custom = if own_path && has_custom_action(decl, &action) {
            remove_custom_action(decl, &action)
        } else {
            None
        };
        let early = match &custom {
            Some(kind) => kind != "member",
            None if DEFAULT_ACTIONS.contains(&action.as_str()) => {
                remove_default_action(decl, &action, singleton);
                matches!(action.as_str(), "index" | "create" | "new")
            }
            None => {
                todos.push(format!(
                    "`{action}` cannot be taken out of this resource; mend it by hand"
                ));
                continue;
            }
        };
        if !detached.keep {
            continue;
        }
        match connect(decl, route, &namespaces) {
            Some(connect) => {
                let kept = Entry {
                    path: if nested {
                        top_path.clone()
                    } else {
                        entry.path.clone()
                    },
                    decl: Some(connect),
                    ..Entry::default()
                };
                if early || nested {
                    before.push(kept);
                } else {
                    after.push(kept);
                }
            }
            None => todos.push(format!(
                "{} is left out with its name; declare it by hand",
                describe(route)
            )),
        }
    }
    entry.lines.push(Line::Note(note));
    entry.lines.extend(todos.into_iter().map(Line::Todo));
    let dissolved = routes_nothing(decl);
    if dissolved && !nested && !(before.is_empty() && after.is_empty()) {
        // The resource routes nothing more: its routes take its place, its comments and notes
        // before them.
        let lines = std::mem::take(&mut entry.lines);
        let blank = entry.blank_before;
        let mut kept: Vec<Entry> = before.into_iter().chain(after).collect();
        kept[0].lines = lines;
        kept[0].blank_before = blank;
        holder.entries.splice(at..=at, kept);
        return None;
    }
    if dissolved {
        entry.decl = None;
    }
    if nested {
        return Some((top, before));
    }
    let count = before.len();
    holder.entries.splice(at + 1..at + 1, after);
    holder.entries.splice(at..at, before);
    // The comments and notes before the resource stay before whatever now comes first.
    if count > 0 {
        let lines = std::mem::take(&mut holder.entries[at + count].lines);
        let blank = std::mem::take(&mut holder.entries[at + count].blank_before);
        holder.entries[at].lines = lines;
        holder.entries[at].blank_before = blank;
    }
    None
}

/// Whether a resource declaration is left without routes: no default action, no custom one,
/// nothing nested.
fn routes_nothing(decl: &Decl) -> bool {
    let none = decl.args.iter().any(|a| match a {
        Arg::Call(key, items) if key == "only" => items
            .iter()
            .all(|i| matches!(i, Item::Name(n) if n == "none")),
        Arg::Call(key, items) if key == "except" => {
            let excepted = |action: &str| {
                items
                    .iter()
                    .any(|i| matches!(i, Item::Name(n) if n == action || n == "all"))
            };
            DEFAULT_ACTIONS
                .iter()
                .all(|a| excepted(a) || (decl.keyword == "resource" && *a == "index"))
        }
        _ => false,
    });
    let more = decl.args.iter().any(|a| {
        matches!(
            a.key(),
            Some("collection" | "member" | "new" | "has_many" | "has_one")
        )
    });
    none && !more && decl.block.is_none()
}

/// Whether the resource declares a custom action `action`.
fn has_custom_action(decl: &Decl, action: &str) -> bool {
    decl.args.iter().any(|arg| {
        matches!(arg, Arg::Call(key, items)
            if matches!(key.as_str(), "collection" | "member" | "new")
                && items.iter().any(|i| matches!(i, Item::Action(a, _) if a == action)))
    })
}

/// Takes `action` out of `collection(...)`, `member(...)` or `new(...)`; which of them held it.
fn remove_custom_action(decl: &mut Decl, action: &str) -> Option<String> {
    for arg in &mut decl.args {
        if let Arg::Call(key, items) = arg
            && matches!(key.as_str(), "collection" | "member" | "new")
        {
            let before = items.len();
            items.retain(|i| !matches!(i, Item::Action(a, _) if a == action));
            if items.len() < before {
                let key = key.clone();
                decl.args
                    .retain(|a| !matches!(a, Arg::Call(_, items) if items.is_empty()));
                return Some(key);
            }
        }
    }
    None
}

/// Takes a default action out of the resource's `only`, or adds it to its `except`.
fn remove_default_action(decl: &mut Decl, action: &str, singleton: bool) {
    let all: Vec<&str> = DEFAULT_ACTIONS
        .iter()
        .copied()
        .filter(|a| !(singleton && *a == "index"))
        .collect();
    let names = |items: &[Item]| -> Vec<String> {
        items
            .iter()
            .filter_map(|i| match i {
                Item::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect()
    };
    for arg in &mut decl.args {
        match arg {
            Arg::Call(key, items) if key == "only" => {
                let mut kept = names(items);
                if kept.iter().any(|n| n == "all") {
                    kept = all.iter().map(|a| (*a).to_owned()).collect();
                }
                kept.retain(|n| n != action && n != "none");
                if kept.is_empty() {
                    kept.push("none".into());
                }
                *items = kept.into_iter().map(Item::Name).collect();
                return;
            }
            Arg::Call(key, items) if key == "except" => {
                let mut except = names(items);
                except.retain(|n| n != "none");
                except.push(action.to_owned());
                *items = except.into_iter().map(Item::Name).collect();
                return;
            }
            _ => {}
        }
    }
    decl.args
        .push(Arg::Call("except".into(), vec![Item::Name(action.into())]));
}

/// A resource's route as an unnamed `connect` in the resource's namespaces: its pattern,
/// controller, action and methods, and the resource's requirements and conditions that
/// apply to it.
fn connect(resource: &Decl, route: &InspectedRoute, namespaces: &[String]) -> Option<Decl> {
    let mut pattern = route
        .pattern
        .strip_suffix("(.:format)")
        .unwrap_or(&route.pattern)
        .to_owned();
    let (controller, action) = route.target.rsplit_once('#')?;
    let mut controller = controller.to_owned();
    if pattern.contains('(') {
        return None;
    }
    for namespace in namespaces {
        pattern = pattern.strip_prefix(&format!("/{namespace}"))?.to_owned();
        controller = controller
            .strip_prefix(&format!("{namespace}/"))?
            .to_owned();
    }
    let keys = pattern_keys(&pattern);
    let mut args = vec![
        Arg::Pattern(pattern),
        Arg::Assign("controller".into(), Val::Str(controller)),
        Arg::Assign("action".into(), Val::Str(action.to_owned())),
    ];
    let methods: Vec<String> = route.methods.iter().map(|m| m.to_lowercase()).collect();
    match methods.as_slice() {
        [] => {}
        [one] => args.push(Arg::Assign("via".into(), Val::Word(one.clone()))),
        _ => args.push(Arg::Assign("via".into(), Val::Words(methods))),
    }
    for arg in &resource.args {
        match arg {
            Arg::Call(key, items) if key == "requirements" => {
                let items: Vec<Item> = items
                    .iter()
                    .filter(|i| matches!(i, Item::Assign(k, _) if keys.contains(k)))
                    .cloned()
                    .collect();
                if !items.is_empty() {
                    args.push(Arg::Call(key.clone(), items));
                }
            }
            Arg::Call(key, _) if key == "conditions" => args.push(arg.clone()),
            _ => {}
        }
    }
    Some(Decl {
        keyword: "connect",
        args,
        block: None,
    })
}
