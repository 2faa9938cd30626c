//! The runtime half of the recogniser `routes!` generates for each route set.
//!
//! # How recognition works
//!
//! Rails tries routes one by one in declaration order and takes the first whose pattern and
//! method both match. `routes!` compiles a table into one function, the *matcher*, that gives
//! the same answer without trying every route:
//!
//! - Each route becomes one or more *shapes*: a `:controller` segment is spelt out once per
//!   controller of the set that its requirement takes (`admin/users` as two static segments),
//!   and optional trailing segments (`:action` and `:id`, params with defaults, a glob) are left
//!   out one by one. Each shape has a *code*, `(route index, format reading, controller rank)`
//!   packed so that the smallest code is Rails' first match: the earliest route, for one
//!   route the last segment read whole before it is read as `VALUE.FORMAT`, and then the
//!   controller that `:controller` tries first.
//! - Shapes form a tree with one level per path segment: static children (one per literal)
//!   and dynamic children (one per test: no raw `.`, a requirement, a type the value must
//!   parse as); a glob hangs off the node its prefix ends at and takes the rest of the path.
//!   Where a shape ends, its code is listed with the methods it takes, once for the last
//!   segment read whole and once read as `VALUE.FORMAT`. Every node knows the smallest code
//!   below it.
//! - The matcher is that tree written out as Rust: per node a decision tree on the segment's
//!   bytes against the literals and an `if` per dynamic child. It keeps the best code found so
//!   far and skips every child whose smallest code cannot beat it.
//! - Where a node's literals are many (more than eight) and each one's subtree is alike
//!   another's (the same tree, each code the same distance above the subtree's smallest, as a
//!   table's resources with the same actions are), each group of alike literals shares one
//!   lookup, written once with its codes above a base, and the segment is looked up in a
//!   perfect hash table of the literals ([`Literals`]), which answers the group and the base.
//!   A request for any of them runs the same code: a decision tree would end in a jump with a
//!   target per literal, which the processor mispredicts when requests go to many of them.
//!   The hash reads about as many instructions as the tree, but is a longer chain of
//!   dependent steps (a multiplication for a segment of up to 16 bytes, and the load of the
//!   slot, after that of a displacement where the literals are more than 32), so where there
//!   are few literals, or some of them have lookups of their own, the tree is kept.
//!
//! What runs per request lives here. [`recognize`] refuses a path over
//! [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) and hands the matcher the path's [`Segments`] (split
//! once, 32 bytes at a time, where each segment ends and which hold a `.`) with the method's
//! bit, and a [`Found`]: when the matcher takes a route it writes there where the route's
//! dynamic values lie, its *slots* (params, `:action`, a glob, in path order), and the format.
//! The answer takes a copy, and is moved to the caller, copies that load 16 bytes at a time.
//! So the matcher writes the [`Found`] 16 bytes at a time too: a wide load of what narrower
//! stores have just written cannot be served from them and waits for them to reach the cache,
//! which cost a third of the time of a recognition that read only the action. The typed
//! `recognize` that `routes!` writes reads its `Route` variant from the slots through a
//! [`Hit`], with no copy.
//! When no route takes the request, the matcher has gathered the methods of the routes that
//! take the path with another method: a 405 lists them, a 404 has none. A path with a
//! percent-escape is read again with its segments decoded into a buffer, and the same matcher
//! reads that; a match on a walk that met no `%` read every segment, so the path has none. A
//! path with an empty segment, or more segments than any route takes, is a 404 (checked for
//! escapes before any is decoded).
//!
//! The plain definition (every route in order, each matched segment by segment) lives in the
//! `testing` module, behind a feature; the tests hold the generated matchers against it.

use std::str::FromStr;
use std::sync::Arc;

use http::Method;

use crate::MAX_PATH_LEN;
use crate::error::RoutingError;
use crate::error_path::ErrorPath;
use crate::found::Found;
use crate::methods::{MethodSet, request_bit};
use crate::path::decoded::{Decoded, Unreadable};
use crate::path::{Bound, Segments, Unsplit, strip_query};
use crate::recognized::{DecodedText, Recognized, Text, slice};
use crate::route::Route;
use crate::value::Value;

/// The code a matcher answers when no route takes the request.
pub const NONE: u32 = u32::MAX;

