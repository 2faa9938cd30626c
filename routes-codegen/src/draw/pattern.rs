//! A `draw!` route's pattern (Journey's nodes) as the table's segments: static segments,
//! values and optional groups that begin and end at a `/`, and a final format, which the tree
//! reads segment by segment as it reads `routes!`'s; anything else (a glob, a value that may
//! hold `/`, or a `.` before an optional format, several values in one segment, a required
//! or constrained format) is matched by the regex Journey would match it with, from the end
//! of its static prefix.

use routes_syntax::journey::{self, Node};
use routes_syntax::pattern::Format;
use routes_syntax::requirement::Requirement;

use crate::model::{Group, RouteRegex, Segment};
use crate::symbol::FORMAT;

/// A pattern read into the table's terms.
pub struct Converted {
    /// Every segment, where the tree reads the route; else only its values, in order.
    pub segments: Vec<Segment>,
    pub groups: Vec<Group>,
    pub format: Format,
    pub regex: Option<RouteRegex>,
}

/// Reads `nodes`; `requirement` gives the regex a key's constraint makes of its value, and
/// `lazy` whether a glob takes as little as it can (Rails' `.+?`, unless `format = false`).
pub fn convert(
    nodes: &[Node],
    requirement: &dyn Fn(&str) -> Option<String>,
    lazy: bool,
) -> Converted {
    let (body, format) = split_format(nodes);
    let spans = |name: &str| {
        requirement(name)
            .and_then(|source| Requirement::new(&source).ok())
            .is_some_and(|r| r.spans_segments())
    };
    // A value that may hold a dot, read last before an optional format, leaves the choice of
    // the dot that begins the format to its regex (greedy, lazy, an alternation's order), as
    // Journey matches the whole pattern with one regex: so does the route.
    let dotted = |name: &str| {
        format == Format::Optional
            && requirement(name)
                .and_then(|source| Requirement::new(&source).ok())
                .is_some_and(|r| r.may_hold_dot())
    };
    // A value the tree reads is never empty; Journey's regex gives one that may be its
    // (`[a-z]*` takes `/empty/.json`).
    let empty = |name: &str| {
        requirement(name)
            .and_then(|source| Requirement::new(&source).ok())
            .is_some_and(|r| r.takes("") == Some(true))
    };
    let mut aligned = Aligned::default();
    let tree = format != Format::Required
        && requirement(FORMAT).is_none()
        && aligned.read(body, false)
        && !aligned.segments.iter().enumerate().any(|(i, s)| {
            matches!(s, Segment::Param { name, .. }
                if spans(name) || empty(name) || (aligned.may_end(i) && dotted(name)))
        });
    if tree {
        return Converted {
            segments: aligned.segments,
            groups: aligned.groups,
            format,
            regex: None,
        };
    }
    // The values, in the order the regex captures them.
    let mut segments = Vec::new();
    let mut slots = Vec::new();
    let mut optional = Vec::new();
    collect_values(nodes, false, &mut optional);
    for (name, is_glob, in_group) in optional {
        if name == FORMAT {
            slots.push(None);
            continue;
        }
        slots.push(Some(segments.len()));
        segments.push(if is_glob {
            Segment::Glob {
                name,
                requirement: None,
                ty: None,
                optional: in_group,
            }
        } else {
            Segment::Param {
                name,
                requirement: None,
                ty: None,
                optional: in_group,
                default: None,
            }
        });
    }
    let prefix = static_prefix(nodes);
    let rest = &nodes[2 * prefix..];
    let prefix: Vec<String> = nodes[..2 * prefix]
        .iter()
        .filter_map(|node| match node {
            Node::Literal(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    let glob = |name: &str| requirement(name).or_else(|| lazy.then(|| ".+?".to_owned()));
    let source = journey::to_regex(rest, &|name| {
        if nodes_have_star(rest, name) {
            glob(name)
        } else {
            requirement(name)
        }
    });
    Converted {
        segments,
        groups: Vec::new(),
        format,
        regex: Some(RouteRegex {
            prefix,
            source,
            slots,
        }),
    }
}

/// How a mount point (its pattern's `nodes`, groups and all) matches the paths under it, as
/// Journey's unanchored regex: from the path's first `/`, the pattern, ending at a word
/// boundary, the end or a `/` (`/jobs` takes `/jobs`, `/jobs/x` and `/jobs.json`, not
/// `/jobsx`); the root `/` takes every path. The values are captured as a route's, then the
/// rest of the path (Rails' `PATH_INFO` but its leading `/`) where a format would be: a mount
/// takes no format.
pub fn mount(nodes: &[Node], requirement: &dyn Fn(&str) -> Option<String>) -> Converted {
    let mut segments = Vec::new();
    let mut slots = Vec::new();
    let mut values = Vec::new();
    collect_values(nodes, false, &mut values);
    for (name, is_glob, in_group) in values {
        slots.push(Some(segments.len()));
        segments.push(if is_glob {
            Segment::Glob {
                name,
                requirement: None,
                ty: None,
                optional: in_group,
            }
        } else {
            Segment::Param {
                name,
                requirement: None,
                ty: None,
                optional: in_group,
                default: None,
            }
        });
    }
    slots.push(None);
    let source = if nodes == [Node::Slash] {
        r"\A/(.*)\z".to_owned()
    } else {
        let anchored = journey::to_regex(nodes, requirement);
        let body = anchored.strip_suffix(r"\z").unwrap_or(&anchored).to_owned();
        format!(r"{body}(?:\b|\z|/)(.*)\z")
    };
    Converted {
        segments,
        groups: Vec::new(),
        format: Format::None,
        regex: Some(RouteRegex {
            prefix: Vec::new(),
            source,
            slots,
        }),
    }
}

/// The nodes without a final `(.:format)` or `.:format`, and which of the two it was.
fn split_format(nodes: &[Node]) -> (&[Node], Format) {
    let format = Node::Symbol(FORMAT.to_owned());
    match nodes {
        [body @ .., Node::Group(group)] if group.as_slice() == [Node::Dot, format.clone()] => {
            (body, Format::Optional)
        }
        [body @ .., Node::Dot, last] if *last == format => (body, Format::Required),
        _ => (nodes, Format::None),
    }
}

/// Segments and groups read from nodes that begin each segment with `/` and hold one piece
/// each, groups opening on a `/`.
#[derive(Default)]
struct Aligned {
    segments: Vec<Segment>,
    groups: Vec<Group>,
}

impl Aligned {
    /// Whether the path may end with segment `i`: every segment after it is in a group.
    fn may_end(&self, i: usize) -> bool {
        (i + 1..self.segments.len()).all(|j| self.groups.iter().any(|g| g.start <= j && j < g.end))
    }

    fn read(&mut self, nodes: &[Node], in_group: bool) -> bool {
        if nodes == [Node::Slash] && !in_group {
            return true;
        }
        let mut i = 0;
        while i < nodes.len() {
            match &nodes[i] {
                Node::Slash => {
                    let segment = match nodes.get(i + 1) {
                        Some(Node::Literal(text)) => Segment::Static(text.clone()),
                        Some(Node::Symbol(name)) => Segment::Param {
                            name: name.clone(),
                            requirement: None,
                            ty: None,
                            optional: in_group,
                            default: None,
                        },
                        _ => return false,
                    };
                    if !matches!(nodes.get(i + 2), None | Some(Node::Slash | Node::Group(_))) {
                        return false;
                    }
                    self.segments.push(segment);
                    i += 2;
                }
                Node::Group(inner) if inner.first() == Some(&Node::Slash) => {
                    let start = self.segments.len();
                    let at = self.groups.len();
                    self.groups.push(Group { start, end: start });
                    if !self.read(inner, true) {
                        return false;
                    }
                    self.groups[at].end = self.segments.len();
                    i += 1;
                }
                _ => return false,
            }
        }
        true
    }
}

/// Each value of `nodes` in order: its name, whether it is a glob, whether it is in a group.
fn collect_values(nodes: &[Node], in_group: bool, out: &mut Vec<(String, bool, bool)>) {
    for node in nodes {
        match node {
            Node::Symbol(name) => out.push((name.clone(), false, in_group)),
            Node::Star(name) => out.push((name.clone(), true, in_group)),
            Node::Group(inner) => collect_values(inner, true, out),
            Node::Or(alternatives) => alternatives
                .iter()
                .for_each(|a| collect_values(a, true, out)),
            _ => {}
        }
    }
}

/// How many whole static segments begin the pattern, each followed by another segment or a
/// group: the tree reads them before the regex reads the rest.
fn static_prefix(nodes: &[Node]) -> usize {
    let mut k = 0;
    while let (Some(Node::Slash), Some(Node::Literal(_))) = (nodes.get(2 * k), nodes.get(2 * k + 1))
    {
        match nodes.get(2 * k + 2) {
            Some(Node::Slash) => k += 1,
            // The groups that follow may all be left out: what follows them must begin with
            // a `/` too, or the literal is not a whole segment (`songs(/:id)(.:format)`
            // takes `songs.json`).
            Some(Node::Group(_)) if begins_segment(&nodes[2 * k + 2..]) => {
                k += 1;
                break;
            }
            _ => break,
        }
    }
    k
}

/// Whether whatever `nodes` match is empty or begins with a `/`.
fn begins_segment(nodes: &[Node]) -> bool {
    match nodes.first() {
        None | Some(Node::Slash) => true,
        Some(Node::Group(inner)) => {
            inner.first() == Some(&Node::Slash) && begins_segment(&nodes[1..])
        }
        Some(_) => false,
    }
}

fn nodes_have_star(nodes: &[Node], name: &str) -> bool {
    let mut found = false;
    journey::visit(nodes, &mut |node| {
        if matches!(node, Node::Star(n) if n == name) {
            found = true;
        }
    });
    found
}
