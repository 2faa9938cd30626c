//! The recogniser `RouteSet::recognize` runs: a trie of path segments built on first use.
//!
//! # How it works
//!
//! Every route is turned into one or more *variants*: fixed sequences of steps, each a static
//! segment or a dynamic one (with its requirement, if any). A `:controller` segment becomes one
//! variant per controller of the route set, spelt out as static segments (`admin`, `users`);
//! optional trailing segments (`:action`, `:id` of the default route) become one variant per
//! length. The variants are inserted into a trie whose nodes hold their static children sorted
//! by first byte and their dynamic children, and where each variant ends at a node, it is listed
//! there as a *terminal*: in the list for paths whose last segment is read whole, and (when its
//! route takes a format) in the list for paths whose last segment is read as `VALUE.FORMAT`.
//!
//! Rails takes the first route in declaration order that matches, whatever the shape of the
//! table, so a lookup cannot stop at the first terminal it meets. Each node knows the lowest
//! route index in its subtree; the search keeps the best candidate found so far, ordered by
//! route index, then whole reading before split reading, then the variant's rank (the order in
//! which the reference recogniser tries controllers), and skips every subtree that cannot hold
//! a better one.
//!
//! A lookup reads the path where it lies, without cutting it into segments first (the
//! [`Scan`]). At a node, the static children are compared with the path at the segment's
//! start, eight bytes at a time against each child's first eight, and the byte after a match
//! says what follows: `/` another segment, the end (or `?`) none, `.` maybe a format. Nodes
//! with many static children first pick those that start with the segment's first byte, or,
//! when one byte starts too many (`resource1` .. `resource9999`), read the segment to its end
//! and look it up in a hash table. Only dynamic children need the segment read to its end,
//! one byte-class lookup per byte, noting a `.`. A node with one way on is left in the same
//! call, so a path costs calls only where the table forks.
//!
//! The scan meets a percent-escape only inside a segment it reads to its end; but every
//! segment of a match either was read to its end or equals a static segment (which holds no
//! escape), so a match found without meeting one is the decoded path's match. On meeting
//! one, or when no route takes the path, the path is cut into segments and percent-decoded
//! (so `%2F` never splits a segment) and the same search runs over them; that search also
//! collects the methods of every route that takes the path, for a 405.
//!
//! Once the best variant is known, its steps are walked once more beside the path to find
//! where the values lie, and the stretch of the path that holds them is copied once into
//! the [`Recognized`](crate::Recognized).

use http::Method;
use regex::Regex;

use crate::RoutingError;
use crate::path::{
    CLASS, Cut, DOT, Decoded, END, PERCENT, PLAIN, SLASH, Seg, Segs, Split, Unreadable, split_raw,
    split_raw_last, strip_query,
};
use crate::plan::{OTHER, method_bit};
use crate::recognize::{add_methods, no_route};
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

/// A static child: the segment's [`key`](crate::path::key), its text, the child node, and
/// its first eight bytes (fewer for a shorter text) as a little-endian word with the mask
/// that keeps them, for comparing it with a path where a segment starts.
#[derive(Debug, Clone, Copy)]
struct Static {
    key: u64,
    text: &'static str,
    child: u32,
    prefix: u64,
    mask: u64,
}

