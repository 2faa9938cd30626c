//! Each route as the shapes of path it takes: the one expansion that the recogniser's tree
//! (`tree`) and the judgement of routes that can never be recognised (`shadow`) both read.
//! A shape spells `:controller` out as one controller of the route set, and takes or leaves
//! out each optional trailing segment; its steps are what one path segment must be, in order.

use routes_syntax::pattern::Format;

use crate::model::{Requirements, Route, RouteTable, Segment};

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
/// value; or a regex, the last step, which Journey matches the rest with).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Static(String),
    Dynamic(Test),
    Glob(Test),
    Regex(RegexTest),
}

/// The rest of a path matched by a route's regex (`RouteRegex`): the number of its pattern
/// among the route set's, and what each capture group is (a slot, or `None` for the format).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegexTest {
    pub pattern: u16,
    pub captures: Vec<Option<usize>>,
}

/// One way a route matches paths.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// The rank of the controller `:controller` is spelt out as, among the route set's
    /// controllers; 0 for a route without one.
    pub rank: u32,
    pub steps: Vec<Step>,
    pub format: Format,
    /// Where optional groups before the last value are left out: the route's slot each value
    /// step fills, in order (`None` where each fills the next, as the route's first slots).
    pub slots: Option<Vec<usize>>,
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
/// `limit`. `controllers` are the route set's (`RouteTable::controllers`), and `requirements`
/// its requirements and patterns as the route set numbers them.
pub fn shapes(
    table: &RouteTable,
    route: &Route,
    controllers: &[String],
    requirements: &Requirements,
    limit: usize,
) -> Option<Vec<Shape>> {
    let number = &|i: usize| requirements.number(i);
    if let Some(regex) = &route.regex {
        let mut steps: Vec<Step> = regex
            .prefix
            .iter()
            .map(|s| Step::Static(s.clone()))
            .collect();
        steps.push(Step::Regex(RegexTest {
            pattern: requirements.pattern(&regex.source),
            captures: regex.slots.clone(),
        }));
        return Some(vec![Shape {
            rank: 0,
            steps,
            format: route.format,
            slots: None,
        }]);
    }
    if !route.groups.is_empty() {
        return Some(grouped(table, route, number, limit));
    }
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
                slots: None,
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
        slots: None,
    }));
    (shapes.len() <= limit).then_some(shapes)
}

/// The shapes of a `draw!` route with optional groups, in the order Journey's regex prefers
/// them (each group taken before it is left out, the first group first), at most `limit`:
/// its segments with each choice of groups, a group inside another taken only with it.
fn grouped(
    table: &RouteTable,
    route: &Route,
    number: &dyn Fn(usize) -> u16,
    limit: usize,
) -> Vec<Shape> {
    let test = |requirement: &Option<usize>, ty: &Option<usize>| Test {
        requirement: requirement.map(number),
        ty: ty.map(|i| table.types[i].key.clone()),
    };
    let groups = &route.groups;
    let mut shapes = Vec::new();
    // Choices of groups, as bits (set: left out), in the order Rails prefers them.
    let count = groups.len().min(16);
    for choice in 0u32..(1 << count) {
        if shapes.len() >= limit {
            break;
        }
        let left = |g: usize| g < count && choice & (1 << (count - 1 - g)) != 0;
        // A group inside one left out is left out with it: count each choice once.
        let redundant = (0..groups.len()).any(|g| {
            left(g)
                && (0..groups.len()).any(|outer| {
                    outer != g
                        && left(outer)
                        && groups[outer].start <= groups[g].start
                        && groups[g].end <= groups[outer].end
                })
        });
        if redundant {
            continue;
        }
        let out = |i: usize| {
            (0..groups.len()).any(|g| left(g) && groups[g].start <= i && i < groups[g].end)
        };
        let mut steps = Vec::new();
        let mut slots = Vec::new();
        let mut slot = 0;
        for (i, segment) in route.segments.iter().enumerate() {
            let is_slot = segment.is_slot();
            if !out(i) {
                steps.push(match segment {
                    Segment::Static(text) => Step::Static(text.clone()),
                    Segment::Param {
                        requirement, ty, ..
                    } => Step::Dynamic(test(requirement, ty)),
                    Segment::Glob {
                        requirement, ty, ..
                    } => Step::Glob(test(requirement, ty)),
                    Segment::Action { requirement, .. } => Step::Dynamic(test(requirement, &None)),
                    Segment::Controller { .. } => continue,
                });
                if is_slot {
                    slots.push(slot);
                }
            }
            if is_slot {
                slot += 1;
            }
        }
        let identity = slots.iter().enumerate().all(|(i, &s)| i == s);
        shapes.push(Shape {
            rank: 0,
            steps,
            format: route.format,
            slots: (!identity).then_some(slots),
        });
    }
    shapes
}