/// Offers as `best` the code of the first of `entries` (`(code, method bits)`, smallest code
/// first) whose route takes `method`, unless `best` is already smaller; the method bits of the
/// entries passed over go to `allowed`, for a 405. Whether `best` is now that entry's code,
/// so that the caller notes where its values lie.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn offer(best: &mut u32, allowed: &mut u16, method: u16, entries: &[(u32, u16)]) -> bool {
    for &(code, methods) in entries {
        if method & methods != 0 {
            if code < *best {
                *best = code;
                return true;
            }
            return false;
        }
        *allowed |= methods;
    }
    false
}

/// The literals of a node whose subtrees are alike, which a matcher looks a segment up in
/// rather than deciding on its bytes (see "How recognition works"): a perfect hash table of `M`
/// slots, each literal in its own, reached through one of `B` displacements (both powers of
/// two; a table of one bucket, which the macro builds for a few literals, reads none).
#[derive(Debug)]
pub struct Literals<const B: usize, const M: usize> {
    seed: u64,
    displace: [u16; B],
    slots: [Slot; M],
}

/// A slot of [`Literals`]: its literal, with the words it is compared by, and what the matcher
/// makes of it; an empty slot makes `0` of the empty text, which is no segment.
#[derive(Debug)]
pub struct Slot {
    text: &'static [u8],
    words: (u64, u64),
    found: u64,
}

impl Slot {
    /// The slot of `text`, whose words are `head` and `tail`, found as `found`.
    pub const fn new(text: &'static [u8], head: u64, tail: u64, found: u64) -> Self {
        Slot {
            text,
            words: (head, tail),
            found,
        }
    }
}

impl<const B: usize, const M: usize> Literals<B, M> {
    /// The table `routes!` built, hashed with `seed`.
    pub const fn new(seed: u64, displace: [u16; B], slots: [Slot; M]) -> Self {
        // `find` masks a hash to an index of each array.
        const { assert!(B.is_power_of_two() && M.is_power_of_two()) };
        // `find` reads no displacement from a table of one bucket.
        assert!(
            B > 1 || displace[0] == 0,
            "a table of one bucket is not displaced"
        );
        Literals {
            seed,
            displace,
            slots,
        }
    }

    /// What the matcher makes of `text` when it is one of the literals, else `0`: a hash, one
    /// load (two with displacements) and a comparison of two words, whichever literal it is
    /// (and a comparison of the text, for one over 16 bytes).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn find(&self, text: &[u8]) -> u64 {
        use routes_syntax::hash::{bucket, hash, slot, words};
        let words = words(text);
        let h = hash(text, words, self.seed);
        // A table of one bucket needs no displacement: one load fewer to wait on.
        let displacement = if B == 1 {
            0
        } else {
            self.displace[bucket(h, B)]
        };
        let slot = &self.slots[slot(h, displacement, M)];
        let equal = slot.words == words
            && slot.text.len() == text.len()
            && (text.len() <= 16 || slot.text == text);
        if equal { slot.found } else { 0 }
    }
}

/// A matcher, as `routes!` writes one: the best code for the path split into `segments` and
/// this method bit (see [`recognize`]), with where its values lie written to `found`; and the
/// method bits of every route the path reached.
pub type Matcher = for<'a> fn(&Segments<'a>, u16, &mut Found) -> (u32, u16);

/// What a matcher's code says, with how many of its low bits hold the controller's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Code {
    pub(crate) index: usize,
    pub(crate) split: bool,
    pub(crate) rank: usize,
}

impl Code {
    #[inline]
    pub(crate) fn of(code: u32, shift: u32) -> Self {
        Code {
            index: (code >> (shift + 1)) as usize,
            split: (code >> shift) & 1 == 1,
            rank: (code & ((1 << shift) - 1)) as usize,
        }
    }
}

