//! What the generated matcher leaves for the answer of the route it took, written 16 bytes
//! at a time.

use routes_syntax::pattern::MAX_PARAMS;

use crate::path::Bound;

/// What the matcher leaves for the answer of the route it took: where each of the route's
/// dynamic values (its *slots*: params, `:action`, a glob, in path order) lies in the text it
/// read, how many the path gave (trailing optional ones may be left out), and where the format
/// lies when the last segment was read as `VALUE.FORMAT`.
///
/// The matcher writes it when it takes a route, from the places it found segments at, so
/// that a recognised request needs nothing more than this to be answered. The answer takes a
/// copy of it, and is moved to the caller, copies 16 bytes at a time; so the matcher writes
/// it 16 bytes at a time too, four slots or the tail at once: a wide load of bytes that
/// narrower stores have just written waits for them to reach the cache (a failed store
/// forward), which cost a third of a recognition. A typed route reads it in place.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Found {
    slots: [[Bound; 4]; MAX_PARAMS / 4],
    tail: Tail,
}

/// How many slots the path gave, and where the format lies if it gave one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
struct Tail {
    format: Bound,
    filled: u8,
    /// 1 when the path gave a format (not a `bool`: it is written as a byte of a word).
    formatted: u8,
}

const _: () = assert!(size_of::<[Bound; 4]>() == 16 && size_of::<Tail>() == 16);
const _: () = assert!(MAX_PARAMS.is_multiple_of(4));

/// Sixteen bytes of [`Found`], as the 32-bit words a vector store writes.
///
/// # Safety
///
/// The type is 16 bytes, `repr(C)` of fields for which every bit pattern is valid, and
/// `words` gives its bytes (padding as zero), each field at its offset, as little-endian
/// words in memory order: [`store`] writes them in its place.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
unsafe trait Words: Copy {
    fn words(self) -> [u32; 4];
}

// SAFETY: four bounds (`repr(C)` in `path`: `start` then `end`, `u16`s), 4 bytes apart: the
// word of each is `start` in its low half, which comes first in memory on a little-endian
// target.
unsafe impl Words for [Bound; 4] {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn words(self) -> [u32; 4] {
        self.map(|b| u32::from(b.start) | u32::from(b.end) << 16)
    }
}

// SAFETY: `repr(C)`: `format` (two `u16`s) at 0, `filled` and `formatted` (`u8`s, any value
// valid) at 4 and 5, padding to 16; the words put each at its offset, zero in the padding.
unsafe impl Words for Tail {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn words(self) -> [u32; 4] {
        let format = u32::from(self.format.start) | u32::from(self.format.end) << 16;
        let counts = u32::from(self.filled) | u32::from(self.formatted) << 8;
        [format, counts, 0, 0]
    }
}

/// Writes `value` to `to` in one 16-byte store.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn store<T: Words>(to: &mut T, value: T) {
    const { assert!(size_of::<T>() == 16) };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of every x86_64 target. `to` is valid for writes of `T`'s 16 bytes
    // (checked above), which the unaligned store writes, and `Words` promises that the words
    // are `value`'s bytes, each field at its offset, on this little-endian target.
    unsafe {
        use std::arch::x86_64::{__m128i, _mm_set_epi32, _mm_storeu_si128};
        let [a, b, c, d] = value.words().map(|w| w as i32);
        _mm_storeu_si128(
            std::ptr::from_mut(to).cast::<__m128i>(),
            _mm_set_epi32(d, c, b, a),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        *to = value;
    }
}

impl Found {
    pub const EMPTY: Self = Found {
        slots: [[Bound::EMPTY; 4]; MAX_PARAMS / 4],
        tail: Tail {
            format: Bound::EMPTY,
            filled: 0,
            formatted: 0,
        },
    };

    /// The route taken: the path gave its first `K` slots, at `slots`, and `format`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn fill<const K: usize>(&mut self, slots: [Bound; K], format: Option<Bound>) {
        const { assert!(K <= MAX_PARAMS) };
        let bound = |k: usize| slots.get(k).copied().unwrap_or_default();
        for (g, group) in self.slots.iter_mut().take(K.div_ceil(4)).enumerate() {
            store(
                group,
                [
                    bound(4 * g),
                    bound(4 * g + 1),
                    bound(4 * g + 2),
                    bound(4 * g + 3),
                ],
            );
        }
        let tail = Tail {
            format: format.unwrap_or_default(),
            filled: K as u8,
            formatted: u8::from(format.is_some()),
        };
        store(&mut self.tail, tail);
    }

    /// The value of slot `k` (a param, `:action` or a glob), if the path gave it.
    #[inline]
    pub(crate) fn slot(&self, k: usize) -> Option<Bound> {
        if k < usize::from(self.tail.filled) {
            self.slots
                .get(k / 4)
                .and_then(|group| group[k % 4].present())
        } else {
            None
        }
    }

    /// The same answer with each value's bound (and the format's) moved by `to`: where a
    /// path's values lie once decoded apart.
    pub(crate) fn remap(&self, to: &mut dyn FnMut(Bound) -> Bound) -> Found {
        let mut found = *self;
        for group in &mut found.slots {
            for bound in group {
                if let Some(present) = bound.present()
                    && (present.start, present.end) != (0, 0)
                {
                    *bound = to(present);
                }
            }
        }
        if found.tail.formatted != 0 {
            found.tail.format = to(found.tail.format);
        }
        found
    }

    /// Where the format lies, if the path gave one.
    #[inline]
    pub(crate) fn format(&self) -> Option<Bound> {
        (self.tail.formatted != 0).then_some(self.tail.format)
    }
}
