//! Request paths cut into segments.
//!
//! A path is cut at its query (or fragment), one leading and one trailing `/` are dropped, and
//! it is split on `/` in one pass over its bytes; each segment keeps whether it holds a `.` and
//! a [`key`] that lets the matcher compare it with static segments as integers. Only then are
//! segments percent-decoded, for paths that have escapes.

use std::borrow::Cow;

use smallvec::SmallVec;

use http::Method;

use crate::RoutingError;
use crate::encode::decode_segment;

/// Segments of a path, inline for the usual depths.
pub(crate) type Segs<'p> = SmallVec<[Seg<'p>; 8]>;

/// A segment's length, first three bytes and last four, packed so that segments compare as
/// integers: equal keys mean equal segments up to seven bytes long, and a segment that long
/// or longer is told apart from its siblings by both ends (`resource12` and `resource13`).
#[inline]
pub(crate) fn key(text: impl AsRef<[u8]>) -> u64 {
    let b = text.as_ref();
    let n = b.len();
    let first = match b {
        [] => 0,
        [x] => u64::from(*x) << 16,
        [x, y] => u64::from(*x) << 16 | u64::from(*y) << 8,
        [x, y, z, ..] => u64::from(*x) << 16 | u64::from(*y) << 8 | u64::from(*z),
    };
    let last = match b.last_chunk::<4>() {
        Some(four) => u64::from(u32::from_be_bytes(*four)),
        None => b.iter().fold(0, |word, &x| word << 8 | u64::from(x)),
    };
    (n.min(255) as u64) << 56 | first << 32 | last
}

/// One segment as matching sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seg<'a> {
    /// The decoded text.
    pub(crate) text: &'a str,
    /// The raw text has a `.`, which a dynamic segment without a requirement refuses.
    pub(crate) raw_dot: bool,
    pub(crate) key: u64,
}

impl<'a> Seg<'a> {
    pub(crate) fn new(text: &'a str, raw_dot: bool) -> Self {
        Seg {
            text,
            raw_dot,
            key: key(text),
        }
    }
}

/// The last segment read as `VALUE.FORMAT`, split at its last raw `.`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Split<'a> {
    pub(crate) base: Seg<'a>,
    pub(crate) format: &'a str,
}

/// The part of `path` before any query or fragment.
pub(crate) fn strip_query(path: &str) -> &str {
    match memchr::memchr2(b'?', b'#', path.as_bytes()) {
        Some(end) => &path[..end],
        None => path,
    }
}

fn split_last_dot(text: &str) -> Option<(&str, &str)> {
    let (base, format) = text.rsplit_once('.')?;
    (!base.is_empty() && !format.is_empty()).then_some((base, format))
}

/// `raw` split at its last `.`, as raw segments.
pub(crate) fn split_raw_last(last: &str) -> Option<Split<'_>> {
    let (base, format) = split_last_dot(last)?;
    Some(Split {
        base: Seg::new(base, base.contains('.')),
        format,
    })
}

/// What a byte means while cutting a path.
pub(crate) const PLAIN: u8 = 0;
pub(crate) const SLASH: u8 = 1;
pub(crate) const DOT: u8 = 2;
pub(crate) const PERCENT: u8 = 3;
/// `?` or `#`: the path ends here.
pub(crate) const END: u8 = 4;

pub(crate) const CLASS: [u8; 256] = {
    let mut class = [PLAIN; 256];
    class[b'/' as usize] = SLASH;
    class[b'.' as usize] = DOT;
    class[b'%' as usize] = PERCENT;
    class[b'?' as usize] = END;
    class[b'#' as usize] = END;
    class
};

/// How cutting a path ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    /// Every segment is in `segs`, as it is: the path has no percent-escape.
    Plain,
    /// The path has a percent-escape before its query: its segments must be decoded.
    Escaped,
    /// The path has more than `limit` segments, so no route can take it.
    TooDeep,
}

/// Splits `path` into `segs` (raw, not decoded), stopping at the first percent-escape or at
/// the segment after `limit`; `segs` is unspecified unless the cut is [`Cut::Plain`].
#[inline(always)]
pub(crate) fn split_raw<'p>(path: &'p str, segs: &mut Segs<'p>, limit: usize) -> Cut {
    let bytes = path.as_bytes();
    let start = usize::from(bytes.first() == Some(&b'/'));
    let mut from = start;
    let mut raw_dot = false;
    let mut end = bytes.len();
    let mut i = start;
    // Segments cut so far: `segs.len()`, kept apart because a `SmallVec`'s length is dearer.
    let mut cut = 0;
    loop {
        // Most bytes mean nothing here: skip them in a tight loop.
        while i < bytes.len() && CLASS[usize::from(bytes[i])] == PLAIN {
            i += 1;
        }
        let Some(&b) = bytes.get(i) else { break };
        match CLASS[usize::from(b)] {
            SLASH => {
                segs.push(Seg {
                    text: &path[from..i],
                    raw_dot,
                    key: key(&path[from..i]),
                });
                cut += 1;
                if cut > limit {
                    return Cut::TooDeep;
                }
                from = i + 1;
                raw_dot = false;
            }
            DOT => raw_dot = true,
            PERCENT => return Cut::Escaped,
            _ => {
                end = i;
                break;
            }
        }
        i += 1;
    }
    // One trailing `/` is tolerated: it leaves no segment after it, and `//` is the root.
    // Otherwise the text after the last `/` is the last segment.
    if from < end {
        segs.push(Seg {
            text: &path[from..end],
            raw_dot,
            key: key(&path[from..end]),
        });
    } else if segs.len() == 1 && segs[0].text.is_empty() {
        segs.clear();
    }
    if segs.len() > limit {
        return Cut::TooDeep;
    }
    Cut::Plain
}

