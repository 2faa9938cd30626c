//! A `draw!` output held to the macro's own judgement, as a `routes!` one is (see the parent
//! module), with Rails 3's rules: the body is lowered by `routes_codegen::inspect_draw`, and
//! what `draw!` would refuse where Rails decided silently is mended as Rails decided.
//!
//! - A route no request can reach (earlier routes take every path and method it could) is left
//!   out, with a note naming the route that takes its requests: a verb route's declaration
//!   goes, a resource's action leaves its `only` or `except`. A name goes where Rails would
//!   put it without the route: a resource's next route of the same path takes it (Rails names
//!   that route when the name is free), and an unnamed route of the same pattern beside a
//!   left-out route named with `as` takes that `as`.
//! - A name given twice with `as` (Rails 4 and later refuse it, Rails 3 gave it to the later
//!   route) is taken off the earlier route, which stays, unnamed.
//! - Anything else the macro refuses is left out with a to-do quoting its message.

use std::collections::{BTreeMap, HashMap, HashSet};

use proc_macro2::TokenStream;
use routes_codegen::{InspectedRoute, Inspection, inspect_draw};

use super::and_list;
use super::resource::{describe, split_names};
use crate::model::{Address, Arg, Decl, Entry, Item, Level, Line, Val};
use crate::write::{self, Body};

/// The verb routes, which declare their routes alone.
const VERBS: &[&str] = &[
    "get", "post", "put", "patch", "delete", "match", "root", "mount",
];

/// Mends `level` until `draw!` takes it, or nothing more can be mended.
pub fn settle(level: &mut Level) {
    for _ in 0..super::ROUNDS {
        let body = write::body(level);
        let Ok(tokens) = body.text.parse::<TokenStream>() else {
            return;
        };
        let inspection = inspect_draw(tokens);
        if !mend(level, &body, &inspection) {
            return;
        }
    }
}

/// What is done to one entry.
enum Mend {
    /// The declaration is left out, with this line in its place.
    LeaveOut(Line),
    /// The route takes the name `as`.
    Name(String),
    /// The route gives up its name (`as = None`), with a note.
    Unname(String),
    /// The resource's default actions leave it, with a note, and a to-do for routes of
    /// theirs that requests still reached.
    Drop {
        actions: Vec<String>,
        note: String,
        todo: Option<String>,
    },
    /// A resource declaring several names becomes one declaration per name.
    SplitNames,
}

type Mends = BTreeMap<Address, Vec<Mend>>;

/// One round: the first kind of refusal found is mended; whether anything changed.
fn mend(level: &mut Level, body: &Body, inspection: &Inspection) -> bool {
    let round = Round {
        level,
        routes: &inspection.routes,
        at: inspection
            .routes
            .iter()
            .map(|r| body.entry_at(r.line).cloned())
            .collect(),
    };
    let mut mends = round.split_names(inspection);
    if mends.is_empty() {
        mends = round.shadowed(inspection);
    }
    if mends.is_empty() {
        mends = round.refused(body, inspection);
    }
    if mends.is_empty() {
        return false;
    }
    // From the last entry to the first, so that entries split from one do not move those
    // still to mend.
    for (address, mends) in mends.into_iter().rev() {
        for mend in mends {
            apply(level, &address, mend);
        }
    }
    true
}