impl Static {
    fn new(text: &'static str, child: u32) -> Self {
        let kept = text.len().min(8) as u32;
        Static {
            key: crate::path::key(text),
            text,
            child,
            prefix: word_at(text.as_bytes(), 0),
            mask: u64::MAX.checked_shr(8 * (8 - kept)).unwrap_or(0),
        }
    }
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
    /// For nodes with many static children but few per first byte: where those starting
    /// with each byte begin in `statics` (257 offsets), so that a path is compared with a few
    /// without reading its segment to the end first.
    by_first: Box<[u16]>,
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

/// The byte a static text is filed under in [`by_first`] (0 for an empty one).
fn first_byte(text: &str) -> u8 {
    text.bytes().next().unwrap_or(0)
}

/// For statics sorted by first byte, where those starting with each byte begin (and the
/// end), if no byte starts more than a few and the offsets fit; else nothing.
fn by_first(statics: &[Static]) -> Box<[u16]> {
    let mut counts = [0usize; 256];
    for s in statics {
        counts[usize::from(first_byte(s.text))] += 1;
    }
    if counts.iter().any(|&n| n > LINEAR_STATICS) || statics.len() > usize::from(u16::MAX) {
        return Box::default();
    }
    let mut offsets = Vec::with_capacity(257);
    let mut at = 0;
    offsets.push(0);
    for n in counts {
        at += n;
        offsets.push(at as u16);
    }
    offsets.into_boxed_slice()
}

/// Where a segment's key goes in a table of `mask + 1` slots.
fn slot(key: u64, mask: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

const ANY: u8 = u8::MAX;

#[derive(Debug, Default)]
pub(crate) struct Matcher {
    nodes: Vec<Node>,
    variants: Vec<Variant>,
    methods: Vec<Methods>,
    regexes: Vec<Option<Regex>>,
    /// One more than the most segments a route can take: splitting a path stops there.
    depth_limit: usize,
    /// A static segment holds `%`, `?` or `#`, which the [`Scan`] takes for the path's own:
    /// paths are cut first.
    cut_first: bool,
}

impl Matcher {
    pub(crate) fn new(routes: &'static [Route], compiled: &Compiled) -> Self {
        let mut matcher = Matcher {
            nodes: vec![Node::default()],
            variants: Vec::new(),
            methods: Vec::with_capacity(routes.len()),
            regexes: Vec::new(),
            depth_limit: 1,
            cut_first: false,
        };
        let mut sources: Vec<&'static str> = Vec::new();
        for (index, route) in routes.iter().enumerate() {
            matcher.cut_first |= route.segments().iter().any(|segment| match segment {
                Segment::Static(text) => text
                    .bytes()
                    .any(|b| matches!(CLASS[usize::from(b)], PERCENT | END)),
                _ => false,
            });
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

    /// One more than the most segments a route can take.
    pub(crate) fn depth_limit(&self) -> usize {
        self.depth_limit
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
            Key::Static(text) => self.nodes[node].statics.push(Static::new(text, id)),
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
        own.statics
            .sort_by_key(|s| (first_byte(s.text), s.key, s.text));
        if own.statics.len() > LINEAR_STATICS {
            own.by_first = by_first(&own.statics);
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

    /// The static child for the segment `text`, whose [`key`](crate::path::key) is `key`:
    /// among a few, the first whose key matches and whose text does (keys hold segments of up
    /// to seven bytes whole); among many, through the table.
    #[inline]
    fn static_child(&self, node: &Node, text: &[u8], key: u64) -> Option<u32> {
        let statics = &node.statics;
        if node.table.is_empty() {
            return statics
                .iter()
                .find(|s| s.key == key && (text.len() <= 7 || s.text.as_bytes() == text))
                .map(|s| s.child);
        }
        let mask = node.table.len() - 1;
        let mut at = slot(key, mask);
        loop {
            let s = statics.get(*node.table.get(at)? as usize)?;
            if s.key == key && (text.len() <= 7 || s.text.as_bytes() == text) {
                return Some(s.child);
            }
            at = (at + 1) & mask;
        }
    }

    /// Whether a dynamic segment of `requirement` takes the segment `text`, whose raw text
    /// holds a `.` when `raw_dot`.
    #[inline]
    fn takes(&self, requirement: Option<u32>, text: &str, raw_dot: bool) -> bool {
        !text.is_empty()
            && match requirement {
                None => !raw_dot,
                Some(requirement) => self.meets(requirement, text),
            }
    }

    /// The variant of this index, and an answer naming its route and controller, for the
    /// values to be added to.
    fn answer<'s>(&self, routes: &'s [Route], variant: u32) -> (&Variant, Recognized<'s>) {
        let variant = &self.variants[variant as usize];
        let route = &routes[variant.route as usize];
        let controller = variant.controller.unwrap_or(route.fixed_controller());
        (variant, Recognized::new(route, controller))
    }

    /// The last segment read as `VALUE.FORMAT` at `here`, its value being `base` (whose
    /// [`key`](crate::path::key) is `key`, and whose raw text holds a `.` when `raw_dot`):
    /// offers `best` the format-reading terminals of the static child named `base` (if
    /// `statics`) and of every dynamic child that takes it. Returns the dynamic children
    /// tested.
    fn consider_split(
        &self,
        here: &Node,
        base: &str,
        key: u64,
        raw_dot: bool,
        statics: bool,
        best: &mut Best<'_, '_>,
    ) -> usize {
        if statics && let Some(child) = self.static_child(here, base.as_bytes(), key) {
            best.consider(&self.nodes[child as usize].split, Reading::Split);
        }
        let mut tested = 0;
        for dynamic in &here.dynamics {
            if best.beaten(dynamic.min_route) {
                break;
            }
            tested += 1;
            if self.takes(dynamic.requirement, base, raw_dot) {
                best.consider(&self.nodes[dynamic.child as usize].split, Reading::Split);
            }
        }
        tested
    }

    /// Whether `text` meets the requirement of this index.
    fn meets(&self, requirement: u32, text: &str) -> bool {
        self.regexes[requirement as usize]
            .as_ref()
            .is_some_and(|re| re.is_match(text))
    }

    /// Finds the first route (in declaration order) that takes `path` and `method`, adding to
    /// `work` the segments it cut, the nodes it visited and the dynamic segments it tested.
    #[inline(always)]
    pub(crate) fn recognize<'s>(
        &self,
        routes: &'s [Route],
        method: &Method,
        path: &str,
        work: &mut usize,
    ) -> Result<Recognized<'s>, RoutingError> {
        if self.cut_first {
            return self.recognize_cut(routes, method, path, work, false);
        }
        let body = path.strip_prefix('/').unwrap_or(path);
        let mut scan = Scan::new(self, body, Best::new(routes, method));
        let first = scan.start();
        scan.visit(0, first);
        *work += scan.work;
        if scan.escaped {
            return self.recognize_decoded(routes, method, path, work);
        }
        if let Some((variant, reading)) = scan.best.found() {
            return Ok(scan.extract(variant, reading));
        }
        // Nothing pruned the search and no route's pattern took the path: a 404, unless an
        // escape the scan did not read would decode to a match.
        if !scan.best.reached {
            let asked = strip_query(path);
            if !asked.contains('%') {
                return Err(no_route(method, asked, Vec::new()));
            }
        }
        self.recognize_cut(routes, method, path, work, true)
    }

    /// The search over the path cut into segments first: for a path the scan could not
    /// answer (it has escapes, or no route takes it and the error must say why), and for
    /// tables whose static segments hold a character the scan stops at. When the scan has
    /// `searched` a path that turns out to have no escapes, no route takes it with this
    /// method, and only the methods that others take it with are left to find.
    #[cold]
    #[inline(never)]
    fn recognize_cut<'s>(
        &self,
        routes: &'s [Route],
        method: &Method,
        path: &str,
        work: &mut usize,
        searched: bool,
    ) -> Result<Recognized<'s>, RoutingError> {
        let mut segs = Segs::new();
        match split_raw(path, &mut segs, self.depth_limit) {
            Cut::Plain => {}
            Cut::Escaped => return self.recognize_decoded(routes, method, path, work),
            Cut::TooDeep => {
                *work += segs.len();
                return Err(Unreadable::TooDeep.error(method, path));
            }
        }
        let mut search = Search::new(self, Best::new(routes, method), &segs, None);
        if searched {
            let error = search.failure(path);
            *work += segs.len() + search.work;
            return Err(error);
        }
        search.run(path, work)
    }

    /// The same over the decoded segments of a path with percent-escapes.
    #[cold]
    fn recognize_decoded<'s>(
        &self,
        routes: &'s [Route],
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
        let best = Best::new(routes, method);
        let mut search = Search::new(self, best, &segs, Some(decoded.split()));
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

/// The best candidate a search has found so far, and what judging one needs.
struct Best<'m, 's> {
    routes: &'s [Route],
    method: &'m Method,
    bit: u8,
    /// The best candidate's [`Terminal::rank_key`], or `u64::MAX`.
    key: u64,
    variant: u32,
    /// Whether a route's pattern took the path, whatever its methods.
    reached: bool,
}

impl<'m, 's> Best<'m, 's> {
    fn new(routes: &'s [Route], method: &'m Method) -> Self {
        Best {
            routes,
            method,
            bit: method_bit(method),
            key: u64::MAX,
            variant: u32::MAX,
            reached: false,
        }
    }

    /// Whether a subtree whose lowest route is `min_route` cannot hold a better candidate.
    #[inline]
    fn beaten(&self, min_route: u32) -> bool {
        u64::from(min_route) > self.key >> 33
    }

    /// Takes the first terminal of `list` that accepts the method, if it beats the best so far.
    #[inline]
    fn consider(&mut self, list: &[Terminal], reading: Reading) {
        self.reached |= !list.is_empty();
        for terminal in list {
            let key = terminal.rank_key(reading);
            if key >= self.key {
                return;
            }
            let accepts = if terminal.methods.exact {
                self.routes[terminal.route as usize].accepts(self.method)
            } else {
                terminal.methods.bits & self.bit != 0
            };
            if accepts {
                self.key = key;
                self.variant = terminal.variant;
                return;
            }
        }
    }

    fn found(&self) -> Option<(u32, Reading)> {
        (self.key != u64::MAX).then(|| {
            let reading = if self.key >> 32 & 1 == 1 {
                Reading::Split
            } else {
                Reading::Whole
            };
            (self.variant, reading)
        })
    }
}

/// Where a segment of a path without escapes ends, as [`Scan`] reads it.
#[derive(Debug, Clone, Copy)]
struct SegEnd {
    /// The index of the `/`, `?` or `#` after the segment, or the path's length.
    at: usize,
    /// The segment holds a `.`.
    dot: bool,
    /// No segment follows: the byte at `at` ends the path, or is a `/` that does.
    last: bool,
}

impl SegEnd {
    /// Where the next segment starts, or [`DONE`].
    fn next(self) -> usize {
        if self.last { DONE } else { self.at + 1 }
    }
}

/// The eight bytes of `body` from `pos`, little-endian, zeros past its end.
#[inline]
fn word_at(body: &[u8], pos: usize) -> u64 {
    if let Some(&eight) = body.get(pos..).and_then(|rest| rest.first_chunk::<8>()) {
        return u64::from_le_bytes(eight);
    }
    match body.last_chunk::<8>() {
        // The last eight bytes, shifted so that the one at `pos` comes first.
        Some(&last) if pos < body.len() => u64::from_le_bytes(last) >> (8 * (pos + 8 - body.len())),
        _ => body
            .get(pos..)
            .unwrap_or_default()
            .iter()
            .rev()
            .fold(0, |word, &b| word << 8 | u64::from(b)),
    }
}

/// Position of [`Scan`] once every segment has been read.
const DONE: usize = usize::MAX;

/// The search over a path read from its bytes where it lies, without cutting it first.
///
/// Static children are compared with the text where the segment starts (eight bytes at
/// once); a segment's end is looked for only when a dynamic child, or a node with many static
/// children, needs it. Where the path ends (at its query) is found on the way, and so is a
/// percent-escape: the escape is only ever met inside a segment read to its end, and every
/// segment of a match is either read to its end or equal to a static segment, which holds no
/// escape. So a match found without meeting one is the match of the decoded path; on meeting
/// one the search stops and the path is decoded and searched again.
struct Scan<'a, 's> {
    matcher: &'a Matcher,
    /// The path after its leading `/`, query included.
    body: &'a str,
    /// Where the last segment ends (at the path's end, its `?` or `#`, or a trailing `/`),
    /// once a search has reached it.
    end: usize,
    /// A percent-escape was met: the answer is the decoded path's.
    escaped: bool,
    best: Best<'a, 's>,
    /// Nodes visited and dynamic segments tested.
    work: usize,
}

impl<'a, 's> Scan<'a, 's> {
    fn new(matcher: &'a Matcher, body: &'a str, best: Best<'a, 's>) -> Self {
        Scan {
            matcher,
            body,
            end: body.len(),
            escaped: false,
            best,
            work: 0,
        }
    }

    #[inline]
    fn class(&self, at: usize) -> u8 {
        self.body
            .as_bytes()
            .get(at)
            .map_or(END, |&b| CLASS[usize::from(b)])
    }

    /// The first segment's position: none for an empty path or a lone trailing `/`.
    fn start(&self) -> usize {
        match self.class(0) {
            END => DONE,
            SLASH if self.class(1) == END => DONE,
            _ => 0,
        }
    }

    /// The position after the `/` at `slash`: the next segment, unless the `/` is the one
    /// trailing `/` a path may have.
    #[inline]
    fn after_slash(&mut self, slash: usize) -> usize {
        if self.class(slash + 1) == END {
            self.end = slash;
            DONE
        } else {
            slash + 1
        }
    }

    /// Reads the segment at `pos` to its end; a `/` that ends the path is not followed by a
    /// segment.
    #[inline]
    fn segment(&mut self, pos: usize) -> SegEnd {
        let body = self.body.as_bytes();
        let mut at = pos;
        let mut dot = false;
        loop {
            while let Some(&b) = body.get(at)
                && CLASS[usize::from(b)] == PLAIN
            {
                at += 1;
            }
            match self.class(at) {
                DOT => dot = true,
                PERCENT => self.escaped = true,
                SLASH if self.class(at + 1) != END => {
                    return SegEnd {
                        at,
                        dot,
                        last: false,
                    };
                }
                _ => {
                    self.end = at;
                    return SegEnd {
                        at,
                        dot,
                        last: true,
                    };
                }
            }
            at += 1;
        }
    }

    /// Searches below `node` for the segments from `pos` on. The one way on from a node (its
    /// only match) is taken in the same call, so that a path costs calls only where it forks.
    fn visit(&mut self, mut node: u32, mut pos: usize) {
        let matcher = self.matcher;
        loop {
            self.work += 1;
            let here = &matcher.nodes[node as usize];
            if self.best.beaten(here.min_route) || self.escaped {
                return;
            }
            if pos == DONE {
                self.best.consider(&here.whole, Reading::Whole);
                return;
            }
            // The static child whose text is the whole segment, if any, and where it leads.
            let mut on = None;
            let mut segment = None;
            let compared = if here.table.is_empty() {
                Some(&here.statics[..])
            } else {
                let first = usize::from(self.body.as_bytes().get(pos).copied().unwrap_or(0));
                match (here.by_first.get(first), here.by_first.get(first + 1)) {
                    (Some(&from), Some(&to)) => here.statics.get(from.into()..to.into()),
                    _ => None,
                }
            };
            if let Some(compared) = compared {
                if !compared.is_empty() {
                    let body = self.body.as_bytes();
                    let word = word_at(body, pos);
                    for s in compared {
                        let after = pos + s.text.len();
                        if word & s.mask == s.prefix
                            && after <= body.len()
                            && (s.text.len() <= 8 || body[pos + 8..after] == s.text.as_bytes()[8..])
                        {
                            match self.class(after) {
                                SLASH => on = Some((s.child, self.after_slash(after))),
                                END => {
                                    self.end = after;
                                    on = Some((s.child, DONE));
                                }
                                DOT => self.static_format(s.child, after),
                                _ => {}
                            }
                        }
                    }
                }
            } else {
                let seg = *segment.get_or_insert_with(|| self.segment(pos));
                let text = &self.body.as_bytes()[pos..seg.at];
                if let Some(child) = matcher.static_child(here, text, crate::path::key(text)) {
                    on = Some((child, seg.next()));
                }
            }
            let dynamics = match here.dynamics.first() {
                Some(first) if !self.best.beaten(first.min_route) => &here.dynamics[..],
                _ => &[],
            };
            if dynamics.is_empty() && segment.is_none_or(|seg| !(seg.dot && seg.last)) {
                match on {
                    Some((child, next)) => {
                        (node, pos) = (child, next);
                        continue;
                    }
                    None => return,
                }
            }
            if let Some((child, next)) = on {
                self.visit(child, next);
            }
            let seg = *segment.get_or_insert_with(|| self.segment(pos));
            if self.escaped {
                return;
            }
            if seg.dot && seg.last {
                self.visit_split(here, pos, seg.at);
            }
            if seg.at == pos {
                return;
            }
            let next = seg.next();
            let Some((last, others)) = dynamics.split_last() else {
                return;
            };
            for dynamic in others {
                if self.best.beaten(dynamic.min_route) {
                    return;
                }
                if self.takes_at(dynamic, pos, seg) {
                    self.visit(dynamic.child, next);
                }
            }
            if self.best.beaten(last.min_route) || !self.takes_at(last, pos, seg) {
                return;
            }
            (node, pos) = (last.child, next);
        }
    }

    /// Whether `dynamic` takes the segment from `pos` to `seg`, counted as work.
    #[inline]
    fn takes_at(&mut self, dynamic: &Dynamic, pos: usize, seg: SegEnd) -> bool {
        self.work += 1;
        match dynamic.requirement {
            None => !seg.dot,
            Some(requirement) => self.matcher.meets(requirement, &self.body[pos..seg.at]),
        }
    }

    /// A static child matched the text up to a `.` at `dot`: it ends there, with a format, if
    /// the rest of the path is one.
    fn static_format(&mut self, child: u32, dot: usize) {
        let format = self.segment(dot + 1);
        if format.last && !format.dot && format.at > dot + 1 && !self.escaped {
            let split = &self.matcher.nodes[child as usize].split;
            self.best.consider(split, Reading::Split);
        }
    }

    /// The last segment, from `pos` to `end`, read as `VALUE.FORMAT`: the static child found
    /// through the table (a few are compared in [`visit`](Self::visit)) and the dynamic
    /// children that take the value.
    #[inline(never)]
    fn visit_split(&mut self, here: &Node, pos: usize, end: usize) {
        let text = &self.body[pos..end];
        let Some((base, format)) = text.rsplit_once('.') else {
            return;
        };
        if base.is_empty() || format.is_empty() {
            return;
        }
        // Statics a node compares in `visit` have had their say there.
        let statics = here.table.is_empty() || !here.by_first.is_empty();
        self.work += self.matcher.consider_split(
            here,
            base,
            crate::path::key(base),
            base.contains('.'),
            !statics,
            &mut self.best,
        );
    }

    /// The winning variant's values: its steps walked once more over the path to find where
    /// the first value starts, the path from there copied at once, then each value's place
    /// in the copy noted.
    #[inline(always)]
    fn extract(&mut self, variant: u32, reading: Reading) -> Recognized<'s> {
        let (variant, mut found) = self.matcher.answer(self.best.routes, variant);
        let steps = &variant.steps;
        let split = reading == Reading::Split;
        let last = steps.len().wrapping_sub(1);
        let mut pos = self.start();
        let Some(first) = steps
            .iter()
            .position(|s| !matches!(s.capture, Capture::None))
            .or(split.then_some(last))
        else {
            return found;
        };
        for step in &steps[..first] {
            if let Key::Static(text) = step.key {
                pos += text.len() + 1;
            }
        }
        let from = found.set_span(self.body, pos, self.end);
        let mut format = None;
        for (i, step) in steps.iter().enumerate().skip(first) {
            let end = match step.key {
                Key::Static(text) => pos + text.len(),
                Key::Dynamic(_) if i == last => self.end,
                Key::Dynamic(_) => self.segment(pos).at,
            };
            let end = if i == last && split {
                let dot = match step.key {
                    Key::Static(_) => end,
                    Key::Dynamic(_) => self.body.as_bytes()[pos..end]
                        .iter()
                        .rposition(|&b| b == b'.')
                        .map_or(end, |dot| pos + dot),
                };
                format = Some((dot + 1, self.end));
                dot
            } else {
                end
            };
            match step.capture {
                Capture::None => {}
                Capture::Param(slot) => found.push_range(slot, pos - from, end - from),
                Capture::Action => found.set_action_range(pos - from, end - from),
            }
            pos = end + 1;
        }
        if let Some((start, end)) = format {
            found.push_format_range(start - from, end - from);
        }
        found
    }
}

struct Search<'a, 's> {
    matcher: &'a Matcher,
    segs: &'a [Seg<'a>],
    /// The last segment's `VALUE.FORMAT` reading, once it is needed.
    split: Option<Option<Split<'a>>>,
    best: Best<'a, 's>,
    /// Nodes visited and dynamic segments tested: what bounds a lookup's cost.
    work: usize,
}