/// A segment decoded, with whether its raw text had a `.`.
type DecodedSeg<'p> = (Cow<'p, str>, bool);

/// A path with percent-escapes, its segments decoded.
#[derive(Debug)]
pub(crate) struct Decoded<'p> {
    segments: Vec<DecodedSeg<'p>>,
    split: Option<(DecodedSeg<'p>, Cow<'p, str>)>,
}

/// Why a path with escapes cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// More segments than the limit: no route can take it, whatever its escapes hold.
    TooDeep,
    /// An escape does not decode to UTF-8.
    NotUtf8,
}

impl Unreadable {
    /// The error recognising the path answers.
    pub(crate) fn error(self, method: &Method, path: &str) -> RoutingError {
        match self {
            Unreadable::TooDeep => RoutingError::NotFound {
                method: method.clone(),
                path: strip_query(path).to_owned(),
            },
            Unreadable::NotUtf8 => bad_request(path),
        }
    }
}

impl<'p> Decoded<'p> {
    /// Splits then decodes `path`, refusing more than `limit` segments before decoding any.
    pub(crate) fn new(path: &'p str, limit: usize) -> Result<Self, Unreadable> {
        let shown = strip_query(path);
        let body = shown.strip_prefix('/').unwrap_or(shown);
        let body = body.strip_suffix('/').unwrap_or(body);
        let raw: Vec<&str> = if body.is_empty() {
            Vec::new()
        } else {
            body.split('/').take(limit.saturating_add(1)).collect()
        };
        if raw.len() > limit {
            return Err(Unreadable::TooDeep);
        }
        let segment = |raw: &'p str| match decode_segment(raw) {
            Ok(text) => Ok((text, raw.contains('.'))),
            Err(_) => Err(Unreadable::NotUtf8),
        };
        let segments = raw
            .iter()
            .map(|s| segment(s))
            .collect::<Result<Vec<_>, _>>()?;
        let last = raw.last().copied().unwrap_or(body);
        let split = match split_last_dot(last) {
            Some((base, format)) => Some((
                segment(base)?,
                decode_segment(format).map_err(|_| Unreadable::NotUtf8)?,
            )),
            None => None,
        };
        Ok(Decoded { segments, split })
    }

    pub(crate) fn segs(&self) -> Segs<'_> {
        self.segments
            .iter()
            .map(|(text, dot)| Seg::new(text, *dot))
            .collect()
    }

    pub(crate) fn split(&self) -> Option<Split<'_>> {
        self.split.as_ref().map(|((base, dot), format)| Split {
            base: Seg::new(base, *dot),
            format,
        })
    }
}

/// The error for a path whose escapes do not decode to UTF-8.
pub(crate) fn bad_request(path: &str) -> RoutingError {
    RoutingError::BadRequest {
        path: strip_query(path).to_owned(),
        reason: "a percent-escape does not decode to UTF-8",
    }
}

/// A path's segments, raw or decoded, and its last segment's format reading: what the
/// reference recogniser reads.
pub(crate) struct Path<'p> {
    pub(crate) shown: &'p str,
    pub(crate) segs: Segs<'p>,
    pub(crate) split: Option<Split<'p>>,
}

