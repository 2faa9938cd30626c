//! The recogniser `RouteSet::recognize` runs: a trie of path segments built on first use.
//!
//! # How it works
//!
//! Every route is turned into one or more *variants*: fixed sequences of steps, each a static
//! segment or a dynamic one (with its requirement, if any). A `:controller` segment becomes one
//! variant per controller of the route set, spelt out as static segments (`admin`, `users`);
//! optional trailing segments (`:action`, `:id` of the default route) become one variant per
//! length. The variants are inserted into a trie whose nodes hold their static children sorted
//! by text and their dynamic children, and where each variant ends at a node, it is listed
//! there as a *terminal*: in the list for paths whose last segment is read whole, and (when its
//! route takes a format) in the list for paths whose last segment is read as `VALUE.FORMAT`.
//!
//! Rails takes the first route in declaration order that matches, whatever the shape of the
//! table, so a lookup cannot stop at the first terminal it meets. Each node knows the lowest
//! route index in its subtree; the search keeps the best candidate found so far, ordered by
//! route index, then whole reading before split reading, then the variant's rank (the order in
//! which the reference recogniser tries controllers), and skips every subtree that cannot hold
//! a better one. Static children are found by comparing whole segments (a linear scan for a
//! few, a binary search for many), so a lookup costs about one comparison per segment and
//! grows with the logarithm of the number of siblings.
//!
//! A route that matches the path but not the method is passed over; when no route is found,
//! a second walk visits every matching terminal to collect the methods for a 405.
//!
//! Once the best variant is known, its steps are walked once more beside the path to copy the
//! values into the [`Recognized`](crate::Recognized).

use http::Method;
use regex::Regex;

use crate::path::{
    Cut, Decoded, Seg, Segs, Split, Unreadable, split_raw, split_raw_last, strip_query,
};
use crate::recognize::{add_methods, no_route};
use crate::recognized::Recognized;
use crate::route::{Format, Route, Segment};
use crate::route_set::Compiled;
use crate::{RouteSet, RoutingError};

/// How the last segment is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reading {
    Whole,
    Split,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Static(&'static str),
    /// A dynamic segment; its requirement's index among the matcher's regexes.
    Dynamic(Option<u32>),
}

#[derive(Debug, Clone, Copy)]
enum Capture {
    None,
    /// The value of the route's segment of this index.
    Param(usize),
    Action,
}

#[derive(Debug, Clone, Copy)]
struct Step {
    key: Key,
    capture: Capture,
}

#[derive(Debug, Clone)]
struct Variant {
    route: u32,
    rank: u32,
    controller: Option<&'static str>,
    steps: Vec<Step>,
}

/// A static child: the segment's [`key`], its text and the child node.
#[derive(Debug, Clone, Copy)]
struct Static {
    key: u64,
    text: &'static str,
    child: u32,
}

/// A dynamic child: its requirement (an index among the regexes), the child node, and the
/// lowest route below it, so that pruning needs no look at the child.
#[derive(Debug, Clone, Copy)]
struct Dynamic {
    requirement: Option<u32>,
    child: u32,
    min_route: u32,
}

/// A variant ending at a node, with what choosing it needs.
#[derive(Debug, Clone, Copy)]
struct Terminal {
    route: u32,
    rank: u32,
    variant: u32,
    methods: Methods,
}

impl Terminal {
    /// How good a candidate this is, read `reading`: lower is better.
    fn rank_key(&self, reading: Reading) -> u64 {
        u64::from(self.route) << 33 | (reading as u64) << 32 | u64::from(self.rank)
    }
}

#[derive(Debug, Default)]
struct Node {
    /// In the order of their keys.
    statics: Vec<Static>,
    /// For nodes with many static children: an open-addressing table of indexes into
    /// `statics` (`u32::MAX` when empty), by a hash of the whole segment.
    table: Box<[u32]>,
    /// The dynamic children while building, by requirement.
    building: Vec<(Option<u32>, u32)>,
    /// Sorted by their subtree's lowest route.
    dynamics: Vec<Dynamic>,
    /// Variants ending here, read whole / split, while building.
    whole_variants: Vec<u32>,
    split_variants: Vec<u32>,
    /// The same, sorted by route, then rank.
    whole: Vec<Terminal>,
    split: Vec<Terminal>,
    /// The lowest route index of any terminal in this subtree.
    min_route: u32,
}

/// Methods a route answers, as bits, with a fallback for methods outside the five.
#[derive(Debug, Clone, Copy)]
struct Methods {
    bits: u8,
    /// The route lists a method outside GET, POST, PUT, PATCH and DELETE: ask the route.
    exact: bool,
}