struct Round<'l> {
    level: &'l Level,
    routes: &'l [InspectedRoute],
    /// The entry each inspected route comes from.
    at: Vec<Option<Address>>,
}

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

    /// `` `get "about"` (line 4) ``, or the route as the macro describes it.
    fn cite(&self, route: usize) -> String {
        match self.entry(route).and_then(|e| e.source.as_ref()) {
            Some(source) => source.cite(),
            None => describe(&self.routes[route]),
        }
    }

    /// The routes that come from the same entry as `route`.
    fn siblings(&self, route: usize) -> impl Iterator<Item = usize> + '_ {
        let at = self.at[route].clone();
        (0..self.routes.len()).filter(move |&r| at.is_some() && self.at[r] == at)
    }

    /// A resource declaration naming several resources is split before one of its routes is
    /// left out, so that the others keep theirs.
    fn split_names(&self, inspection: &Inspection) -> Mends {
        let mut mends = Mends::new();
        for &(route, _) in &inspection.shadowed {
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
    /// requests, as Rails, trying the routes in the same order, never ran it.
    fn shadowed(&self, inspection: &Inspection) -> Mends {
        let mut mends = Mends::new();
        let takers: HashMap<usize, usize> = inspection
            .shadowed
            .iter()
            .map(|(route, by)| (*route, by.first().copied().unwrap_or(*route)))
            .collect();
        let unreached = |route: usize| takers.contains_key(&route);
        // A resource's actions, each left out when no request reaches any of its routes.
        let mut dropped: BTreeMap<Address, Vec<(String, Vec<usize>)>> = BTreeMap::new();
        let mut left_out: HashSet<Address> = HashSet::new();
        for (route, by) in &inspection.shadowed {
            let (route, taker) = (*route, by.first().copied().unwrap_or(*route));
            let Some(address) = self.at[route].clone() else {
                continue;
            };
            let all_unreached = self.siblings(route).all(unreached);
            if self.is_resource(route) {
                let action = action_of(&self.routes[route]).to_owned();
                // Only a default action can leave a resource; any other route there is left
                // for the macro to report.
                if !ACTIONS.contains(&action.as_str()) {
                    continue;
                }
                let routes: Vec<usize> = self
                    .siblings(route)
                    .filter(|&r| action_of(&self.routes[r]) == action)
                    .collect();
                let actions = dropped.entry(address).or_default();
                if !actions.iter().any(|(a, _)| *a == action) {
                    actions.push((action, routes));
                }
                continue;
            }
            if !left_out.insert(address.clone()) {
                continue;
            }
            let mut note = format!(
                "{} is left out: {}, declared before it, takes every request it could, so no \
                 request reaches it, as in Rails, which tried the routes in the same order",
                self.cite(route),
                self.cite(taker),
            );
            if !all_unreached {
                let reached: Vec<String> = self
                    .siblings(route)
                    .filter(|&r| !unreached(r))
                    .map(|r| describe(&self.routes[r]))
                    .collect();
                let todo = format!(
                    "{note}; it routed {} too: declare {} by hand",
                    reached.join(", "),
                    if reached.len() == 1 { "it" } else { "them" }
                );
                mends
                    .entry(address)
                    .or_default()
                    .push(Mend::LeaveOut(Line::Todo(todo)));
                continue;
            }
            if let Some(name) = &self.routes[route].name {
                match self.name_taken_by(route, taker) {
                    Some((taker_at, local)) => {
                        note.push_str(&format!(
                            "; that route takes its name, `{name}`, and its helpers build the \
                             same path"
                        ));
                        mends.entry(taker_at).or_default().push(Mend::Name(local));
                    }
                    None => note.push_str(&format!("; `{name}_path` goes with it")),
                }
            }
            mends
                .entry(address)
                .or_default()
                .push(Mend::LeaveOut(Line::Note(note)));
        }
        for (address, actions) in dropped {
            let leaving: Vec<usize> = actions
                .iter()
                .flat_map(|(_, routes)| routes.iter().copied())
                .collect();
            // The routes left out, by the route that takes their requests.
            let mut by_taker: Vec<(String, Vec<String>)> = Vec::new();
            let mut gone = Vec::new();
            let mut passed = Vec::new();
            let mut partly = Vec::new();
            for &route in &leaving {
                let Some(&taker) = takers.get(&route) else {
                    partly.push(describe(&self.routes[route]));
                    continue;
                };
                let taker = self.cite(taker);
                match by_taker.iter_mut().find(|(t, _)| *t == taker) {
                    Some((_, routes)) => routes.push(describe(&self.routes[route])),
                    None => by_taker.push((taker, vec![describe(&self.routes[route])])),
                }
                let Some(name) = &self.routes[route].name else {
                    continue;
                };
                let heir = self.siblings(route).find(|&r| {
                    !leaving.contains(&r)
                        && self.routes[r].name.is_none()
                        && self.routes[r].pattern == self.routes[route].pattern
                });
                match heir {
                    Some(heir) => passed.push(format!(
                        "the name `{name}` passes to {}, as Rails names that route when the name \
                         is free",
                        describe(&self.routes[heir])
                    )),
                    None => gone.push(format!("`{name}_path`")),
                }
            }
            let one = leaving.len() - partly.len() == 1;
            let taken: Vec<String> = by_taker
                .into_iter()
                .map(|(taker, routes)| {
                    format!("{taker} takes every request {} could", and_list(&routes))
                })
                .collect();
            let mut note = format!(
                "left out of the resource, as no request reaches {}: {}, as in Rails, which \
                 tried the routes in the same order",
                if one { "it" } else { "them" },
                taken.join("; ")
            );
            for passed in passed {
                note.push_str("; ");
                note.push_str(&passed);
            }
            if !gone.is_empty() {
                note.push_str(&format!(
                    "; {} {} with {}",
                    and_list(&gone),
                    if gone.len() == 1 { "goes" } else { "go" },
                    if one { "it" } else { "them" }
                ));
            }
            let todo = (!partly.is_empty()).then(|| {
                format!(
                    "with its action, {} leaves the resource, which requests still reached: \
                     declare {} by hand",
                    partly.join(", "),
                    if partly.len() == 1 { "it" } else { "them" }
                )
            });
            mends.entry(address).or_default().push(Mend::Drop {
                actions: actions.into_iter().map(|(a, _)| a).collect(),
                note,
                todo,
            });
        }
        mends
    }

    /// Where the name of `route`, left out, goes: to `taker` when it is an unnamed verb route
    /// of the same pattern beside it and the name was given with `as` (so that the taker,
    /// declared in the same place, makes the same name of it). The taker's entry and the
    /// `as` it takes.
    fn name_taken_by(&self, route: usize, taker: usize) -> Option<(Address, String)> {
        let (shadowed, taking) = (&self.routes[route], &self.routes[taker]);
        let (at, taker_at) = (self.at[route].as_ref()?, self.at[taker].clone()?);
        let beside = at[..at.len() - 1] == taker_at[..taker_at.len() - 1];
        let one_route = self.siblings(taker).count() == 1;
        if !beside
            || !one_route
            || taking.name.is_some()
            || taking.pattern != shadowed.pattern
            || !VERBS.contains(&self.keyword(taker))
        {
            return None;
        }
        let local = self.decl(route)?.args.iter().find_map(|a| match a {
            Arg::Assign(key, Val::Str(name)) if key == "as" => Some(name.clone()),
            _ => None,
        });
        match (local, self.keyword(route)) {
            (Some(local), _) => Some((taker_at, local)),
            (None, "root") => Some((taker_at, "root".into())),
            _ => None,
        }
    }

    /// What else the macro refuses: a name given twice goes to the later route (see
    /// [`Round::name_twice`]), and any other declaration it points at is left out, with a
    /// to-do quoting the macro. A
    /// declaration with a block stays, as leaving it out would leave out every route in it.
    fn refused(&self, body: &Body, inspection: &Inspection) -> Mends {
        let mut mends = Mends::new();
        let mut errors = inspection.errors.iter().peekable();
        while let Some(error) = errors.next() {
            let message = &error.message;
            if message.starts_with("note:") || message.contains("can never be recognised") {
                continue;
            }
            let Some(address) = body.entry_at(error.line) else {
                continue;
            };
            let Some(entry) = self.level.entry(address) else {
                continue;
            };
            if entry.decl.as_ref().is_none_or(|d| d.block.is_some()) {
                continue;
            }
            let cite = entry
                .source
                .as_ref()
                .map_or_else(|| "this declaration".to_owned(), |s| s.cite());
            if let Some(name) = message
                .strip_prefix("the route name `")
                .and_then(|m| m.split('`').next())
            {
                self.name_twice(body, name, address, errors.peek().copied(), &mut mends);
                continue;
            }
            let todo =
                format!("{cite} is left out: `draw!` refuses it ({message}); convert it by hand");
            mends
                .entry(address.clone())
                .or_default()
                .push(Mend::LeaveOut(Line::Todo(todo)));
        }
        mends
    }
}

impl Round<'_> {
    /// A name given twice with `as`, by the route at `later` and the route the macro's note
    /// points at: Rails 3 gave it to the later route (Rails 4 and later refuse the file), so
    /// the earlier route is declared unnamed. When the earlier is a resource's route (whose
    /// name cannot be taken off alone), the later is declared unnamed instead.
    fn name_twice(
        &self,
        body: &Body,
        name: &str,
        later: &Address,
        note: Option<&routes_codegen::Diagnostic>,
        mends: &mut Mends,
    ) {
        let cite = |address: &Address| {
            self.level
                .entry(address)
                .and_then(|e| e.source.as_ref())
                .map(|s| s.cite())
        };
        let earlier = note
            .filter(|n| n.message.starts_with("note:"))
            .and_then(|n| body.entry_at(n.line))
            .filter(|at| *at != later);
        let earlier_is_route = earlier
            .and_then(|at| self.level.entry(at))
            .and_then(|e| e.decl.as_ref())
            .is_some_and(|d| VERBS.contains(&d.keyword) && d.block.is_none());
        let later_cite =
            cite(later).map_or_else(|| "a later route".to_owned(), |c| format!("the later {c}"));
        match earlier {
            Some(earlier) if earlier_is_route => {
                let note = format!(
                    "`{name}` is also the name of {later_cite}: Rails 3 gave a name \
                     given twice to the later route (Rails 4 and later refuse it), so this route \
                     is declared unnamed"
                );
                mends
                    .entry(earlier.clone())
                    .or_default()
                    .push(Mend::Unname(note));
            }
            _ => {
                let first = earlier
                    .and_then(cite)
                    .unwrap_or_else(|| "an earlier route".to_owned());
                let note = format!(
                    "`{name}` is also the name of {first}, a resource's route, which keeps it: \
                     Rails 4 and later refuse a name given twice (Rails 3 gave it to this later \
                     route), so this route is declared unnamed"
                );
                mends
                    .entry(later.clone())
                    .or_default()
                    .push(Mend::Unname(note));
            }
        }
    }
}

