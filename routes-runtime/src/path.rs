//! Request paths read segment by segment, as recognition reads them.
//!
//! A path is read up to its query (`?`) or fragment (`#`); one leading and one trailing `/`
//! are dropped, and the rest is split on `/`. Only then are segments percent-decoded, so that
//! `%2F` never splits a segment and `%2E` never starts a format. The last segment may also be
//! read as `VALUE.FORMAT`, split at its last raw `.`.
//!
//! A [`Reader`] reads a path without escapes where it lies, one segment at a time as the
//! generated recogniser asks for them, and no further than the deepest route; meeting a `%`,
//! the recogniser stops, and a `Reader` of the path's segments decoded into a buffer (a
//! [`Decoded`]) is read instead, the same way.

use crate::encode::decode_segment;
use routes_syntax::pattern::MAX_PARAMS;

/// Where a segment lies in the text of a [`Segments`], and whether its raw text holds a `.`
/// (which a dynamic segment without requirement refuses).
///
/// Paths are at most [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) bytes when they are cut, so two
/// bytes hold each end; the top bit of `end` holds the dot.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    start: u16,
    end: u16,
}

const DOT_BIT: u16 = 1 << 15;

impl Bound {
    /// A bound not yet filled in.
    pub const EMPTY: Bound = Bound { start: 0, end: 0 };

    /// `start..end`, which must be below 2<sup>15</sup>.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(start: usize, end: usize, dot: bool) -> Self {
        // Both are within a path of at most `MAX_PATH_LEN` bytes, or twice that for a decoded
        // one: far below the dot bit.
        let end = end as u16 | if dot { DOT_BIT } else { 0 };
        Bound {
            start: start as u16,
            end,
        }
    }

    /// `start..end` as a value's place, which needs no dot.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn at(start: usize, end: usize) -> Self {
        Bound {
            start: start as u16,
            end: end as u16,
        }
    }

    #[inline]
    pub(crate) fn range(self) -> (usize, usize) {
        (usize::from(self.start), usize::from(self.end & !DOT_BIT))
    }

    #[inline]
    pub(crate) fn dot(self) -> bool {
        self.end & DOT_BIT != 0
    }
}

/// The last segment read as `VALUE.FORMAT`: where the value and the format lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct Split {
    /// The value, with whether it holds a raw `.` itself.
    pub(crate) base: Bound,
    pub(crate) format: Bound,
}

impl Split {
    /// Where the value lies.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn base(&self) -> (usize, usize) {
        self.base.range()
    }

    /// Whether the value's raw text holds a `.`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn base_dot(&self) -> bool {
        self.base.dot()
    }

    /// Where the value lies, as a slot.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value(&self) -> Bound {
        let (start, end) = self.base.range();
        Bound::at(start, end)
    }

    /// Where the format lies.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn format(&self) -> Option<Bound> {
        Some(self.format)
    }
}

/// The part of `path` before any query or fragment.
pub(crate) fn strip_query(path: &str) -> &str {
    match memchr::memchr2(b'?', b'#', path.as_bytes()) {
        Some(end) => &path[..end],
        None => path,
    }
}

/// Bit `i` set where `chunk[i]` is one of the bytes cutting looks at: `/ . % ? #`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn special(chunk: &[u8; 16]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8,
        };
        // SAFETY: SSE2 is part of every x86_64 target; the load reads the 16 bytes of `chunk`
        // (unaligned loads are what `_mm_loadu_si128` is for), and the other intrinsics only
        // compute on registers.
        unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let is = |byte: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8));
            let any = _mm_or_si128(
                _mm_or_si128(is(b'/'), is(b'.')),
                _mm_or_si128(_mm_or_si128(is(b'%'), is(b'?')), is(b'#')),
            );
            _mm_movemask_epi8(any) as u32
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    special_bytewise(chunk)
}

/// [`special`], a byte at a time: the definition, and the code on other targets.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn special_bytewise(chunk: &[u8; 16]) -> u32 {
    chunk
        .iter()
        .enumerate()
        .filter(|&(_, b)| matches!(b, b'/' | b'.' | b'%' | b'?' | b'#'))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The [`special`] bytes of the 16 from `at` (fewer at the end of `bytes`, the rest unset).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn mask_at(bytes: &[u8], at: usize) -> u32 {
    if let Some(chunk) = bytes.get(at..).and_then(|rest| rest.first_chunk::<16>()) {
        return special(chunk);
    }
    let left = bytes.len().saturating_sub(at);
    match bytes.last_chunk::<16>() {
        // The last sixteen bytes, of which the `left` from `at` are the end.
        Some(last) => special(last) >> (16 - left),
        // A path shorter than sixteen bytes: few enough to look at one by one.
        None => special_bytewise_tail(bytes.get(at..).unwrap_or_default()),
    }
}