impl<'p> Path<'p> {
    /// `path` read with the segments of `decoded` when it has escapes.
    pub(crate) fn new(path: &'p str, decoded: Option<&'p Decoded<'p>>) -> Self {
        let shown = strip_query(path);
        match decoded {
            Some(decoded) => Path {
                shown,
                segs: decoded.segs(),
                split: decoded.split(),
            },
            None => {
                let mut segs = Segs::new();
                split_raw(path, &mut segs, usize::MAX);
                let split = segs.last().and_then(|last| split_raw_last(last.text));
                Path { shown, segs, split }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each segment's text, and the format split.
    type Read = (Vec<String>, Option<(String, String)>);

    fn read(path: &str) -> Read {
        let decoded;
        let mut segs = Segs::new();
        let (segs, split) = if split_raw(path, &mut segs, usize::MAX) == Cut::Plain {
            let split = segs.last().and_then(|last| split_raw_last(last.text));
            (segs, split)
        } else {
            decoded = Decoded::new(path, usize::MAX).expect("decodes");
            (decoded.segs(), decoded.split())
        };
        for seg in &segs {
            assert_eq!(seg.key, key(seg.text));
        }
        (
            segs.iter().map(|s| s.text.to_owned()).collect(),
            split.map(|s| (s.base.text.to_owned(), s.format.to_owned())),
        )
    }

    #[test]
    fn paths_are_cut_then_decoded() {
        type Case<'a> = (&'a str, &'a [&'a str], Option<(&'a str, &'a str)>);
        let cases: &[Case] = &[
            ("/", &[], None),
            ("", &[], None),
            ("//", &[], None),
            ("/?x", &[], None),
            ("/articles/", &["articles"], None),
            ("articles", &["articles"], None),
            ("/articles?x=/y.z", &["articles"], None),
            ("/articles?x=%FF", &["articles"], None),
            ("/a#frag", &["a"], None),
            ("/a%2Fb/c", &["a/b", "c"], None),
            ("/a/b.xml", &["a", "b.xml"], Some(("b", "xml"))),
            ("/a/b%2Exml", &["a", "b.xml"], None),
            ("/a/b%2Ex.m%6Cl", &["a", "b.x.mll"], Some(("b.x", "mll"))),
            ("/a/1.2.3", &["a", "1.2.3"], Some(("1.2", "3"))),
            ("/a/.xml", &["a", ".xml"], None),
            ("/a/b.", &["a", "b."], None),
            ("/a//b", &["a", "", "b"], None),
            ("/a//", &["a", ""], None),
            ("///", &["", ""], None),
            ("/a.b/c", &["a.b", "c"], None),
            ("/%2F/", &["/"], None),
        ];
        for (given, segments, split) in cases {
            let (got, got_split) = read(given);
            assert_eq!(got, *segments, "segments of {given:?}");
            assert_eq!(
                got_split,
                split.map(|(b, f)| (b.to_owned(), f.to_owned())),
                "format split of {given:?}"
            );
        }
    }

    #[test]
    fn keys_tell_short_segments_apart() {
        assert_eq!(key("users"), key("users"));
        assert_ne!(key("users"), key("user"));
        assert_ne!(key("abc"), key("abd"));
        assert_ne!(key("abcdefg"), key("abcdefh"));
        assert_ne!(key("resource12"), key("resource13"), "both ends count");
        assert_eq!(
            key("received_events"),
            key("reckless_events"),
            "only both ends are packed"
        );
        assert_ne!(key("notifications"), key("notification"));
        assert_eq!(key(""), 0);
        for text in ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg"] {
            for other in [
                "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefh", "bbcd",
            ] {
                assert_eq!(
                    key(text) == key(other),
                    text == other,
                    "{text} against {other}"
                );
            }
        }
    }

    #[test]
    fn undecodable_paths_are_bad_requests() {
        for path in ["/%FF", "/a/%C3%28", "/a/b.%FF", "/a/%FF.json"] {
            let error = Decoded::new(path, usize::MAX).unwrap_err();
            assert_eq!(error, Unreadable::NotUtf8, "{path}");
        }
        assert!(Decoded::new("/a?%FF", usize::MAX).is_ok());
    }

    /// Cutting stops at the segment after the limit, before any escape is decoded, and one
    /// trailing `/` or an empty root does not count.
    #[test]
    fn paths_deeper_than_the_limit_are_cut_short() {
        let cut = |path: &str, limit: usize| {
            let mut segs = Segs::new();
            let cut = split_raw(path, &mut segs, limit);
            let decoded = Decoded::new(path, limit).err();
            (cut, segs.len(), decoded)
        };
        assert_eq!(cut("/a/b", 2), (Cut::Plain, 2, None));
        assert_eq!(cut("/a/b/", 2), (Cut::Plain, 2, None));
        assert_eq!(cut("//", 1), (Cut::Plain, 0, None));
        assert_eq!(cut("/a/b/c", 2).0, Cut::TooDeep);
        assert_eq!(cut("/a/b/c", 2).2, Some(Unreadable::TooDeep));
        assert_eq!(cut("/a//", 1).0, Cut::TooDeep);
        let deep = "/x".repeat(4000);
        let (reached, read, _) = cut(&deep, 3);
        assert_eq!(
            (reached, read),
            (Cut::TooDeep, 4),
            "reads one segment past the limit"
        );
        let escaped = format!("/%FF{deep}");
        assert_eq!(cut(&escaped, 3).0, Cut::Escaped);
        assert_eq!(cut(&escaped, 3).2, Some(Unreadable::TooDeep), "depth first");
        assert_eq!(cut("/%FF/x", 3).2, Some(Unreadable::NotUtf8));
    }
}