fn action_of(route: &InspectedRoute) -> &str {
    route.target.rsplit('#').next().unwrap_or_default()
}

fn apply(level: &mut Level, address: &[usize], mend: Mend) {
    if let Mend::SplitNames = mend {
        split_names(level, address);
        return;
    }
    let Some(entry) = level.entry_mut(address) else {
        return;
    };
    let Some(decl) = entry.decl.as_mut() else {
        return;
    };
    match mend {
        Mend::LeaveOut(line) => {
            // Notes on how the declaration was written mean nothing once it is gone.
            entry.decl = None;
            entry.lines.retain(|l| !matches!(l, Line::Note(_)));
            entry.lines.push(line);
        }
        Mend::Name(name) => {
            decl.args.retain(|a| a.key() != Some("as"));
            decl.args.push(Arg::Assign("as".into(), Val::Str(name)));
        }
        Mend::Unname(note) => {
            decl.args.retain(|a| a.key() != Some("as"));
            decl.args
                .push(Arg::Assign("as".into(), Val::Word("None".into())));
            entry.lines.push(Line::Note(note));
        }
        Mend::Drop {
            actions,
            note,
            todo,
        } => {
            let singleton = decl.keyword == "resource";
            for action in &actions {
                drop_action(decl, action, singleton);
            }
            if decl.block.is_none() && routes_nothing(decl) {
                entry.decl = None;
            }
            entry.lines.push(Line::Note(note));
            entry.lines.extend(todo.map(Line::Todo));
        }
        Mend::SplitNames => {}
    }
}

