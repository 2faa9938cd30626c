//! The hash of a literal path segment, which the macro builds a recogniser's tables of shared
//! literals with and the runtime looks a request's segment up by: both must compute it alike.
//!
//! It reads every byte and its length (so two texts hash apart unless the mixing itself
//! collides, which a table built with another seed then avoids): a text of up to 16 bytes
//! (most path segments) in one multiplication of its two words, a longer one 8 bytes a step,
//! at a multiplication a step (each folded: its high half XORed with its low). The hash runs
//! once per request where it runs, and the lookup waits on it. The words it starts from are
//! also what a slot's literal is compared by.

/// An odd constant whose multiples spread bits (2^64 over the golden ratio).
const K: u64 = 0x9e37_79b9_7f4a_7c15;
/// Another, so that a text of zero bytes does not start the hash at zero (the digits of pi).
const PI: u64 = 0x243f_6a88_85a3_08d3;

/// The words a text is hashed and compared by: its first and last 8 bytes where it has 8 or
/// more (overlapping where it has fewer than 16), its first and last 4 where it has 4 to 7,
/// else its bytes. Two texts of the same length up to 16 bytes are equal if and only if their
/// words are.
#[inline]
pub fn words(text: &[u8]) -> (u64, u64) {
    let len = text.len();
    if len >= 8 {
        (word(text, 0), word(text, len - 8))
    } else if len >= 4 {
        (half(text, 0), half(text, len - 4))
    } else {
        // The first, middle and last bytes are every byte of a text this short.
        let byte = |at: usize| text.get(at).map_or(0, |&b| u64::from(b));
        (
            byte(0) | byte(len / 2) << 8 | byte(len.wrapping_sub(1)) << 16,
            0,
        )
    }
}

/// The hash of `text` under `seed`, `(head, tail)` being its [`words`].
#[inline]
pub fn hash(text: &[u8], (head, tail): (u64, u64), seed: u64) -> u64 {
    let len = text.len();
    // The length turns the seed: mixed into a word instead, it could cancel a difference of
    // that word (`bccc` and `bcccc`, whose tails differ as their lengths do), and two texts
    // would hash alike under every seed.
    let mut h = head ^ (seed ^ PI).rotate_left(len as u32);
    if len > 16 {
        // The bytes between the words, mixed in after the head is.
        h = fold(h, K ^ len as u64);
        let mut at = 8;
        while at + 8 < len {
            h = fold(h ^ word(text, at), K);
            at += 8;
        }
    }
    // One multiplication for a text of up to 16 bytes (most segments), of both its words: a
    // lookup waits on the hash, and a second multiplication after the first made it longer.
    fold(h, tail ^ K)
}

/// The product of `a` and `b` folded in two: its high half, where each bit depends on all of
/// both, XORed with its low half.
#[inline]
fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ (product >> 64) as u64
}

#[inline]
fn word(text: &[u8], at: usize) -> u64 {
    text.get(at..at + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_le_bytes)
}

#[inline]
fn half(text: &[u8], at: usize) -> u64 {
    text.get(at..at + 4)
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
}

/// The bucket of hash `h` among `buckets` (a power of two): its low bits.
#[inline]
pub fn bucket(h: u64, buckets: usize) -> usize {
    (h as usize) & (buckets - 1)
}

/// The slot of hash `h` among `slots` (a power of two), its bucket displaced by
/// `displacement`: its high half, XORed with the displacement.
#[inline]
pub fn slot(h: u64, displacement: u16, slots: usize) -> usize {
    (((h >> 32) as usize) ^ usize::from(displacement)) & (slots - 1)
}

#[cfg(test)]
mod tests {
    use super::{hash, words};
    use std::collections::HashSet;

    #[test]
    fn every_byte_counts() {
        // Texts of every length up to 24 that differ in one byte, anywhere, hash apart.
        for len in 0..24 {
            let base = vec![b'a'; len];
            let mut seen = HashSet::new();
            assert!(seen.insert(hash(&base, words(&base), 7)));
            for at in 0..len {
                let mut other = base.clone();
                other[at] = b'b';
                assert!(
                    seen.insert(hash(&other, words(&other), 7)),
                    "len {len}, byte {at}"
                );
            }
        }
    }

    #[test]
    fn lengths_and_seeds_count() {
        let h = |text: &[u8], seed| hash(text, words(text), seed);
        assert_ne!(h(b"", 0), h(b"\0", 0));
        assert_ne!(h(b"ab", 0), h(b"ab\0", 0));
        assert_ne!(h(b"aaaaaaaaa", 0), h(b"aaaaaaaaaa", 0));
        assert_ne!(h(b"resources", 1), h(b"resources", 2));
        assert_eq!(h(b"resources", 1), h(b"resources", 1));
    }

    #[test]
    fn texts_of_two_letters_and_any_length_up_to_17_hash_apart() {
        // Every text of `b` and `c` up to 17 bytes long, 262,142 of them: texts whose words
        // differ as their lengths do (`bccc` and `bcccc`) among them, and none hashes as
        // another does under either seed.
        for seed in [7, 0x9e37_79b9_7f4a_7c15] {
            let mut seen = HashSet::new();
            for len in 1..=17u32 {
                for bits in 0..1u32 << len {
                    let text: Vec<u8> = (0..len)
                        .map(|i| if bits >> i & 1 == 1 { b'c' } else { b'b' })
                        .collect();
                    let h = hash(&text, words(&text), seed);
                    assert!(seen.insert(h), "{:?}", String::from_utf8(text));
                }
            }
        }
    }

    #[test]
    fn names_spread_over_low_and_high_bits() {
        // The low bits pick a bucket and the bits from 32 up a slot: a thousand names like a
        // table's cover either range of 64.
        let names: Vec<String> = (0..1000).map(|i| format!("resource{i}")).collect();
        let low: HashSet<u64> = names
            .iter()
            .map(|n| hash(n.as_bytes(), words(n.as_bytes()), 0) & 63)
            .collect();
        let high: HashSet<u64> = names
            .iter()
            .map(|n| hash(n.as_bytes(), words(n.as_bytes()), 0) >> 32 & 63)
            .collect();
        assert_eq!((low.len(), high.len()), (64, 64));
    }
}