impl<'a, 's> Search<'a, 's> {
    fn new(
        matcher: &'a Matcher,
        best: Best<'a, 's>,
        segs: &'a [Seg<'a>],
        split: Option<Option<Split<'a>>>,
    ) -> Self {
        Search {
            matcher,
            segs,
            split,
            best,
            work: 0,
        }
    }

    /// The best route for the path, or the error that says why there is none; the work is
    /// counted before the answer is made, so that it is written where the caller wants it.
    fn run(&mut self, path: &str, work: &mut usize) -> Result<Recognized<'s>, RoutingError> {
        self.visit(0, 0);
        match self.best.found() {
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
        self.matcher.takes(requirement, seg.text, seg.raw_dot)
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
        if self.best.beaten(here.min_route) {
            return;
        }
        let segs = self.segs;
        let Some(seg) = segs.get(depth) else {
            self.best.consider(&here.whole, Reading::Whole);
            return;
        };
        if let Some(child) = matcher.static_child(here, seg.text.as_bytes(), seg.key) {
            self.visit(child, depth + 1);
        }
        if seg.raw_dot && depth + 1 == segs.len() {
            self.visit_split(here, depth, seg);
        }
        for dynamic in &here.dynamics {
            if self.best.beaten(dynamic.min_route) {
                break;
            }
            if self.takes(dynamic.requirement, seg) {
                self.visit(dynamic.child, depth + 1);
            }
        }
    }

    /// The last segment read as `VALUE.FORMAT`: the children that take the value, and end
    /// there for routes with a format.
    fn visit_split(&mut self, here: &Node, depth: usize, seg: &Seg<'a>) {
        let Some(split) = self.split_of(depth, seg) else {
            return;
        };
        let base = split.base;
        self.work += self.matcher.consider_split(
            here,
            base.text,
            base.key,
            base.raw_dot,
            true,
            &mut self.best,
        );
    }

    /// Copies the values the winning variant binds.
    fn extract(&mut self, variant: u32, reading: Reading) -> Recognized<'s> {
        let (variant, mut found) = self.matcher.answer(self.best.routes, variant);
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
            add_methods(&mut allowed, &self.best.routes[route as usize]);
        }
        no_route(self.best.method, strip_query(path), allowed)
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
        if let Some(child) = matcher.static_child(here, seg.text.as_bytes(), seg.key) {
            self.collect(child, depth + 1, out);
        }
        let split = self.split_of(depth, seg);
        if let Some(split) = split
            && let Some(child) =
                matcher.static_child(here, split.base.text.as_bytes(), split.base.key)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_from_any_position_and_padded_with_zeros() {
        let body = b"0123456789";
        let cases: [(usize, &[u8]); 6] = [
            (0, b"01234567"),
            (2, b"23456789"),
            (3, b"3456789"),
            (9, b"9"),
            (10, b""),
            (11, b""),
        ];
        for (pos, bytes) in cases {
            let mut expected = [0u8; 8];
            expected[..bytes.len()].copy_from_slice(bytes);
            assert_eq!(
                word_at(body, pos),
                u64::from_le_bytes(expected),
                "from {pos}"
            );
        }
        assert_eq!(word_at(b"abc", 1), u64::from_le_bytes(*b"bc\0\0\0\0\0\0"));
    }

    #[test]
    fn static_prefixes_keep_the_first_eight_bytes() {
        let short = Static::new("new", 0);
        assert_eq!(short.prefix, u64::from_le_bytes(*b"new\0\0\0\0\0"));
        assert_eq!(short.mask, 0x00FF_FFFF);
        let long = Static::new("notifications", 0);
        assert_eq!(long.prefix, u64::from_le_bytes(*b"notifica"));
        assert_eq!(long.mask, u64::MAX);
        assert_eq!(word_at(b"new/1", 0) & short.mask, short.prefix);
        assert_ne!(word_at(b"ne", 0) & short.mask, short.prefix);
    }
}
