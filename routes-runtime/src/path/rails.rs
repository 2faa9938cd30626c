//! Paths as Rails 3 and later read them, for `draw!`'s route sets: normalised first (`//`
//! squeezed to `/`, a trailing `/` dropped, escapes' hex digits upper-cased, as
//! `Journey::Router::Utils.normalize_path`), then matched raw, escapes and all, so that `/%70`
//! is not `/p`; the values are decoded once a route takes them.

use super::{Bound, MAX_DEPTH, Segments, Split, strip_query};

/// `path` (its query dropped) as Rails normalises it.
pub(crate) fn normalize(path: &str) -> String {
    let body = strip_query(path);
    let mut out = String::with_capacity(body.len() + 1);
    out.push('/');
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'/' {
            if !out.ends_with('/') {
                out.push('/');
            }
            i += 1;
            continue;
        }
        let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
        if b == b'%' && bytes.get(i + 1).is_some_and(hex) && bytes.get(i + 2).is_some_and(hex) {
            out.push('%');
            out.push(char::from(bytes[i + 1].to_ascii_uppercase()));
            out.push(char::from(bytes[i + 2].to_ascii_uppercase()));
            i += 3;
            continue;
        }
        let c = body[i..].chars().next().unwrap_or_default();
        out.push(c);
        i += c.len_utf8();
    }
    if out.len() > 1 && out.ends_with('/') {
        out.pop();
    }
    out
}

impl<'a> Segments<'a> {
    /// A normalised path split on `/`, each segment raw; `None` for one deeper than
    /// `deepest`. The last segment reads as `VALUE.FORMAT` where `formats` has the bit of
    /// the path's depth.
    pub(crate) fn raw(text: &'a str, deepest: usize, formats: u64) -> Option<Self> {
        let mut segments = Segments::unsplit(text);
        segments.first = 1;
        let body = text.get(1..).unwrap_or_default();
        if body.is_empty() {
            segments.end = 1;
            return Some(segments);
        }
        let mut at = 1;
        for (n, segment) in body.split('/').enumerate() {
            if n >= deepest {
                return None;
            }
            let end = at + segment.len();
            if let Some(slot) = segments.ends.get_mut(n) {
                *slot = end as u16;
            }
            if n < 32 && segment.contains('.') {
                segments.dots |= 1 << n;
            }
            segments.n = n + 1;
            segments.end = end;
            at = end + 1;
        }
        let n = segments.n;
        if n > MAX_DEPTH && deepest != usize::MAX {
            return None;
        }
        if formats & 1 << n.min(63) != 0 {
            let start = segments.bounds(n - 1).0;
            let end = segments.end;
            let last = &text[start..end];
            if let Some(dot) = last.rfind('.') {
                let dot = start + dot;
                if dot > start && dot + 1 < end {
                    segments.split = Some(Split {
                        base: Bound::at(start, dot),
                        format: Bound::at(dot + 1, end),
                        base_dot: text[start..dot].contains('.'),
                    });
                }
            }
        }
        Some(segments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_normalise_as_rails_normalises_them() {
        let cases = [
            ("/", "/"),
            ("", "/"),
            ("//posts//1/", "/posts/1"),
            ("/posts/?page=2", "/posts"),
            ("/a%2fb/%7e", "/a%2Fb/%7E"),
            ("/a%2Gb", "/a%2Gb"),
            ("/é//x", "/é/x"),
        ];
        for (path, want) in cases {
            assert_eq!(normalize(path), want, "{path:?}");
        }
    }

    #[test]
    fn raw_segments_keep_their_escapes() {
        let text = normalize("/files//a%2Fb.txt");
        let segments = Segments::raw(&text, 8, u64::MAX).unwrap();
        assert_eq!(segments.n(), 2);
        let (start, end) = segments.bounds(1);
        assert_eq!(segments.text(start, end), "a%2Fb.txt");
        let split = segments.split_last().unwrap();
        assert_eq!(segments.text(split.start(), split.end()), "a%2Fb");
        assert_eq!(segments.rest(1).1, "/a%2Fb.txt");
        assert!(Segments::raw(&normalize("/a/b/c"), 2, 0).is_none());
    }
}
