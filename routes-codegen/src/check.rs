//! Rules that look across the whole lowered route table, one function each.

use std::collections::{HashMap, HashSet};

use proc_macro2::Span;
use routes_syntax::pattern::{MAX_DEPTH, MAX_PARAMS};
use routes_syntax::requirement::validate_requirement;

use crate::errors::{Errors, hint};
use crate::model::{PerParam, Requirements, RouteTable};
use crate::shadow;

/// The rules that leave a route out of the table when it breaks them, and those that judge
/// the table's declarations; the declarations reported as duplicates, which
/// [`check_shadowed_routes`] (run once the table is analysed) does not report again.
pub fn check(table: &mut RouteTable, errors: &Errors) -> HashSet<usize> {
    check_requirements(table, errors);
    check_used(&table.requirements, "requirement", errors);
    check_used(&table.types, "type", errors);
    check_route_names(table, errors);
    check_params(table, errors);
    check_param_count(table, errors);
    check_depth(table, errors);
    check_helpers_unique(table, errors)
}

/// A requirement must be a regex the runtime can compile, without anchors: it always applies
/// to the whole segment.
fn check_requirements(table: &RouteTable, errors: &Errors) {
    for requirement in &table.requirements {
        if let Err(e) = validate_requirement(&requirement.value.value()) {
            errors.error(requirement.value.span(), e);
        }
    }
}

/// A requirement or a type must apply to some dynamic segment: a misspelt parameter name
/// would otherwise pass silently, and the segment stay unconstrained.
fn check_used<T>(entries: &[PerParam<T>], what: &str, errors: &Errors) {
    for entry in entries.iter().filter(|e| !e.used) {
        let param = entry.param.to_string();
        let segments: Vec<&str> = entry.segments.iter().map(String::as_str).collect();
        let hint = match hint(&param, &segments) {
            hint if hint.is_empty() => ": they have none".to_owned(),
            hint => hint,
        };
        let given = match &entry.given_to {
            Some(declaration) => format!(", given by `with_options` to `{declaration}`,"),
            None => String::new(),
        };
        errors.error(
            entry.param.span(),
            format!("{what} for `{param}`{given} matches no dynamic segment of these routes{hint}"),
        );
    }
}

/// An answer of the recogniser holds where each value lies without allocating, for at most
/// `MAX_PARAMS` of them, and a route's path spec marks its values in 16-bit sets: a route with
/// more could not be answered or written. It is left out of the table, so that its helpers do
/// not add errors of their own.
fn check_param_count(table: &mut RouteTable, errors: &Errors) {
    table.routes.retain(|route| {
        let count = route.values();
        if count > MAX_PARAMS {
            errors.error(
                route.span,
                format!(
                    "`{}` has {count} dynamic segments; a route may have at most {MAX_PARAMS}",
                    route.pattern()
                ),
            );
        }
        count <= MAX_PARAMS
    });
}

/// The runtime splits a path into at most `MAX_DEPTH` segments before it is matched: a route
/// deeper than that (a `:controller` counted as its deepest controller, a glob as none) could
/// never be taken. It is left out of the table, as a route of too many params is.
fn check_depth(table: &mut RouteTable, errors: &Errors) {
    let controllers = table.controllers();
    let parts = |namespace: &str| {
        controllers
            .iter()
            .filter_map(|c| c.strip_prefix(namespace))
            .map(|c| c.split('/').count())
            .max()
            .unwrap_or(1)
    };
    table.routes.retain(|route| {
        let depth: usize = route
            .segments
            .iter()
            .map(|segment| match segment {
                crate::model::Segment::Controller { namespace, .. } => parts(namespace),
                crate::model::Segment::Glob { .. } => 0,
                _ => 1,
            })
            .sum();
        if depth > MAX_DEPTH {
            errors.error(
                route.span,
                format!(
                    "`{}` is {depth} segments deep; a route may be at most {MAX_DEPTH}",
                    route.pattern()
                ),
            );
        }
        depth <= MAX_DEPTH
    });
}

/// Route names become parts of function names, so they must be identifiers. A route whose
/// name is not one loses it, so that no helper is written with a name rustc cannot take.
fn check_route_names(table: &mut RouteTable, errors: &Errors) {
    for route in &mut table.routes {
        let Some(name) = &route.name else { continue };
        if !name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') {
            errors.error(
                route.span,
                format!("route name `{name}` does not start with a letter; check `name_prefix`"),
            );
            route.name = None;
        }
    }
}

