//! What is read, made declarations: each statement's options translated for what it declares,
//! `with_options` kept as a block around the declarations that take all its options (and
//! merged into the others, as Rails merges them), and the places where `routes!` deliberately
//! differs from Rails 2.3 resolved to keep Rails' meaning, each with a note.

use std::collections::{HashMap, HashSet};

use routes_syntax::inflector::singularize;
use routes_syntax::pattern::parse_pattern;

use crate::model::{Arg, Container, Decl, Entry, Level, Line, Val};
use crate::options::{self, For};
use crate::read::{Raw, RawItem, RouteKind, Scope, What};
use crate::ruby::Value;

type Hash = Vec<(String, Value)>;

/// The declarations of one block.
pub fn level(raw: Raw) -> Level {
    let Raw { items, containers } = raw;
    let namespaces_of = |path: &[usize]| -> Vec<usize> {
        path.iter()
            .copied()
            .filter(|&c| matches!(containers[c], Scope::Namespace(_)))
            .collect()
    };
    let mut routes: Vec<Route> = Vec::new();
    // The helpers the level's resources make, and the line of each resource.
    let mut resource_made: Vec<(String, usize)> = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    for item in items {
        let RawItem {
            path,
            blank_before,
            comments,
            line,
            what,
        } = item;
        let mut entry = Entry {
            path: namespaces_of(&path),
            blank_before,
            lines: comments.into_iter().map(Line::Comment).collect(),
            decl: None,
        };
        let withs: Vec<&Hash> = path
            .iter()
            .filter_map(|&c| match &containers[c] {
                Scope::With(options) => Some(options),
                Scope::Namespace(_) => None,
            })
            .collect();
        let effective = withs.iter().fold(Vec::new(), |all, with| merge(&all, with));
        match what {
            What::Nothing => {}
            What::Todo { reason, ruby } => {
                entry
                    .lines
                    .push(Line::Todo(format!("{reason} (line {line}):")));
                entry
                    .lines
                    .extend(ruby.lines().map(|l| Line::Comment(format!("     {l}"))));
            }
            What::Resources {
                singleton,
                names,
                options,
                block,
            } => {
                let all = merge(&effective, &options);
                let translated = options::resources(&all);
                let prefix = namespace_prefix(&entry.path, &containers);
                for name in &names {
                    let made = resource_helpers(singleton, name, &all, &prefix);
                    let twice = made.iter().find_map(|h| {
                        let (_, earlier) = resource_made.iter().find(|(m, _)| m == h)?;
                        Some((h.clone(), *earlier))
                    });
                    if let Some((helper, earlier)) = twice {
                        entry.lines.push(Line::Todo(format!(
                            "`{name}` makes helpers the resource of line {earlier} makes too \
                             (`{helper}_path`), which `routes!` refuses; Rails 2.3 gave them to \
                             the later one: give one of them a `name_prefix`"
                        )));
                    }
                    resource_made.extend(made.into_iter().map(|h| (h, line)));
                }
                let mut args: Vec<Arg> = names.into_iter().map(Arg::Name).collect();
                translated.settle(&mut args, &mut entry.lines);
                let block = block.map(level).filter(|b| !b.entries.is_empty());
                entry.decl = Some(Decl {
                    keyword: if singleton { "resource" } else { "resources" },
                    args,
                    block,
                });
            }
            What::Route {
                kind,
                pattern,
                options,
                ruby,
            } => {
                let pattern = match &kind {
                    RouteKind::Root(_) => "/".to_owned(),
                    _ => options::leading_slash(pattern.as_deref().unwrap_or("")),
                };
                if let Err(error) = parse_pattern(&pattern) {
                    entry.lines.push(Line::Todo(format!(
                        "`{ruby}` (line {line}) is left out: {error}; convert it by hand"
                    )));
                    entries.push(entry);
                    continue;
                }
                let purpose = purpose(&kind);
                let all = merge(&effective, &options);
                let keyed = keyed(&all, &pattern);
                // The `with_options` blocks stay around the route when it takes every option
                // they give as they are; otherwise their options are merged into its own.
                let keeps = withs.iter().all(|with| {
                    let as_here = options::route(with, Some(&keyed), purpose);
                    // Rails ignores a name prefix for a route without a name; `routes!` refuses
                    // it. A namespace joins the route's own controller, which the block's
                    // would not.
                    let unfit = with.iter().any(|(k, _)| {
                        k == "namespace" || (k == "name_prefix" && purpose == For::Connect)
                    });
                    !unfit
                        && as_here.notes.is_empty()
                        && as_here.todos.is_empty()
                        && as_here
                            .args
                            .iter()
                            .all(|a| a.key().is_some_and(|k| takes(purpose, k)))
                });
                // A block kept around the declaration is its entry's path; else the block's
                // options are merged into it, and the entry stays where it was.
                let own = if keeps {
                    entry.path = path;
                    options
                } else {
                    all.clone()
                };
                routes.push(Route {
                    entry: entries.len(),
                    line,
                    ruby,
                    kind,
                    pattern,
                    keyed,
                    own,
                    effective: all,
                    namespaces: namespaces_of(&entry.path),
                    dropped: false,
                });
            }
        }
        entries.push(entry);
    }
    drop_redundant_formats(&mut routes, &mut entries);
    rename_helpers_defined_twice(&mut routes, &mut entries, &containers);
    note_helpers_resources_make(&routes, &mut entries, &containers, &resource_made);
    for route in &routes {
        let entry = &mut entries[route.entry];
        if !route.dropped {
            route.declare(entry);
        }
    }
    Level {
        entries,
        containers: containers
            .into_iter()
            .map(|scope| match scope {
                Scope::With(options) => Container {
                    keyword: "with_options",
                    args: options::route(&options, None, For::Named).args,
                },
                Scope::Namespace(name) => Container {
                    keyword: "namespace",
                    args: vec![Arg::Name(name)],
                },
            })
            .collect(),
    }
}

