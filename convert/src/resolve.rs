//! What is read, made declarations: each statement's options translated for what it declares,
//! `with_options` kept as a block around the declarations that take all its options (and
//! merged into the others, as Rails merges them), and the places where `routes!` deliberately
//! differs from Rails 2.3 resolved to keep Rails' meaning, each with a note.

use std::collections::HashMap;

use routes_syntax::pattern::parse_pattern;

use crate::model::{Arg, Container, Decl, Entry, Level, Line, Source, Val};
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
            source: None,
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
                ruby,
            } => {
                let all = merge(&effective, &options);
                let translated = options::resources(&all);
                entry.source = Some(Source {
                    line,
                    ruby,
                    file: None,
                });
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
    for route in &routes {
        let entry = &mut entries[route.entry];
        if !route.dropped {
            route.declare(entry);
        }
    }
    let entries = literal_formats_first(entries, &routes);
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
        entry.source = Some(Source {
            line: self.line,
            ruby: self.ruby.clone(),
            file: None,
        });
    }
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

/// Rails 2.3 gave a route a format only where its pattern has one, so `connect("/feed")`
/// declared before `connect("/feed.rss")` left `/feed.rss` to the later route. Here every
/// route takes an optional format, and `/feed` would take `/feed.rss` first: the route with
/// the literal extension moves before the one without, which then takes only what Rails
/// gave it.
fn literal_formats_first(mut entries: Vec<Entry>, routes: &[Route]) -> Vec<Entry> {
    let mut moves: Vec<(usize, usize, String)> = Vec::new();
    for (i, later) in routes.iter().enumerate() {
        let Some((base, extension)) = later.pattern.rsplit_once('.') else {
            continue;
        };
        let literal = |text: &str| !text.contains([':', '*', '/', '(']);
        if later.dropped || !literal(extension) || extension.is_empty() || base.contains('(') {
            continue;
        }
        let Some(earlier) = routes[..i]
            .iter()
            .find(|r| !r.dropped && r.pattern == base && r.namespaces == later.namespaces)
        else {
            continue;
        };
        let note = format!(
            "moved before `{}` (line {}): Rails 2.3 gave that route no format, so `{}` reached \
             this one; here every route takes an optional format, and that route would take it \
             first",
            earlier.ruby, earlier.line, later.pattern
        );
        moves.push((later.entry, earlier.entry, note));
    }
    // Entries are moved by their first index, so that one move does not upset the next.
    let mut order: Vec<usize> = (0..entries.len()).collect();
    for (from, to, note) in moves {
        if from <= to {
            continue;
        }
        // The comments and the blank line before the earlier route stay before both.
        let (comments, own): (Vec<Line>, Vec<Line>) = std::mem::take(&mut entries[to].lines)
            .into_iter()
            .partition(|l| matches!(l, Line::Comment(_)));
        entries[to].lines = own;
        let moved = std::mem::take(&mut entries[from].lines);
        entries[from].lines = comments.into_iter().chain(moved).collect();
        entries[from].lines.push(Line::Note(note));
        entries[from].blank_before = std::mem::take(&mut entries[to].blank_before);
        order.retain(|&e| e != from);
        let at = order.iter().position(|&e| e == to).unwrap_or(0);
        order.insert(at, from);
    }
    let mut slots: Vec<Option<Entry>> = entries.into_iter().map(Some).collect();
    order.into_iter().filter_map(|e| slots[e].take()).collect()
}