/// Nodes with more static children than this look them up through a hash table.
const LINEAR_STATICS: usize = 8;

/// Where a segment's key goes in a table of `mask + 1` slots.
fn slot(key: u64, mask: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

const ANY: u8 = u8::MAX;
const OTHER: u8 = 1 << 5;

fn method_bit(method: &Method) -> u8 {
    match *method {
        Method::GET | Method::HEAD => 1,
        Method::POST => 1 << 1,
        Method::PUT => 1 << 2,
        Method::PATCH => 1 << 3,
        Method::DELETE => 1 << 4,
        _ => OTHER,
    }
}

#[derive(Debug, Default)]
pub(crate) struct Matcher {
    nodes: Vec<Node>,
    variants: Vec<Variant>,
    methods: Vec<Methods>,
    regexes: Vec<Option<Regex>>,
    /// One more than the most segments a route can take: splitting a path stops there.
    depth_limit: usize,
}

impl Matcher {
    pub(crate) fn new(routes: &'static [Route], compiled: &Compiled) -> Self {
        let mut matcher = Matcher {
            nodes: vec![Node::default()],
            variants: Vec::new(),
            methods: Vec::with_capacity(routes.len()),
            regexes: Vec::new(),
            depth_limit: 1,
        };
        let mut sources: Vec<&'static str> = Vec::new();
        for (index, route) in routes.iter().enumerate() {
            matcher.methods.push(route_methods(route));
            for variant in expand(index, route, compiled, &mut sources) {
                matcher.insert(variant, route.format());
            }
        }
        matcher.regexes = sources
            .iter()
            .map(|source| compiled.requirements.regex(source))
            .collect();
        matcher.finish(0);
        // Counted from the variants, apart from the reference's count from the routes, so that
        // the differential tests check one against the other.
        let deepest = matcher.variants.iter().map(|v| v.steps.len()).max();
        matcher.depth_limit = deepest.unwrap_or(0) + 1;
        matcher
    }

    fn insert(&mut self, variant: Variant, format: Format) {
        let mut node = 0;
        for step in &variant.steps {
            node = self.child(node, step.key);
        }
        let id = u32::try_from(self.variants.len()).unwrap_or(u32::MAX);
        if format != Format::Required {
            self.nodes[node].whole_variants.push(id);
        }
        if format != Format::None {
            self.nodes[node].split_variants.push(id);
        }
        self.variants.push(variant);
    }

    fn child(&mut self, node: usize, key: Key) -> usize {
        let existing = match key {
            Key::Static(text) => self.nodes[node]
                .statics
                .iter()
                .find(|s| s.text == text)
                .map(|s| s.child),
            Key::Dynamic(requirement) => self.nodes[node]
                .building
                .iter()
                .find(|(r, _)| *r == requirement)
                .map(|&(_, c)| c),
        };
        if let Some(child) = existing {
            return child as usize;
        }
        let child = self.nodes.len();
        self.nodes.push(Node::default());
        let id = u32::try_from(child).unwrap_or(u32::MAX);
        match key {
            Key::Static(text) => self.nodes[node].statics.push(Static {
                key: crate::path::key(text),
                text,
                child: id,
            }),
            Key::Dynamic(requirement) => self.nodes[node].building.push((requirement, id)),
        }
        child
    }

    /// Sorts every list and computes each subtree's lowest route.
    fn finish(&mut self, node: usize) -> u32 {
        let statics: Vec<u32> = self.nodes[node].statics.iter().map(|s| s.child).collect();
        let building = std::mem::take(&mut self.nodes[node].building);
        let mut min = u32::MAX;
        for child in &statics {
            min = min.min(self.finish(*child as usize));
        }
        let mut dynamics: Vec<Dynamic> = building
            .into_iter()
            .map(|(requirement, child)| Dynamic {
                requirement,
                child,
                min_route: self.finish(child as usize),
            })
            .collect();
        dynamics.sort_by_key(|d| d.min_route);
        let terminals = |ids: &[u32]| {
            let mut list: Vec<Terminal> = ids
                .iter()
                .map(|&v| {
                    let variant = &self.variants[v as usize];
                    Terminal {
                        route: variant.route,
                        rank: variant.rank,
                        variant: v,
                        methods: self.methods[variant.route as usize],
                    }
                })
                .collect();
            list.sort_by_key(|t| (t.route, t.rank));
            list
        };
        let whole = terminals(&self.nodes[node].whole_variants);
        let split = terminals(&self.nodes[node].split_variants);
        for t in whole.iter().chain(&split) {
            min = min.min(t.route);
        }
        for d in &dynamics {
            min = min.min(d.min_route);
        }
        let own = &mut self.nodes[node];
        own.dynamics = dynamics;
        own.whole = whole;
        own.split = split;
        own.statics.sort_by_key(|s| (s.key, s.text));
        if own.statics.len() > LINEAR_STATICS {
            let size = (own.statics.len() * 2).next_power_of_two();
            let mut table = vec![u32::MAX; size].into_boxed_slice();
            for (i, s) in own.statics.iter().enumerate() {
                let mut at = slot(s.key, size - 1);
                while table[at] != u32::MAX {
                    at = (at + 1) & (size - 1);
                }
                table[at] = u32::try_from(i).unwrap_or(u32::MAX);
            }
            own.table = table;
        }
        own.min_route = min;
        min
    }

    /// The static child for `seg`: among a few, the first whose key matches and whose text
    /// does (keys hold segments of up to seven bytes whole); among many, through the table.
    #[inline]
    fn static_child(&self, node: &Node, seg: &Seg<'_>) -> Option<u32> {
        let statics = &node.statics;
        if node.table.is_empty() {
            return statics
                .iter()
                .find(|s| s.key == seg.key && (seg.text.len() <= 7 || s.text == seg.text))
                .map(|s| s.child);
        }
        let mask = node.table.len() - 1;
        let mut at = slot(seg.key, mask);
        loop {
            let s = statics.get(*node.table.get(at)? as usize)?;
            if s.key == seg.key && (seg.text.len() <= 7 || s.text == seg.text) {
                return Some(s.child);
            }
            at = (at + 1) & mask;
        }
    }

    #[inline]
    fn takes(&self, requirement: Option<u32>, seg: &Seg<'_>) -> bool {
        !seg.text.is_empty()
            && match requirement {
                None => !seg.raw_dot,
                Some(i) => self.regexes[i as usize]
                    .as_ref()
                    .is_some_and(|re| re.is_match(seg.text)),
            }
    }

    /// Finds the first route (in declaration order) that takes `path` and `method`, adding to
    /// `work` the segments it cut, the nodes it visited and the dynamic segments it tested.
    #[inline(always)]
    pub(crate) fn recognize<'s>(
        &self,
        set: &'s RouteSet,
        method: &Method,
        path: &str,
        work: &mut usize,
    ) -> Result<Recognized<'s>, RoutingError> {
        let mut segs = Segs::new();
        let cut = split_raw(path, &mut segs, self.depth_limit);
        match cut {
            Cut::Plain => {}
            Cut::Escaped => return self.recognize_decoded(set, method, path, work),
            Cut::TooDeep => {
                *work += segs.len();
                return Err(Unreadable::TooDeep.error(method, path));
            }
        }
        let mut search = Search::new(self, set.routes(), method, &segs, None);
        search.run(path, work)
    }

    /// The same over the decoded segments of a path with percent-escapes.
    #[cold]
    fn recognize_decoded<'s>(
        &self,
        set: &'s RouteSet,
        method: &Method,
        path: &str,
        work: &mut usize,
    ) -> Result<Recognized<'s>, RoutingError> {
        let decoded = match Decoded::new(path, self.depth_limit) {
            Ok(decoded) => decoded,
            Err(unreadable) => {
                *work += self.depth_limit + 1;
                return Err(unreadable.error(method, path));
            }
        };
        let segs = decoded.segs();
        let mut search = Search::new(self, set.routes(), method, &segs, Some(decoded.split()));
        search.run(path, work)
    }
}

