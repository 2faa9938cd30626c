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

use crate::RouteSet;
use crate::path::{Cursor, Path, Seg, Split};
use crate::recognize::{Outcome, sort_methods};
use crate::recognized::Recognized;
use crate::route::{Format, Route, Segment};
use crate::route_set::Compiled;

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
    Param(&'static str),
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

#[derive(Debug, Default)]
struct Node {
    /// Sorted by text.
    statics: Vec<(&'static str, u32)>,
    /// Sorted by their subtree's lowest route.
    dynamics: Vec<(Option<u32>, u32)>,
    /// Variants ending here, read whole / split; sorted by route, then rank.
    whole: Vec<u32>,
    split: Vec<u32>,
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
}

impl Matcher {
    pub(crate) fn new(routes: &'static [Route], compiled: &Compiled) -> Self {
        let mut matcher = Matcher {
            nodes: vec![Node::default()],
            variants: Vec::new(),
            methods: Vec::with_capacity(routes.len()),
            regexes: Vec::new(),
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
        matcher
    }

    fn insert(&mut self, variant: Variant, format: Format) {
        let mut node = 0;
        for step in &variant.steps {
            node = self.child(node, step.key);
        }
        let id = u32::try_from(self.variants.len()).unwrap_or(u32::MAX);
        if format != Format::Required {
            self.nodes[node].whole.push(id);
        }
        if format != Format::None {
            self.nodes[node].split.push(id);
        }
        self.variants.push(variant);
    }

    fn child(&mut self, node: usize, key: Key) -> usize {
        let existing = match key {
            Key::Static(text) => self.nodes[node]
                .statics
                .iter()
                .find(|(t, _)| *t == text)
                .map(|&(_, c)| c),
            Key::Dynamic(requirement) => self.nodes[node]
                .dynamics
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
            Key::Static(text) => self.nodes[node].statics.push((text, id)),
            Key::Dynamic(requirement) => self.nodes[node].dynamics.push((requirement, id)),
        }
        child
    }

    /// Sorts every list and computes each subtree's lowest route.
    fn finish(&mut self, node: usize) -> u32 {
        let statics: Vec<u32> = self.nodes[node].statics.iter().map(|&(_, c)| c).collect();
        let dynamics: Vec<u32> = self.nodes[node].dynamics.iter().map(|&(_, c)| c).collect();
        let mut min = u32::MAX;
        for child in statics.iter().chain(&dynamics) {
            min = min.min(self.finish(*child as usize));
        }
        let variants = &self.variants;
        let order = |&v: &u32| (variants[v as usize].route, variants[v as usize].rank);
        let own = &mut self.nodes[node];
        own.whole.sort_by_key(order);
        own.split.sort_by_key(order);
        own.statics.sort_by(|a, b| a.0.cmp(b.0));
        for &v in own.whole.iter().chain(&own.split) {
            min = min.min(variants[v as usize].route);
        }
        own.min_route = min;
        let mut dynamics = std::mem::take(&mut self.nodes[node].dynamics);
        dynamics.sort_by_key(|&(_, c)| self.nodes[c as usize].min_route);
        self.nodes[node].dynamics = dynamics;
        min
    }

    fn static_child(&self, node: &Node, text: &str) -> Option<u32> {
        if node.statics.len() <= 8 {
            node.statics
                .iter()
                .find(|(t, _)| *t == text)
                .map(|&(_, c)| c)
        } else {
            node.statics
                .binary_search_by(|(t, _)| (*t).cmp(text))
                .ok()
                .map(|i| node.statics[i].1)
        }
    }

    fn takes(&self, requirement: Option<u32>, seg: Seg<'_>) -> bool {
        !seg.text.is_empty()
            && match requirement {
                None => !seg.raw_dot,
                Some(i) => self.regexes[i as usize]
                    .as_ref()
                    .is_some_and(|re| re.is_match(seg.text)),
            }
    }

    fn accepts(&self, route: u32, method: &Method, bit: u8, routes: &[Route]) -> bool {
        let methods = self.methods[route as usize];
        if methods.exact {
            routes[route as usize].accepts(method)
        } else {
            methods.bits & bit != 0
        }
    }

    /// Finds the first route (in declaration order) that takes `path` and `method`.
    pub(crate) fn recognize<'s>(
        &self,
        set: &'s RouteSet,
        method: &Method,
        path: &Path<'_>,
    ) -> Outcome<'s> {
        let mut search = Search {
            matcher: self,
            routes: set.routes(),
            path,
            split: path.split(),
            method,
            bit: method_bit(method),
            best: None,
        };
        search.visit(0, path.start());
        match search.best {
            Some(best) => Outcome::Found(self.extract(set.routes(), best, path, search.split)),
            None => {
                let mut matched = Vec::new();
                search.collect(0, path.start(), &mut matched);
                let mut allowed: Vec<Method> = Vec::new();
                for route in matched {
                    for m in set.routes()[route as usize].methods() {
                        if !allowed.contains(m) {
                            allowed.push(m.clone());
                        }
                    }
                }
                if allowed.is_empty() {
                    Outcome::NotFound
                } else {
                    sort_methods(&mut allowed);
                    Outcome::WrongMethod(allowed)
                }
            }
        }
    }

    /// Copies the values the winning variant binds.
    fn extract<'s>(
        &self,
        routes: &'s [Route],
        best: Best,
        path: &Path<'_>,
        split: Option<Split<'_>>,
    ) -> Recognized<'s> {
        let variant = &self.variants[best.variant as usize];
        let route = &routes[variant.route as usize];
        let mut found = Recognized::new(
            route,
            variant.controller.unwrap_or(route.fixed_controller()),
        );
        let mut cursor = path.start();
        for step in &variant.steps {
            let (mut seg, last, next) = path.segment(cursor);
            if last
                && best.reading == Reading::Split
                && let Some(split) = split
            {
                seg = split.base;
            }
            match step.capture {
                Capture::None => {}
                Capture::Param(name) => found.push_param(name, seg.text),
                Capture::Action => found.set_action(seg.text),
            }
            cursor = next;
        }
        if best.reading == Reading::Split
            && let Some(split) = split
        {
            found.push_param("format", split.format);
        }
        found
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
    let optional = |s: &Segment| match s {
        Segment::Param(p) => p.optional,
        Segment::Action { optional } => *optional,
        _ => false,
    };
    let first_optional = route
        .segments()
        .iter()
        .position(optional)
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
                push(
                    &mut partial,
                    Key::Dynamic(requirement),
                    Capture::Param(param.name),
                );
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

#[derive(Debug, Clone, Copy)]
struct Best {
    route: u32,
    reading: Reading,
    rank: u32,
    variant: u32,
}

struct Search<'a, 'p> {
    matcher: &'a Matcher,
    routes: &'a [Route],
    path: &'a Path<'p>,
    split: Option<Split<'a>>,
    method: &'a Method,
    bit: u8,
    best: Option<Best>,
}

impl Search<'_, '_> {
    fn beaten(&self, min_route: u32) -> bool {
        self.best.is_some_and(|best| min_route > best.route)
    }

    fn visit(&mut self, node: u32, cursor: Cursor) {
        let matcher = self.matcher;
        let here = &matcher.nodes[node as usize];
        if self.beaten(here.min_route) {
            return;
        }
        if self.path.at_end(cursor) {
            self.consider(&here.whole, Reading::Whole);
            return;
        }
        let (seg, last, next) = self.path.segment(cursor);
        if let Some(child) = matcher.static_child(here, seg.text) {
            self.visit(child, next);
        }
        let split = if last { self.split } else { None };
        if let Some(split) = split
            && let Some(child) = matcher.static_child(here, split.base.text)
        {
            self.consider(&matcher.nodes[child as usize].split, Reading::Split);
        }
        for &(requirement, child) in &here.dynamics {
            let below = &matcher.nodes[child as usize];
            if self.beaten(below.min_route) {
                break;
            }
            if matcher.takes(requirement, seg) {
                self.visit(child, next);
            }
            if let Some(split) = split
                && matcher.takes(requirement, split.base)
            {
                self.consider(&below.split, Reading::Split);
            }
        }
    }

    /// Takes the first terminal of `list` that accepts the method, if it beats the best so far.
    fn consider(&mut self, list: &[u32], reading: Reading) {
        for &v in list {
            let variant = &self.matcher.variants[v as usize];
            let key = (variant.route, reading, variant.rank);
            if self
                .best
                .is_some_and(|best| key >= (best.route, best.reading, best.rank))
            {
                return;
            }
            if self
                .matcher
                .accepts(variant.route, self.method, self.bit, self.routes)
            {
                self.best = Some(Best {
                    route: variant.route,
                    reading,
                    rank: variant.rank,
                    variant: v,
                });
                return;
            }
        }
    }

    /// Every route whose path matches, whatever its method.
    fn collect(&self, node: u32, cursor: Cursor, out: &mut Vec<u32>) {
        let matcher = self.matcher;
        let here = &matcher.nodes[node as usize];
        let take = |list: &[u32], out: &mut Vec<u32>| {
            out.extend(list.iter().map(|&v| matcher.variants[v as usize].route));
        };
        if self.path.at_end(cursor) {
            take(&here.whole, out);
            return;
        }
        let (seg, last, next) = self.path.segment(cursor);
        if let Some(child) = matcher.static_child(here, seg.text) {
            self.collect(child, next, out);
        }
        let split = if last { self.split } else { None };
        if let Some(split) = split
            && let Some(child) = matcher.static_child(here, split.base.text)
        {
            take(&matcher.nodes[child as usize].split, out);
        }
        for &(requirement, child) in &here.dynamics {
            if matcher.takes(requirement, seg) {
                self.collect(child, next, out);
            }
            if let Some(split) = split
                && matcher.takes(requirement, split.base)
            {
                take(&matcher.nodes[child as usize].split, out);
            }
        }
    }
}
