//! Percent-encoding for generation and percent-decoding for recognition.
//!
//! The two are built as a pair: a value encoded by [`push_segment`] and decoded by
//! [`decode_segment`] comes back unchanged, whatever it holds (`/`, `?`, `#`, `.`, `%`, spaces,
//! non-ASCII). That is the promise the `_path` helpers make.

use std::borrow::Cow;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Which bytes each part of a URL carries unescaped, one flag per byte value.
const SEGMENT: u8 = 1;
const DOT: u8 = 2;
const QUERY: u8 = 4;
const FRAGMENT: u8 = 8;

const SAFE: [u8; 256] = {
    let mut safe = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            safe[b] = SEGMENT | DOT | QUERY | FRAGMENT;
        }
        b += 1;
    }
    // RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`. A `.` separates a
    // format, so segments escape it unless their requirement gives it a meaning.
    let pchar = b"-_~!$&'()*+,;=:@";
    let mut i = 0;
    while i < pchar.len() {
        safe[pchar[i] as usize] |= SEGMENT | DOT | FRAGMENT;
        i += 1;
    }
    safe[b'.' as usize] |= DOT | FRAGMENT;
    let unreserved = b"-._~";
    let mut i = 0;
    while i < unreserved.len() {
        safe[unreserved[i] as usize] |= QUERY;
        i += 1;
    }
    safe[b'/' as usize] |= FRAGMENT;
    safe[b'?' as usize] |= FRAGMENT;
    safe
};

/// The flag of a segment's safe bytes: with or without `.`.
fn segment_class(keep_dot: bool) -> u8 {
    if keep_dot { DOT } else { SEGMENT }
}

fn push_escaped(out: &mut String, value: &str, class: u8) {
    let bytes = value.as_bytes();
    // Most values need no escape: copy them whole.
    let Some(first) = bytes
        .iter()
        .position(|&b| SAFE[usize::from(b)] & class == 0)
    else {
        out.push_str(value);
        return;
    };
    out.push_str(&value[..first]);
    let mut start = first;
    for (i, &b) in bytes.iter().enumerate().skip(first) {
        if SAFE[usize::from(b)] & class == 0 {
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
    escaped_len(value, segment_class(keep_dot))
}

/// How long `value` is once escaped as a query-string key or value.
pub(crate) fn query_component_len(value: &str) -> usize {
    escaped_len(value, QUERY)
}

fn escaped_len(value: &str, class: u8) -> usize {
    let escaped: usize = value
        .bytes()
        .map(|b| usize::from(SAFE[usize::from(b)] & class == 0))
        .sum();
    value.len() + 2 * escaped
}

/// Appends `value` escaped for one path segment.
pub(crate) fn push_segment(out: &mut String, value: &str, keep_dot: bool) {
    push_escaped(out, value, segment_class(keep_dot));
}

/// How long a glob's `value` is once written: each of its `/`-separated parts escaped as a
/// path segment whose dots are data (a glob takes no format).
pub(crate) fn glob_len(value: &str) -> usize {
    value
        .split('/')
        .map(|part| segment_len(part, true) + 1)
        .sum::<usize>()
        - 1
}

/// Appends a glob's `value`: its parts escaped, its `/` kept.
pub(crate) fn push_glob(out: &mut String, value: &str) {
    for (i, part) in value.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        push_segment(out, part, true);
    }
}

/// Appends `value` escaped for a query-string key or value.
pub(crate) fn push_query_component(out: &mut String, value: &str) {
    push_escaped(out, value, QUERY);
}

/// Appends `value` escaped as a form encodes it (Ruby's `CGI.escape`, Rack's `escape`): a
/// space as `+`, what is not unreserved as `%XX`.
pub(crate) fn push_form_component(out: &mut String, value: &str) {
    for part in value.split(' ').enumerate() {
        if part.0 > 0 {
            out.push('+');
        }
        push_escaped(out, part.1, QUERY);
    }
}

/// Appends `value` escaped for a fragment (`#anchor`).
pub(crate) fn push_fragment(out: &mut String, value: &str) {
    push_escaped(out, value, FRAGMENT);
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

/// Decodes one `application/x-www-form-urlencoded` component: `+` is a space, `%XX` a byte
/// (a malformed escape stays as it is), and bytes that are not UTF-8 become U+FFFD.
fn decode_form_component(raw: &[u8]) -> String {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        let escaped = (b == b'%')
            .then(|| Some(hex_value(*raw.get(i + 1)?)? << 4 | hex_value(*raw.get(i + 2)?)?))
            .flatten();
        match (b, escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                i += 1;
            }
            (_, None) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The decoded value of the first `key=value` pair of a form-encoded text (a query string or
/// a form body) whose decoded key is `key`. A pair without `=` has the empty value.
pub(crate) fn form_value(form: &[u8], key: &str) -> Option<String> {
    form.split(|&b| b == b'&').find_map(|pair| {
        let (name, value) = match pair.iter().position(|&b| b == b'=') {
            Some(at) => (&pair[..at], &pair[at + 1..]),
            None => (pair, &[][..]),
        };
        (!pair.is_empty() && decode_form_component(name) == key)
            .then(|| decode_form_component(value))
    })
}

/// A query string as Rails writes a request's query parameters again (`to_query`): each pair
/// decoded and encoded as a form encodes it, a key given twice by its last value, a key without
/// `=` left out, the pairs in sorted order.
pub(crate) fn requery(query: &str) -> String {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for pair in query.split(['&', ';']).map(str::trim_start) {
        let Some((name, value)) = pair.split_once('=') else {
            continue;
        };
        let (name, value) = (
            decode_form_component(name.as_bytes()),
            decode_form_component(value.as_bytes()),
        );
        pairs.retain(|(n, _)| *n != name);
        pairs.push((name, value));
    }
    let mut written: Vec<String> = pairs
        .iter()
        .map(|(name, value)| {
            let mut out = String::new();
            push_form_component(&mut out, name);
            out.push('=');
            push_form_component(&mut out, value);
            out
        })
        .collect();
    written.sort();
    written.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_written_again_as_rails_writes_it() {
        for (query, written) in [
            ("q=1", "q=1"),
            ("b=2&a=1", "a=1&b=2"),
            ("a=1&a=2", "a=2"),
            ("a+b=c%20d&flag", "a+b=c+d"),
            ("x=1;y=2", "x=1&y=2"),
            ("", ""),
        ] {
            assert_eq!(requery(query), written, "{query}");
        }
    }

    #[test]
    fn form_values_are_found_and_decoded() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("_method=put", "_method", Some("put")),
            ("a=1&_method=delete&b=2", "_method", Some("delete")),
            ("_method=put&_method=delete", "_method", Some("put")),
            ("%5Fmethod=patch", "_method", Some("patch")),
            ("_method=a+b%21", "_method", Some("a b!")),
            ("_method", "_method", Some("")),
            ("_method=%FF", "_method", Some("\u{FFFD}")),
            ("_method=%", "_method", Some("%")),
            ("x_method=put", "_method", None),
            ("", "_method", None),
            ("&&=&", "_method", None),
        ];
        for &(form, key, value) in cases {
            assert_eq!(
                form_value(form.as_bytes(), key).as_deref(),
                value,
                "{key} in {form:?}"
            );
        }
    }

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
