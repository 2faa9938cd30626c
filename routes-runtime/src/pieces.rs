//! How a link to a `draw!` route whose path has optional groups (or a glob, several values in
//! one segment, a required format) is written: Journey's format. Each group is written when
//! every value directly in it is given, and left out otherwise; a value outside every group
//! must be given. As Rails generates, a trailing optional value equal to its default is left
//! out, with its group.

use crate::encode::{glob_len, push_glob, push_segment, segment_len};

/// A piece of a route's path as a link writes it.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// Text written as it is: `/`, `.`, a literal.
    Text(&'static str),
    /// Value number `k` of the route, escaped as a segment (`:name`, its `.` too unless its
    /// requirement gives it a meaning: the link routes back) or a path (`*name`, which keeps
    /// its `/`).
    Value { k: u8, glob: bool, keep_dot: bool },
    /// The format.
    Format,
    /// An optional group: the next `len` pieces.
    Group { len: u8 },
}

/// What a link is written with: each value by number, and the format.
pub(crate) struct Given<'a> {
    pub(crate) values: &'a [Option<&'a str>],
    pub(crate) format: Option<&'a str>,
}

impl Given<'_> {
    fn value(&self, k: u8) -> Option<&str> {
        self.values.get(usize::from(k)).copied().flatten()
    }

    fn has(&self, piece: &Piece) -> bool {
        match *piece {
            Piece::Value { k, .. } => self.value(k).is_some(),
            Piece::Format => self.format.is_some(),
            Piece::Text(_) | Piece::Group { .. } => true,
        }
    }
}

/// The bytes `pieces` take with `given`, and the value number of the first one outside every
/// group that is not given (`u8::MAX` for the format), if any.
pub(crate) fn measure(pieces: &[Piece], given: &Given<'_>) -> Result<usize, u8> {
    let mut len = 0;
    walk(pieces, given, &mut |piece| match *piece {
        Piece::Text(text) => len += text.len(),
        Piece::Value { k, glob, keep_dot } => {
            let value = given.value(k).unwrap_or_default();
            len += if glob {
                glob_len(value)
            } else {
                segment_len(value, keep_dot)
            };
        }
        Piece::Format => len += segment_len(given.format.unwrap_or_default(), false),
        Piece::Group { .. } => {}
    })?;
    Ok(len)
}

/// Writes `pieces` with `given` (which [`measure`] found complete) to `out`.
/// Leaves out trailing optional values at their defaults, as Rails' formatter does: from the
/// end, a value given with no default ends the search, one unlike its default is kept (the
/// search goes on), an optional one at its default is left out, a required one ends it.
/// `values[k]` is value number `k`, `default(k)` its default.
pub(crate) fn leave_out_defaults<T: AsRef<str>>(
    pieces: &[Piece],
    values: &mut [Option<T>],
    default: impl Fn(usize) -> Option<&'static str>,
) {
    for k in (0..values.len()).rev() {
        match (values[k].as_ref().map(AsRef::as_ref), default(k)) {
            (Some(_), None) => break,
            (Some(text), Some(default)) if text != default => continue,
            _ if !optional(pieces, k as u8) => break,
            _ => values[k] = None,
        }
    }
}

pub(crate) fn write(pieces: &[Piece], given: &Given<'_>, out: &mut String) {
    let _ = walk(pieces, given, &mut |piece| match *piece {
        Piece::Text(text) => out.push_str(text),
        Piece::Value { k, glob, keep_dot } => {
            let value = given.value(k).unwrap_or_default();
            if glob {
                push_glob(out, value);
            } else {
                push_segment(out, value, keep_dot);
            }
        }
        Piece::Format => push_segment(out, given.format.unwrap_or_default(), false),
        Piece::Group { .. } => {}
    });
}