fn route_methods(route: &Route) -> Methods {
    if route.methods().is_empty() {
        return Methods {
            bits: ANY,
            exact: false,
        };
    }
    let mut bits = 0;
    let mut exact = false;
    for method in route.methods() {
        let bit = method_bit(method);
        exact |= bit == OTHER || *method == Method::HEAD;
        bits |= bit;
    }
    Methods { bits, exact }
}

/// The variants of one route: `:controller` spelt out per controller, optional trailing
/// segments left out one by one.
fn expand(
    index: usize,
    route: &Route,
    compiled: &Compiled,
    sources: &mut Vec<&'static str>,
) -> Vec<Variant> {
    let route_index = u32::try_from(index).unwrap_or(u32::MAX);
    let mut partial = vec![Variant {
        route: route_index,
        rank: 0,
        controller: None,
        steps: Vec::new(),
    }];
    let mut done = Vec::new();
    let first_optional = route
        .segments()
        .iter()
        .position(Segment::is_optional)
        .unwrap_or(route.segments().len());
    for (i, segment) in route.segments().iter().enumerate() {
        if i >= first_optional {
            done.extend(partial.iter().cloned());
        }
        match *segment {
            Segment::Static(text) => push(&mut partial, Key::Static(text), Capture::None),
            Segment::Param(param) => {
                let requirement = param.requirement.map(|source| {
                    let i = sources
                        .iter()
                        .position(|s| *s == source)
                        .unwrap_or_else(|| {
                            sources.push(source);
                            sources.len() - 1
                        });
                    u32::try_from(i).unwrap_or(u32::MAX)
                });
                push(&mut partial, Key::Dynamic(requirement), Capture::Param(i));
            }
            Segment::Action { .. } => push(&mut partial, Key::Dynamic(None), Capture::Action),
            Segment::Controller { namespace } => {
                let controllers: Vec<&'static str> =
                    compiled.controllers_under(namespace).copied().collect();
                partial = partial
                    .into_iter()
                    .flat_map(|variant| {
                        controllers
                            .iter()
                            .enumerate()
                            .map(move |(rank, &controller)| {
                                let mut variant = variant.clone();
                                variant.rank = u32::try_from(rank).unwrap_or(u32::MAX);
                                variant.controller = Some(controller);
                                for part in controller[namespace.len()..].split('/') {
                                    variant.steps.push(Step {
                                        key: Key::Static(part),
                                        capture: Capture::None,
                                    });
                                }
                                variant
                            })
                    })
                    .collect();
            }
        }
    }
    done.extend(partial);
    done
}

