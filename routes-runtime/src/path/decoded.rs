//! Paths with escapes: their segments decoded into a buffer, and read by the same matcher as
//! [`Segments`] of the same shape.

use super::{Bound, MAX_DEPTH, Segments, Split, strip_query};
use crate::encode::decode_segment;

/// The segments of a path with escapes, decoded into a buffer one `/` apart: where each lies
/// in it, which raw ones held a `.`, and the last one's `VALUE.FORMAT` reading (its value and
/// format decoded apart, after the segments).
#[derive(Debug, Clone)]
pub(crate) struct Decoded {
    ends: [u16; MAX_DEPTH],
    n: usize,
    dots: u32,
    end: usize,
    split: Option<Split>,
}

impl Decoded {
    /// Decodes the segments of `path` into `buffer`, counting them before any is decoded: a
    /// path with more than `deepest` segments, or an empty one, is refused as unroutable.
    pub(crate) fn decode(
        path: &str,
        deepest: usize,
        buffer: &mut String,
    ) -> Result<Self, Unreadable> {
        let mut decoded = Decoded {
            ends: [0; MAX_DEPTH],
            n: 0,
            dots: 0,
            end: 0,
            split: None,
        };
        let body = strip_query(path);
        let body = body.strip_prefix('/').unwrap_or(body);
        let body = body.strip_suffix('/').unwrap_or(body);
        if body.is_empty() {
            return Ok(decoded);
        }
        let n = body.split('/').take(deepest.saturating_add(1)).count();
        if n > deepest {
            return Err(Unreadable::Unroutable);
        }
        let push = |raw: &str, buffer: &mut String| -> Result<Bound, Unreadable> {
            let text = decode_segment(raw).map_err(|_| Unreadable::NotUtf8)?;
            let start = buffer.len();
            buffer.push_str(&text);
            Ok(Bound::at(start, buffer.len()))
        };
        // Segments start one byte past a `/`, the first too, as in a path.
        buffer.push('/');
        let mut last = "";
        for (i, raw) in body.split('/').enumerate() {
            if i > 0 {
                buffer.push('/');
            }
            let bound = push(raw, buffer)?;
            if let Some(slot) = decoded.ends.get_mut(i) {
                *slot = bound.range().1 as u16;
            }
            if raw.contains('.') && i < 32 {
                decoded.dots |= 1 << i;
            }
            decoded.end = bound.range().1;
            last = raw;
        }
        decoded.n = n;
        // Escapes are judged before empty segments, as the definition decodes first.
        if body.split('/').any(str::is_empty) {
            return Err(Unreadable::Unroutable);
        }
        if let Some((base, format)) = last.rsplit_once('.')
            && !base.is_empty()
            && !format.is_empty()
        {
            buffer.push('/');
            let base_bound = push(base, buffer)?;
            buffer.push('/');
            let format = push(format, buffer)?;
            decoded.split = Some(Split {
                base: base_bound,
                format,
                base_dot: base.contains('.'),
            });
        }
        Ok(decoded)
    }

    /// The segments, in `buffer`, the text they were decoded into.
    pub(crate) fn segments<'a>(&self, buffer: &'a str) -> Segments<'a> {
        Segments {
            text: buffer,
            first: 1,
            ends: self.ends,
            n: self.n,
            dots: self.dots,
            end: self.end,
            split: self.split,
            admitted: 0,
        }
    }
}

/// Why a path with escapes cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// No route can take it, whatever its escapes hold: more segments than the bounds hold.
    Unroutable,
    /// An escape does not decode to UTF-8.
    NotUtf8,
}
