//! The runtime half of the recogniser `routes!` generates for each route set.
//!
//! # How recognition works
//!
//! Rails tries routes one by one in declaration order and takes the first whose pattern and
//! method both match. `routes!` compiles a table into one function, the *matcher*, that gives
//! the same answer without trying every route:
//!
//! - Each route becomes one or more *shapes*: a `:controller` segment is spelt out once per
//!   controller of the set (`admin/users` as two static segments), and the optional trailing
//!   `:action` and `:id` of a default route are left out one by one. Each shape has a *code*,
//!   `(route index, format reading, controller rank)` packed so that the smallest code is
//!   Rails' first match: the earliest route, for one route the last segment read whole before
//!   it is read as `VALUE.FORMAT`, and then the controller that `:controller` tries first.
//! - Shapes are grouped by how many path segments they take, and each group is a tree with
//!   one level per segment: static children (one per literal) and dynamic children (one per
//!   test: no raw `.`, a requirement, a type the value must parse as). Where a shape ends, its
//!   code is listed with the methods it takes, once for the last segment read whole and once
//!   read as `VALUE.FORMAT`. Every node knows the smallest code below it.
//! - The matcher is that forest written out as Rust: a `match` on the number of segments,
//!   then per node a `match` of the segment's bytes against the literals (which rustc turns
//!   into a decision tree on length and bytes) and an `if` per dynamic child. It keeps the best
//!   code found so far and skips every child whose smallest code cannot beat it.
//!
//! What runs per request lives here: [`take`] refuses a path over
//! [`MAX_PATH_LEN`](crate::MAX_PATH_LEN), hands the matcher a [`Reader`] of the path (which
//! reads a segment, 16 bytes at a time, when the matcher first asks for it) with the method's
//! bit, and gives whatever reads the answer a [`Hit`]: the winning code's route, and where each
//! segment lies. [`recognize`] reads a [`Recognized`] from it, each param a slice of the path;
//! the typed `recognize` that `routes!` writes reads its `Route` variant straight from it. When no route takes the request, the matcher has gathered the methods of the routes
//! that take the path with another method: a 405 lists them, a 404 has none. A path with a
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
use crate::methods::{MethodSet, request_bit};
use crate::path::{
    self, Bound, Decoded, Found, Reader, Split, Unreadable, has_escape, strip_query,
};
use crate::recognized::{MAX_PARAMS, Recognized, Text, Value, slice};
use crate::route::{Route, Segment};

/// The code a matcher answers when no route takes the request.
pub const NONE: u32 = u32::MAX;

/// The code a matcher answers when it stopped: a segment is empty (no route takes the path),
/// or holds a `%` (the path must be read again, decoded).
pub const STOP: u32 = u32::MAX - 1;

/// Offers as `best` the code of the first of `entries` (`(code, method bits)`, smallest code
/// first) whose route takes `method`, unless `best` is already smaller; the method bits of the
/// entries passed over go to `allowed`, for a 405.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn offer(best: &mut u32, allowed: &mut u16, method: u16, entries: &[(u32, u16)]) {
    for &(code, methods) in entries {
        if method & methods != 0 {
            *best = (*best).min(code);
            return;
        }
        *allowed |= methods;
    }
}

/// A literal the segment at `start` starts with, `end - start` bytes long, whose node has no
/// children: the routes of `whole` end the path there when the segment is the last; those of
/// `split` (the same routes, read as `VALUE.FORMAT`) when a `.` follows and starts the format.
/// The smallest code of each is first; `dot` says whether the literal holds a `.`.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn leaf<const N: usize>(
    reader: &Reader<'_>,
    found: &mut Found<N>,
    best: &mut u32,
    allowed: &mut u16,
    method: u16,
    (depth, start, end, dot): (usize, usize, usize, bool),
    whole: &[(u32, u16)],
    split: &[(u32, u16)],
) {
    match reader.after(start, end) {
        path::LAST if whole.first().is_some_and(|&(min, _)| *best > min) => {
            found.last(depth, start, end, dot);
            offer(best, allowed, method, whole);
        }
        path::DOT if split.first().is_some_and(|&(min, _)| *best > min) => {
            if let Some(reading) = reader.split_after(start, end) {
                found.last_split(depth, reading);
                offer(best, allowed, method, split);
            }
        }
        _ => {}
    }
}

/// A matcher, as `routes!` writes one: the best code for the path `reader` reads and this
/// method bit (see [`recognize`]), with where its segments lie left in `found`; and the method
/// bits of every route the path reached.
pub type Matcher<const N: usize> = for<'a> fn(&Reader<'a>, u16, &mut Found<N>) -> (u32, u16);

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

