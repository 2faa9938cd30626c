//! The output held to the macro's own judgement: the declarations are written, lowered by the
//! macro's pipeline (`routes_codegen::inspect_routes`), and what it would refuse is mended the
//! way Rails decided it, then inspected again until nothing is left to mend. Names, shadowing
//! and errors all come from the pipeline, so the converter never re-derives a helper name or a
//! route's reach: what it mends is exactly what the compiler would report.
//!
//! Rails' rules, as mended here:
//! - a route no request can reach (earlier routes take every path and method it could) is left
//!   out with a note naming the route that takes its requests; when that route has its
//!   pattern and no name, it takes the left-out route's name, so the helper still builds the
//!   same path;
//! - a helper defined twice goes to the later definition, as Rails' named-route collection is a
//!   hash: an earlier named route is renamed, an earlier resource route keeps routing as an
//!   unnamed route beside its resource;
//! - anything else the macro refuses is left out with a to-do quoting its message.

use std::collections::{BTreeMap, HashMap, HashSet};

use proc_macro2::TokenStream;
use routes_codegen::{InspectedRoute, Inspection, inspect_routes};

use crate::model::{Address, Arg, Decl, Entry, Level, Line, Val};

mod default_route;
mod draw;
mod resource;

use crate::write::{self, Body};
pub use default_route::declare_default_route_actions;
pub use draw::settle as settle_draw;
use resource::{Detached, describe, detach, split_names};

/// How many times the output is inspected at most; each round mends one kind of refusal, so
/// a handful settles any file.
const ROUNDS: usize = 8;

/// Mends `level` until the macro takes it, or nothing more can be mended.
pub fn settle(level: &mut Level) {
    for _ in 0..ROUNDS {
        let body = write::body(level);
        let Ok(tokens) = body.text.parse::<TokenStream>() else {
            return;
        };
        let inspection = inspect_routes(tokens);
        if !mend(level, &body, &inspection) {
            return;
        }
    }
}

/// One round: the first kind of refusal found is mended; whether anything changed.
fn mend(level: &mut Level, body: &Body, inspection: &Inspection) -> bool {
    let at: Vec<Option<Address>> = inspection
        .routes
        .iter()
        .map(|r| body.entry_at(r.line).cloned())
        .collect();
    let mut first_declaration: HashMap<Address, usize> = HashMap::new();
    for (route, address) in inspection.routes.iter().zip(&at) {
        if let Some(address) = address {
            let first = first_declaration
                .entry(address.clone())
                .or_insert(route.declaration);
            *first = (*first).min(route.declaration);
        }
    }
    let round = Round {
        level,
        routes: &inspection.routes,
        at,
        first_declaration,
    };
    let mut mends = round.split_names(inspection);
    if mends.is_empty() {
        mends = round.shadowed(inspection);
    }
    if mends.is_empty() {
        mends = round.defined_twice();
    }
    if mends.is_empty() {
        mends = round.refused(body, inspection);
    }
    if mends.is_empty() {
        return false;
    }
    // From the last entry to the first, so that entries added beside one do not move those
    // still to mend.
    // The routes a nested resource keeps go before the outermost resource, once every entry
    // is mended, so that they move none of those still to mend.
    let mut deferred: Vec<(usize, Vec<Entry>)> = Vec::new();
    for (address, mends) in mends.into_iter().rev() {
        for mend in mends {
            if let Some(kept) = apply(level, &address, mend) {
                deferred.push(kept);
            }
        }
    }
    deferred.sort_by_key(|(top, _)| std::cmp::Reverse(*top));
    for (top, kept) in deferred {
        let at = top.min(level.entries.len());
        level.entries.splice(at..at, kept);
    }
    true
}

/// What is done to one entry.
enum Mend {
    /// A named route or `root` takes another name (the local part, without prefixes).
    Rename { name: String, note: String },
    /// The declaration is left out.
    LeaveOut(Line),
    /// An unnamed `connect` takes a name (`root` for the root).
    Name { name: String },
    /// Resource routes leave the resource; those with `keep` stay as unnamed routes beside it.
    Detach {
        actions: Vec<Detached>,
        note: String,
    },
    /// A resource declaring several names becomes one declaration per name.
    SplitNames,
    /// A to-do before the declaration, which stays.
    Todo(String),
}