/// A route statement, until it is declared.
struct Route {
    /// Its entry's index.
    entry: usize,
    line: usize,
    ruby: String,
    kind: RouteKind,
    /// With its leading `/`.
    pattern: String,
    /// The pattern after its path prefix, whose keys are the route's too.
    keyed: String,
    /// The options it is declared with.
    own: Hash,
    /// Its options and those of every `with_options` around it, as Rails merges them.
    effective: Hash,
    namespaces: Vec<usize>,
    dropped: bool,
}

impl Route {
    fn declare(&self, entry: &mut Entry) {
        let purpose = purpose(&self.kind);
        let translated = options::route(&self.own, Some(&self.keyed), purpose);
        let (keyword, mut args) = match &self.kind {
            RouteKind::Named(name) => (
                "named",
                vec![Arg::Name(name.clone()), Arg::Pattern(self.pattern.clone())],
            ),
            RouteKind::Connect => ("connect", vec![Arg::Pattern(self.pattern.clone())]),
            RouteKind::Root(Some(route)) => ("root", vec![Arg::Name(route.clone())]),
            RouteKind::Root(None) => ("root", Vec::new()),
        };
        translated.settle(&mut args, &mut entry.lines);
        if self.kind == RouteKind::Root(None) && !has_method(&self.effective) {
            args.push(Arg::Assign("via".into(), Val::Word("any".into())));
            entry.lines.push(Line::Note(
                "Rails 2.3's root answers every method, and `via = any` keeps that; without \
                 it, `routes!` routes only GET and HEAD to it"
                    .into(),
            ));
        }
        if options::pattern_keys(&self.pattern)
            .iter()
            .any(|k| k == "controller")
        {
            entry.lines.push(Line::Note(
                "`:controller` names a controller of this table only (in Rails, any)".into(),
            ));
        }
        entry.decl = Some(Decl {
            keyword,
            args,
            block: None,
        });
    }

    /// The name its helpers take (`admin_login` for `login` in `namespace(admin)`).
    fn helper(&self, containers: &[Scope]) -> Option<String> {
        let name = match &self.kind {
            RouteKind::Named(name) => name.as_str(),
            RouteKind::Root(_) => "root",
            RouteKind::Connect => return None,
        };
        let mut full = namespace_prefix(&self.namespaces, containers);
        if let Some((_, Value::Str(prefix) | Value::Sym(prefix))) =
            self.effective.iter().find(|(k, _)| k == "name_prefix")
        {
            full.push_str(prefix);
        }
        full.push_str(name);
        Some(full)
    }
}

/// `admin_` for a declaration in `namespace(admin)`.
fn namespace_prefix(path: &[usize], containers: &[Scope]) -> String {
    let mut prefix = String::new();
    for &c in path {
        if let Scope::Namespace(namespace) = &containers[c] {
            prefix.push_str(namespace);
            prefix.push('_');
        }
    }
    prefix
}