/// What recognition reads of a route set: its matcher, the routes its codes point into and the
/// controllers its ranks name. The set holds it, and recognition borrows it: a copy of its
/// fields made up front would be kept in memory for the cold paths that take the table (about
/// twenty instructions a request).
#[doc(hidden)]
pub struct Table {
    pub(crate) routes: &'static [Route],
    /// Every controller named by a route, most path segments first, then longest first, so
    /// that `:controller` prefers `admin/users` to `admin`.
    pub(crate) controllers: &'static [&'static str],
    /// How many low bits of a code hold a controller's rank.
    pub(crate) shift: u32,
    /// The matcher `routes!` generates for the set.
    pub(crate) matcher: Matcher,
    /// The most segments a route takes (`usize::MAX` with a glob): a path with escapes and
    /// more segments is refused before any is decoded.
    pub(crate) deepest: usize,
    /// Bit `n` set where a route reads the last of `n` segments as `VALUE.FORMAT` (bit 63: 63
    /// or more; the macro sets bits up to `MAX_DEPTH` only): a path without escapes of another
    /// depth is not read so, whatever its last segment holds. A path with escapes is read so
    /// whatever its depth, being decoded apart.
    pub(crate) formats: u64,
    /// Whether paths are read as Rails 3 and later read them (`draw!`): one the split refuses
    /// (an escape, an empty segment) is normalised and matched raw, rather than decoded first.
    pub(crate) rails: bool,
}

impl Table {
    /// The route of `code`, its place, and the controller it sends to (the one its path
    /// named, for a route with `:controller`). None for a code the table does not hold, which
    /// the matcher never answers.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry(&self, code: u32) -> Option<(&Route, usize, &&'static str)> {
        let code = Code::of(code, self.shift);
        let route = self.routes.get(code.index)?;
        let controller = if route.layout.names_controller {
            self.controllers.get(code.rank)?
        } else {
            &route.controller
        };
        Some((route, code.index, controller))
    }
}

/// Recognises `method` and `path` with the generated matcher of `table`, for a request that
/// meets the conditions of the bits of `admitted` (none where only the path is known).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn recognize<'s, 'p>(
    table: &'s Table,
    method: &Method,
    path: &'p str,
    admitted: u64,
) -> Result<Recognized<'s, 'p>, RoutingError> {
    // The matcher writes where the values lie here, and the answer takes a copy.
    let mut found = Found::EMPTY;
    match matched(table, method, path, &mut found, admitted)? {
        Matched::Route(code) => match table.entry(code) {
            Some((route, index, controller)) => Ok(Recognized::new(
                route,
                index,
                controller,
                Text::Path(path),
                found,
            )),
            None => Err(refused(method, path, 0)),
        },
        Matched::None { allowed } => Err(refused(method, path, allowed)),
        Matched::Escaped => decoded(table, method, path, admitted, |hit| hit.recognized()),
        Matched::Rails => normalized(table, method, path, admitted, |hit| hit.recognized()),
    }
}

/// What the matcher made of a path, before its answer is read.
enum Matched {
    /// The code of the route it took.
    Route(u32),
    /// No route took the path; `allowed` are the method bits of the routes that took it with
    /// another method.
    None { allowed: u16 },
    /// The path has a percent-escape: it must be read again, decoded.
    Escaped,
    /// The set reads paths as Rails 3 does, and the split refused this one (an escape, an
    /// empty segment): it must be read again, normalised.
    Rails,
}

/// The matcher run on `path` split, for `method`, noting where values lie in `found`; a path
/// over [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) is refused unread, and one no route can take
/// (an empty segment, or deeper than every route) unmatched.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn matched(
    table: &Table,
    method: &Method,
    path: &str,
    found: &mut Found,
    admitted: u64,
) -> Result<Matched, RoutingError> {
    if path.len() > MAX_PATH_LEN
        && let Some(error) = too_long(path)
    {
        return Err(error);
    }
    let mut segments = Segments::unsplit(path);
    match segments.split(table.deepest, table.formats) {
        Ok(()) => {}
        Err(_) if table.rails => return Ok(Matched::Rails),
        Err(Unsplit::Escaped) => return Ok(Matched::Escaped),
        Err(Unsplit::Unroutable) => return Ok(Matched::None { allowed: 0 }),
    }
    segments.admit_all(admitted);
    let (best, allowed) = (table.matcher)(&segments, request_bit(method), found);
    Ok(if best < NONE {
        Matched::Route(best)
    } else if unrooted(table, path) {
        Matched::Rails
    } else {
        Matched::None { allowed }
    })
}