struct Round<'l> {
    level: &'l Level,
    routes: &'l [InspectedRoute],
    /// The entry each inspected route comes from.
    at: Vec<Option<Address>>,
    /// The first declaration of each entry's routes.
    first_declaration: HashMap<Address, usize>,
}

type Mends = BTreeMap<Address, Vec<Mend>>;

impl Round<'_> {
    fn entry(&self, route: usize) -> Option<&Entry> {
        self.level.entry(self.at[route].as_ref()?)
    }

    fn decl(&self, route: usize) -> Option<&Decl> {
        self.entry(route)?.decl.as_ref()
    }

    fn keyword(&self, route: usize) -> &str {
        self.decl(route).map_or("", |d| d.keyword)
    }

    fn is_resource(&self, route: usize) -> bool {
        matches!(self.keyword(route), "resources" | "resource")
    }

    /// `` `map.feed 'feed'` (line 4) ``, or the route as the macro describes it.
    fn cite(&self, route: usize) -> String {
        match self.entry(route).and_then(|e| e.source.as_ref()) {
            Some(source) => source.cite(),
            None => describe(&self.routes[route]),
        }
    }

    /// A resource route among the routes of its declaration's own resource, not of one it
    /// nests through `has_many` or `has_one`: the first declaration its head holds.
    fn own_resource_route(&self, route: usize) -> bool {
        let first = self.at[route]
            .as_ref()
            .and_then(|at| self.first_declaration.get(at));
        first == Some(&self.routes[route].declaration)
    }

    /// A resource declaration naming several resources is split before one of its routes is
    /// mended, so that the mend touches that resource alone.
    fn split_names(&self, inspection: &Inspection) -> Mends {
        let mut wanted: Vec<usize> = inspection.shadowed.iter().map(|(r, _)| *r).collect();
        wanted.extend(self.twice().into_iter().map(|(loser, _)| loser));
        let mut mends = Mends::new();
        for route in wanted {
            let Some(decl) = self.decl(route) else {
                continue;
            };
            let names = decl
                .args
                .iter()
                .filter(|a| matches!(a, Arg::Name(_)))
                .count();
            if self.is_resource(route)
                && names > 1
                && let Some(address) = &self.at[route]
            {
                mends.insert(address.clone(), vec![Mend::SplitNames]);
            }
        }
        mends
    }

    /// Each route no request can reach is left out, with a note naming what takes its
    /// requests.
    fn shadowed(&self, inspection: &Inspection) -> Mends {
        let mut mends = Mends::new();
        let mut detached: HashMap<Address, Vec<(usize, usize)>> = HashMap::new();
        for (route, by) in &inspection.shadowed {
            let (route, first) = (*route, by.first().copied().unwrap_or(*route));
            let Some(address) = self.at[route].clone() else {
                continue;
            };
            if self.is_resource(route) {
                if self.own_resource_route(route) {
                    detached.entry(address).or_default().push((route, first));
                } else {
                    let todo = format!(
                        "{} can never be recognised: {} takes every request it could; it comes \
                         from a resource nested with `has_many` or `has_one`, which cannot lose \
                         one route: declare that resource in a block instead",
                        describe(&self.routes[route]),
                        self.cite(first)
                    );
                    mends.entry(address).or_default().push(Mend::Todo(todo));
                }
                continue;
            }
            let shadowed = &self.routes[route];
            let taker = &self.routes[first];
            let takes_name = shadowed.name.is_some()
                && by.len() == 1
                && taker.name.is_none()
                && taker.pattern == shadowed.pattern
                && self.keyword(first) == "connect";
            let why = if self.format_differs(route, first) {
                "; Rails 2.3 reached it for a path with a format, which that route did not take \
                 there, but here every route takes an optional format"
            } else {
                ", as in Rails, which tried the routes in the same order"
            };
            let mut note = format!(
                "{} is left out: {}, declared before it, takes every request it could, so no \
                 request reaches it{why}",
                self.cite(route),
                self.cite(first),
            );
            if takes_name {
                let name = self.local_name(route).unwrap_or_default();
                note.push_str(&format!(
                    "; that route takes its name, `{}`, and its helpers build the same path",
                    shadowed.name.as_deref().unwrap_or_default()
                ));
                if let Some(taker) = &self.at[first] {
                    mends
                        .entry(taker.clone())
                        .or_default()
                        .push(Mend::Name { name });
                }
            } else if let Some(name) = &shadowed.name {
                note.push_str(&format!("; `{name}_path` goes with it"));
            }
            mends
                .entry(address)
                .or_default()
                .push(Mend::LeaveOut(Line::Note(note)));
        }
        for (address, routes) in detached {
            let actions: Vec<Detached> = routes
                .iter()
                .map(|&(route, _)| Detached {
                    route: self.routes[route].clone(),
                    keep: false,
                })
                .collect();
            let described: Vec<String> = routes
                .iter()
                .map(|&(route, by)| {
                    format!(
                        "{} (as {} takes every request it could)",
                        describe(&self.routes[route]),
                        self.cite(by)
                    )
                })
                .collect();
            let note = format!(
                "left out of the resource, as no request reaches it: {}",
                described.join("; ")
            );
            mends
                .entry(address)
                .or_default()
                .push(Mend::Detach { actions, note });
        }
        mends
    }

    /// The routes defining a helper twice, as (loser, winner) in Rails 2.3's terms: an
    /// explicitly named route (a `named` or the `root`) takes the name from any earlier
    /// route, while a resource names its route only when no route has the name yet
    /// (`map_resource_routes` checks `named_routes[name].nil?`). Routes come in the order
    /// Rails defines them, the table's, where a nested resource's come before its parent's.
    fn twice(&self) -> Vec<(usize, usize)> {
        let mut owner: HashMap<&str, usize> = HashMap::new();
        let mut pairs = Vec::new();
        for (i, route) in self.routes.iter().enumerate() {
            let Some(earlier) = route.helpers.iter().find_map(|h| owner.get(h.as_str())) else {
                owner.extend(route.helpers.iter().map(|h| (h.as_str(), i)));
                continue;
            };
            let earlier = *earlier;
            if self.is_resource(i) {
                pairs.push((i, earlier));
            } else {
                pairs.push((earlier, i));
                owner.extend(route.helpers.iter().map(|h| (h.as_str(), i)));
            }
        }
        pairs
    }

    /// A helper defined twice goes where Rails 2.3 put it (see [`Round::twice`]): the loser
    /// is renamed if it is a named route, or, if it is a resource's, declared unnamed beside
    /// its resource with the resource's routes that would take its name next.
    fn defined_twice(&self) -> Mends {
        let mut mends = Mends::new();
        let mut taken: HashSet<String> =
            self.routes.iter().filter_map(|r| r.name.clone()).collect();
        // The next number to try for each name, so that renaming is linear in the routes.
        let mut next: HashMap<String, usize> = HashMap::new();
        let mut detached: BTreeMap<Address, Vec<(usize, usize)>> = BTreeMap::new();
        for (loser, winner) in self.twice() {
            let Some(address) = self.at[loser].clone() else {
                continue;
            };
            let full = self.routes[loser].name.clone().unwrap_or_default();
            let shared = self.routes[winner]
                .helpers
                .iter()
                .find(|h| self.routes[loser].helpers.contains(h))
                .cloned()
                .unwrap_or_else(|| format!("{full}_path"));
            match self.keyword(loser) {
                "named" | "root" => {
                    let Some(local) = self.local_name(loser) else {
                        continue;
                    };
                    let name = fresh(&full, &local, &mut taken, &mut next);
                    let note = if loser > winner && !self.is_resource(winner) {
                        format!(
                            "`{shared}` is also a helper of {}; Rails 2.3 gave it to this later \
                             route, but here the earlier keeps it and this route is renamed \
                             `{name}`",
                            self.cite(winner)
                        )
                    } else {
                        format!(
                            "Rails 2.3 gives `{shared}` to the later {}; this one is renamed \
                             `{name}`",
                            self.cite(winner)
                        )
                    };
                    mends
                        .entry(address)
                        .or_default()
                        .push(Mend::Rename { name, note });
                }
                "resources" | "resource" if self.own_resource_route(loser) => {
                    let group = name_group(action_of(&self.routes[loser]), self.keyword(loser));
                    let entry = detached.entry(address).or_default();
                    for sibling in 0..self.routes.len() {
                        let same = self.at[sibling] == self.at[loser]
                            && self.routes[sibling].declaration == self.routes[loser].declaration;
                        // A custom action named like a default one (`collection(create:
                        // post)`) has a path and a name of its own.
                        let action = action_of(&self.routes[sibling]);
                        let default = !self.routes[sibling]
                            .pattern
                            .trim_end_matches("(.:format)")
                            .ends_with(&format!("/{action}"));
                        let joins = sibling == loser || (default && group.contains(&action));
                        if same && joins && !entry.iter().any(|(r, _)| *r == sibling) {
                            entry.push((sibling, winner));
                        }
                    }
                }
                _ => {
                    let todo = format!(
                        "`{shared}` is also a helper of {}, and `routes!` refuses a helper \
                         defined twice; Rails 2.3 gave it to the explicitly named one, or else \
                         to the first: rename one of them (`name_prefix`)",
                        self.cite(winner)
                    );
                    mends.entry(address).or_default().push(Mend::Todo(todo));
                }
            }
        }
        for (address, mut routes) in detached {
            routes.sort_unstable();
            let actions: Vec<Detached> = routes
                .iter()
                .map(|&(route, _)| Detached {
                    route: self.routes[route].clone(),
                    keep: true,
                })
                .collect();
            // The names each winning declaration keeps, in the order they come.
            let mut winners: Vec<(usize, Vec<String>)> = Vec::new();
            for &(route, winner) in &routes {
                let Some(name) = &self.routes[route].name else {
                    continue;
                };
                let helper = format!("`{name}_path`");
                let found = winners
                    .iter_mut()
                    .find(|(w, _)| self.at[*w] == self.at[winner] && self.at[winner].is_some());
                match found {
                    Some((_, names)) if !names.contains(&helper) => names.push(helper),
                    Some(_) => {}
                    None => winners.push((winner, vec![helper])),
                }
            }
            let winners: Vec<String> = winners
                .into_iter()
                .map(|(winner, names)| {
                    let one = names.len() == 1;
                    let (verb, whose) = if winner < routes[0].0 {
                        (
                            if one { "stays" } else { "stay" },
                            format!("{}, declared first", self.cite(winner)),
                        )
                    } else {
                        (
                            if one { "goes" } else { "go" },
                            format!("the later {}", self.cite(winner)),
                        )
                    };
                    format!("{} {verb} with {whose}", and_list(&names))
                })
                .collect();
            let note = format!(
                "{}: Rails 2.3 gives a name to a resource's route only while no route has it, \
                 and to an explicitly named route always; so these routes of the resource are \
                 declared unnamed beside it",
                winners.join("; ")
            );
            mends
                .entry(address)
                .or_default()
                .push(Mend::Detach { actions, note });
        }
        mends
    }

    /// What else the macro refuses: the declaration it points at is left out, with a to-do
    /// quoting the macro.
    fn refused(&self, body: &Body, inspection: &Inspection) -> Mends {
        let mut mends = Mends::new();
        for error in &inspection.errors {
            let message = &error.message;
            if message.starts_with("note:")
                || message.starts_with("the route helper `")
                || message.contains("can never be recognised")
            {
                continue;
            }
            let Some(address) = body.entry_at(error.line) else {
                continue;
            };
            let cite = self
                .level
                .entry(address)
                .and_then(|e| e.source.as_ref())
                .map_or_else(|| "this declaration".to_owned(), |s| s.cite());
            let todo =
                format!("{cite} is left out: `routes!` refuses it ({message}); convert it by hand");
            mends
                .entry(address.clone())
                .or_default()
                .push(Mend::LeaveOut(Line::Todo(todo)));
        }
        mends
    }

    /// Whether `shadowed` has a format (or a dot) in its last segment where the plain route
    /// `taker` has none: Rails 2.3 gave a route a format only where its pattern has one, so
    /// there the taker left such paths to it.
    fn format_differs(&self, shadowed: usize, taker: usize) -> bool {
        let last_segment = |route: usize| -> Option<String> {
            let decl = self.decl(route)?;
            decl.args.iter().find_map(|a| match a {
                Arg::Pattern(p) => Some(p.rsplit('/').next().unwrap_or_default().to_owned()),
                _ => None,
            })
        };
        let plain = matches!(self.keyword(taker), "named" | "connect" | "root");
        match (last_segment(shadowed), last_segment(taker)) {
            (Some(shadowed), Some(taker)) => {
                plain && shadowed.contains('.') && !taker.contains('.')
            }
            (Some(shadowed), None) => plain && shadowed.contains('.'),
            _ => false,
        }
    }

    /// The name a named route's declaration gives it (`login` for `admin_login`), or `root`.
    fn local_name(&self, route: usize) -> Option<String> {
        let decl = self.decl(route)?;
        match (decl.keyword, decl.args.first()) {
            ("named", Some(Arg::Name(name))) => Some(name.clone()),
            ("root", first) if !matches!(first, Some(Arg::Name(_))) => Some("root".into()),
            _ => None,
        }
    }
}

