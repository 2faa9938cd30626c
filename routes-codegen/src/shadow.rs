//! Which routes can never be recognised, because routes before them take every path and method
//! they could. Recognition is first match in declaration order, so such a route is dead code;
//! the judgement here errs on the side of reachable: a route is shadowed only when, for each
//! method it takes and each shape of path it matches, one earlier route takes that method and
//! matches at least every path of that shape.

use std::collections::HashMap;

use routes_syntax::pattern::Format;

use crate::model::{Requirements, Route, RouteTable, Verb};
use crate::shapes::{Shape, Step, shapes};

/// A shadowed route, by its index in the table, and the earlier routes that take its paths.
pub struct Shadowed {
    pub route: usize,
    /// In table order, without repeats.
    pub by: Vec<usize>,
}

/// The methods a route may be asked for, `Other` standing for every method but these six,
/// which only a route taking any method takes. HEAD is routed as GET, so it goes with GET.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asked {
    Verb(Verb),
    Other,
}

const ASKED: [Asked; 7] = [
    Asked::Verb(Verb::Get),
    Asked::Verb(Verb::Post),
    Asked::Verb(Verb::Put),
    Asked::Verb(Verb::Patch),
    Asked::Verb(Verb::Delete),
    Asked::Verb(Verb::Options),
    Asked::Other,
];

/// A route with `:controller` becomes one shape per controller; beyond this many shapes, the
/// route is left unjudged (and shadows nothing), which is always sound.
const MAX_SHAPES: usize = 4096;

/// The shadowed routes of `table`, in table order. Requirements and types are compared as
/// written: the same regex, the same test; the same type, the same parse.
pub fn shadowed(
    table: &RouteTable,
    controllers: &[String],
    requirements: &Requirements,
) -> Vec<Shadowed> {
    let mut earlier = Earlier::default();
    let mut found = Vec::new();
    for (index, route) in table.routes.iter().enumerate() {
        // A route matched by its regex is left unjudged, and shadows nothing: always sound.
        let shapes = match route.regex {
            Some(_) => None,
            None => shapes(table, route, controllers, requirements, MAX_SHAPES),
        };
        if let Some(shapes) = &shapes
            && !shapes.is_empty()
            && let Some(by) = covered_by(&table.routes, route, shapes, &earlier)
        {
            found.push(Shadowed { route: index, by });
        }
        for shape in shapes.into_iter().flatten() {
            earlier.push(index, shape);
        }
    }
    found
}

/// The shapes of the routes judged so far, by route: those ending in a glob, which take
/// paths of every length from theirs, and those of a fixed length by their length and their
/// static steps. A shape of a fixed length covers only shapes of its length with its static
/// steps in the same places (a value step covers a static one, never the reverse), so the
/// shapes that may cover one are found by the static steps it has, not by trying each.
#[derive(Default)]
struct Earlier {
    fixed: HashMap<Statics, Vec<(usize, Shape)>>,
    /// The keys of `fixed` by length, for a shape with too many static steps to look each
    /// subset of them up.
    lengths: HashMap<usize, Vec<Statics>>,
    globs: Vec<(usize, Shape)>,
}

/// A shape's length and its static steps, by their place.
type Statics = (usize, Vec<(usize, String)>);

/// Beyond this many static steps, a shape is compared with every earlier shape of its
/// length rather than looked up by each subset of its static steps.
const MAX_LOOKED_UP: usize = 8;

impl Earlier {
    fn push(&mut self, route: usize, shape: Shape) {
        if shape.glob().is_some() {
            self.globs.push((route, shape));
            return;
        }
        let key = (shape.steps.len(), statics(&shape).collect());
        let shapes = self.fixed.entry(key).or_insert_with_key(|key| {
            self.lengths.entry(key.0).or_default().push(key.clone());
            Vec::new()
        });
        shapes.push((route, shape));
    }

