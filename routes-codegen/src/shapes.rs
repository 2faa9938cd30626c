//! Each route as the shapes of path it takes: the one expansion that the recogniser's tree
//! (`tree`) and the judgement of routes that can never be recognised (`shadow`) both read.
//! A shape spells `:controller` out as one controller of the route set, and takes or leaves
//! out each optional trailing segment; its steps are what one path segment must be, in order.

use routes_syntax::pattern::Format;

use crate::model::{Route, RouteTable, Segment};

/// The test a dynamic segment makes of a value beside being non-empty: its requirement (by
/// the number the route set knows it by) or else no raw `.`, and the type it parses as (by
/// its key).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Test {
    pub requirement: Option<u16>,
    pub ty: Option<String>,
}

impl Test {
    /// Whether the test is only the default one: no `/ . ?` in a non-empty value.
    pub fn is_plain(&self) -> bool {
        self.requirement.is_none() && self.ty.is_none()
    }
}

/// What one step of a shape takes: a literal segment, a value, or the rest of the path (a
/// glob, the last step; one segment or more, as a shape without it stands for its empty
/// value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Static(String),
    Dynamic(Test),
    Glob(Test),
}

/// One way a route matches paths.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// The rank of the controller `:controller` is spelt out as, among the route set's
    /// controllers; 0 for a route without one.
    pub rank: u32,
    pub steps: Vec<Step>,
    pub format: Format,
}

impl Shape {
    /// The glob the shape ends in, if it does.
    pub fn glob(&self) -> Option<&Test> {
        match self.steps.last() {
            Some(Step::Glob(test)) => Some(test),
            _ => None,
        }
    }

    /// The steps before its glob, if it has one: one per path segment.
    pub fn segments(&self) -> &[Step] {
        match self.glob() {
            Some(_) => &self.steps[..self.steps.len() - 1],
            None => &self.steps,
        }
    }
}

/// The shapes of `route`, in the order the tree offers them (each cut of its optional
/// trailing segments, shortest first, then the whole); `None` when there would be more than
/// `limit`. `controllers` are the route set's (`RouteTable::controllers`), and `number` the
/// number of a requirement of the table as the route set knows it.
pub fn shapes(
    table: &RouteTable,
    route: &Route,
    controllers: &[String],
    number: &dyn Fn(usize) -> u16,
    limit: usize,
) -> Option<Vec<Shape>> {
    // Optional segments are trailing: a shape may stop before any of them.
    let required = route
        .segments
        .iter()
        .rposition(|s| !s.is_optional())
        .map_or(0, |i| i + 1);
    let test = |requirement: &Option<usize>, ty: &Option<usize>| Test {
        requirement: requirement.map(number),
        ty: ty.map(|i| table.types[i].key.clone()),
    };
    let mut prefixes: Vec<(u32, Vec<Step>)> = vec![(0, Vec::new())];
    let mut shapes = Vec::new();
    let format = route.format;
    for (i, segment) in route.segments.iter().enumerate() {
        if i >= required {
            shapes.extend(prefixes.iter().map(|(rank, steps)| Shape {
                rank: *rank,
                steps: steps.clone(),
                format,
            }));
        }
        let step = match segment {
            Segment::Static(text) => Step::Static(text.clone()),
            Segment::Param {
                requirement, ty, ..
            } => Step::Dynamic(test(requirement, ty)),
            Segment::Glob {
                requirement, ty, ..
            } => Step::Glob(test(requirement, ty)),
            Segment::Action { requirement, .. } => Step::Dynamic(test(requirement, &None)),
            Segment::Controller {
                namespace,
                requirement,
            } => {
                let under: Vec<(u32, &str)> = controllers
                    .iter()
                    .enumerate()
                    .filter_map(|(rank, controller)| {
                        let name = controller
                            .strip_prefix(namespace.as_str())
                            .filter(|n| !n.is_empty() && table.takes(*requirement, controller))?;
                        Some((rank as u32, name))
                    })
                    .collect();
                if prefixes.len().saturating_mul(under.len()) > limit {
                    return None;
                }
                prefixes = prefixes
                    .iter()
                    .flat_map(|(_, steps)| {
                        under.iter().map(move |&(rank, name)| {
                            let mut steps = steps.clone();
                            steps.extend(name.split('/').map(|p| Step::Static(p.to_owned())));
                            (rank, steps)
                        })
                    })
                    .collect();
                continue;
            }
        };
        for (_, steps) in &mut prefixes {
            steps.push(step.clone());
        }
    }
    shapes.extend(prefixes.into_iter().map(|(rank, steps)| Shape {
        rank,
        steps,
        format,
    }));
    (shapes.len() <= limit).then_some(shapes)
}