/// Calls `each` on the pieces written: a group's when each value directly in it is given. A
/// value missing outside every group stops the walk with its number.
fn walk(pieces: &[Piece], given: &Given<'_>, each: &mut dyn FnMut(&Piece)) -> Result<(), u8> {
    let mut i = 0;
    while let Some(piece) = pieces.get(i) {
        match *piece {
            Piece::Group { len } => {
                let inner = pieces
                    .get(i + 1..i + 1 + usize::from(len))
                    .unwrap_or_default();
                if complete(inner, given) {
                    // Inside a complete group, every value at its level is given; nested
                    // groups decide for themselves.
                    let _ = walk(inner, given, each);
                }
                i += 1 + usize::from(len);
            }
            ref other => {
                if !given.has(other) {
                    return Err(match *other {
                        Piece::Value { k, .. } => k,
                        _ => u8::MAX,
                    });
                }
                each(other);
                i += 1;
            }
        }
    }
    Ok(())
}

/// Whether every value and format directly in `pieces` (not in a group inside) is given.
fn complete(pieces: &[Piece], given: &Given<'_>) -> bool {
    let mut i = 0;
    while let Some(piece) = pieces.get(i) {
        match *piece {
            Piece::Group { len } => i += 1 + usize::from(len),
            ref other => {
                if !given.has(other) {
                    return false;
                }
                i += 1;
            }
        }
    }
    true
}

/// Whether value `k` (`u8::MAX`: the format) is in some group of `pieces`.
pub(crate) fn optional(pieces: &[Piece], wanted: u8) -> bool {
    let mut depth_ends: Vec<usize> = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        depth_ends.retain(|&end| end > i);
        match *piece {
            Piece::Group { len } => depth_ends.push(i + 1 + usize::from(len)),
            Piece::Value { k, .. } if k == wanted => return !depth_ends.is_empty(),
            Piece::Format if wanted == u8::MAX => return !depth_ends.is_empty(),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `/archive/:year(/:month(/:day))(.:format)`.
    const ARCHIVE: &[Piece] = &[
        Piece::Text("/archive/"),
        Piece::Value {
            k: 0,
            glob: false,
            keep_dot: false,
        },
        Piece::Group { len: 5 },
        Piece::Text("/"),
        Piece::Value {
            k: 1,
            glob: false,
            keep_dot: false,
        },
        Piece::Group { len: 2 },
        Piece::Text("/"),
        Piece::Value {
            k: 2,
            glob: false,
            keep_dot: false,
        },
        Piece::Group { len: 2 },
        Piece::Text("."),
        Piece::Format,
    ];

    fn link(pieces: &[Piece], values: &[Option<&str>], format: Option<&str>) -> Result<String, u8> {
        let given = Given { values, format };
        let len = measure(pieces, &given)?;
        let mut out = String::new();
        write(pieces, &given, &mut out);
        assert_eq!(out.len(), len, "measured as written");
        Ok(out)
    }

    /// The values, the format, and the path written (or the value missing).
    type Case<'a> = (&'a [Option<&'a str>], Option<&'a str>, Result<&'a str, u8>);

    #[test]
    fn groups_are_written_when_their_values_are_given() {
        let cases: [Case<'_>; 6] = [
            (&[Some("2024")], None, Ok("/archive/2024")),
            (&[Some("2024"), Some("5")], None, Ok("/archive/2024/5")),
            (
                &[Some("2024"), Some("5"), Some("3")],
                Some("json"),
                Ok("/archive/2024/5/3.json"),
            ),
            // A group inside one left out is left out with it, as Rails writes it.
            (&[Some("2024"), None, Some("3")], None, Ok("/archive/2024")),
            (&[Some("a b")], None, Ok("/archive/a%20b")),
            (&[None, Some("5")], None, Err(0)),
        ];
        for (values, format, want) in cases {
            let got = link(ARCHIVE, values, format);
            assert_eq!(got.as_deref().map_err(|e| *e), want, "{values:?}");
        }
        assert!(optional(ARCHIVE, 1) && optional(ARCHIVE, u8::MAX) && !optional(ARCHIVE, 0));
    }

    #[test]
    fn a_glob_keeps_its_slashes() {
        let pieces = [
            Piece::Text("/pages/"),
            Piece::Value {
                k: 0,
                glob: true,
                keep_dot: true,
            },
            Piece::Text("/edit"),
        ];
        assert_eq!(
            link(&pieces, &[Some("a/b c")], None).unwrap(),
            "/pages/a/b%20c/edit"
        );
    }
}
