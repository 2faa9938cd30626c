//! The recogniser `routes!` compiles into the program: a *plan* (a decision tree over a route
//! table, built here) that the macro renders as `match`es on the path's segments, and the few
//! functions that code calls.
//!
//! # How it works
//!
//! The routes are grouped by how many path segments they take. Within a group, the routes
//! form a tree with one level per segment: at each node, the static children (one per
//! distinct literal) and the dynamic children (one per distinct requirement). Where a route
//! ends, it is listed with the methods it takes: in the node's *whole* list when the last
//! segment is read whole, and in its *split* list when it is read as `VALUE.FORMAT` (routes
//! that take a format). Each list entry is a code, `route index << 1 | split`, so that the
//! smallest code is Rails' first match: the earliest route, and for one route the whole
//! reading before the split one. Every node knows the smallest code below it.
//!
//! A lookup first cuts the path into [`Segments`] (at most [`MAX_SEGMENTS`], no
//! percent-escape, no empty segment, else the lookup is left to the trie). The code for
//! the group of that many segments then compares each segment with the literals of its node
//! (first by its first byte, then whole) and tests it against the dynamic children (no raw
//! `.`, or the requirement). It keeps the best code found and skips every child whose smallest
//! code cannot beat it, so the answer is the first route in declaration order that takes the
//! path and the method, as the reference recogniser's.
//!
//! Only a prefix of the table is planned: it stops before the first route the plan cannot
//! express (a `:controller`, an optional segment, a method other than GET, POST, PUT, PATCH
//! and DELETE). Since every earlier route is in it, a match in the plan is the table's first
//! match. When the plan finds none, the same code is asked with every method bit set: if no
//! planned route takes the path at all, only the unplanned routes can, and a trie of those
//! alone answers; otherwise the code is asked once per method, and a 405 lists the methods
//! it finds beside those the unplanned routes take the path with. Paths the plan cannot
//! read go to the trie of the whole table.
//!
//! [`Plan::run`] walks the plan as the generated code does; the differential tests run it
//! against the reference recogniser on random tables, and the generated code against both on
//! the tables `routes!` writes in the tests.

use http::Method;

use crate::RouteSet;
use crate::path::{CLASS, PLAIN};
use crate::recognized::Recognized;
use crate::route::{Format, Route, Segment};

/// The most segments a planned route, and a path the plan reads, may have.
pub const MAX_SEGMENTS: usize = 16;

/// No route: the code a lookup returns when the plan holds no match.
pub const NONE: u32 = u32::MAX;

/// The signature of the recogniser `routes!` writes: the best code for `segments` and the
/// method bit `method` (see [`method_bit`]), or [`NONE`].
pub type Generated = fn(set: &RouteSet, segments: &Segments<'_>, method: u8) -> u32;

/// One segment of a route as the plan sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A literal segment.
    Static(String),
    /// A dynamic segment (`:name` or `:action`), with its requirement's source.
    Dynamic(Option<String>),
    /// A segment the plan cannot express: `:controller`, or one that may be left out.
    Other,
}

/// One route as the plan sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRoute {
    /// Its segments in path order.
    pub steps: Vec<Step>,
    /// Whether its last segment carries `.:format`.
    pub format: Format,
    /// The method bits the route takes, `None` when it takes a method without one.
    pub methods: Option<u8>,
}

impl PlanRoute {
    /// A route of a table already built.
    pub fn of(route: &Route) -> Self {
        let steps = route
            .segments()
            .iter()
            .map(|segment| match *segment {
                _ if segment.is_optional() => Step::Other,
                Segment::Static(text) => Step::Static(text.to_owned()),
                Segment::Param(param) => Step::Dynamic(param.requirement.map(str::to_owned)),
                Segment::Action { .. } => Step::Dynamic(None),
                Segment::Controller { .. } => Step::Other,
            })
            .collect();
        PlanRoute {
            steps,
            format: route.format(),
            methods: method_bits(route.methods()),
        }
    }