/// Whether a `draw!` set reads `path` normalised, as Rails does one without its leading `/`.
fn unrooted(table: &Table, path: &str) -> bool {
    table.rails && !path.is_empty() && !path.starts_with('/')
}

/// Recognises `method` and `path` as `recognize` does, answering with the typed route `T` of
/// the route the matcher took, read straight from where its values lie. `T::take` answers
/// `None` only for a code the table does not hold, or a value whose type parsed it in the
/// matcher and not here: a 404 either way.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn take<'s, 'p, T: Take<'p>>(
    table: &'s Table,
    method: &Method,
    path: &'p str,
) -> Result<T, RoutingError> {
    let mut found = Found::EMPTY;
    match matched(table, method, path, &mut found, 0)? {
        Matched::Route(best) => Hit::found(table, best, &found, path, Some(path))
            .and_then(|hit| T::take(&hit))
            .ok_or_else(|| refused(method, path, 0)),
        Matched::None { allowed } => Err(refused(method, path, allowed)),
        Matched::Escaped => decoded(table, method, path, 0, |hit| T::take(hit)),
        Matched::Rails => normalized(table, method, path, 0, |hit| T::take(hit)),
    }
}

/// [`take`] of a path a set drawn by `draw!` reads as Rails 3 does ([`Matched::Rails`]):
/// normalised, matched raw, and the values of the route it takes decoded after.
#[cold]
#[inline(never)]
fn normalized<'s, 'p, T>(
    table: &'s Table,
    method: &Method,
    path: &'p str,
    admitted: u64,
    read: impl FnOnce(&Hit<'_, 's, 'p>) -> Option<T>,
) -> Result<T, RoutingError> {
    let text = crate::path::rails::normalize(path);
    let Some(mut segments) = Segments::raw(&text, table.deepest, table.formats) else {
        return Err(refused(method, path, 0));
    };
    segments.admit_all(admitted);
    let mut found = Found::EMPTY;
    let (best, allowed) = (table.matcher)(&segments, request_bit(method), &mut found);
    if best == NONE {
        return Err(refused(method, path, allowed));
    }
    // A mount hands its service the path as it was sent: its answer keeps the text raw.
    let mount = table
        .entry(best)
        .is_some_and(|(route, ..)| route.target() == crate::route::RouteTarget::Mount);
    let (buffer, found) = if text.contains('%') && !mount {
        let mut buffer = String::with_capacity(text.len());
        let mut unreadable = false;
        let found = found.remap(&mut |bound: Bound| {
            let (start, end) = bound.range();
            match crate::encode::decode_segment(text.get(start..end).unwrap_or_default()) {
                Ok(value) => {
                    let at = buffer.len();
                    buffer.push_str(&value);
                    Bound::at(at, buffer.len())
                }
                Err(_) => {
                    unreadable = true;
                    bound
                }
            }
        });
        if unreadable {
            return Err(bad_request(path));
        }
        (buffer, found)
    } else {
        (text, found)
    };
    Hit::found(table, best, &found, &buffer, None)
        .and_then(|hit| read(&hit))
        .ok_or_else(|| refused(method, path, 0))
}

/// A table's typed route (the `Route` enum `routes!` generates), read from the route a
/// request took. [`take`] calls the generated reader directly, which is `inline(always)` in
/// optimised builds with the functions it dispatches to, so that the variant is built in the
/// caller. Passed to `take` as a function, the reader was called through its `FnOnce` shim,
/// which stayed out of line: the variant went back through memory in 8-byte stores that the
/// caller's move read 16 bytes at a time, a load that waits for the stores to land.
#[doc(hidden)]
pub trait Take<'p>: Sized {
    fn take(hit: &Hit<'_, '_, 'p>) -> Option<Self>;
}

/// [`take`] of a path with escapes: its segments decoded into a buffer, read by the same
/// matcher.
#[cold]
#[inline(never)]
fn decoded<'s, 'p, T>(
    table: &'s Table,
    method: &Method,
    path: &'p str,
    admitted: u64,
    read: impl FnOnce(&Hit<'_, 's, 'p>) -> Option<T>,
) -> Result<T, RoutingError> {
    let mut buffer = String::new();
    let decoded = match Decoded::decode(path, table.deepest, &mut buffer) {
        Ok(decoded) => decoded,
        Err(Unreadable::Unroutable) => return Err(refused(method, path, 0)),
        Err(Unreadable::NotUtf8) => return Err(bad_request(path)),
    };
    let mut found = Found::EMPTY;
    let mut segments = decoded.segments(&buffer);
    segments.admit_all(admitted);
    let (best, allowed) = (table.matcher)(&segments, request_bit(method), &mut found);
    if best == NONE {
        return Err(refused(method, path, allowed));
    }
    Hit::found(table, best, &found, &buffer, None)
        .and_then(|hit| read(&hit))
        .ok_or_else(|| refused(method, path, 0))
}

/// The methods some route takes `path` with (every standard method when a route takes any),
/// without recognising a request: empty for a path no route takes or that cannot be read.
pub(crate) fn allowed_methods(table: &Table, path: &str) -> MethodSet {
    if path.len() > MAX_PATH_LEN && too_long(path).is_some() {
        return MethodSet::EMPTY;
    }
    let mut found = Found::EMPTY;
    let mut segments = Segments::unsplit(path);
    let allowed = match segments.split(table.deepest, table.formats) {
        Ok(()) if !unrooted(table, path) => (table.matcher)(&segments, 0, &mut found).1,
        Ok(()) | Err(_) if table.rails => {
            let text = crate::path::rails::normalize(path);
            match Segments::raw(&text, table.deepest, table.formats) {
                Some(segments) => (table.matcher)(&segments, 0, &mut found).1,
                None => 0,
            }
        }
        Ok(()) | Err(Unsplit::Unroutable) => 0,
        Err(Unsplit::Escaped) => {
            let mut buffer = String::new();
            let Ok(decoded) = Decoded::decode(path, table.deepest, &mut buffer) else {
                return MethodSet::EMPTY;
            };
            (table.matcher)(&decoded.segments(&buffer), 0, &mut found).1
        }
    };
    MethodSet::from_bits(allowed)
}

/// The route a request took, with where its values lie: what a typed route is read from,
/// straight from what the matcher found, or from an answer already built ([`Hit::of`], for
/// `Route::of`). Values are read by *slot*: the route's dynamic segments (params, `:action`,
/// a glob), numbered in path order.
#[doc(hidden)]
pub struct Hit<'a, 's, 'p> {
    route: &'s Route,
    index: usize,
    controller: &'s &'static str,
    /// Where the values lie: read where the matcher wrote them (a copy would wait for its
    /// stores to land).
    found: &'a Found,
    source: Source<'a, 's, 'p>,
}

enum Source<'a, 's, 'p> {
    /// What the matcher found, in `text` (the path, or its segments decoded into a buffer).
    Matcher {
        text: &'a str,
        /// The path, when `text` is it: values are slices of it, else copies.
        path: Option<&'p str>,
    },
    Answer(&'a Recognized<'s, 'p>),
}

impl<'a, 's, 'p> Hit<'a, 's, 'p> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn found(
        table: &'s Table,
        code: u32,
        found: &'a Found,
        text: &'a str,
        path: Option<&'p str>,
    ) -> Option<Self> {
        let (route, index, controller) = table.entry(code)?;
        Some(Hit {
            route,
            index,
            controller,
            found,
            source: Source::Matcher { text, path },
        })
    }

    /// `found`, an answer of the set of `routes`, to be read as a typed route of that set:
    /// none when it is another set's.
    pub fn of(found: &'a Recognized<'s, 'p>, routes: &[Route]) -> Option<Self> {
        let index = found.index();
        std::ptr::eq(routes.get(index)?, found.route()).then(|| Hit {
            route: found.route(),
            index,
            controller: found.controller_ref(),
            found: found.found(),
            source: Source::Answer(found),
        })
    }

    /// The route's place in its set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn index(&self) -> usize {
        self.index
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value(&self, bound: Bound) -> Value<'p> {
        match self.source {
            Source::Matcher { text, path } => slice(text, path, bound),
            Source::Answer(found) => found.value_at(bound),
        }
    }

    /// The value of slot `k`, if the path gave it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn slot(&self, k: usize) -> Option<Value<'p>> {
        Some(self.value(self.found.slot(k)?))
    }

    /// The value of slot `k`, which every path the route takes gives (a glob the path ends
    /// before is empty).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value_of(&self, k: usize) -> Value<'p> {
        self.slot(k).unwrap_or_default()
    }

    /// The value of slot `k`, or `default` when the path leaves it out.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn defaulted(&self, k: usize, default: &'static str) -> Value<'p> {
        self.slot(k).unwrap_or(Value::from(default))
    }

    /// The value of slot `k` parsed as a `T`, for a param with a declared type (a glob the
    /// path ends before is empty).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn parse<T: FromStr>(&self, k: usize) -> Option<T> {
        self.value_of(k).parse().ok()
    }

    /// The value of slot `k`, an optional one, parsed as a `T` (or its `default`, when the path
    /// leaves it out and it has one): `Some(None)` when there is none, `None` when it does not
    /// parse.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn parse_optional<T: FromStr>(
        &self,
        k: usize,
        default: Option<&'static str>,
    ) -> Option<Option<T>> {
        match self.slot(k).or(default.map(Value::from)) {
            Some(value) => value.parse().ok().map(Some),
            None => Some(None),
        }
    }

    /// The format: the path's, or the route's `default` (a constant the macro writes with
    /// [`format_default`](crate::route::format_default), as the route's layout has it).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn format(&self, default: Option<&'static str>) -> Option<Value<'p>> {
        match self.found.format() {
            Some(bound) => Some(self.value(bound)),
            None => default.map(Value::from),
        }
    }

    /// The controller the route sends to: for a route with `:controller`, the one its path
    /// named.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn controller(&self) -> &'static str {
        self.controller
    }

    /// The action: the path's, in slot `k`, or the route's default.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn action(&self, k: usize) -> Value<'p> {
        self.slot(k)
            .unwrap_or(Value::from(self.route.default_action()))
    }

    /// The answer as a [`Recognized`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn recognized(&self) -> Option<Recognized<'s, 'p>> {
        match self.source {
            Source::Matcher { text, path } => {
                let text = match path {
                    Some(path) => Text::Path(path),
                    None => Text::Decoded(Arc::new(DecodedText {
                        text: text.to_owned(),
                        found: *self.found,
                    })),
                };
                Some(Recognized::new(
                    self.route,
                    self.index,
                    self.controller,
                    text,
                    *self.found,
                ))
            }
            Source::Answer(found) => Some(found.clone()),
        }
    }
}