/// [`special`] of fewer than sixteen bytes.
#[cold]
fn special_bytewise_tail(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, b)| matches!(b, b'/' | b'.' | b'%' | b'?' | b'#'))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// Whether `path` has a percent-escape before its query.
pub(crate) fn has_escape(path: &str) -> bool {
    memchr::memchr(b'%', strip_query(path).as_bytes()).is_some()
}

/// Whether the path ends at `at`: its end, or its query or fragment.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn path_ends_at(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at), None | Some(b'?' | b'#'))
}

/// [`Reader::after`]: the segment goes on past the literal.
pub const ELSE: u8 = 0;
/// [`Reader::after`]: another segment follows.
pub const MORE: u8 = 1;
/// [`Reader::after`]: the path ends after the segment.
pub const LAST: u8 = 2;
/// [`Reader::after`]: a `.` follows the literal.
pub const DOT: u8 = 3;

/// One segment as [`Reader::scan`] finds it: where it ends, and whether its raw text holds a
/// `.` (which a dynamic segment without requirement refuses).
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Scan {
    pub end: usize,
    pub dot: bool,
    /// The matcher must stop: the segment is empty (no route takes the path), or holds a `%`
    /// (the path must be read again, decoded).
    pub stop: bool,
}

/// What the generated recogniser reads a path with: the path as it is, where it finds each
/// segment's end itself, or the path's segments decoded into a buffer, one `/` apart, with
/// where each lies and what its raw text held.
///
/// Positions are in the text read: a segment starts one byte past the end of the one before
/// it, in both readings.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Reader<'a> {
    text: &'a str,
    decoded: Option<&'a Decoded>,
}