    fn planned(&self) -> bool {
        self.methods.is_some()
            && self.steps.len() <= MAX_SEGMENTS
            && !self.steps.contains(&Step::Other)
    }
}

/// The bit every method shares but GET (with HEAD), POST, PUT, PATCH and DELETE.
pub(crate) const OTHER: u8 = 1 << 5;

/// A method's bit: HEAD is GET, and every method but the five a route may name shares one.
pub fn method_bit(method: &Method) -> u8 {
    match *method {
        Method::GET | Method::HEAD => 1,
        Method::POST => 1 << 1,
        Method::PUT => 1 << 2,
        Method::PATCH => 1 << 3,
        Method::DELETE => 1 << 4,
        _ => OTHER,
    }
}

/// The bits of a route's methods (all of them for any method), or `None` when one of them
/// has no bit of its own.
pub fn method_bits(methods: &[Method]) -> Option<u8> {
    if methods.is_empty() {
        return Some(u8::MAX);
    }
    methods.iter().try_fold(0, |bits, method| {
        let bit = method_bit(method);
        (bit != OTHER && *method != Method::HEAD).then_some(bits | bit)
    })
}

/// Codes of the routes that end at a node, smallest first, with their method bits.
pub type Entries = Vec<(u32, u8)>;

/// A node of the plan: where a lookup stands after some segments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node {
    /// The smallest code in this subtree.
    pub min: u32,
    /// One child per literal, sorted by literal.
    pub statics: Vec<(String, Node)>,
    /// One child per requirement, smallest `min` first.
    pub dynamics: Vec<(Option<String>, Node)>,
    /// Routes that end here, the last segment read whole.
    pub whole: Entries,
    /// Routes that end here, the last segment read as `VALUE.FORMAT`.
    pub split: Entries,
}

/// The decision tree of a table's first `covered` routes, one per segment count.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// How many routes, from the first, the plan holds.
    pub covered: usize,
    /// Per segment count, the tree of the routes taking that many segments, fewest first.
    pub groups: Vec<(usize, Node)>,
}

impl Plan {
    /// The plan of `routes`, in declaration order.
    pub fn new(routes: &[PlanRoute]) -> Self {
        let covered = routes.iter().take_while(|r| r.planned()).count();
        let mut plan = Plan {
            covered,
            groups: Vec::new(),
        };
        for (index, route) in routes[..covered].iter().enumerate() {
            let Ok(index) = u32::try_from(index) else {
                plan.covered = index;
                break;
            };
            plan.insert(index, route);
        }
        plan.groups.sort_by_key(|&(len, _)| len);
        for (_, node) in &mut plan.groups {
            node.finish();
        }
        plan
    }

    /// The plan of a table already built.
    pub fn of(routes: &[Route]) -> Self {
        Plan::new(&routes.iter().map(PlanRoute::of).collect::<Vec<_>>())
    }

    /// What the plan, walked as data, finds in `set` (whose plan it is) for `method` and
    /// `path`: `None` when it cannot read the path, `Some(None)` when it holds no match.
    pub fn recognize<'s>(
        &self,
        set: &'s RouteSet,
        method: &Method,
        path: &str,
    ) -> Option<Option<Recognized<'s>>> {
        let segments = Segments::read(path)?;
        let meets = |source: &str, text: &str| meets(set, source, text);
        let code = self.run(&segments, method_bit(method), &meets);
        Some((code != NONE).then(|| segments.found(set, code)))
    }

    fn insert(&mut self, index: u32, route: &PlanRoute) {
        let len = route.steps.len();
        let at = match self.groups.iter().position(|&(l, _)| l == len) {
            Some(at) => at,
            None => {
                self.groups.push((len, Node::default()));
                self.groups.len() - 1
            }
        };
        let mut node = &mut self.groups[at].1;
        for step in &route.steps {
            let Some(child) = node.child(step) else {
                return;
            };
            node = child;
        }
        let methods = route.methods.unwrap_or_default();
        if route.format != Format::Required {
            node.whole.push((index << 1, methods));
        }
        if route.format != Format::None && len > 0 {
            node.split.push((index << 1 | 1, methods));
        }
    }

    /// The best code for `segments` and `method`, as the generated code finds it; `meets`
    /// tells whether a value meets a requirement (its source, the value).
    pub fn run(
        &self,
        segments: &Segments<'_>,
        method: u8,
        meets: &dyn Fn(&str, &str) -> bool,
    ) -> u32 {
        let len = segments.len();
        let Some((_, root)) = self.groups.iter().find(|&&(l, _)| l == len) else {
            return NONE;
        };
        if len == 0 {
            return pick(method, &root.whole);
        }
        let mut walk = Walk {
            segments,
            method,
            meets,
            best: NONE,
        };
        walk.visit(root, 0);
        walk.best
    }
}

