//! The tests of `path`: reading paths, against a definition built on `split`.

use super::decoded::{Decoded, Unreadable};
use super::*;
use crate::encode::decode_segment;

/// `formats` for a table with a route that reads the last segment as `VALUE.FORMAT` at every
/// depth.
const EVERY_DEPTH: u64 = u64::MAX;

/// Each segment's text and dot, and the format reading, as read; `None` where no route
/// can take the path.
type Read = Option<(Vec<(String, bool)>, Option<(String, String, bool)>)>;

/// `path` read as the recogniser reads it, for routes at most `deepest` segments deep.
fn read(path: &str, deepest: usize) -> Read {
    let shown = |segments: &Segments<'_>| {
        let texts = (0..segments.n())
            .map(|d| {
                let (start, end) = segments.bounds(d);
                (segments.text(start, end).to_owned(), segments.dot(d))
            })
            .collect();
        let split = segments.split_last().map(|s| {
            let (fs, fe) = s.format.range();
            (
                segments.text(s.start(), s.end()).to_owned(),
                segments.text(fs, fe).to_owned(),
                s.base_dot(),
            )
        });
        (texts, split)
    };
    let mut segments = Segments::unsplit(path);
    match segments.split(deepest, EVERY_DEPTH) {
        Ok(()) => return Some(shown(&segments)),
        Err(Unsplit::Unroutable) => return None,
        Err(Unsplit::Escaped) => {}
    }
    let mut buffer = String::new();
    let table = match Decoded::decode(path, deepest, &mut buffer) {
        Ok(table) => table,
        Err(Unreadable::Unroutable) => return None,
        Err(Unreadable::NotUtf8) => panic!("{path} does not decode"),
    };
    Some(shown(&table.segments(&buffer)))
}

/// The definition [`Segments`] and [`Decoded`] must keep, written with `split`.
fn defined(path: &str, deepest: usize) -> Read {
    let body = path.split(['?', '#']).next().unwrap_or_default();
    let body = body.strip_prefix('/').unwrap_or(body);
    let body = body.strip_suffix('/').unwrap_or(body);
    let raw: Vec<&str> = if body.is_empty() {
        Vec::new()
    } else {
        body.split('/').collect()
    };
    if raw.len() > deepest || raw.iter().any(|s| s.is_empty()) {
        return None;
    }
    let decode = |s: &str| decode_segment(s).unwrap().into_owned();
    let texts = raw.iter().map(|s| (decode(s), s.contains('.'))).collect();
    let split = raw.last().and_then(|last| {
        let (base, format) = last.rsplit_once('.')?;
        (!base.is_empty() && !format.is_empty())
            .then(|| (decode(base), decode(format), base.contains('.')))
    });
    Some((texts, split))
}

#[test]
fn paths_are_read_then_decoded() {
    type Case<'a> = (&'a str, Option<(&'a [&'a str], Option<(&'a str, &'a str)>)>);
    let cases: &[Case] = &[
        ("/", Some((&[], None))),
        ("", Some((&[], None))),
        ("//", Some((&[], None))),
        ("/?x", Some((&[], None))),
        ("/articles/", Some((&["articles"], None))),
        ("articles", Some((&["articles"], None))),
        ("/articles?x=/y.z", Some((&["articles"], None))),
        ("/articles?x=%FF", Some((&["articles"], None))),
        ("/a#frag", Some((&["a"], None))),
        ("/a%2Fb/c", Some((&["a/b", "c"], None))),
        ("/a/b.xml", Some((&["a", "b.xml"], Some(("b", "xml"))))),
        ("/a/b%2Exml", Some((&["a", "b.xml"], None))),
        (
            "/a/b%2Ex.m%6Cl",
            Some((&["a", "b.x.mll"], Some(("b.x", "mll")))),
        ),
        ("/a/1.2.3", Some((&["a", "1.2.3"], Some(("1.2", "3"))))),
        ("/a/.xml", Some((&["a", ".xml"], None))),
        ("/a/b.", Some((&["a", "b."], None))),
        ("/a.b/c", Some((&["a.b", "c"], None))),
        ("/%2F/", Some((&["/"], None))),
        (
            "/articles/1.json/",
            Some((&["articles", "1.json"], Some(("1", "json")))),
        ),
        ("/a//b", None),
        ("/a//", None),
        ("///", None),
        ("//a", None),
        ("/a/%2F/", Some((&["a", "/"], None))),
        (
            "/abcdefghijklmnopqrstuvwxyz/0123456789abcdefghij.json",
            Some((
                &["abcdefghijklmnopqrstuvwxyz", "0123456789abcdefghij.json"],
                Some(("0123456789abcdefghij", "json")),
            )),
        ),
    ];
    for (path, want) in cases {
        let got = read(path, 8).map(|(texts, split)| {
            let texts: Vec<String> = texts.into_iter().map(|(t, _)| t).collect();
            (texts, split.map(|(b, f, _)| (b, f)))
        });
        let want = want.map(|(texts, split)| {
            (
                texts.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                split.map(|(b, f)| (b.to_owned(), f.to_owned())),
            )
        });
        assert_eq!(got, want, "{path:?}");
    }
}

