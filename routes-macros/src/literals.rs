//! The table a matcher looks a node's shared literals up in (see `render`'s `statics`): a
//! perfect hash by hash and displace. Each literal's hash picks a bucket by its low bits; each
//! bucket, the fullest first, gets the first displacement that sends all its literals to free
//! slots by their high bits. The runtime's `Literals::find` reads the table back with the same
//! hash, from `routes-syntax`.

use routes_syntax::hash::{bucket, hash, slot, words};

/// A table of literals: each slot holds the number of the literal there, if any.
#[derive(Debug)]
pub struct Table {
    pub seed: u64,
    pub displace: Vec<u16>,
    pub slots: Vec<Option<usize>>,
}

/// Up to how many literals a decision on their bytes is cheaper than a table (see `render`'s
/// `statics`).
pub const FEWEST: usize = 8;

/// How many seeds are tried before a table is given up on. A displacement moves a bucket's
/// literals together, so a bucket with two literals whose high bits agree within the table's
/// size cannot be placed, whatever its displacement: a seed fails so about once in six tries
/// for ten literals and twice in five for a thousand. Sixteen seeds all fail about once in a
/// million tables, which are then told apart by their bytes.
const SEEDS: u64 = 16;

/// The table of `keys` (distinct texts), or `None` when they are too many for a displacement
/// of 16 bits, or no seed tried places them all.
pub fn build(keys: &[&[u8]]) -> Option<Table> {
    let slots = (2 * keys.len()).next_power_of_two();
    let buckets = keys.len().div_ceil(2).next_power_of_two();
    if slots > 1 << 16 {
        return None;
    }
    (0..SEEDS).find_map(|k| place(keys, k.wrapping_mul(0x9e37_79b9_7f4a_7c15), buckets, slots))
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
    for b in order {
        let bucket = &members[b];
        let displacement = (0..=u16::MAX).take(slots).find(|&d| {
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
        for n in [1usize, 2, 3, 10, 100, 2000] {
            let names: Vec<String> = (0..n).map(|i| format!("resource{i}")).collect();
            let keys: Vec<&[u8]> = names.iter().map(|n| n.as_bytes()).collect();
            let table = build(&keys).expect("a table of distinct names is built");
            assert_eq!(table.slots.len(), (2 * n).next_power_of_two());
            assert_eq!(table.slots.iter().flatten().count(), n);
            for (i, key) in keys.iter().enumerate() {
                assert_eq!(find(&table, &keys, key), Some(i), "{n} keys");
            }
            for other in [&b"resource"[..], b"", b"resources", b"resource-1", b"x"] {
                assert_eq!(find(&table, &keys, other), None);
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