impl Node {
    /// The child `step` leads to, added if new; `None` for a step the plan cannot express.
    fn child(&mut self, step: &Step) -> Option<&mut Node> {
        match step {
            Step::Static(text) => Some(entry(&mut self.statics, text)),
            Step::Dynamic(requirement) => Some(entry(&mut self.dynamics, requirement)),
            Step::Other => None,
        }
    }

    /// Sets every `min` below and here, and puts the children in the order lookups try them.
    fn finish(&mut self) -> u32 {
        let mut min = self
            .whole
            .iter()
            .chain(&self.split)
            .map(|e| e.0)
            .min()
            .unwrap_or(NONE);
        let statics = self.statics.iter_mut().map(|(_, child)| child);
        for child in statics.chain(self.dynamics.iter_mut().map(|(_, child)| child)) {
            min = min.min(child.finish());
        }
        self.statics.sort_by(|a, b| a.0.cmp(&b.0));
        self.dynamics.sort_by_key(|(_, child)| child.min);
        self.min = min;
        min
    }
}

/// The node `list` holds under `key`, added at its end if it holds none.
fn entry<'n, K: PartialEq + Clone>(list: &'n mut Vec<(K, Node)>, key: &K) -> &'n mut Node {
    let at = match list.iter().position(|(k, _)| k == key) {
        Some(at) => at,
        None => {
            list.push((key.clone(), Node::default()));
            list.len() - 1
        }
    };
    &mut list[at].1
}

/// The plan walked as the generated code walks it.
struct Walk<'a, 'p> {
    segments: &'a Segments<'p>,
    method: u8,
    meets: &'a dyn Fn(&str, &str) -> bool,
    best: u32,
}

impl Walk<'_, '_> {
    fn visit(&mut self, node: &Node, depth: usize) {
        let last = depth + 1 == self.segments.len();
        let text = self.segments.text(depth);
        let dot = self.segments.dot(depth);
        self.children(node, text, dot, |walk, child| match last {
            true => walk.offer(&child.whole),
            false => walk.visit(child, depth + 1),
        });
        if last && let Some(base) = self.segments.base_text() {
            let dot = self.segments.base_dot();
            self.children(node, base, dot, |walk, child| walk.offer(&child.split));
        }
    }

    /// Goes on into each child of `node` that takes the segment `text` and could beat the
    /// best code so far.
    fn children(&mut self, node: &Node, text: &str, dot: bool, on: impl Fn(&mut Self, &Node)) {
        for (literal, child) in &node.statics {
            if child.min < self.best && literal == text {
                on(self, child);
            }
        }
        for (requirement, child) in &node.dynamics {
            let takes = || match requirement {
                None => !dot,
                Some(source) => (self.meets)(source, text),
            };
            if child.min < self.best && takes() {
                on(self, child);
            }
        }
    }

    fn offer(&mut self, entries: &[(u32, u8)]) {
        self.best = self.best.min(pick(self.method, entries));
    }
}