/// Dynamic segments become helper arguments and typed route fields: each must appear once in
/// a route and be usable as a Rust identifier. A route where one is not is left out of the
/// table after its error, so that its helpers and variant add no errors of their own.
fn check_params(table: &mut RouteTable, errors: &Errors) {
    table.routes.retain(|route| {
        let params = route.params();
        let mut usable = true;
        for (i, param) in params.iter().enumerate() {
            if params[..i].contains(param) {
                errors.error(
                    route.span,
                    format!(
                        "dynamic segment `:{param}` appears twice in `{}`",
                        route.pattern()
                    ),
                );
                usable = false;
            }
            if matches!(*param, "self" | "Self" | "super" | "crate") {
                errors.error(
                    route.span,
                    format!("`:{param}` cannot name a dynamic segment: it is a Rust keyword"),
                );
                usable = false;
            }
        }
        usable
    });
}

/// Rails raises "the route helper is defined multiple times" when two routes would generate
/// the same helper; here each helper name has one owner, the route declared first, and the
/// later declaration is the error, reported once, with a note at the first. The later route
/// loses its name so that the expansion defines each helper once and rustc adds no error of
/// its own.
fn check_helpers_unique(table: &mut RouteTable, errors: &Errors) -> HashSet<usize> {
    let mut owners: HashMap<String, Span> = HashMap::new();
    let mut reported: HashSet<usize> = HashSet::new();
    // Declaration order, not recognition order: a nested resource's routes come before its
    // parent's in the table, but the parent is written first.
    let mut order: Vec<usize> = (0..table.routes.len()).collect();
    order.sort_by_key(|&i| table.routes[i].decl);
    for i in order {
        let route = &mut table.routes[i];
        let helpers = route
            .name
            .as_deref()
            .map_or_else(Vec::new, |name| table.dialect.helper_names(name));
        if let Some((taken, first)) = helpers
            .iter()
            .find_map(|h| owners.get(h).map(|span| (h, *span)))
        {
            if reported.insert(route.decl) {
                errors.error(
                    route.span,
                    format!("the route helper `{taken}` is defined multiple times"),
                );
                errors.note(first, format!("the first definition of `{taken}` is here"));
            }
            route.name = None;
            continue;
        }
        owners.extend(helpers.into_iter().map(|h| (h, route.span)));
    }
    reported
}

/// Recognition is first match in declaration order, so a route whose every path and method
/// an earlier route takes is dead code that looks alive: usually a mistake of order, such as
/// a default route declared before resources, or a member action on the path of a nested
/// resource. It is an error at the route, with a note at each route that takes its paths. A
/// declaration already reported as a duplicate is not reported again.
pub fn check_shadowed_routes(
    table: &RouteTable,
    controllers: &[String],
    requirements: &Requirements,
    duplicates: &HashSet<usize>,
    errors: &Errors,
) {
    let shadowed = shadow::shadowed(table, controllers, requirements);
    let routes = &table.routes;
    for group in shadowed.chunk_by(|a, b| routes[a.route].decl == routes[b.route].decl) {
        let first = &routes[group[0].route];
        if duplicates.contains(&first.decl) {
            continue;
        }
        let message = match group {
            [one] => format!(
                "route {} can never be recognised: earlier routes take every path and method \
                 it could; the first route that matches is taken, so declare it earlier, or give \
                 it a path or method of its own",
                routes[one.route].describe()
            ),
            _ => {
                let targets: Vec<String> = group
                    .iter()
                    .map(|s| format!("`{}`", routes[s.route].target()))
                    .collect();
                format!(
                    "these {} routes can never be recognised: earlier routes take every path and \
                     method they could ({}); the first route that matches is taken, so declare \
                     them earlier, or give them paths or methods of their own",
                    group.len(),
                    targets.join(", ")
                )
            }
        };
        errors.error(first.span, message);
        let mut noted: Vec<usize> = Vec::new();
        for by in group.iter().flat_map(|s| &s.by) {
            let shadowing = &routes[*by];
            if !noted.contains(&shadowing.decl) {
                noted.push(shadowing.decl);
                errors.note(
                    shadowing.span,
                    format!(
                        "route {}, declared here, is tried first",
                        shadowing.describe()
                    ),
                );
            }
        }
    }
}
