//! Request paths split into segments, as recognition reads them.
//!
//! A path is read up to its query (`?`) or fragment (`#`); one leading and one trailing `/`
//! are dropped, and the rest is split on `/`. Only then are segments percent-decoded, so that
//! `%2F` never splits a segment and `%2E` never starts a format. The last segment may also be
//! read as `VALUE.FORMAT`, split at its last raw `.`.
//!
//! A path is split once, 32 bytes at a time, into [`Segments`]: where each segment lies, which
//! hold a raw `.`, and, where a route of the table reads a format at the path's depth, the
//! last one's `VALUE.FORMAT` reading; the generated matcher then reads them by index. A path
//! with an empty segment or more segments than any route takes is no route's; one with a `%`
//! is split again with its segments decoded into a buffer ([`decoded::Decoded`]), which gives
//! the matcher [`Segments`] of the same shape.

pub(crate) mod decoded;
pub(crate) mod rails;

/// Where a segment or a value lies in the text read: two bytes for each end, since paths are
/// at most [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) bytes (a decoded one, less).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C)]
pub struct Bound {
    pub(crate) start: u16,
    pub(crate) end: u16,
}

impl Bound {
    /// A bound not yet filled in.
    pub const EMPTY: Bound = Bound { start: 0, end: 0 };

    /// A value the path left out: one in an optional group before the last value given, or
    /// a capture of a route's regex that took no part.
    pub const ABSENT: Bound = Bound {
        start: u16::MAX,
        end: u16::MAX,
    };

    /// The bound, unless it is [`Bound::ABSENT`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn present(self) -> Option<Bound> {
        (self != Bound::ABSENT).then_some(self)
    }

    /// `start..end`.
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
        (usize::from(self.start), usize::from(self.end))
    }
}

/// The last segment read as `VALUE.FORMAT`: where the value and the format lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct Split {
    pub(crate) base: Bound,
    pub(crate) format: Bound,
    /// Whether the value's raw text holds a `.` itself.
    pub(crate) base_dot: bool,
}

impl Split {
    /// Where the value starts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self) -> usize {
        usize::from(self.base.start)
    }

    /// Where the value ends.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&self) -> usize {
        usize::from(self.base.end)
    }

    /// Whether the value's raw text holds a `.`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn base_dot(&self) -> bool {
        self.base_dot
    }

    /// Where the value lies, as a slot.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value(&self) -> Bound {
        self.base
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

/// Where in a window of a path lie the bytes splitting looks at: bit `i` of each mask set where
/// byte `i` is one of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Classes {
    slash: u32,
    dot: u32,
    /// `%`, `?` and `#`: an escape, or the end of the path.
    stop: u32,
}

impl Classes {
    /// Each mask shifted right by `by`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn shifted(self, by: u32) -> Self {
        Classes {
            slash: self.slash >> by,
            dot: self.dot >> by,
            stop: self.stop >> by,
        }
    }

    /// These masks with `other`'s shifted left by `by` on top (the bytes `by` on).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn or(self, other: Self, by: u32) -> Self {
        Classes {
            slash: self.slash | other.slash << by,
            dot: self.dot | other.dot << by,
            stop: self.stop | other.stop << by,
        }
    }

    /// Each mask of a chunk holding `half` bytes of a slice and then its last `half`, put back
    /// at the bytes' places in the slice, `n` long.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn folded(self, half: u32, n: usize) -> Self {
        let low = (1 << half) - 1;
        let fold = |mask: u32| (mask & low) | ((mask >> half) & low) << (n - half as usize);
        Classes {
            slash: fold(self.slash),
            dot: fold(self.dot),
            stop: fold(self.stop),
        }
    }
}

/// The [`Classes`] of sixteen bytes.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn classes(chunk: &[u8; 16]) -> Classes {
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
            let stop = _mm_or_si128(_mm_or_si128(is(b'%'), is(b'?')), is(b'#'));
            Classes {
                slash: _mm_movemask_epi8(is(b'/')) as u32,
                dot: _mm_movemask_epi8(is(b'.')) as u32,
                stop: _mm_movemask_epi8(stop) as u32,
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    classes_bytewise(chunk)
}