/// The names of the helpers `resources(NAME, ...)` or `resource(NAME, ...)` makes for its own
/// routes (not its nested resources'), as Rails 2.3 names them.
fn resource_helpers(singleton: bool, name: &str, options: &Hash, prefix: &str) -> Vec<String> {
    let option = |key: &str| options.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let prefix = match option("name_prefix") {
        Some(Value::Str(p) | Value::Sym(p)) => format!("{prefix}{p}"),
        Some(Value::Nil) => String::new(),
        _ => prefix.to_owned(),
    };
    let singular = match option("singular").and_then(Value::word) {
        Some(singular) => singular.to_owned(),
        None if singleton => name.to_owned(),
        None => singularize(name),
    };
    let words = |value: Option<&Value>| -> Option<Vec<String>> {
        Some(match value? {
            Value::Array(items) => items
                .iter()
                .filter_map(Value::word)
                .map(str::to_owned)
                .collect(),
            other => vec![other.word()?.to_owned()],
        })
    };
    let routed = |action: &str| {
        let only = words(option("only"));
        let except = words(option("except"));
        let listed = |list: &Option<Vec<String>>| {
            list.as_ref()
                .map(|l| l.iter().any(|a| a == action || a == "all"))
        };
        listed(&only).unwrap_or(true) && !listed(&except).unwrap_or(false)
    };
    let index = if singular == name {
        format!("{name}_index")
    } else {
        name.to_owned()
    };
    let mut made: Vec<String> = Vec::new();
    let member = if singleton { name } else { singular.as_str() };
    if !singleton && routed("index") {
        made.push(index);
    }
    if routed("show") {
        made.push(member.to_owned());
    }
    if routed("new") {
        made.push(format!("new_{singular}"));
    }
    if routed("edit") {
        made.push(format!("edit_{member}"));
    }
    for (key, shape) in [
        ("collection", format!("_{name}")),
        ("member", format!("_{member}")),
        ("new", format!("_new_{singular}")),
    ] {
        if let Some(Value::Hash(actions)) = option(key) {
            made.extend(actions.iter().map(|(action, _)| format!("{action}{shape}")));
        }
    }
    made.iter().map(|h| format!("{prefix}{h}")).collect()
}

fn purpose(kind: &RouteKind) -> For {
    match kind {
        RouteKind::Named(_) => For::Named,
        RouteKind::Connect => For::Connect,
        RouteKind::Root(_) => For::Root,
    }
}

/// Whether a `with_options` option is one the declaration takes.
fn takes(purpose: For, key: &str) -> bool {
    match key {
        "controller" | "action" | "via" | "conditions" | "requirements" | "defaults"
        | "path_prefix" => true,
        "name_prefix" => purpose != For::Connect,
        _ => false,
    }
}

fn has_method(options: &Hash) -> bool {
    options.iter().any(|(k, v)| {
        k == "conditions" && matches!(v, Value::Hash(c) if c.iter().any(|(k, _)| k == "method"))
    })
}

/// Rails' `deep_merge`, as `with_options` merges: `inner` wins, hashes merge key by key.
fn merge(outer: &Hash, inner: &Hash) -> Hash {
    let mut all = outer.clone();
    for (key, value) in inner {
        match all.iter_mut().find(|(k, _)| k == key) {
            Some((_, Value::Hash(old))) if matches!(value, Value::Hash(_)) => {
                if let Value::Hash(new) = value {
                    *old = merge(old, new);
                }
            }
            Some((_, old)) => *old = value.clone(),
            None => all.push((key.clone(), value.clone())),
        }
    }
    all
}

/// The pattern as Rails splits it into keys: after the route's path prefix.
fn keyed(options: &Hash, pattern: &str) -> String {
    match options.iter().find(|(k, _)| k == "path_prefix") {
        Some((_, prefix)) => format!(
            "{}{pattern}",
            options::leading_slash(prefix.word().unwrap_or(""))
        ),
        None => pattern.to_owned(),
    }
}

