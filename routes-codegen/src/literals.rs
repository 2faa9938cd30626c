//! The table a matcher looks a node's shared literals up in (see `matcher`'s `statics`): a
//! perfect hash. Where the literals are few, a seed is looked for under which their hashes'
//! high bits alone send each to a slot of its own: a table of one bucket, whose lookup reads
//! no displacement, so that it waits on one load fewer. Otherwise, hash and displace: each
//! literal's hash picks a bucket by its low bits; each bucket, the fullest first, gets the
//! first displacement that sends all its literals to free slots by their high bits. The
//! runtime's `Literals::find` reads the table back with the same hash, from `routes-syntax`.

use routes_syntax::hash::{bucket, hash, slot, words};

/// A table of literals: each slot holds the number of the literal there, if any.
#[derive(Debug)]
pub struct Table {
    pub seed: u64,
    pub displace: Vec<u16>,
    pub slots: Vec<Option<usize>>,
}

/// Up to how many literals a decision on their bytes is cheaper than a table (see `matcher`'s
/// `statics`).
pub const FEWEST: usize = 8;

/// How many seeds are tried before a table is given up on. A displacement moves a bucket's
/// literals together, so a bucket with two literals whose high bits agree within the table's
/// size cannot be placed, whatever its displacement: a seed fails so about once in six tries
/// for ten literals and twice in five for a thousand. Sixteen seeds all fail about once in a
/// million tables, which are then told apart by their bytes.
const SEEDS: u64 = 16;

/// Up to how many literals a table of one bucket is looked for, in at most how many slots (a
/// slot is 40 bytes: 10 KiB), and how many seeds are tried at each size, two, four and eight
/// slots a literal. A seed places `n` literals in `m` slots when their hashes fall in distinct
/// slots: for 32 literals, about once in 13,000 tries at 64 slots, once in 69 at 128 and once
/// in 8 at 256, so 32 almost always get one bucket (in up to four times the slots of a
/// displaced table). Past 32, one bucket needs at least twice the slots of the displaced
/// table, and unrelated names fail more and more seeds (every seed, about once in ten, for
/// 48), each failure costing the macro its time: the displaced table serves them.
const DIRECT: usize = 32;
const DIRECT_SLOTS: usize = 8 * DIRECT;
const _: () = assert!(DIRECT_SLOTS == 256 && DIRECT_SLOTS.is_power_of_two());
const DIRECT_SEEDS: u64 = 256;

/// The table of `keys` (distinct texts), or `None` when they are too many for a displacement
/// of 16 bits, or no seed tried places them all.
pub fn build(keys: &[&[u8]]) -> Option<Table> {
    direct(keys).or_else(|| displaced(keys))
}