/// [`classes`], a byte at a time: the definition, and the code on other targets and for
/// fewer than four bytes.
fn classes_bytewise(bytes: &[u8]) -> Classes {
    let mask = |kind: &dyn Fn(u8) -> bool| {
        bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| kind(b))
            .fold(0, |mask, (i, _)| mask | 1 << i)
    };
    Classes {
        slash: mask(&|b| b == b'/'),
        dot: mask(&|b| b == b'.'),
        stop: mask(&|b| matches!(b, b'%' | b'?' | b'#')),
    }
}

/// The most segments a path is split into: routes are at most this deep, the prefix of a glob
/// included (a glob takes the rest, however deep).
pub use routes_syntax::pattern::MAX_DEPTH;

/// Why a path is not split into [`Segments`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unsplit {
    /// It holds a `%`: it is split again, its segments decoded.
    Escaped,
    /// No route takes it, whatever it holds: an empty segment, or more segments than routes
    /// take.
    Unroutable,
}

/// Why a path with an empty segment is not split: no route takes it, unless an escape in it
/// does not decode, which is judged first (a 400, not a 404).
#[cold]
fn empty_segment(path: &str) -> Unsplit {
    if memchr::memchr(b'%', strip_query(path).as_bytes()).is_some() {
        Unsplit::Escaped
    } else {
        Unsplit::Unroutable
    }
}

/// How many bytes of a path [`Segments::split`] reads at a time: one mask bit each.
const WINDOW: u32 = 32;

/// Where [`Segments::split`] is in a path.
struct Reading {
    /// Where the next window starts.
    at: usize,
    /// How many segments have ended.
    n: usize,
    /// Bit `i`: segment `i` held a `.`.
    dots: u32,
    /// Where the current segment starts.
    start: usize,
    /// Whether a window before this one held a `.` of the current segment.
    dotted: bool,
    /// 1 where the byte before `at` ends a segment (a `/`, or the start of the path).
    after_slash: u32,
}

/// A path split into segments, or a path with escapes split and decoded into a buffer: what
/// the generated matcher reads, by segment index.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Segments<'a> {
    text: &'a str,
    /// Where the first segment starts; each other starts one byte (a `/`) past the end of the
    /// one before.
    first: u16,
    /// Where the first `min(n, MAX_DEPTH)` segments end.
    ends: [u16; MAX_DEPTH],
    n: usize,
    /// Bit `i`: segment `i`'s raw text holds a `.` (which a dynamic segment without
    /// requirement refuses).
    dots: u32,
    /// Where the last segment ends: the end of a glob's value.
    end: usize,
    /// The last segment read as `VALUE.FORMAT`, when it reads so and a route reads a format
    /// at the path's depth (see [`Segments::split`]).
    split: Option<Split>,
    /// Bit `k`: the request meets the route set's conditions number `k` (`draw!`'s request
    /// constraints). None where only the path is known.
    admitted: u64,
}

impl<'a> Segments<'a> {
    /// The text of the path from the `/` before segment `d` to its end, and where that starts:
    /// what a route matched by its regex reads after its static segments. Empty where the
    /// path has `d` segments, but `/` for the root.
    #[inline]
    pub fn rest(&self, d: usize) -> (usize, &'a str) {
        if d >= self.n {
            // The root's path is `/` (a route whose whole path is optional takes it).
            if self.n == 0 && self.text.starts_with('/') {
                return (0, "/");
            }
            return (self.end, "");
        }
        let start = self.bounds(d).0.saturating_sub(1);
        (start, self.text.get(start..self.end).unwrap_or_default())
    }