/// The routes a matcher's codes point into, and the controllers its ranks name.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Table<'s> {
    pub routes: &'s [Route],
    pub controllers: &'s [&'static str],
    /// How many low bits of a code hold a controller's rank.
    pub shift: u32,
}

/// Recognises `method` and `path` with `matcher`, the generated matcher of `table`, whose
/// deepest route takes `N` segments.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn recognize<'s, 'p, const N: usize>(
    table: Table<'s>,
    method: &Method,
    path: &'p str,
    matcher: Matcher<N>,
) -> Result<Recognized<'s, 'p>, RoutingError> {
    // Not `take(.., |hit| hit.recognized())`: under fat LTO the closure is not inlined, and
    // the answer's copy of the bounds then loses its fixed size (~25% more instructions).
    let mut found = Found::EMPTY;
    match matched(method, path, matcher, &mut found)? {
        Matched::Route(best) => Hit::found(table, best, &found, path, Some(path))
            .recognized()
            .ok_or_else(|| refused(method, path, 0)),
        Matched::None { stopped, allowed } => {
            not_taken(table, method, path, matcher, stopped, allowed, |hit| {
                hit.recognized()
            })
        }
    }
}

/// What the matcher made of a path, before its answer is read.
enum Matched {
    /// The code of the route it took.
    Route(u32),
    /// No route took the path, or the matcher stopped; `allowed` are the method bits of the
    /// routes that took the path with another method.
    None { stopped: bool, allowed: u16 },
}

/// The matcher run on `path` for `method`, noting where segments lie in `found`; a path over
/// [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) is refused unread.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn matched<const N: usize>(
    method: &Method,
    path: &str,
    matcher: Matcher<N>,
    found: &mut Found<N>,
) -> Result<Matched, RoutingError> {
    if path.len() > MAX_PATH_LEN
        && let Some(error) = too_long(path)
    {
        return Err(error);
    }
    let (best, allowed) = matcher(&Reader::new(path), request_bit(method), found);
    Ok(if best < STOP {
        Matched::Route(best)
    } else {
        Matched::None {
            stopped: best == STOP,
            allowed,
        }
    })
}

/// Recognises `method` and `path` as [`recognize`] does, answering with what `read` makes of
/// the route the matcher took (a typed route, read straight from where its values lie, or a
/// [`Recognized`]). `read` answers `None` only for a code the table does not hold, or a value
/// whose type parsed it in the matcher and not here: a 404 either way.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn take<'s, 'p, const N: usize, T>(
    table: Table<'s>,
    method: &Method,
    path: &'p str,
    matcher: Matcher<N>,
    read: impl FnOnce(&Hit<'_, 's, 'p>) -> Option<T>,
) -> Result<T, RoutingError> {
    let mut found = Found::EMPTY;
    match matched(method, path, matcher, &mut found)? {
        Matched::Route(best) => read(&Hit::found(table, best, &found, path, Some(path)))
            .ok_or_else(|| refused(method, path, 0)),
        Matched::None { stopped, allowed } => {
            not_taken(table, method, path, matcher, stopped, allowed, read)
        }
    }
}

/// [`take`] when the matcher took no route, or `stopped`: a path with escapes is read again
/// decoded; otherwise it is a 405, or a 404.
#[cold]
#[inline(never)]
fn not_taken<'s, 'p, const N: usize, T>(
    table: Table<'s>,
    method: &Method,
    path: &'p str,
    matcher: Matcher<N>,
    stopped: bool,
    allowed: u16,
    read: impl FnOnce(&Hit<'_, 's, 'p>) -> Option<T>,
) -> Result<T, RoutingError> {
    if !has_escape(path) {
        return Err(refused(method, path, if stopped { 0 } else { allowed }));
    }
    let mut buffer = String::new();
    let decoded = match Decoded::decode(path, N, &mut buffer) {
        Ok(decoded) => decoded,
        Err(Unreadable::Unroutable) => return Err(refused(method, path, 0)),
        Err(Unreadable::NotUtf8) => return Err(bad_request(path)),
    };
    let mut found = Found::EMPTY;
    let reader = Reader::decoded(&buffer, &decoded);
    let (best, allowed) = matcher(&reader, request_bit(method), &mut found);
    match best {
        NONE => Err(refused(method, path, allowed)),
        STOP => Err(refused(method, path, 0)),
        best => {
            let hit = Hit::found(table, best, &found, &buffer, None);
            read(&hit).ok_or_else(|| refused(method, path, 0))
        }
    }
}

/// The methods some route takes `path` with (every standard method when a route takes any),
/// without recognising a request: empty for a path no route takes or that cannot be read.
pub fn allowed_methods<const N: usize>(path: &str, matcher: Matcher<N>) -> MethodSet {
    if path.len() > MAX_PATH_LEN && too_long(path).is_some() {
        return MethodSet::EMPTY;
    }
    let mut found = Found::EMPTY;
    let (best, allowed) = matcher(&Reader::new(path), 0, &mut found);
    if !has_escape(path) {
        return MethodSet::from_bits(if best == STOP { 0 } else { allowed });
    }
    let mut buffer = String::new();
    let Ok(decoded) = Decoded::decode(path, N, &mut buffer) else {
        return MethodSet::EMPTY;
    };
    let (best, allowed) = matcher(&Reader::decoded(&buffer, &decoded), 0, &mut found);
    MethodSet::from_bits(if best == STOP { 0 } else { allowed })
}

/// The route a request took, with where its values lie: what a typed route is read from,
/// straight from what the matcher found, or from an answer already built ([`Hit::of`], for
/// `Route::of`).
///
/// A typed route reads a value by its segment's place, known where its variant is written;
/// that holds for every route but one whose path names its controller or action, whose
/// segments move or default: those are read from [`recognized`](Self::recognized).
#[doc(hidden)]
pub struct Hit<'a, 's, 'p> {
    index: usize,
    source: Source<'a, 's, 'p>,
}

