//! A request path read segment by segment, without allocating when it has no percent-escapes.
//!
//! The path is cut at its query (or fragment), one leading and one trailing `/` are dropped,
//! and segments are found on demand. A path with escapes is split and decoded once up front,
//! since its segments may be read several times.

use std::borrow::Cow;

use crate::RoutingError;
use crate::encode::decode_segment;

/// Where reading stands: the next segment's index and, for raw paths, its byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cursor {
    index: usize,
    pos: usize,
}

/// One segment as matching sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seg<'a> {
    /// The decoded text.
    pub(crate) text: &'a str,
    /// The raw text had a `.`, which a dynamic segment without a requirement refuses.
    pub(crate) raw_dot: bool,
}

/// The last segment read as `VALUE.FORMAT`, split at its last raw `.`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Split<'a> {
    pub(crate) base: Seg<'a>,
    pub(crate) format: &'a str,
}

#[derive(Debug)]
struct Decoded<'p> {
    text: Cow<'p, str>,
    raw_dot: bool,
}

#[derive(Debug)]
enum Body<'p> {
    /// No escapes: segments are slices of the body.
    Raw(&'p str),
    /// Escapes: every segment decoded, and the last one's split.
    Decoded {
        segments: Vec<Decoded<'p>>,
        split: Option<(Decoded<'p>, Cow<'p, str>)>,
    },
}

/// A request path, ready for matching.
#[derive(Debug)]
pub(crate) struct Path<'p> {
    /// The path as given, without its query: what errors report.
    pub(crate) shown: &'p str,
    body: Body<'p>,
    /// The raw last segment, for the format split of raw paths.
    last: &'p str,
    empty: bool,
}

/// The part of `path` before any query or fragment.
pub(crate) fn strip_query(path: &str) -> &str {
    path.find(['?', '#']).map_or(path, |end| &path[..end])
}

fn split_raw(raw: &str) -> Option<(&str, &str)> {
    raw.rsplit_once('.')
        .filter(|(base, format)| !base.is_empty() && !format.is_empty())
}

impl<'p> Path<'p> {
    pub(crate) fn new(path: &'p str) -> Result<Self, RoutingError> {
        let shown = strip_query(path);
        let body = shown.strip_prefix('/').unwrap_or(shown);
        let body = body.strip_suffix('/').unwrap_or(body);
        let last = body.rsplit('/').next().unwrap_or(body);
        let empty = body.is_empty();
        if !body.contains('%') {
            return Ok(Path {
                shown,
                body: Body::Raw(body),
                last,
                empty,
            });
        }
        let bad = || RoutingError::BadRequest {
            path: shown.to_owned(),
            reason: "a percent-escape does not decode to UTF-8",
        };
        let decode = |raw: &'p str| -> Result<Decoded<'p>, RoutingError> {
            Ok(Decoded {
                text: decode_segment(raw).map_err(|_| bad())?,
                raw_dot: raw.contains('.'),
            })
        };
        let segments = body.split('/').map(decode).collect::<Result<Vec<_>, _>>()?;
        let split = match split_raw(last) {
            Some((base, format)) => {
                Some((decode(base)?, decode_segment(format).map_err(|_| bad())?))
            }
            None => None,
        };
        Ok(Path {
            shown,
            body: Body::Decoded { segments, split },
            last,
            empty,
        })
    }

    pub(crate) fn start(&self) -> Cursor {
        Cursor { index: 0, pos: 0 }
    }

    /// Whether every segment has been read.
    pub(crate) fn at_end(&self, cursor: Cursor) -> bool {
        match &self.body {
            Body::Raw(body) => self.empty || cursor.pos > body.len(),
            Body::Decoded { segments, .. } => cursor.index >= segments.len(),
        }
    }