    /// `methods`, where the request meets the route set's conditions number `condition`;
    /// none otherwise, as if the route took no method.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn admit(&self, condition: u8, methods: u16) -> u16 {
        if condition < 64 && self.admitted & (1 << condition) != 0 {
            methods
        } else {
            0
        }
    }

    /// Says that the request meets the conditions of the bits of `admitted` (set in place:
    /// the segments are not copied on recognition's path).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn admit_all(&mut self, admitted: u64) {
        self.admitted = admitted;
    }
    /// `path`, not yet split: [`Segments::split`] reads it in place, where the matcher will
    /// read it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn unsplit(path: &'a str) -> Self {
        Segments {
            text: path,
            first: 0,
            ends: [0; MAX_DEPTH],
            n: 0,
            dots: 0,
            end: 0,
            split: None,
            admitted: 0,
        }
    }

    /// Splits the path, refusing one deeper than `deepest` segments. The last segment is read
    /// as `VALUE.FORMAT` only where `formats` has the bit of the path's depth (bit 63 for 63
    /// segments or more): where a route may read it so. The macro sets bits 1 to
    /// [`MAX_DEPTH`] only, the depths a route may have; a glob takes no format.
    ///
    /// A window of 32 bytes at a time ([`Segments::window`]), the first on its own: most paths
    /// fit in one, and the loop for the rest never meets a path shorter than 16 bytes, whose
    /// loads ([`classes_short`]) fat LTO would otherwise set up before the loop for every path.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn split(&mut self, deepest: usize, formats: u64) -> Result<(), Unsplit> {
        let path = self.text;
        let bytes = path.as_bytes();
        let lead = usize::from(bytes.first() == Some(&b'/'));
        self.first = lead as u16;
        let mut reading = Reading {
            at: lead,
            n: 0,
            dots: 0,
            start: lead,
            dotted: false,
            after_slash: 1,
        };
        // The first window on its own, the rest in a loop: most paths fit in one, and end
        // here. (`windows` tests the same, but without this arm lookups took 1.5% longer.)
        let end = match self.window(&mut reading, deepest)? {
            Some(limit) => limit,
            None if reading.at >= bytes.len() => bytes.len(),
            None => self.windows(&mut reading, deepest)?,
        };
        let Reading {
            mut n,
            mut dots,
            start,
            dotted,
            ..
        } = reading;
        let (start, end) = if start < end {
            if dotted && n < 32 {
                dots |= 1 << n;
            }
            if let Some(slot) = self.ends.get_mut(n) {
                *slot = end as u16;
            }
            n += 1;
            if n > deepest {
                return Err(Unsplit::Unroutable);
            }
            (start, end)
        } else if start == end && end > lead {
            // One trailing `/`, after the last segment.
            let last = end - 1;
            let start = memchr::memrchr(b'/', bytes.get(..last).unwrap_or_default());
            (start.map_or(lead, |slash| slash + 1), last)
        } else {
            return Ok(());
        };
        self.n = n;
        self.dots = dots;
        self.end = end;
        // The dot first: most last segments have none, and most depths take a format.
        if (self.dot(n - 1) || n > 32) && formats & 1 << n.min(63) != 0 {
            self.split = split_of(bytes, start, end);
        }
        Ok(())
    }

    /// Reads the windows after the first, up to the path's end or its first stop: where the
    /// path ends. In line, so that `Reading` stays in registers and no call crosses crates.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn windows(&mut self, reading: &mut Reading, deepest: usize) -> Result<usize, Unsplit> {
        let len = self.text.len();
        while reading.at < len {
            if let Some(limit) = self.window(reading, deepest)? {
                return Ok(limit);
            }
        }
        Ok(len)
    }

    /// Reads the window of [`WINDOW`] bytes at `reading.at` and moves `reading` past it:
    /// `Some(limit)` where a `?` or `#` ends the path in it, `Some(reading.start)` for the root
    /// written `//` (no segment noted; [`Segments::split`] then leaves none). Its masks say where
    /// its slashes and dots lie, so an empty segment is found for the whole window at once (a
    /// `/` right after a `/`), and each slash costs only noting where its segment ends (and, in
    /// a window with a `.`, whether the segment held one).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn window(&mut self, reading: &mut Reading, deepest: usize) -> Result<Option<usize>, Unsplit> {
        let bytes = self.text.as_bytes();
        let at = reading.at;
        let Classes {
            mut slash,
            mut dot,
            stop,
        } = classes_at(bytes, at);
        // Only what comes before the first `%`, `?` or `#` is the path's: a `%` there is an
        // escape; a `?` or `#` ends it.
        let mut limit = None;
        if stop != 0 {
            let k = stop.trailing_zeros();
            if bytes.get(at + k as usize) == Some(&b'%') {
                return Err(Unsplit::Escaped);
            }
            slash &= (1 << k) - 1;
            dot &= (1 << k) - 1;
            limit = Some(at + k as usize);
        }
        let empty = slash & ((slash << 1) | reading.after_slash);
        if empty != 0 {
            self.empty_segment(at, slash, empty, reading.n, deepest)?;
            // `//`, the root, as the doc says.
            return Ok(Some(reading.start));
        }
        if slash != 0 {
            reading.after_slash = slash >> (WINDOW - 1);
            reading.start = at + (u32::BITS - slash.leading_zeros()) as usize;
            let mut n = reading.n;
            if dot == 0 && !reading.dotted {
                // No segment ending in this window holds a `.`.
                while slash != 0 {
                    let i = at + slash.trailing_zeros() as usize;
                    slash &= slash - 1;
                    if let Some(slot) = self.ends.get_mut(n) {
                        *slot = i as u16;
                    }
                    n += 1;
                }
            } else {
                while slash != 0 {
                    let k = slash.trailing_zeros();
                    slash &= slash - 1;
                    let mine = (1 << k) - 1;
                    if (reading.dotted || dot & mine != 0) && n < 32 {
                        reading.dots |= 1 << n;
                    }
                    dot &= !mine;
                    reading.dotted = false;
                    if let Some(slot) = self.ends.get_mut(n) {
                        *slot = (at + k as usize) as u16;
                    }
                    n += 1;
                }
            }
            reading.n = n;
            if n > deepest {
                return Err(Unsplit::Unroutable);
            }
        } else {
            reading.after_slash = 0;
        }
        reading.dotted |= dot != 0;
        reading.at = at + WINDOW as usize;
        Ok(limit)
    }

    /// Why the path is not split, where the window at `at` has its slashes at `slash` (before
    /// any stop), a segment ending at each bit of `empty` empty, and `n` segments ending
    /// before it: deeper than `deepest` if the segments before the first empty one are; else
    /// the root for `//` alone; else no route's (an escape judged first, as
    /// [`empty_segment`] says).
    #[cold]
    fn empty_segment(
        &self,
        at: usize,
        slash: u32,
        empty: u32,
        n: usize,
        deepest: usize,
    ) -> Result<(), Unsplit> {
        let bytes = self.text.as_bytes();
        let k = empty.trailing_zeros();
        let before = (slash & ((1 << k) - 1)).count_ones() as usize;
        if n + before >= deepest.saturating_add(1) {
            return Err(Unsplit::Unroutable);
        }
        let i = at + k as usize;
        if i == usize::from(self.first) && matches!(bytes.get(i + 1), None | Some(b'?' | b'#')) {
            // `//` is the root.
            return Ok(());
        }
        Err(empty_segment(self.text))
    }

    /// How many segments the path has.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Where segment `d` starts and ends.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn bounds(&self, d: usize) -> (usize, usize) {
        let start = match d.checked_sub(1) {
            None => usize::from(self.first),
            Some(before) => usize::from(self.ends.get(before).copied().unwrap_or_default()) + 1,
        };
        let end = usize::from(self.ends.get(d).copied().unwrap_or_default());
        (start, end)
    }

    /// Whether segment `d`'s raw text holds a `.`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn dot(&self, d: usize) -> bool {
        d < 32 && self.dots & (1 << d) != 0
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

    /// The text at `start..end`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn text(&self, start: usize, end: usize) -> &'a str {
        // Bounds fall on ASCII bytes (`/`, `.`), or around whole decoded segments.
        self.text.get(start..end).unwrap_or_default()
    }

    /// The bytes at `start..end`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn bytes(&self, start: usize, end: usize) -> &'a [u8] {
        self.text.as_bytes().get(start..end).unwrap_or_default()
    }

    /// The last segment read as `VALUE.FORMAT`, if it reads so; for a path without escapes,
    /// only where a route of the table reads a format at the path's depth (the matcher asks
    /// nowhere else).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn split_last(&self) -> Option<Split> {
        self.split
    }

    /// Where the last segment ends: the end of a glob's value.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&self) -> usize {
        self.end
    }
}