impl<'a> Reader<'a> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(path: &'a str) -> Self {
        Reader {
            text: path,
            decoded: None,
        }
    }

    pub(crate) fn decoded(text: &'a str, table: &'a Decoded) -> Self {
        Reader {
            text,
            decoded: Some(table),
        }
    }

    /// Where the first segment starts, or `None` for the root (`/`, `//`, or nothing).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn first(&self) -> Option<usize> {
        if let Some(table) = self.decoded {
            return (table.n > 0).then_some(0);
        }
        let bytes = self.text.as_bytes();
        let lead = usize::from(bytes.first() == Some(&b'/'));
        let root = path_ends_at(bytes, lead)
            || (bytes.get(lead) == Some(&b'/') && path_ends_at(bytes, lead + 1));
        (!root).then_some(lead)
    }

    /// The segment starting at `start`: read 16 bytes at a time, only the bytes that mean
    /// something here (`/ . % ? #`) looked at one by one, since a loop over every byte would
    /// leave at the `/` after a count that differs from path to path, which the CPU cannot
    /// predict.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn scan(&self, start: usize) -> Scan {
        if let Some(table) = self.decoded {
            return table.scan(start);
        }
        let bytes = self.text.as_bytes();
        let mut dot = false;
        let mut at = start;
        let end = 'scan: loop {
            if at >= bytes.len() {
                break bytes.len();
            }
            let mut mask = mask_at(bytes, at);
            while mask != 0 {
                let i = at + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                match bytes.get(i) {
                    Some(b'.') => dot = true,
                    Some(b'%') => {
                        return Scan {
                            end: i,
                            dot,
                            stop: true,
                        };
                    }
                    _ => break 'scan i,
                }
            }
            at += 16;
        };
        Scan {
            end,
            dot,
            stop: end == start,
        }
    }

    /// The byte at `at`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// Whether the text at `at` starts with `literal`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_at(&self, at: usize, literal: &[u8]) -> bool {
        self.text.as_bytes().get(at..at + literal.len()) == Some(literal)
    }

    /// What follows the segment starting at `start` when it ends at `end` (a literal of that
    /// length matched it): [`LAST`] (the path ends, bar one trailing `/`), [`MORE`] (another
    /// segment), [`DOT`] (a `.` goes on: the literal may be the value of `VALUE.FORMAT`), or
    /// [`ELSE`] (the segment goes on).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn after(&self, start: usize, end: usize) -> u8 {
        if let Some(table) = self.decoded {
            return match table.scan(start).end == end {
                true if table.last(end) => LAST,
                true => MORE,
                false if self.byte(end) == Some(b'.') => DOT,
                false => ELSE,
            };
        }
        let bytes = self.text.as_bytes();
        match bytes.get(end) {
            None | Some(b'?' | b'#') => LAST,
            Some(b'/') if path_ends_at(bytes, end + 1) => LAST,
            Some(b'/') => MORE,
            Some(b'.') => DOT,
            Some(_) => ELSE,
        }
    }

    /// Whether the segment starting at `start` ends at `end`: in a path, a `/`, `?`, `#` or
    /// the path's end is there.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn ends(&self, start: usize, end: usize) -> bool {
        if let Some(table) = self.decoded {
            return table.scan(start).end == end;
        }
        matches!(
            self.text.as_bytes().get(end),
            None | Some(b'/' | b'?' | b'#')
        )
    }

    /// Whether the segment ending at `end` is the last (one trailing `/` is tolerated).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn last(&self, end: usize) -> bool {
        if let Some(table) = self.decoded {
            return table.last(end);
        }
        let bytes = self.text.as_bytes();
        path_ends_at(bytes, end) || path_ends_at(bytes, end + 1)
    }

    /// The bytes at `start..end`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn bytes(&self, start: usize, end: usize) -> &'a [u8] {
        self.text.as_bytes().get(start..end).unwrap_or_default()
    }

    /// The text at `start..end`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn text(&self, start: usize, end: usize) -> &'a str {
        // Bounds fall on ASCII bytes (`/`, `.`), or around whole decoded segments.
        self.text.get(start..end).unwrap_or_default()
    }

    /// The segment at `start`, whose first `value - start` bytes matched a literal, read as
    /// `LITERAL.FORMAT`: when a `.` follows the literal and starts the format of the path's
    /// last segment (the last raw `.` of it, with a format after it).
    #[inline]
    pub fn split_after(&self, start: usize, value: usize) -> Option<Split> {
        if let Some(table) = self.decoded {
            let split = table.split?;
            let (base_start, base_end) = split.base.range();
            let last = table.bounds.last()?;
            let fits = last.range().0 == start && base_end - base_start == value - start;
            let same = self.text.as_bytes().get(base_start..base_end)
                == self.text.as_bytes().get(start..value);
            return (fits && same).then_some(split);
        }
        let bytes = self.text.as_bytes();
        if bytes.get(value) != Some(&b'.') {
            return None;
        }
        let rest = bytes.get(value + 1..)?;
        let end = value
            + 1
            + rest
                .iter()
                .position(|b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(rest.len());
        let format = bytes.get(value + 1..end)?;
        if format.is_empty() || format.iter().any(|b| matches!(b, b'.' | b'%')) || !self.last(end) {
            return None;
        }
        let dot = bytes.get(start..value)?.contains(&b'.');
        Some(Split {
            base: Bound::new(start, value, dot),
            format: Bound::new(value + 1, end, false),
        })
    }

    /// Where the rest of the path from `start` (a glob's value) ends, without a trailing `/`:
    /// `None` when it has an empty segment (no route takes the path) or a `%` (it must be read
    /// again, decoded), which the matcher answers by stopping.
    #[inline]
    pub fn rest(&self, start: usize) -> Option<usize> {
        if let Some(table) = self.decoded {
            let last = table.bounds.last()?.range().1;
            let from = table.bounds.iter().position(|b| b.range().0 == start)?;
            let empty = table.bounds[from..].iter().any(|b| {
                let (start, end) = b.range();
                start == end
            });
            return (!empty).then_some(last);
        }
        let bytes = self.text.as_bytes();
        let rest = bytes.get(start..)?;
        let mut end = start + memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
        if end > start + 1 && bytes.get(end - 1) == Some(&b'/') {
            end -= 1;
        }
        let value = bytes.get(start..end)?;
        let readable = !value.is_empty()
            && value.first() != Some(&b'/')
            && memchr::memchr(b'%', value).is_none()
            && memchr::memmem::find(value, b"//").is_none();
        readable.then_some(end)
    }

    /// The last segment, `start..end`, read as `VALUE.FORMAT` at its last raw `.`, if it
    /// reads so.
    #[inline]
    pub fn split(&self, start: usize, end: usize) -> Option<Split> {
        if let Some(table) = self.decoded {
            return table.split;
        }
        split_at_last_dot(self.text.as_bytes(), Bound::new(start, end, true))
    }
}

/// The segments of a path with escapes, decoded into a buffer one `/` apart: where each lies
/// in it, with whether its raw text held a `.`, and the last one's `VALUE.FORMAT` reading.
#[derive(Debug, Clone)]
pub(crate) struct Decoded {
    bounds: Vec<Bound>,
    n: usize,
    split: Option<Split>,
}