    /// The earlier shapes of a fixed length that may cover `shape`, in lists each in table
    /// order.
    fn candidates(&self, shape: &Shape) -> Vec<&[(usize, Shape)]> {
        // No shape of a fixed length covers one ending in a glob.
        if shape.glob().is_some() {
            return Vec::new();
        }
        let len = shape.steps.len();
        let statics: Vec<(usize, String)> = statics(shape).collect();
        if statics.len() > MAX_LOOKED_UP {
            return self
                .lengths
                .get(&len)
                .into_iter()
                .flatten()
                .filter_map(|key| self.fixed.get(key).map(Vec::as_slice))
                .collect();
        }
        (0..1u32 << statics.len())
            .filter_map(|subset| {
                let key = (
                    len,
                    statics
                        .iter()
                        .enumerate()
                        .filter(|(bit, _)| subset & (1 << bit) != 0)
                        .map(|(_, step)| step.clone())
                        .collect(),
                );
                self.fixed.get(&key).map(Vec::as_slice)
            })
            .collect()
    }
}

/// The static steps of a shape, by their place.
fn statics(shape: &Shape) -> impl Iterator<Item = (usize, String)> + '_ {
    shape
        .steps
        .iter()
        .enumerate()
        .filter_map(|(at, step)| match step {
            Step::Static(text) => Some((at, text.clone())),
            _ => None,
        })
}

/// The earlier routes that take every method and shape of `route`, or `None` when some pair
/// of them is left to `route`.
fn covered_by(
    routes: &[Route],
    route: &Route,
    shapes: &[Shape],
    earlier: &Earlier,
) -> Option<Vec<usize>> {
    let mut by: Vec<usize> = Vec::new();
    let candidates: Vec<Vec<&[(usize, Shape)]>> =
        shapes.iter().map(|s| earlier.candidates(s)).collect();
    for asked in ASKED.iter().filter(|asked| takes(route, **asked)) {
        for (shape, candidates) in shapes.iter().zip(&candidates) {
            let takes_it = |(i, earlier): &&(usize, Shape)| {
                takes(&routes[*i], *asked)
                    && same_conditions(&routes[*i], route)
                    && covers(earlier, shape)
            };
            let fixed = candidates
                .iter()
                .filter_map(|shapes| shapes.iter().find(takes_it));
            let glob = earlier.globs.iter().find(takes_it);
            let first = fixed.chain(glob).map(|(i, _)| *i).min()?;
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
/// by the application: such a route is not judged to shadow another. Nor is a route that
/// takes conditions on the request (`draw!`'s request constraints) another does not.
fn same_conditions(earlier: &Route, route: &Route) -> bool {
    (earlier.conditions.is_empty() || earlier.conditions == route.conditions)
        && (earlier.request.is_none() || earlier.request == route.request)
}

/// Whether every path `shape` matches, `earlier` matches too.
fn covers(earlier: &Shape, shape: &Shape) -> bool {
    let segments = |earlier: &[Step], shape: &[Step]| {
        earlier.iter().zip(shape).all(|(e, s)| match (e, s) {
            (Step::Static(a), Step::Static(b)) => a == b,
            // A static segment with a `.` may be read as a value and a format.
            (Step::Dynamic(test), Step::Static(text)) => test.is_plain() && !text.contains('.'),
            (Step::Dynamic(a), Step::Dynamic(b)) => a == b,
            _ => false,
        })
    };
    let (earlier_segments, shape_segments) = (earlier.segments(), shape.segments());
    let n = earlier_segments.len();
    match (earlier.glob(), shape.glob()) {
        // A glob takes every segment after its prefix, whatever it holds, dots and formats
        // included; one with a requirement or a type only what the same one takes.
        (Some(glob), _) if glob.is_plain() => {
            shape.steps.len() > n
                && segments(
                    earlier_segments,
                    &shape_segments[..n.min(shape_segments.len())],
                )
        }
        (Some(glob), Some(other)) => {
            glob == other && shape_segments.len() == n && segments(earlier_segments, shape_segments)
        }
        (Some(_), None) | (None, Some(_)) => false,
        (None, None) => {
            let formats = matches!(
                (earlier.format, shape.format),
                (Format::Optional, _) | (Format::None, Format::None)
            );
            formats && n == shape_segments.len() && segments(earlier_segments, shape_segments)
        }
    }
}

#[cfg(test)]
mod tests;