/// A name for a route called `full` (`local` once its prefixes are off) that no route has:
/// `local_1`, `local_2`, ...
fn fresh(
    full: &str,
    local: &str,
    taken: &mut HashSet<String>,
    next: &mut HashMap<String, usize>,
) -> String {
    let prefix = full.strip_suffix(local).unwrap_or("");
    let mut n = next.get(full).copied().unwrap_or(1);
    while taken.contains(&format!("{prefix}{local}_{n}")) {
        n += 1;
    }
    next.insert(full.to_owned(), n + 1);
    taken.insert(format!("{prefix}{local}_{n}"));
    format!("{local}_{n}")
}

/// `a`, `a and b`, `a, b and c`
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The actions of a resource whose routes Rails 2.3 names alike, so that the name passes
/// from one to the next when one is not routed: the collection's (`index`, `create`), a
/// member's (`show`, `update`, `destroy`, and a singleton's `create`).
fn name_group(action: &str, keyword: &str) -> &'static [&'static str] {
    match (action, keyword) {
        ("index" | "create", "resources") => &["index", "create"],
        ("show" | "update" | "destroy" | "create", "resource") => {
            &["show", "update", "destroy", "create"]
        }
        ("show" | "update" | "destroy", _) => &["show", "update", "destroy"],
        _ => &[],
    }
}