// An error, its path held in place, fits in an answer's bytes before the niche that tells the
// two apart: recognition's result is no larger than its answer. (`ErrorPath` pins its own
// size; this pins that the error does not outgrow the room the answer leaves.)
const _: () = assert!(
    size_of::<Result<Recognized<'_, '_>, RoutingError>>() == size_of::<Recognized<'_, '_>>()
);

/// No route takes `path` with `method`: a 405 listing the methods of `allowed` (the bits of
/// the routes that take the path), or a 404 when there are none. Nothing is allocated for a
/// path of up to 54 bytes (see [`ErrorPath`]).
#[cold]
#[inline(never)]
fn refused(method: &Method, path: &str, allowed: u16) -> RoutingError {
    RoutingError::refused(method, strip_query(path), MethodSet::from_bits(allowed))
}

/// The error for a path whose escapes do not decode to UTF-8.
#[cold]
pub(crate) fn bad_request(path: &str) -> RoutingError {
    RoutingError::BadRequest {
        path: ErrorPath::new(strip_query(path)),
        reason: "a percent-escape does not decode to UTF-8",
    }
}

/// The error for a path over [`MAX_PATH_LEN`], if it is one: only the part before the query
/// counts.
#[cold]
#[inline(never)]
pub(crate) fn too_long(path: &str) -> Option<RoutingError> {
    let length = strip_query(path).len();
    (length > MAX_PATH_LEN).then_some(RoutingError::PathTooLong {
        length,
        limit: MAX_PATH_LEN,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_pack_the_route_the_reading_and_the_rank() {
        assert_eq!(
            Code::of((5 << 1 | 1) << 3 | 3, 3),
            Code {
                index: 5,
                split: true,
                rank: 3
            }
        );
        assert_eq!(
            Code::of(0b110, 0),
            Code {
                index: 3,
                split: false,
                rank: 0
            }
        );
    }
}