impl Decoded {
    /// Decodes the segments of `path` into `buffer`, counting them before any is decoded: a
    /// path with more than `deepest` segments is refused as unroutable.
    pub(crate) fn decode(
        path: &str,
        deepest: usize,
        buffer: &mut String,
    ) -> Result<Self, Unreadable> {
        let body = strip_query(path);
        let body = body.strip_prefix('/').unwrap_or(body);
        let body = body.strip_suffix('/').unwrap_or(body);
        if body.is_empty() {
            return Ok(Decoded {
                bounds: Vec::new(),
                n: 0,
                split: None,
            });
        }
        let n = body.split('/').take(deepest.saturating_add(1)).count();
        if n > deepest {
            return Err(Unreadable::Unroutable);
        }
        let push = |raw: &str, buffer: &mut String| -> Result<Bound, Unreadable> {
            let decoded = decode_segment(raw).map_err(|_| Unreadable::NotUtf8)?;
            let start = buffer.len();
            buffer.push_str(&decoded);
            Ok(Bound::new(start, buffer.len(), raw.contains('.')))
        };
        let mut bounds = Vec::with_capacity(n);
        let mut last = "";
        for raw in body.split('/') {
            if !bounds.is_empty() {
                buffer.push('/');
            }
            bounds.push(push(raw, buffer)?);
            last = raw;
        }
        let split = match last.rsplit_once('.') {
            Some((base, format)) if !base.is_empty() && !format.is_empty() => {
                buffer.push('/');
                let base = push(base, buffer)?;
                buffer.push('/');
                let format = push(format, buffer)?;
                Some(Split { base, format })
            }
            _ => None,
        };
        Ok(Decoded { bounds, n, split })
    }

    fn scan(&self, start: usize) -> Scan {
        match self.bounds.iter().find(|b| b.range().0 == start) {
            Some(&bound) => {
                let (start, end) = bound.range();
                Scan {
                    end,
                    dot: bound.dot(),
                    stop: end == start,
                }
            }
            None => Scan {
                end: start,
                dot: false,
                stop: true,
            },
        }
    }

    fn last(&self, end: usize) -> bool {
        self.bounds.last().is_some_and(|b| b.range().1 == end)
    }
}

/// What the matcher leaves for the answer of the route it took: where each of the route's
/// dynamic values (its *slots*: params, `:action`, a glob, in path order) lies in the text it
/// read, how many the path gave (trailing optional ones may be left out), and where the format
/// lies when the last segment was read as `VALUE.FORMAT`.
///
/// The matcher writes it when it takes a route, from the places it found segments at, so
/// that a recognised request needs nothing more than this to be answered. It lives inside the
/// answer itself, where the matcher writes it in place.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub slots: [Bound; MAX_PARAMS],
    pub filled: u8,
    pub format: Option<Bound>,
}

impl Found {
    pub const EMPTY: Self = Found {
        slots: [Bound::EMPTY; MAX_PARAMS],
        filled: 0,
        format: None,
    };

    /// The route taken: the path gave its first `K` slots, at `slots`, and `format`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn fill<const K: usize>(&mut self, slots: [Bound; K], format: Option<Bound>) {
        // `routes!` refuses a route of more than `MAX_PARAMS` slots.
        if let Some(kept) = self.slots.get_mut(..K) {
            kept.copy_from_slice(&slots);
        }
        self.filled = K as u8;
        self.format = format;
    }

    /// The value of slot `k` (a param, `:action` or a glob), if the path gave it.
    #[inline]
    pub(crate) fn slot(&self, k: usize) -> Option<Bound> {
        if k < usize::from(self.filled) {
            self.slots.get(k).copied()
        } else {
            None
        }
    }
}

/// `last` read as `VALUE.FORMAT` at its last `.`, when both parts are non-empty.
fn split_at_last_dot(bytes: &[u8], last: Bound) -> Option<Split> {
    let (start, end) = last.range();
    let text = bytes.get(start..end)?;
    let dot = text.iter().rposition(|&b| b == b'.')?;
    if dot == 0 || dot + 1 == text.len() {
        return None;
    }
    let base_dot = text[..dot].contains(&b'.');
    Some(Split {
        base: Bound::new(start, start + dot, base_dot),
        format: Bound::new(start + dot + 1, end, false),
    })
}

/// Why a path with escapes cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// No route can take it, whatever its escapes hold: more segments than the bounds hold.
    Unroutable,
    /// An escape does not decode to UTF-8.
    NotUtf8,
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
