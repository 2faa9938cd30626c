//! Which routes can never be recognised, because routes before them take every path and method
//! they could. Recognition is first match in declaration order, so such a route is dead code;
//! the judgement here errs on the side of reachable: a route is shadowed only when, for each
//! method it takes and each shape of path it matches, one earlier route takes that method and
//! matches at least every path of that shape.

use std::collections::HashMap;

use quote::ToTokens;
use routes_syntax::pattern::Format;

use crate::model::{Route, RouteTable, Segment, Verb};

/// A shadowed route, by its index in the table, and the earlier routes that take its paths.
pub struct Shadowed {
    pub route: usize,
    /// In table order, without repeats.
    pub by: Vec<usize>,
}

/// What a shape accepts in one path segment.
#[derive(Debug, Clone, PartialEq)]
enum Accepts<'r> {
    /// Exactly this text.
    Text(&'r str),
    /// A dynamic segment without requirement: one or more characters other than `/ . ?`.
    Value,
    /// A dynamic segment with a requirement (which may allow dots) or a type (whose parse
    /// may refuse a value): the requirement and type, as written.
    Constrained {
        requirement: Option<&'r str>,
        ty: Option<&'r str>,
    },
}

/// The requirements and types of the table, as written.
struct Constraints<'r> {
    requirements: &'r [String],
    types: &'r [String],
}

/// One way a route matches paths: its `:controller` spelt out as one of the route set's
/// controllers, and its optional trailing segments (in `connect`) taken or left out.
#[derive(Debug, Clone, PartialEq)]
struct Shape<'r> {
    segments: Vec<Accepts<'r>>,
    format: Format,
}

/// The methods a route may be asked for, `Other` standing for every method but these five,
/// which only a route taking any method takes. HEAD is routed as GET, so it goes with GET.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asked {
    Verb(Verb),
    Other,
}

const ASKED: [Asked; 6] = [
    Asked::Verb(Verb::Get),
    Asked::Verb(Verb::Post),
    Asked::Verb(Verb::Put),
    Asked::Verb(Verb::Patch),
    Asked::Verb(Verb::Delete),
    Asked::Other,
];

/// A route with `:controller` becomes one shape per controller; beyond this many shapes, the
/// route is left unjudged (and shadows nothing), which is always sound.
const MAX_SHAPES: usize = 4096;