fn action_of(route: &InspectedRoute) -> &str {
    route.target.rsplit('#').next().unwrap_or_default()
}

/// Applies `mend`; the entries to put before a top entry (by its index) once all are applied.
fn apply(level: &mut Level, address: &[usize], mend: Mend) -> Option<(usize, Vec<Entry>)> {
    match mend {
        Mend::SplitNames => {
            split_names(level, address);
            None
        }
        Mend::Detach { actions, note } => detach(level, address, actions, note),
        other => {
            let entry = level.entry_mut(address)?;
            let decl = entry.decl.as_mut()?;
            match other {
                Mend::Rename { name, note } => {
                    if decl.keyword == "root" {
                        decl.keyword = "named";
                        decl.args
                            .splice(0..0, [Arg::Name(name), Arg::Pattern("/".into())]);
                    } else if let Some(Arg::Name(old)) = decl.args.first_mut() {
                        *old = name;
                    }
                    entry.lines.push(Line::Note(note));
                }
                Mend::Name { name } => {
                    if name == "root" {
                        decl.keyword = "root";
                        decl.args.retain(|a| !matches!(a, Arg::Pattern(_)));
                        if !decl.args.iter().any(|a| a.key() == Some("via")) {
                            decl.args
                                .push(Arg::Assign("via".into(), Val::Word("any".into())));
                        }
                    } else {
                        decl.keyword = "named";
                        decl.args.insert(0, Arg::Name(name));
                    }
                }
                Mend::LeaveOut(line) => {
                    // Notes on how the declaration was written mean nothing once it is gone.
                    entry.decl = None;
                    entry.lines.retain(|l| !matches!(l, Line::Note(_)));
                    entry.lines.push(line);
                }
                Mend::Todo(todo) => entry.lines.push(Line::Todo(todo)),
                Mend::SplitNames | Mend::Detach { .. } => {}
            }
            None
        }
    }
}