/// The first code of `entries` whose route takes `method`, or [`NONE`].
#[inline]
pub fn pick(method: u8, entries: &[(u32, u8)]) -> u32 {
    entries
        .iter()
        .find(|&&(_, methods)| methods & method != 0)
        .map_or(NONE, |&(code, _)| code)
}

/// What the recogniser `routes!` wrote for a set finds for a request.
pub(crate) enum Lookup<'s> {
    /// The first route that takes the request.
    Found(Recognized<'s>),
    /// No route the recogniser covers takes the request, a path of `segments` segments.
    /// `bits` are the methods (see [`method_bit`]) some of them take the path with: only the
    /// routes after them can take the request, and the methods those take the path with add
    /// to these.
    Refused { bits: u8, segments: usize },
    /// The set has no recogniser or it cannot read the path: the trie decides.
    Undecided,
}

/// What the recogniser `routes!` wrote for `set` finds for `method` and `path`, adding the
/// segments it read to `work`.
#[inline(always)]
pub(crate) fn recognize_generated<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &str,
    work: &mut usize,
) -> Lookup<'s> {
    let Some(generated) = set.generated() else {
        return Lookup::Undecided;
    };
    let Some(segments) = Segments::read(path) else {
        return Lookup::Undecided;
    };
    *work += segments.len();
    let bit = method_bit(method);
    let code = generated(set, &segments, bit);
    if code != NONE {
        return Lookup::Found(segments.found(set, code));
    }
    Lookup::Refused {
        bits: taken_with(set, generated, &segments, bit),
        segments: segments.len(),
    }
}

/// The methods (as bits) that a covered route takes `segments` with, knowing that none takes
/// them with `refused`. Covered routes name only the five methods with bits of their own, or
/// any method; a route of the latter kind would have taken the request.
#[cold]
#[inline(never)]
fn taken_with(set: &RouteSet, generated: Generated, segments: &Segments<'_>, refused: u8) -> u8 {
    if generated(set, segments, u8::MAX) == NONE {
        return 0;
    }
    OWN_BITS
        .iter()
        .map(method_bit)
        .filter(|&bit| bit != refused && generated(set, segments, bit) != NONE)
        .fold(0, |bits, bit| bits | bit)
}

/// The methods with bits of their own (see [`method_bit`]), in Rails' order.
const OWN_BITS: [Method; 5] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
];

/// The methods of `bits`, in Rails' order.
pub(crate) fn methods_of(bits: u8) -> impl Iterator<Item = Method> {
    OWN_BITS
        .into_iter()
        .filter(move |method| bits & method_bit(method) != 0)
}

/// Whether `text` meets the requirement whose source is `source`.
#[inline]
pub fn meets(set: &RouteSet, source: &str, text: &str) -> bool {
    set.compiled().requirements.matches(source, text)
}

/// Bit `i` set where `chunk[i]` is `/`, `.`, `%`, `?` or `#`.
#[inline]
pub(crate) fn special(chunk: &[u8; 16]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8,
        };
        // SAFETY: SSE2 is part of every x86_64 target, and the load reads the 16 bytes of
        // `chunk`, unaligned.
        unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let is = |byte: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8));
            let any = _mm_or_si128(
                _mm_or_si128(is(b'/'), is(b'.')),
                _mm_or_si128(_mm_or_si128(is(b'%'), is(b'?')), is(b'#')),
            );
            _mm_movemask_epi8(any) as u32 & 0xFFFF
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    special_bytewise(chunk)
}

/// [`special`], a byte at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn special_bytewise(chunk: &[u8; 16]) -> u32 {
    chunk
        .iter()
        .enumerate()
        .filter(|&(_, &b)| CLASS[usize::from(b)] != PLAIN)
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// A path cut into segments for the plan: at most [`MAX_SEGMENTS`], none empty, with no
/// percent-escape before the query. One leading and one trailing `/` are dropped.
#[derive(Debug, Clone)]
pub struct Segments<'p> {
    path: &'p str,
    len: usize,
    /// Where each segment starts and ends in `path`.
    bounds: [(u16, u16); MAX_SEGMENTS],
    /// Bit `i`: segment `i` holds a `.`.
    dots: u32,
    /// The last segment's value when it is read as `VALUE.FORMAT` (split at its last `.`).
    base: Option<(u16, u16)>,
    base_dot: bool,
}