enum Source<'a, 's, 'p> {
    /// What the matcher found: each segment's bounds, in `text` (the path, or its segments
    /// decoded into a buffer), and the last one's `VALUE.FORMAT` reading when the route took
    /// the path so.
    Matcher {
        table: Table<'s>,
        code: Code,
        bounds: &'a [Bound],
        n: usize,
        split: Option<Split>,
        text: &'a str,
        /// The path, when `text` is it: values are slices of it, else copies.
        path: Option<&'p str>,
    },
    Answer(&'a Recognized<'s, 'p>),
}

impl<'a, 's, 'p> Hit<'a, 's, 'p> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn found<const N: usize>(
        table: Table<'s>,
        code: u32,
        found: &'a Found<N>,
        text: &'a str,
        path: Option<&'p str>,
    ) -> Self {
        let code = Code::of(code, table.shift);
        Hit {
            index: code.index,
            source: Source::Matcher {
                table,
                code,
                bounds: &found.bounds,
                n: found.n,
                split: found.split.filter(|_| code.split),
                text,
                path,
            },
        }
    }

    /// `found`, an answer of the set of `routes`, to be read as a typed route of that set:
    /// none when it is another set's.
    pub fn of(found: &'a Recognized<'s, 'p>, routes: &[Route]) -> Option<Self> {
        let index = found.index();
        std::ptr::eq(routes.get(index)?, found.route()).then_some(Hit {
            index,
            source: Source::Answer(found),
        })
    }

    /// The route's place in its set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The value of segment `i`, if the path reached it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn optional(&self, i: usize) -> Option<Value<'p>> {
        match self.source {
            Source::Matcher {
                bounds,
                n,
                split,
                text,
                path,
                ..
            } => {
                let bound = match split {
                    Some(split) if i + 1 == n => split.base,
                    _ if i < n => *bounds.get(i)?,
                    _ => return None,
                };
                Some(Value::new(slice(text, path, bound)))
            }
            Source::Answer(found) => found.segment_value(i),
        }
    }

    /// The value of segment `i`, which every path the route takes reaches.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn segment(&self, i: usize) -> Value<'p> {
        self.optional(i).unwrap_or_default()
    }

    /// The value of segment `i` parsed as a `T`, for a param with a declared type.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn parse<T: FromStr>(&self, i: usize) -> Option<T> {
        self.optional(i)?.parse().ok()
    }

    /// The value of segment `i`, an optional one, parsed as a `T`: `Some(None)` when the path
    /// stops before it, `None` when it does not parse.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn parse_optional<T: FromStr>(&self, i: usize) -> Option<Option<T>> {
        match self.optional(i) {
            Some(value) => value.parse().ok().map(Some),
            None => Some(None),
        }
    }

    /// The format, when the route took the path as `VALUE.FORMAT`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn format(&self) -> Option<Value<'p>> {
        match self.source {
            Source::Matcher {
                split, text, path, ..
            } => Some(Value::new(slice(text, path, split?.format))),
            Source::Answer(found) => found.format_value(),
        }
    }

    /// The answer as a [`Recognized`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn recognized(&self) -> Option<Recognized<'s, 'p>> {
        match self.source {
            Source::Matcher {
                table,
                code,
                bounds,
                n,
                split,
                text,
                path,
            } => answer(table, code, (bounds, n), split, text, path),
            Source::Answer(found) => Some(found.clone()),
        }
    }
}