/// The default actions of `resources`, and those of `resource`.
const ACTIONS: &[&str] = &[
    "index", "create", "new", "edit", "show", "update", "destroy",
];
const SINGLETON_ACTIONS: &[&str] = &["create", "new", "edit", "show", "update", "destroy"];

/// Takes a default action out of the resource's `only`, or adds it to its `except`.
fn drop_action(decl: &mut Decl, action: &str, singleton: bool) {
    let all = if singleton {
        SINGLETON_ACTIONS
    } else {
        ACTIONS
    };
    for arg in &mut decl.args {
        match arg {
            Arg::Call(key, items) if key == "only" => {
                items.retain(|i| !matches!(i, Item::Name(n) if n == action));
                return;
            }
            Arg::Call(key, items) if key == "except" => {
                items.push(Item::Name(action.to_owned()));
                return;
            }
            _ => {}
        }
    }
    if all.contains(&action) {
        decl.args
            .push(Arg::Call("except".into(), vec![Item::Name(action.into())]));
    }
}

/// Whether a resource without a block is left without routes.
fn routes_nothing(decl: &Decl) -> bool {
    let all = if decl.keyword == "resource" {
        SINGLETON_ACTIONS
    } else {
        ACTIONS
    };
    decl.args.iter().any(|a| match a {
        Arg::Call(key, items) if key == "only" => items.is_empty(),
        Arg::Call(key, items) if key == "except" => all.iter().all(|action| {
            items
                .iter()
                .any(|i| matches!(i, Item::Name(n) if n == action))
        }),
        _ => false,
    }) && !decl.args.iter().any(|a| a.key() == Some("concerns"))
}