fn push(variants: &mut [Variant], key: Key, capture: Capture) {
    for variant in variants {
        variant.steps.push(Step { key, capture });
    }
}

struct Search<'a, 's> {
    matcher: &'a Matcher,
    routes: &'s [Route],
    segs: &'a [Seg<'a>],
    /// The last segment's `VALUE.FORMAT` reading, once it is needed.
    split: Option<Option<Split<'a>>>,
    method: &'a Method,
    bit: u8,
    /// The best candidate's [`Terminal::rank_key`], or `u64::MAX`.
    best_key: u64,
    best_variant: u32,
    /// Nodes visited and dynamic segments tested: what bounds a lookup's cost.
    work: usize,
}

impl<'a, 's> Search<'a, 's> {
    fn new(
        matcher: &'a Matcher,
        routes: &'s [Route],
        method: &'a Method,
        segs: &'a [Seg<'a>],
        split: Option<Option<Split<'a>>>,
    ) -> Self {
        Search {
            matcher,
            routes,
            segs,
            split,
            method,
            bit: method_bit(method),
            best_key: u64::MAX,
            best_variant: u32::MAX,
            work: 0,
        }
    }

    /// The best route for the path, or the error that says why there is none; the work is
    /// counted before the answer is made, so that it is written where the caller wants it.
    #[inline(always)]
    fn run(&mut self, path: &str, work: &mut usize) -> Result<Recognized<'s>, RoutingError> {
        self.visit(0, 0);
        match self.found() {
            Some((variant, reading)) => {
                *work += self.segs.len() + self.work;
                Ok(self.extract(variant, reading))
            }
            None => {
                let error = self.failure(path);
                *work += self.segs.len() + self.work;
                Err(error)
            }
        }
    }

    /// Whether the dynamic segment of `requirement` takes `seg`, counted as work.
    #[inline]
    fn takes(&mut self, requirement: Option<u32>, seg: &Seg<'_>) -> bool {
        self.work += 1;
        self.matcher.takes(requirement, seg)
    }

    /// Whether a subtree whose lowest route is `min_route` cannot hold a better candidate.
    #[inline]
    fn beaten(&self, min_route: u32) -> bool {
        u64::from(min_route) > self.best_key >> 33
    }

    fn found(&self) -> Option<(u32, Reading)> {
        (self.best_key != u64::MAX).then(|| {
            let reading = if self.best_key >> 32 & 1 == 1 {
                Reading::Split
            } else {
                Reading::Whole
            };
            (self.best_variant, reading)
        })
    }

    /// The `VALUE.FORMAT` reading of the segment at `depth`, if it is the last and has a dot.
    #[inline]
    fn split_of(&mut self, depth: usize, seg: &Seg<'a>) -> Option<Split<'a>> {
        if !seg.raw_dot || depth + 1 != self.segs.len() {
            return None;
        }
        let text = seg.text;
        *self.split.get_or_insert_with(|| split_raw_last(text))
    }

    fn visit(&mut self, node: u32, depth: usize) {
        self.work += 1;
        let matcher = self.matcher;
        let here = &matcher.nodes[node as usize];
        if self.beaten(here.min_route) {
            return;
        }
        let segs = self.segs;
        let Some(seg) = segs.get(depth) else {
            self.consider(&here.whole, Reading::Whole);
            return;
        };
        if let Some(child) = matcher.static_child(here, seg) {
            self.visit(child, depth + 1);
        }
        if seg.raw_dot && depth + 1 == segs.len() {
            self.visit_split(here, depth, seg);
        }
        for dynamic in &here.dynamics {
            if self.beaten(dynamic.min_route) {
                break;
            }
            if self.takes(dynamic.requirement, seg) {
                self.visit(dynamic.child, depth + 1);
            }
        }
    }

    /// The last segment read as `VALUE.FORMAT`: the children that take the value, and end
    /// there for routes with a format.
    #[inline(never)]
    fn visit_split(&mut self, here: &Node, depth: usize, seg: &Seg<'a>) {
        let Some(split) = self.split_of(depth, seg) else {
            return;
        };
        let matcher = self.matcher;
        if let Some(child) = matcher.static_child(here, &split.base) {
            self.consider(&matcher.nodes[child as usize].split, Reading::Split);
        }
        for dynamic in &here.dynamics {
            if self.beaten(dynamic.min_route) {
                break;
            }
            if self.takes(dynamic.requirement, &split.base) {
                self.consider(&matcher.nodes[dynamic.child as usize].split, Reading::Split);
            }
        }
    }

    /// Takes the first terminal of `list` that accepts the method, if it beats the best so far.
    #[inline]
    fn consider(&mut self, list: &[Terminal], reading: Reading) {
        for terminal in list {
            let key = terminal.rank_key(reading);
            if key >= self.best_key {
                return;
            }
            let accepts = if terminal.methods.exact {
                self.routes[terminal.route as usize].accepts(self.method)
            } else {
                terminal.methods.bits & self.bit != 0
            };
            if accepts {
                self.best_key = key;
                self.best_variant = terminal.variant;
                return;
            }
        }
    }

    /// Copies the values the winning variant binds.
    #[inline(always)]
    fn extract(&mut self, variant: u32, reading: Reading) -> Recognized<'s> {
        let variant = &self.matcher.variants[variant as usize];
        let route = &self.routes[variant.route as usize];
        let mut found = Recognized::new(
            route,
            variant.controller.unwrap_or(route.fixed_controller()),
        );
        let segs = self.segs;
        let split = match (reading, segs.last()) {
            (Reading::Split, Some(last)) => self.split_of(segs.len() - 1, last),
            _ => None,
        };
        for (i, (step, seg)) in variant.steps.iter().zip(segs).enumerate() {
            let seg = match split {
                Some(split) if i + 1 == segs.len() => split.base,
                _ => *seg,
            };
            match step.capture {
                Capture::None => {}
                Capture::Param(slot) => found.push_param(slot, seg.text),
                Capture::Action => found.set_action(seg.text),
            }
        }
        if let Some(split) = split {
            found.push_format(split.format);
        }
        found
    }

    /// No route takes the path with this method: a 405 listing the methods of those that take
    /// it with another, else a 404.
    #[cold]
    fn failure(&mut self, path: &str) -> RoutingError {
        let mut matched = Vec::new();
        self.collect(0, 0, &mut matched);
        let mut allowed: Vec<Method> = Vec::new();
        for route in matched {
            add_methods(&mut allowed, &self.routes[route as usize]);
        }
        no_route(self.method, strip_query(path), allowed)
    }

    /// Every route whose path matches, whatever its method.
    fn collect(&mut self, node: u32, depth: usize, out: &mut Vec<u32>) {
        self.work += 1;
        let matcher = self.matcher;
        let here = &matcher.nodes[node as usize];
        let take = |list: &[Terminal], out: &mut Vec<u32>| out.extend(list.iter().map(|t| t.route));
        let segs = self.segs;
        let Some(seg) = segs.get(depth) else {
            take(&here.whole, out);
            return;
        };
        if let Some(child) = matcher.static_child(here, seg) {
            self.collect(child, depth + 1, out);
        }
        let split = self.split_of(depth, seg);
        if let Some(split) = split
            && let Some(child) = matcher.static_child(here, &split.base)
        {
            take(&matcher.nodes[child as usize].split, out);
        }
        for dynamic in &here.dynamics {
            if self.takes(dynamic.requirement, seg) {
                self.collect(dynamic.child, depth + 1, out);
            }
            if let Some(split) = split
                && self.takes(dynamic.requirement, &split.base)
            {
                take(&matcher.nodes[dynamic.child as usize].split, out);
            }
        }
    }
}
