//! Percent-encoding for generation and percent-decoding for recognition.
//!
//! The two are built as a pair: a value encoded by [`push_segment`] and decoded by
//! [`decode_segment`] comes back unchanged, whatever it holds (`/`, `?`, `#`, `.`, `%`, spaces,
//! non-ASCII). That is the promise the `_path` helpers make.

use std::borrow::Cow;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Characters a path segment carries unescaped (RFC 3986 `pchar` without `%`), except `.`,
/// which separates a format and so is escaped unless the segment has its own requirement.
fn is_segment_safe(b: u8, keep_dot: bool) -> bool {
    b.is_ascii_alphanumeric() || b"-_~!$&'()*+,;=:@".contains(&b) || (keep_dot && b == b'.')
}

fn is_query_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

fn is_fragment_safe(b: u8) -> bool {
    is_segment_safe(b, true) || b == b'/' || b == b'?'
}

fn push_escaped(out: &mut String, value: &str, safe: impl Fn(u8) -> bool) {
    let bytes = value.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !safe(b) {
            // Unsafe bytes include every byte of a multi-byte character, so a pending run of
            // safe (ASCII) bytes always starts and ends on character boundaries.
            if start < i {
                out.push_str(&value[start..i]);
            }
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xF)]));
            start = i + 1;
        }
    }
    out.push_str(&value[start..]);
}

/// How long `value` is once escaped as a path segment.
pub(crate) fn segment_len(value: &str, keep_dot: bool) -> usize {
    value
        .bytes()
        .map(|b| if is_segment_safe(b, keep_dot) { 1 } else { 3 })
        .sum()
}

/// Appends `value` escaped for one path segment.
pub(crate) fn push_segment(out: &mut String, value: &str, keep_dot: bool) {
    push_escaped(out, value, |b| is_segment_safe(b, keep_dot));
}

/// Appends `value` escaped for a query-string key or value.
pub(crate) fn push_query_component(out: &mut String, value: &str) {
    push_escaped(out, value, is_query_safe);
}

/// Appends `value` escaped for a fragment (`#anchor`).
pub(crate) fn push_fragment(out: &mut String, value: &str) {
    push_escaped(out, value, is_fragment_safe);
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The decoded text was not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InvalidUtf8;

/// Decodes `%XX` escapes of one path segment. A `%` not followed by two hex digits is kept as
/// it is; `+` stays `+` (it means a space only in forms). Escapes that decode to bytes that are
/// not UTF-8 make the segment unreadable.
pub(crate) fn decode_segment(raw: &str) -> Result<Cow<'_, str>, InvalidUtf8> {
    let Some(first) = raw.find('%') else {
        return Ok(Cow::Borrowed(raw));
    };
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        let b = bytes[i];
        let escaped = (b == b'%')
            .then(|| {
                Some((
                    hex_value(*bytes.get(i + 1)?)?,
                    hex_value(*bytes.get(i + 2)?)?,
                ))
            })
            .flatten();
        match escaped {
            Some((hi, lo)) => {
                out.push(hi << 4 | lo);
                i += 3;
            }
            None => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| InvalidUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(value: &str) -> String {
        let mut out = String::new();
        push_segment(&mut out, value, false);
        out
    }

    #[test]
    fn segment_escaping_table() {
        let cases = [
            ("plain-Text_1~", "plain-Text_1~"),
            ("a/b", "a%2Fb"),
            ("a.b", "a%2Eb"),
            ("what?", "what%3F"),
            ("#top", "%23top"),
            ("100%", "100%25"),
            ("a b", "a%20b"),
            ("café", "caf%C3%A9"),
            ("a+b=c;d", "a+b=c;d"),
            ("", ""),
        ];
        for (value, expected) in cases {
            assert_eq!(encoded(value), expected, "encoding {value:?}");
            assert_eq!(
                segment_len(value, false),
                expected.len(),
                "length of {value:?}"
            );
            assert_eq!(
                decode_segment(expected).unwrap(),
                value,
                "decoding {expected:?}"
            );
        }
    }

    #[test]
    fn kept_dots_stay_dots() {
        let mut out = String::new();
        push_segment(&mut out, "1.2.3", true);
        assert_eq!(out, "1.2.3");
    }

    #[test]
    fn malformed_escapes_are_kept_literally() {
        for (raw, decoded) in [
            ("%", "%"),
            ("%2", "%2"),
            ("%zz", "%zz"),
            ("a%4", "a%4"),
            ("%%41", "%A"),
        ] {
            assert_eq!(decode_segment(raw).unwrap(), decoded, "decoding {raw:?}");
        }
    }

    #[test]
    fn escapes_that_are_not_utf8_are_refused() {
        for raw in ["%FF", "%C3%28", "abc%80", "%ED%A0%80"] {
            assert_eq!(decode_segment(raw), Err(InvalidUtf8), "decoding {raw:?}");
        }
    }

    #[test]
    fn decoding_borrows_when_there_is_nothing_to_decode() {
        assert!(matches!(
            decode_segment("articles"),
            Ok(Cow::Borrowed("articles"))
        ));
    }

    #[test]
    fn query_and_fragment_escaping() {
        let mut query = String::new();
        push_query_component(&mut query, "a b&c=d+e");
        assert_eq!(query, "a%20b%26c%3Dd%2Be");
        let mut fragment = String::new();
        push_fragment(&mut fragment, "top of/page?#");
        assert_eq!(fragment, "top%20of/page?%23");
    }
}