/// Random paths of a few meaningful bytes, against the definition written with `split`.
#[test]
fn reading_keeps_the_definition_on_random_paths() {
    let mut path = String::new();
    for seed in 0..50_000u32 {
        path.clear();
        let mut x = seed;
        // Some longer, over several windows (most with an empty segment somewhere).
        let tokens = seed % 24 + if seed % 11 == 0 { 80 } else { 0 };
        for _ in 0..tokens {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            path.push_str(match x >> 16 & 15 {
                0..=3 => "/",
                4 => ".",
                5 if seed % 3 == 0 => "%2E",
                6 if seed % 5 == 0 => "%2F",
                7 if seed % 7 == 0 => "?",
                8 => "abcdefghijklmnopq",
                _ => "a",
            });
        }
        for deepest in [0, 1, 3, 8, usize::MAX] {
            assert_eq!(
                read(&path, deepest),
                defined(&path, deepest),
                "{path:?} in {deepest}"
            );
        }
    }
}

/// Every window boundary meeting every kind of byte: paths of up to 100 bytes (four windows),
/// with and without a leading `/`, over segments of four bytes (`abcd/`, five bytes a period, so
/// that its own slashes fall on every place of a window) or one long segment, with one piece
/// put in at every place: `//` across a boundary, a stop on a window's first or last byte, a
/// `.` either side of one.
#[test]
fn reading_keeps_the_definition_at_every_window_boundary() {
    let pieces = ["/", ".", "?", "#", "%2E", "//", "/.", "./", "/?"];
    for lead in ["", "/"] {
        for background in ["abcd/", "abcdefgh"] {
            for len in 0..=100usize {
                let body: String = background.chars().cycle().take(len).collect();
                for at in 0..=len {
                    for piece in pieces {
                        let path = format!("{lead}{}{piece}{}", &body[..at], &body[at..]);
                        for deepest in [0, 3, 8, usize::MAX] {
                            assert_eq!(
                                read(&path, deepest),
                                defined(&path, deepest),
                                "{path:?} in {deepest}"
                            );
                        }
                    }
                }
            }
        }
    }
    for root in ["//", "//?x", "//#x", "//?/a//", "//%41", "///"] {
        assert_eq!(read(root, 8), defined(root, 8), "{root:?}");
    }
}

/// A path deeper than `MAX_DEPTH`, as only a glob's table takes: refused by a shallower table,
/// and read with its end, and its last segment's `VALUE.FORMAT` where `formats` has the bit of
/// its depth (which none the macro writes has: no route is that deep, and a glob takes no
/// format).
#[test]
fn paths_deeper_than_max_depth_keep_their_end_and_format() {
    for trailing in ["", "/"] {
        let path = format!("{}/b.json{trailing}", "/a".repeat(40));
        for deepest in [39, 40, 41, usize::MAX] {
            let mut segments = Segments::unsplit(&path);
            let result = segments.split(deepest, EVERY_DEPTH);
            if deepest < 41 {
                assert_eq!(result, Err(Unsplit::Unroutable), "{path} in {deepest}");
                continue;
            }
            assert_eq!(result, Ok(()), "{path} in {deepest}");
            assert_eq!(segments.n(), 41);
            assert_eq!(segments.end(), 2 * 40 + "/b.json".len());
            let (start, end) = segments.bounds(MAX_DEPTH - 1);
            assert_eq!((start, end), (2 * 31 + 1, 2 * 32));
            let split = segments.split_last().expect("b.json reads as VALUE.FORMAT");
            let (fs, fe) = split.format.range();
            assert_eq!(segments.text(split.start(), split.end()), "b");
            assert_eq!(segments.text(fs, fe), "json");
        }
    }
    // The order of the refusals: too deep before an empty segment, an escape judged first.
    // (The escape lies past the first window the split reads, which finds the empty segment.)
    let deep_then_empty = "/a/b/c/d/e/f/g//h/xxxxxxxxxxxxxxxxxxxx/%41";
    let mut segments = Segments::unsplit(deep_then_empty);
    assert_eq!(segments.split(3, EVERY_DEPTH), Err(Unsplit::Unroutable));
    let mut segments = Segments::unsplit(deep_then_empty);
    assert_eq!(segments.split(9, EVERY_DEPTH), Err(Unsplit::Escaped));
    let mut segments = Segments::unsplit("//");
    assert_eq!((segments.split(8, EVERY_DEPTH), segments.n()), (Ok(()), 0));
}