/// The [`Classes`] of the [`WINDOW`] bytes from `at` (fewer at the end of `bytes`, the rest
/// unset): two loads of 16 bytes, the second overlapping the first where fewer than 32 are
/// left.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn classes_at(bytes: &[u8], at: usize) -> Classes {
    let rest = bytes.get(at..).unwrap_or_default();
    let next = rest.get(16..).and_then(<[u8]>::first_chunk::<16>);
    if let (Some(low), Some(high)) = (rest.first_chunk::<16>(), next) {
        return classes(low).or(classes(high), 16);
    }
    if let (Some(low), Some(high)) = (rest.first_chunk::<16>(), rest.last_chunk::<16>()) {
        return classes(low).or(classes(high), rest.len() as u32 - 16);
    }
    let left = rest.len();
    match bytes.last_chunk::<16>() {
        // The last sixteen bytes, of which the `left` from `at` are the end.
        Some(last) => classes(last).shifted(16 - left as u32),
        // A path shorter than sixteen bytes.
        None => classes_short(rest),
    }
}

/// [`classes`] of fewer than sixteen bytes, from two loads that overlap: the first eight (or
/// four) bytes and the last, side by side in one chunk, whose masks are folded back onto the
/// bytes' places.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn classes_short(rest: &[u8]) -> Classes {
    let n = rest.len();
    let mut chunk = [0u8; 16];
    if let (Some(head), Some(tail)) = (rest.first_chunk::<8>(), rest.last_chunk::<8>()) {
        chunk[..8].copy_from_slice(head);
        chunk[8..].copy_from_slice(tail);
        return classes(&chunk).folded(8, n);
    }
    if let (Some(head), Some(tail)) = (rest.first_chunk::<4>(), rest.last_chunk::<4>()) {
        chunk[..4].copy_from_slice(head);
        chunk[4..8].copy_from_slice(tail);
        return classes(&chunk).folded(4, n);
    }
    classes_bytewise(rest)
}

/// The last segment, `bytes[start..end]`, read as `VALUE.FORMAT` at its last `.`, when it has
/// one with something either side: from the dots of its windows of 32 bytes (most segments fit
/// in one), not byte by byte.
fn split_of(bytes: &[u8], start: usize, end: usize) -> Option<Split> {
    // The last `.` so far, and whether another comes before it.
    let mut dot = None;
    let mut base_dot = false;
    let mut at = start;
    while at < end {
        let dots = classes_at(bytes, at).dot
            & (u32::MAX >> (WINDOW as usize - (end - at).min(WINDOW as usize)));
        if let Some(k) = dots.checked_ilog2() {
            base_dot |= dot.is_some() || dots & !(1 << k) != 0;
            dot = Some(at + k as usize);
        }
        at += WINDOW as usize;
    }
    let dot = dot?;
    (dot > start && dot + 1 < end).then(|| Split {
        base: Bound::at(start, dot),
        format: Bound::at(dot + 1, end),
        base_dot,
    })
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