    /// The segment at `cursor` (which must not be at the end), whether it is the last one, and
    /// the cursor after it.
    pub(crate) fn segment(&self, cursor: Cursor) -> (Seg<'_>, bool, Cursor) {
        match &self.body {
            Body::Raw(body) => {
                let rest = &body[cursor.pos..];
                let len = rest.find('/').unwrap_or(rest.len());
                let text = &rest[..len];
                let next = Cursor {
                    index: cursor.index + 1,
                    pos: cursor.pos + len + 1,
                };
                let seg = Seg {
                    text,
                    raw_dot: text.contains('.'),
                };
                (seg, next.pos > body.len(), next)
            }
            Body::Decoded { segments, .. } => {
                let decoded = &segments[cursor.index];
                let seg = Seg {
                    text: &decoded.text,
                    raw_dot: decoded.raw_dot,
                };
                let next = Cursor {
                    index: cursor.index + 1,
                    pos: 0,
                };
                (seg, next.index == segments.len(), next)
            }
        }
    }

    /// The last segment split into a value and a format, when it has a raw `.` with text on
    /// both sides.
    pub(crate) fn split(&self) -> Option<Split<'_>> {
        match &self.body {
            Body::Raw(_) => split_raw(self.last).map(|(base, format)| Split {
                base: Seg {
                    text: base,
                    raw_dot: base.contains('.'),
                },
                format,
            }),
            Body::Decoded { split, .. } => split.as_ref().map(|(base, format)| Split {
                base: Seg {
                    text: &base.text,
                    raw_dot: base.raw_dot,
                },
                format,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each segment's text and whether it is the last, and the format split.
    type Read = (Vec<(String, bool)>, Option<(String, String)>);

    fn read(path: &str) -> Read {
        let path = Path::new(path).unwrap();
        let mut cursor = path.start();
        let mut segments = Vec::new();
        while !path.at_end(cursor) {
            let (seg, last, next) = path.segment(cursor);
            segments.push((seg.text.to_owned(), last));
            cursor = next;
        }
        let split = path
            .split()
            .map(|s| (s.base.text.to_owned(), s.format.to_owned()));
        (segments, split)
    }

    #[test]
    fn paths_are_cut_then_decoded() {
        type Case<'a> = (&'a str, &'a [&'a str], Option<(&'a str, &'a str)>);
        let cases: &[Case] = &[
            ("/", &[], None),
            ("", &[], None),
            ("//", &[], None),
            ("/articles/", &["articles"], None),
            ("articles", &["articles"], None),
            ("/articles?x=/y.z", &["articles"], None),
            ("/a#frag", &["a"], None),
            ("/a%2Fb/c", &["a/b", "c"], None),
            ("/a/b.xml", &["a", "b.xml"], Some(("b", "xml"))),
            ("/a/b%2Exml", &["a", "b.xml"], None),
            ("/a/b%2Ex.m%6Cl", &["a", "b.x.mll"], Some(("b.x", "mll"))),
            ("/a/1.2.3", &["a", "1.2.3"], Some(("1.2", "3"))),
            ("/a/.xml", &["a", ".xml"], None),
            ("/a/b.", &["a", "b."], None),
            ("/a//b", &["a", "", "b"], None),
        ];
        for (given, segments, split) in cases {
            let (got, got_split) = read(given);
            let texts: Vec<&str> = got.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(texts, *segments, "segments of {given:?}");
            let lasts: Vec<bool> = got.iter().map(|(_, l)| *l).collect();
            let expected_lasts: Vec<bool> = (0..segments.len())
                .map(|i| i + 1 == segments.len())
                .collect();
            assert_eq!(lasts, expected_lasts, "last flags of {given:?}");
            assert_eq!(
                got_split,
                split.map(|(b, f)| (b.to_owned(), f.to_owned())),
                "format split of {given:?}"
            );
        }
    }

    #[test]
    fn undecodable_paths_are_bad_requests() {
        for path in ["/%FF", "/a/%C3%28", "/a/b.%FF", "/a/%FF.json"] {
            let err = Path::new(path).unwrap_err();
            assert!(
                matches!(err, RoutingError::BadRequest { .. }),
                "{path}: {err}"
            );
        }
    }
}