/// The answer for route `code` of `table`, whose path's `n` segments lie at the first of
/// `bounds` in `text` (the last one read as `split` when it took the path as `VALUE.FORMAT`;
/// `bounds` is the matcher's whole array, whose length is known where this is inlined): the
/// route, the
/// controller `:controller` named, and each value where it lies. Filled in from the route's
/// [`Layout`](crate::route::Layout) where it can be, rather than by walking its segments.
/// (None for a code the table does not hold, which the matcher never answers.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn answer<'s, 'p>(
    table: Table<'s>,
    code: Code,
    (all, n): (&[Bound], usize),
    split: Option<Split>,
    text: &str,
    path: Option<&'p str>,
) -> Option<Recognized<'s, 'p>> {
    let bounds = all.get(..n)?;
    let route = table.routes.get(code.index)?;
    let layout = route.layout;
    let controller = if layout.names_controller {
        table.controllers.get(code.rank)?
    } else {
        &route.controller
    };
    let last = bounds.len().wrapping_sub(1);
    let value = |i: usize| match split {
        Some(split) if i == last => split.base,
        _ => bounds.get(i).copied().unwrap_or(Bound::EMPTY),
    };
    let (values, action) = match layout.params {
        // The segments as they are; optional params are trailing, those past the path's end
        // left out.
        Some(bits) => {
            let mut kept = [Bound::EMPTY; MAX_PARAMS];
            let m = all.len().min(MAX_PARAMS);
            kept[..m].copy_from_slice(&all[..m]);
            if let (Some(split), Some(slot)) = (split, kept.get_mut(last)) {
                *slot = split.base;
            }
            let action = layout
                .action
                .map(usize::from)
                .filter(|&at| at < bounds.len())
                .map(value);
            ((kept, bits & first(bounds.len()), true), action)
        }
        None => packed(route, controller, bounds.len(), value),
    };
    let format = split.map(|split| split.format);
    let text = match path {
        Some(path) => Text::Path(path),
        None => Text::Owned(Arc::from(text)),
    };
    Some(Recognized::new(
        route, code.index, controller, text, values, action, format,
    ))
}

/// The bits of the first `n` of 16.
#[inline]
fn first(n: usize) -> u16 {
    if n >= 16 { u16::MAX } else { (1 << n) - 1 }
}

/// The values of a route whose values move (`:controller` spans as many segments as the
/// controller has parts) or lie deeper than `MAX_PARAMS` segments, packed first, from the
/// `reached` segments of the path (`value` gives the bounds of each); and its action's, when
/// the path names it.
#[cold]
#[inline(never)]
fn packed(
    route: &Route,
    controller: &str,
    reached: usize,
    value: impl Fn(usize) -> Bound,
) -> (([Bound; MAX_PARAMS], u16, bool), Option<Bound>) {
    let mut params = [Bound::EMPTY; MAX_PARAMS];
    let mut count = 0;
    let mut action = None;
    let mut at = 0;
    for segment in route.segments() {
        match segment {
            Segment::Static(_) => at += 1,
            Segment::Param(_) | Segment::Action { .. } if at >= reached => break,
            Segment::Action { .. } => {
                action = Some(value(at));
                at += 1;
            }
            Segment::Controller { namespace } => {
                at += controller
                    .get(namespace.len()..)
                    .map_or(1, |name| name.split('/').count());
            }
            Segment::Param(_) => {
                if let Some(slot) = params.get_mut(count) {
                    *slot = value(at);
                    count += 1;
                }
                at += 1;
            }
        }
    }
    ((params, first(count), false), action)
}

/// No route takes `path` with `method`: a 405 listing the methods of `allowed` (the bits of
/// the routes that take the path), or a 404 when there are none.
#[cold]
#[inline(never)]
fn refused(method: &Method, path: &str, allowed: u16) -> RoutingError {
    let method = method.clone();
    let path = strip_query(path).to_owned();
    let allowed = MethodSet::from_bits(allowed);
    if allowed.is_empty() {
        RoutingError::NotFound { method, path }
    } else {
        RoutingError::MethodNotAllowed {
            method,
            path,
            allowed,
        }
    }
}

/// The error for a path whose escapes do not decode to UTF-8.
#[cold]
pub(crate) fn bad_request(path: &str) -> RoutingError {
    RoutingError::BadRequest {
        path: strip_query(path).to_owned(),
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