/// The shadowed routes of `table`, in table order.
pub fn shadowed(table: &RouteTable) -> Vec<Shadowed> {
    let controllers = controllers(&table.routes);
    // Requirements and types are compared as written: the same regex, the same test; the
    // same type, the same parse.
    let requirements: Vec<String> = table.requirements.iter().map(|r| r.value.value()).collect();
    let types: Vec<String> = table
        .types
        .iter()
        .map(|t| t.value.to_token_stream().to_string())
        .collect();
    let constraints = Constraints {
        requirements: &requirements,
        types: &types,
    };
    let mut earlier: HashMap<usize, Vec<(usize, Shape<'_>)>> = HashMap::new();
    let mut found = Vec::new();
    for (index, route) in table.routes.iter().enumerate() {
        let shapes = shapes(route, &controllers, &constraints);
        if let Some(shapes) = &shapes
            && !shapes.is_empty()
            && let Some(by) = covered_by(&table.routes, route, shapes, &earlier)
        {
            found.push(Shadowed { route: index, by });
        }
        for shape in shapes.into_iter().flatten() {
            earlier
                .entry(shape.segments.len())
                .or_default()
                .push((index, shape));
        }
    }
    found
}

/// The earlier routes that take every method and shape of `route`, or `None` when some pair
/// of them is left to `route`.
fn covered_by(
    routes: &[Route],
    route: &Route,
    shapes: &[Shape<'_>],
    earlier: &HashMap<usize, Vec<(usize, Shape<'_>)>>,
) -> Option<Vec<usize>> {
    let mut by: Vec<usize> = Vec::new();
    for asked in ASKED.iter().filter(|asked| takes(route, **asked)) {
        for shape in shapes {
            let (first, _) = earlier
                .get(&shape.segments.len())?
                .iter()
                .find(|(i, earlier)| {
                    takes(&routes[*i], *asked)
                        && same_conditions(&routes[*i], route)
                        && covers(earlier, shape)
                })?;
            if !by.contains(first) {
                by.push(*first);
            }
        }
    }
    by.sort_unstable();
    Some(by)
}

fn takes(route: &Route, asked: Asked) -> bool {
    match asked {
        _ if route.methods.is_empty() => true,
        Asked::Verb(verb) => route.methods.contains(&verb),
        Asked::Other => false,
    }
}

/// Recognition ignores conditions, but routes that differ in them are meant to be told apart
/// by the application: such a route is not judged to shadow another.
fn same_conditions(earlier: &Route, route: &Route) -> bool {
    earlier.conditions.is_empty() || earlier.conditions == route.conditions
}

/// Whether every path `shape` matches, `earlier` matches too.
fn covers(earlier: &Shape<'_>, shape: &Shape<'_>) -> bool {
    let formats = matches!(
        (earlier.format, shape.format),
        (Format::Optional, _) | (Format::Required, Format::Required) | (Format::None, Format::None)
    );
    formats
        && earlier.segments.len() == shape.segments.len()
        && earlier
            .segments
            .iter()
            .zip(&shape.segments)
            .all(|(e, s)| match (e, s) {
                (Accepts::Text(a), Accepts::Text(b)) => a == b,
                // A static segment with a `.` may be read as a value and a format.
                (Accepts::Value, Accepts::Text(text)) => !text.contains('.'),
                (Accepts::Value, Accepts::Value) => true,
                (Accepts::Constrained { .. }, Accepts::Constrained { .. }) => e == s,
                _ => false,
            })
}

/// The controllers `:controller` takes: every controller a route names without one.
fn controllers(routes: &[Route]) -> Vec<&str> {
    let mut controllers: Vec<&str> = routes
        .iter()
        .filter(|r| !r.controller.is_empty())
        .map(|r| r.controller.as_str())
        .collect();
    controllers.sort_unstable();
    controllers.dedup();
    controllers
}

/// The shapes of `route`, or `None` when there are too many to judge.
fn shapes<'r>(
    route: &'r Route,
    controllers: &[&'r str],
    constraints: &Constraints<'r>,
) -> Option<Vec<Shape<'r>>> {
    let mut partial: Vec<Vec<Accepts<'r>>> = vec![Vec::new()];
    let mut done: Vec<Vec<Accepts<'r>>> = Vec::new();
    let first_optional = route
        .segments
        .iter()
        .position(|s| {
            matches!(
                s,
                Segment::Param { optional: true, .. } | Segment::Action { optional: true }
            )
        })
        .unwrap_or(route.segments.len());
    for (i, segment) in route.segments.iter().enumerate() {
        if i >= first_optional {
            done.extend(partial.iter().cloned());
        }
        match segment {
            Segment::Static(text) => push(&mut partial, Accepts::Text(text)),
            Segment::Param {
                requirement: None,
                ty: None,
                ..
            }
            | Segment::Action { .. } => push(&mut partial, Accepts::Value),
            Segment::Param {
                requirement, ty, ..
            } => {
                let constrained = Accepts::Constrained {
                    requirement: requirement.map(|i| constraints.requirements[i].as_str()),
                    ty: ty.map(|i| constraints.types[i].as_str()),
                };
                push(&mut partial, constrained);
            }
            Segment::Controller { namespace } => {
                let under: Vec<&str> = controllers
                    .iter()
                    .filter(|c| c.len() > namespace.len() && c.starts_with(namespace.as_str()))
                    .map(|c| &c[namespace.len()..])
                    .collect();
                if partial.len().saturating_mul(under.len()) > MAX_SHAPES {
                    return None;
                }
                partial = partial
                    .iter()
                    .flat_map(|shape| {
                        under.iter().map(move |controller| {
                            let mut shape = shape.clone();
                            shape.extend(controller.split('/').map(Accepts::Text));
                            shape
                        })
                    })
                    .collect();
            }
        }
    }
    done.extend(partial);
    Some(
        done.into_iter()
            .map(|segments| Shape {
                segments,
                format: route.format,
            })
            .collect(),
    )
}

fn push<'r>(shapes: &mut [Vec<Accepts<'r>>], accepts: Accepts<'r>) {
    for shape in shapes {
        shape.push(accepts.clone());
    }
}

#[cfg(test)]
#[path = "shadow_tests.rs"]
mod tests;
