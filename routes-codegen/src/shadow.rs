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
/// controllers, and its optional trailing segments taken or left out; a glob taking the rest
/// of the path (one segment or more; a glob left out is a shape without it).
#[derive(Debug, Clone, PartialEq)]
struct Shape<'r> {
    segments: Vec<Accepts<'r>>,
    format: Format,
    glob: Option<Accepts<'r>>,
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
    let mut earlier = Earlier::default();
    let mut found = Vec::new();
    for (index, route) in table.routes.iter().enumerate() {
        let shapes = shapes(table, route, &controllers, &constraints);
        if let Some(shapes) = &shapes
            && !shapes.is_empty()
            && let Some(by) = covered_by(&table.routes, route, shapes, &earlier)
        {
            found.push(Shadowed { route: index, by });
        }
        for shape in shapes.into_iter().flatten() {
            match shape.glob {
                Some(_) => earlier.globs.push((index, shape)),
                None => earlier
                    .by_length
                    .entry(shape.segments.len())
                    .or_default()
                    .push((index, shape)),
            }
        }
    }
    found
}

/// The shapes of the routes judged so far, by route: those of a fixed length by their
/// length, and those ending in a glob, which take paths of every length from theirs.
#[derive(Default)]
struct Earlier<'r> {
    by_length: HashMap<usize, Vec<(usize, Shape<'r>)>>,
    globs: Vec<(usize, Shape<'r>)>,
}

/// The earlier routes that take every method and shape of `route`, or `None` when some pair
/// of them is left to `route`.
fn covered_by(
    routes: &[Route],
    route: &Route,
    shapes: &[Shape<'_>],
    earlier: &Earlier<'_>,
) -> Option<Vec<usize>> {
    let mut by: Vec<usize> = Vec::new();
    for asked in ASKED.iter().filter(|asked| takes(route, **asked)) {
        for shape in shapes {
            let takes_it = |(i, earlier): &&(usize, Shape<'_>)| {
                takes(&routes[*i], *asked)
                    && same_conditions(&routes[*i], route)
                    && covers(earlier, shape)
            };
            let fixed = earlier
                .by_length
                .get(&shape.segments.len())
                .and_then(|shapes| shapes.iter().find(takes_it));
            let glob = earlier.globs.iter().find(takes_it);
            let first = fixed.into_iter().chain(glob).map(|(i, _)| *i).min()?;
            if !by.contains(&first) {
                by.push(first);
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
    let segments = |earlier: &[Accepts<'_>], shape: &[Accepts<'_>]| {
        earlier.iter().zip(shape).all(|(e, s)| match (e, s) {
            (Accepts::Text(a), Accepts::Text(b)) => a == b,
            // A static segment with a `.` may be read as a value and a format.
            (Accepts::Value, Accepts::Text(text)) => !text.contains('.'),
            (Accepts::Value, Accepts::Value) => true,
            (Accepts::Constrained { .. }, Accepts::Constrained { .. }) => e == s,
            _ => false,
        })
    };
    let n = earlier.segments.len();
    match (&earlier.glob, &shape.glob) {
        // A glob takes every segment after its prefix, whatever it holds, dots and formats
        // included; one with a requirement or a type only what the same one takes.
        (Some(Accepts::Value), _) => {
            shape.segments.len() + usize::from(shape.glob.is_some()) > n
                && segments(
                    &earlier.segments,
                    &shape.segments[..n.min(shape.segments.len())],
                )
        }
        (Some(glob), Some(other)) => {
            glob == other
                && shape.segments.len() == n
                && segments(&earlier.segments, &shape.segments)
        }
        (Some(_), None) | (None, Some(_)) => false,
        (None, None) => {
            let formats = matches!(
                (earlier.format, shape.format),
                (Format::Optional, _) | (Format::None, Format::None)
            );
            formats && n == shape.segments.len() && segments(&earlier.segments, &shape.segments)
        }
    }
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
    table: &RouteTable,
    route: &'r Route,
    controllers: &[&'r str],
    constraints: &Constraints<'r>,
) -> Option<Vec<Shape<'r>>> {
    let mut partial: Vec<Vec<Accepts<'r>>> = vec![Vec::new()];
    let mut done: Vec<Vec<Accepts<'r>>> = Vec::new();
    let mut glob = None;
    let first_optional = route
        .segments
        .iter()
        .position(Segment::is_optional)
        .unwrap_or(route.segments.len());
    let accepts = |requirement: &Option<usize>, ty: &Option<usize>| match (requirement, ty) {
        (None, None) => Accepts::Value,
        _ => Accepts::Constrained {
            requirement: requirement.map(|i| constraints.requirements[i].as_str()),
            ty: ty.map(|i| constraints.types[i].as_str()),
        },
    };
    for (i, segment) in route.segments.iter().enumerate() {
        if i >= first_optional {
            done.extend(partial.iter().cloned());
        }
        match segment {
            Segment::Static(text) => push(&mut partial, Accepts::Text(text)),
            Segment::Param {
                requirement, ty, ..
            } => push(&mut partial, accepts(requirement, ty)),
            Segment::Action { requirement, .. } => push(&mut partial, accepts(requirement, &None)),
            Segment::Glob {
                requirement, ty, ..
            } => glob = Some(accepts(requirement, ty)),
            Segment::Controller {
                namespace,
                requirement,
            } => {
                let under: Vec<&str> = controllers
                    .iter()
                    .filter(|c| {
                        c.len() > namespace.len()
                            && c.starts_with(namespace.as_str())
                            && table.takes(*requirement, c)
                    })
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
    let format = route.format;
    let mut shapes: Vec<Shape<'r>> = done
        .into_iter()
        .map(|segments| Shape {
            segments,
            format,
            glob: None,
        })
        .collect();
    shapes.extend(partial.into_iter().map(|segments| Shape {
        segments,
        format,
        glob: glob.clone(),
    }));
    Some(shapes)
}

fn push<'r>(shapes: &mut [Vec<Accepts<'r>>], accepts: Accepts<'r>) {
    for shape in shapes {
        shape.push(accepts.clone());
    }
}

#[cfg(test)]
mod tests;