#[test]
fn deep_paths_are_counted_before_they_are_decoded() {
    let deep = format!("/%FF{}", "/x".repeat(4000));
    let mut buffer = String::new();
    assert!(matches!(
        Decoded::decode(&deep, 3, &mut buffer),
        Err(Unreadable::Unroutable)
    ));
    assert!(buffer.is_empty(), "counted before decoded");
    assert!(read("/a/b/c", 3).is_some());
    assert!(read("/a/b/c/d", 3).is_none());
}

#[test]
fn the_last_segment_reads_as_value_and_format_at_its_last_raw_dot() {
    type Case<'a> = (&'a str, Option<(&'a str, &'a str, bool)>);
    let cases: [Case; 8] = [
        ("/users.json", Some(("users", "json", false))),
        ("/users.json/", Some(("users", "json", false))),
        ("/users.json?x=.y", Some(("users", "json", false))),
        ("/users.json/x", None),
        ("/users.tar.gz", Some(("users.tar", "gz", true))),
        ("/users.", None),
        ("/.json", None),
        ("/us%65rs.j%73on", Some(("users", "json", false))),
    ];
    for (path, want) in cases {
        let got = read(path, 4).and_then(|(_, split)| split);
        let want = want.map(|(base, format, dot)| (base.to_owned(), format.to_owned(), dot));
        assert_eq!(got, want, "{path}");
    }
}

#[test]
fn the_bytes_of_short_paths_are_classed_as_a_byte_loop_classes_them() {
    let alphabet = b"/.%?#a0";
    for seed in 0..20_000u32 {
        let n = (seed % 16) as usize;
        let bytes: Vec<u8> = (0..n)
            .map(|i| {
                let x = seed.wrapping_mul(2_654_435_761).rotate_left(i as u32 * 5) ^ i as u32;
                alphabet[(x % 7) as usize]
            })
            .collect();
        assert_eq!(
            classes_short(&bytes),
            classes_bytewise(&bytes),
            "{:?}",
            String::from_utf8_lossy(&bytes)
        );
    }
}

#[test]
fn bytes_are_classed_as_a_byte_loop_classes_them() {
    let mut chunk = [0u8; 16];
    for seed in 0..20_000u32 {
        for (i, b) in chunk.iter_mut().enumerate() {
            let x = seed.wrapping_mul(2_654_435_761).rotate_left(i as u32 * 3) ^ i as u32;
            *b = match x % 4 {
                0 => b"/.%?#a0"[(x / 4 % 7) as usize],
                _ => (x >> 8) as u8,
            };
        }
        assert_eq!(classes(&chunk), classes_bytewise(&chunk), "{chunk:?}");
    }
    assert_eq!(
        classes(b"a/b.c%d?e#f\0\xff/.."),
        Classes {
            slash: 0b0010_0000_0000_0010,
            dot: 0b1100_0000_0000_1000,
            stop: 0b0000_0010_1010_0000,
        }
    );
}

#[test]
fn undecodable_paths_are_refused() {
    for path in ["/%FF", "/a/%C3%28", "/a/b.%FF", "/a/%FF.json"] {
        let mut buffer = String::new();
        assert!(
            matches!(
                Decoded::decode(path, 4, &mut buffer),
                Err(Unreadable::NotUtf8)
            ),
            "{path}"
        );
    }
    let mut buffer = String::new();
    assert!(Decoded::decode("/a%20?%FF", 4, &mut buffer).is_ok());
}

/// The last segment is read as `VALUE.FORMAT` only at a depth where a route reads it so: a
/// glob's file name costs no reading.
#[test]
fn the_format_is_read_only_at_the_depths_routes_read_it() {
    let deep = format!("{}/b.json", "/a".repeat(70));
    let cases = [
        ("/a/b.json", 2),
        ("/a/b.json/", 2),
        ("/b.json", 1),
        (deep.as_str(), 71),
    ];
    for (path, n) in cases {
        let bit = 1u64 << n.min(63);
        for (formats, read) in [(bit, true), (!bit, false), (0, false)] {
            let mut segments = Segments::unsplit(path);
            assert_eq!(segments.split(usize::MAX, formats), Ok(()), "{path}");
            assert_eq!(segments.n(), n, "{path}");
            let split = segments.split_last().map(|s| {
                let (fs, fe) = s.format.range();
                (segments.text(s.start(), s.end()), segments.text(fs, fe))
            });
            let want = read.then_some(("b", "json"));
            assert_eq!(split, want, "{path} with formats {formats:#x}");
        }
    }
}