impl<'p> Segments<'p> {
    /// Cuts `path`, or `None` when the plan cannot read it (an escape, an empty segment, too
    /// many segments): the trie does.
    ///
    /// The path is read sixteen bytes at a time: [`special`] marks the bytes that mean
    /// something here (`/ . % ? #`), and only those are looked at, one by one. A byte loop
    /// would leave its loop at every `/` after a different count of bytes, which the CPU
    /// cannot predict.
    #[inline(always)]
    pub fn read(path: &'p str) -> Option<Self> {
        let bytes = path.as_bytes();
        // Longer paths are refused before this (`MAX_PATH_LEN`); the bounds are two bytes.
        if bytes.len() > usize::from(u16::MAX) {
            return None;
        }
        let mut segments = Segments {
            path,
            len: 0,
            bounds: [(0, 0); MAX_SEGMENTS],
            dots: 0,
            base: None,
            base_dot: false,
        };
        let lead = usize::from(bytes.first() == Some(&b'/'));
        let mut from = lead;
        let mut chunk_at = lead;
        let end = 'read: loop {
            let Some(rest) = bytes.get(chunk_at..).filter(|rest| !rest.is_empty()) else {
                break bytes.len();
            };
            let mut mask = match (rest.first_chunk::<16>(), bytes.last_chunk::<16>()) {
                (Some(chunk), _) => special(chunk),
                // The last sixteen bytes of the path, of which `rest` is the end.
                (None, Some(last)) => special(last) >> (16 - rest.len()),
                (None, None) => {
                    let mut chunk = [0; 16];
                    chunk[..rest.len()].copy_from_slice(rest);
                    special(&chunk)
                }
            };
            while mask != 0 {
                let at = chunk_at + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                match bytes[at] {
                    b'/' => {
                        segments.push(from, at)?;
                        from = at + 1;
                    }
                    b'.' => segments.dots |= 1 << segments.len,
                    b'%' => return None,
                    _ => break 'read at,
                }
            }
            chunk_at += 16;
        };
        if from < end {
            segments.push(from, end)?;
        }
        segments.split_last();
        Some(segments)
    }

    fn push(&mut self, from: usize, to: usize) -> Option<()> {
        if from == to || self.len == MAX_SEGMENTS {
            return None;
        }
        // Both fit: the path is no longer than `u16::MAX`.
        self.bounds[self.len] = (from as u16, to as u16);
        self.len += 1;
        Some(())
    }

    fn split_last(&mut self) {
        let Some(last) = self.len.checked_sub(1) else {
            return;
        };
        if self.dots & 1 << last == 0 {
            return;
        }
        let (from, to) = self.bounds[last];
        let text = &self.path.as_bytes()[from as usize..to as usize];
        let Some(dot) = text.iter().rposition(|&b| b == b'.') else {
            return;
        };
        if dot > 0 && dot + 1 < text.len() {
            self.base = Some((from, from + dot as u16));
            self.base_dot = text[..dot].contains(&b'.');
        }
    }

    /// How many segments the path has.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the path has no segment (`/`).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn slice(&self, (from, to): (u16, u16)) -> &'p str {
        // Segments are cut at ASCII bytes, so at character boundaries.
        self.path
            .get(from as usize..to as usize)
            .unwrap_or_default()
    }

    /// Segment `i`, or `""` past the last.
    #[inline]
    pub fn text(&self, i: usize) -> &'p str {
        self.bounds.get(i).map_or("", |&b| self.slice(b))
    }

    /// Segment `i`'s bytes, or none past the last.
    #[inline]
    pub fn seg(&self, i: usize) -> &'p [u8] {
        let (from, to) = self.bounds.get(i).copied().unwrap_or_default();
        self.path
            .as_bytes()
            .get(from as usize..to as usize)
            .unwrap_or_default()
    }

    /// Whether segment `i` holds a `.`, which a dynamic segment without requirement refuses.
    #[inline]
    pub fn dot(&self, i: usize) -> bool {
        self.dots & 1 << i != 0
    }

    /// The last segment's value when read as `VALUE.FORMAT`, if it reads so.
    #[inline]
    pub fn base_text(&self) -> Option<&'p str> {
        self.base.map(|b| self.slice(b))
    }

    /// [`base_text`](Self::base_text)'s bytes.
    #[inline]
    pub fn base(&self) -> Option<&'p [u8]> {
        let (from, to) = self.base?;
        self.path.as_bytes().get(from as usize..to as usize)
    }

    /// Whether that value holds a `.` too.
    #[inline]
    pub fn base_dot(&self) -> bool {
        self.base_dot
    }

    /// The answer for `code`, a match found in `set`'s plan for these segments.
    ///
    /// Filled in from the route's [`Captures`](crate::route::Captures): one copy of the path
    /// (whole, or from the first value to the end; see [`Recognized::set_span`]), then one step
    /// per param, without walking the route's segments (a walk whose turns differ from route
    /// to route, which the CPU mispredicts).
    #[inline(always)]
    pub fn found<'s>(&self, set: &'s RouteSet, code: u32) -> Recognized<'s> {
        let route = &set.routes()[(code >> 1) as usize];
        let split = code & 1 == 1;
        let mut found = Recognized::new(route, route.fixed_controller());
        let captures = route.captures();
        let last = self.len.wrapping_sub(1);
        let Some(first) = captures.first.map(usize::from).or(split.then_some(last)) else {
            return found;
        };
        let (Some(&(from, _)), Some(&(_, to))) = (self.bounds.get(first), self.bounds.get(last))
        else {
            return found;
        };
        // Positions fit two bytes: the path is no longer than `u16::MAX`.
        let base = found.set_span(self.path, usize::from(from), usize::from(to)) as u16;
        let bounds = |i: usize| match self.base {
            Some(base) if split && i == last => base,
            _ => self.bounds.get(i).copied().unwrap_or((from, from)),
        };
        let at = |(start, end): (u16, u16)| {
            (
                usize::from(start.wrapping_sub(base)),
                usize::from(end.wrapping_sub(base)),
            )
        };
        let mut params = captures.params;
        while params != 0 {
            let i = params.trailing_zeros() as usize;
            params &= params - 1;
            let (start, end) = at(bounds(i));
            found.push_range(i, start, end);
        }
        if let Some(action) = captures.action {
            let (start, end) = at(bounds(usize::from(action)));
            found.set_action_range(start, end);
        }
        if let (true, Some((_, base_end))) = (split, self.base) {
            let (start, end) = at((base_end + 1, to));
            found.push_format_range(start, end);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The segments and the value before a format, as read.
    type Cut<'a> = Option<(Vec<&'a str>, Option<&'a str>)>;

    fn cut(path: &str) -> Cut<'_> {
        let segments = Segments::read(path)?;
        let texts = (0..segments.len()).map(|i| segments.text(i)).collect();
        Some((texts, segments.base_text()))
    }

    /// What [`Segments::read`] answers, worked out with `split`: the definition its sixteen
    /// bytes at a time must keep.
    fn looped(path: &str) -> Cut<'_> {
        let body = path.split(['?', '#']).next().unwrap_or_default();
        let body = body.strip_prefix('/').unwrap_or(body);
        if body.contains('%') {
            return None;
        }
        let mut texts: Vec<&str> = body.split('/').collect();
        // One trailing `/` is dropped, and so is the one empty text of an empty body.
        if texts.last() == Some(&"") && (texts.len() > 1 || body.is_empty()) {
            texts.pop();
        }
        if texts.len() > MAX_SEGMENTS || texts.iter().any(|t| t.is_empty()) {
            return None;
        }
        let base = texts.last().and_then(|last| {
            let (base, format) = last.rsplit_once('.')?;
            (!base.is_empty() && !format.is_empty()).then_some(base)
        });
        Some((texts, base))
    }

    #[test]
    fn paths_are_cut_as_the_trie_cuts_them() {
        let cases: &[(&str, Cut<'_>)] = &[
            ("/", Some((vec![], None))),
            ("", Some((vec![], None))),
            ("/?a/b", Some((vec![], None))),
            ("/articles", Some((vec!["articles"], None))),
            ("articles/1", Some((vec!["articles", "1"], None))),
            ("/articles/", Some((vec!["articles"], None))),
            (
                "/articles/1.json",
                Some((vec!["articles", "1.json"], Some("1"))),
            ),
            (
                "/articles/1.json/",
                Some((vec!["articles", "1.json"], Some("1"))),
            ),
            (
                "/a/x.y.json?q=.z",
                Some((vec!["a", "x.y.json"], Some("x.y"))),
            ),
            ("/a/.json", Some((vec!["a", ".json"], None))),
            ("/a/b.#c", Some((vec!["a", "b."], None))),
            ("/a.b/c", Some((vec!["a.b", "c"], None))),
            (
                "/repos/rust-lang/rust.vim/issues/12.json/?x=1.2",
                Some((
                    vec!["repos", "rust-lang", "rust.vim", "issues", "12.json"],
                    Some("12"),
                )),
            ),
            ("/abcdefghijklmnopqrstu/v%", None),
            ("//", None),
            ("/a//b", None),
            ("/a%20b", None),
            ("/a?%20", Some((vec!["a"], None))),
        ];
        for (path, expected) in cases {
            assert_eq!(&cut(path), expected, "{path:?}");
        }
        let deep = "/a".repeat(MAX_SEGMENTS);
        assert_eq!(cut(&deep).map(|c| c.0.len()), Some(MAX_SEGMENTS));
        assert_eq!(cut(&format!("{deep}/a")), None);
        // Segments across chunks, and empty ones at any place.
        let deep = "/abcd".repeat(MAX_SEGMENTS);
        assert_eq!(cut(&deep).map(|c| c.0), Some(vec!["abcd"; MAX_SEGMENTS]));
        assert_eq!(cut(&format!("{deep}/a")), None);
        assert_eq!(
            cut(&format!("{deep}/")).map(|c| c.0.len()),
            Some(MAX_SEGMENTS)
        );
        for path in [
            "/abcdef//ghijklmnop",
            "/abcdefghijklmnop//q",
            "//abcdefghijklmnopq",
        ] {
            assert_eq!(cut(path), None, "{path}");
        }
        assert_eq!(
            cut("/abcdefgh/ijklmnop/qrstuvwx/yz/0123456789/x.json"),
            Some((
                vec![
                    "abcdefgh",
                    "ijklmnop",
                    "qrstuvwx",
                    "yz",
                    "0123456789",
                    "x.json"
                ],
                Some("x")
            ))
        );
        // Random paths of `a`, `/` and `.`, against the definition.
        let mut path = String::new();
        for seed in 0..20_000u32 {
            path.clear();
            let mut x = seed;
            for _ in 0..(seed % 40) {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                path.push(match x >> 16 & 7 {
                    0 | 1 => '/',
                    2 if seed % 3 == 0 => '.',
                    _ => 'a',
                });
            }
            let looped = looped(&path);
            assert_eq!(cut(&path), looped, "{path:?}");
        }
    }

    #[test]
    fn special_bytes_are_found_as_a_byte_loop_finds_them() {
        let mut chunk = [0u8; 16];
        for seed in 0..20_000u32 {
            for (i, b) in chunk.iter_mut().enumerate() {
                let x = seed.wrapping_mul(2_654_435_761).rotate_left(i as u32 * 3) ^ i as u32;
                *b = match x % 4 {
                    0 => b"/.%?#a0"[(x / 4 % 7) as usize],
                    _ => (x >> 8) as u8,
                };
            }
            assert_eq!(special(&chunk), special_bytewise(&chunk), "{chunk:?}");
        }
        assert_eq!(special(b"a/b.c%d?e#f\0\xff/.."), 0b1110_0010_1010_1010);
    }

    #[test]
    fn dots_are_noted_per_segment() {
        let segments = Segments::read("/a.b/c/x.y.z").unwrap();
        let dots: Vec<bool> = (0..3).map(|i| segments.dot(i)).collect();
        assert_eq!(dots, [true, false, true]);
        assert_eq!(segments.base_text(), Some("x.y"));
        assert!(segments.base_dot());
    }

    fn route(steps: Vec<Step>, format: Format, methods: Option<u8>) -> PlanRoute {
        PlanRoute {
            steps,
            format,
            methods,
        }
    }

    fn stat(text: &str) -> Step {
        Step::Static(text.to_owned())
    }

    #[test]
    fn the_plan_stops_before_the_first_route_it_cannot_express() {
        let routes = [
            route(vec![stat("a")], Format::Optional, Some(1)),
            route(vec![stat("b"), Step::Dynamic(None)], Format::None, Some(2)),
            route(vec![Step::Other], Format::None, Some(u8::MAX)),
            route(vec![stat("c")], Format::None, Some(1)),
        ];
        let plan = Plan::new(&routes);
        assert_eq!(plan.covered, 2);
        let lens: Vec<usize> = plan.groups.iter().map(|g| g.0).collect();
        assert_eq!(lens, [1, 2]);
        let one = &plan.groups[0].1;
        assert_eq!(one.statics[0].1.whole, [(0, 1)]);
        assert_eq!(one.statics[0].1.split, [(1, 1)]);
        assert_eq!(one.min, 0);
        assert_eq!(plan.groups[1].1.min, 2);
        let unknown = route(
            vec![stat("a")],
            Format::None,
            method_bits(&[Method::OPTIONS]),
        );
        assert_eq!(Plan::new(&[unknown]).covered, 0);
    }

    #[test]
    fn the_lowest_code_wins_whatever_the_tree_tries_first() {
        let routes = [
            route(
                vec![stat("a"), Step::Dynamic(None)],
                Format::Optional,
                Some(2),
            ),
            route(
                vec![Step::Dynamic(None), stat("new")],
                Format::Optional,
                Some(1),
            ),
            route(vec![stat("a"), stat("new")], Format::Optional, Some(1)),
            route(
                vec![stat("a"), Step::Dynamic(None)],
                Format::Optional,
                Some(1),
            ),
        ];
        let plan = Plan::new(&routes);
        let run = |path: &str, method: u8| {
            plan.run(&Segments::read(path).unwrap(), method, &|_, _| false)
        };
        assert_eq!(run("/a/new", 1), 1 << 1);
        assert_eq!(run("/a/new", 2), 0);
        assert_eq!(run("/a/7.json", 1), 3 << 1 | 1);
        assert_eq!(run("/a/7.json", 4), NONE);
        assert_eq!(run("/b/new.xml", 1), 1 << 1 | 1);
        assert_eq!(run("/a", 1), NONE);
    }

    #[test]
    fn method_bits_keep_head_and_unknown_methods_out() {
        assert_eq!(method_bits(&[]), Some(u8::MAX));
        assert_eq!(
            method_bits(&[Method::GET, Method::DELETE]),
            Some(1 | 1 << 4)
        );
        assert_eq!(method_bits(&[Method::HEAD]), None);
        assert_eq!(method_bits(&[Method::GET, Method::OPTIONS]), None);
        assert_eq!(method_bit(&Method::HEAD), method_bit(&Method::GET));
    }
}