/// A seed.
fn seed(k: u64) -> u64 {
    k.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A table of one bucket, for a few `keys`: the smallest of two, four or eight slots a key
/// that some seed tried places them in (at most `DIRECT_SLOTS`, eight for each of `DIRECT`).
/// Its displacement is zero: in one bucket, another only moves every slot alike.
fn direct(keys: &[&[u8]]) -> Option<Table> {
    if keys.len() > DIRECT {
        return None;
    }
    [2, 4, 8].into_iter().find_map(|per| {
        let slots = (per * keys.len()).next_power_of_two();
        (0..DIRECT_SEEDS).find_map(|k| place(keys, seed(k), 1, slots))
    })
}

/// A table with a displacement for every two keys.
fn displaced(keys: &[&[u8]]) -> Option<Table> {
    let slots = (2 * keys.len()).next_power_of_two();
    let buckets = keys.len().div_ceil(2).next_power_of_two();
    if slots > 1 << 16 {
        return None;
    }
    (0..SEEDS).find_map(|k| place(keys, seed(k), buckets, slots))
}

fn place(keys: &[&[u8]], seed: u64, buckets: usize, slots: usize) -> Option<Table> {
    let hashes: Vec<u64> = keys.iter().map(|key| hash(key, words(key), seed)).collect();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); buckets];
    for (i, &h) in hashes.iter().enumerate() {
        members[bucket(h, buckets)].push(i);
    }
    let mut order: Vec<usize> = (0..buckets).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(members[b].len()));
    let mut taken: Vec<Option<usize>> = vec![None; slots];
    let mut displace = vec![0u16; buckets];
    // One bucket's literals fit with every displacement or none: only zero is tried.
    let tries = if buckets == 1 { 1 } else { slots };
    for b in order {
        let bucket = &members[b];
        let displacement = (0..=u16::MAX).take(tries).find(|&d| {
            bucket.iter().enumerate().all(|(j, &i)| {
                let place = slot(hashes[i], d, slots);
                taken[place].is_none()
                    && bucket[..j]
                        .iter()
                        .all(|&other| slot(hashes[other], d, slots) != place)
            })
        })?;
        for &i in bucket {
            taken[slot(hashes[i], displacement, slots)] = Some(i);
        }
        displace[b] = displacement;
    }
    Some(Table {
        seed,
        displace,
        slots: taken,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `text` is found in `table` of `keys`: the runtime's `Literals::find`, which reads
    /// the slot's literal back from the table the macro writes.
    fn find(table: &Table, keys: &[&[u8]], text: &[u8]) -> Option<usize> {
        let h = hash(text, words(text), table.seed);
        let place = slot(
            h,
            table.displace[bucket(h, table.displace.len())],
            table.slots.len(),
        );
        table.slots[place].filter(|&i| keys[i] == text)
    }

    #[test]
    fn every_key_has_its_own_slot_and_others_find_none() {
        // Names alike but for a number, as generated tables have, and names with nothing in
        // common, of 3 to 12 letters.
        let mut state = 1u64;
        let mut letter = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            b'a' + (state >> 59) as u8 % 26
        };
        for n in [1usize, 2, 3, 10, 20, 32, 33, 64, 100, 2000] {
            let numbered: Vec<Vec<u8>> = (0..n).map(|i| format!("resource{i}").into()).collect();
            let mut unrelated: Vec<Vec<u8>> = Vec::new();
            while unrelated.len() < n {
                let len = 3 + usize::from(letter() % 10);
                let name: Vec<u8> = (0..len).map(|_| letter()).collect();
                if !unrelated.contains(&name) {
                    unrelated.push(name);
                }
            }
            for names in [numbered, unrelated] {
                let keys: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
                let table = build(&keys).expect("a table of distinct names is built");
                // A few literals get one bucket, undisplaced, in up to eight slots each; many,
                // a bucket for every two, in two slots each.
                let (buckets, most) = if n <= DIRECT {
                    (1, 8)
                } else {
                    (n.div_ceil(2), 2)
                };
                assert_eq!(
                    table.displace.len(),
                    buckets.next_power_of_two(),
                    "{n} keys"
                );
                assert!(table.displace.len() > 1 || table.displace == [0]);
                assert!(table.slots.len() >= (2 * n).next_power_of_two(), "{n} keys");
                assert!(
                    table.slots.len() <= (most * n).next_power_of_two(),
                    "{n} keys"
                );
                assert!(n > DIRECT || table.slots.len() <= DIRECT_SLOTS, "{n} keys");
                assert_eq!(table.slots.iter().flatten().count(), n);
                for (i, key) in keys.iter().enumerate() {
                    assert_eq!(find(&table, &keys, key), Some(i), "{n} keys");
                }
                for other in [&b"resource"[..], b"", b"resources", b"resource-1", b"x"] {
                    assert_eq!(find(&table, &keys, other), None);
                }
            }
        }
    }

    #[test]
    fn words_of_any_length_are_placed() {
        let words = [
            "a",
            "ab",
            "abc",
            "abcd",
            "users",
            "accounts",
            "organizations",
            "x_y_z",
        ];
        let keys: Vec<&[u8]> = words.iter().map(|w| w.as_bytes()).collect();
        let table = build(&keys).expect("placed");
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(find(&table, &keys, key), Some(i));
        }
    }
}