/// Every route takes an optional format here, so `X.:format` declared after `X` with the
/// same options could never be reached (an error in `routes!`): it is left out, as Rails
/// would have routed its requests to `X` had `X` taken a format.
fn drop_redundant_formats(routes: &mut [Route], entries: &mut [Entry]) {
    let mut by_pattern: HashMap<String, Vec<usize>> = HashMap::new();
    for i in 0..routes.len() {
        let covering = routes[i].pattern.strip_suffix(".:format").and_then(|base| {
            by_pattern.get(base)?.iter().copied().find(|&j| {
                routes[j].namespaces == routes[i].namespaces
                    && routes[j].effective == routes[i].effective
                    && !matches!(routes[j].kind, RouteKind::Root(_))
            })
        });
        let Some(j) = covering else {
            by_pattern
                .entry(routes[i].pattern.clone())
                .or_default()
                .push(i);
            continue;
        };
        let helper = match (routes[i].kind.clone(), routes[j].kind.clone()) {
            (RouteKind::Named(name), RouteKind::Named(base))
                if name == format!("formatted_{base}") =>
            {
                format!("; `{name}_path` is made by that route")
            }
            (RouteKind::Named(name), RouteKind::Named(base)) => {
                format!("; for `{name}_path`, use `formatted_{base}_path`")
            }
            // The unnamed route takes the name, which keeps the helper and the order.
            (RouteKind::Named(name), _) => {
                routes[j].kind = RouteKind::Named(name.clone());
                format!("; that route is named `{name}` instead")
            }
            _ => String::new(),
        };
        let note = format!(
            "`{}` (line {}) is left out: `{}` (line {}) takes an optional format already, so \
             this would never be reached{helper}",
            routes[i].ruby, routes[i].line, routes[j].ruby, routes[j].line
        );
        routes[i].dropped = true;
        entries[routes[i].entry].lines.push(Line::Note(note));
    }
}

/// A named route whose helper a resource makes too is an error in `routes!`; Rails 2.3 gave
/// the name to whichever was declared later. Which the application means is for a person to
/// say, so it is a to-do.
fn note_helpers_resources_make(
    routes: &[Route],
    entries: &mut [Entry],
    containers: &[Scope],
    made: &[(String, usize)],
) {
    for route in routes.iter().filter(|r| !r.dropped) {
        let Some(helper) = route.helper(containers) else {
            continue;
        };
        let base = helper.strip_prefix("formatted_").unwrap_or(&helper);
        let Some((_, line)) = made.iter().find(|(h, _)| h == &helper || h == base) else {
            continue;
        };
        entries[route.entry].lines.push(Line::Todo(format!(
            "`{helper}_path` is also a helper of the resource of line {line}, and `routes!` \
                 refuses a helper defined twice; Rails 2.3 gave it to the later of the two: \
                 rename this route or the resource's helpers (`name_prefix`)"
        )));
    }
}

/// A helper defined twice is an error in `routes!`. Rails 2.3 let the later definition take
/// the name (its named-route collection is a hash), so the later keeps it here and each
/// earlier one is renamed.
fn rename_helpers_defined_twice(routes: &mut [Route], entries: &mut [Entry], containers: &[Scope]) {
    let helpers: Vec<Option<String>> = routes
        .iter()
        .map(|r| r.helper(containers).filter(|_| !r.dropped))
        .collect();
    let mut last: HashMap<&str, usize> = HashMap::new();
    for (i, helper) in helpers.iter().enumerate() {
        if let Some(helper) = helper {
            last.insert(helper, i);
        }
    }
    let mut taken: HashSet<String> = helpers.iter().flatten().cloned().collect();
    // The next number to try for each helper, so that renaming is linear in the routes.
    let mut next: HashMap<String, usize> = HashMap::new();
    for (i, helper) in helpers.iter().enumerate() {
        let Some(helper) = helper else { continue };
        let keeper = last.get(helper.as_str()).copied().unwrap_or(i);
        if keeper == i {
            continue;
        }
        let name = match &routes[i].kind {
            RouteKind::Named(name) => name.clone(),
            _ => "root".to_owned(),
        };
        // The helper is its prefixes (namespace, name prefix) and then the name.
        let prefix = helper.strip_suffix(name.as_str()).unwrap_or("");
        let mut n = next.get(helper.as_str()).copied().unwrap_or(1);
        while taken.contains(&format!("{prefix}{name}_{n}")) {
            n += 1;
        }
        next.insert(helper.clone(), n + 1);
        let renamed = format!("{name}_{n}");
        taken.insert(format!("{prefix}{renamed}"));
        let note = format!(
            "Rails 2.3 gives `{helper}_path` to the later `{}` (line {}); this one is \
             renamed `{renamed}`",
            routes[keeper].ruby, routes[keeper].line
        );
        routes[i].kind = RouteKind::Named(renamed);
        entries[routes[i].entry].lines.push(Line::Note(note));
    }
}
