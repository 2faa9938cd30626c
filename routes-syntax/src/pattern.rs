//! Route patterns as `named` and `connect` write them (`"/stores/:store_id/products(.:format)"`):
//! parsed into pieces, with errors that say where the pattern goes wrong.
//!
//! ```
//! use routes_syntax::pattern::{FormatSuffix, Piece, parse_pattern};
//!
//! let pattern = parse_pattern("/articles/:id(.:format)").unwrap();
//! assert_eq!(pattern.pieces, [Piece::Static("articles".into()), Piece::Dynamic("id".into())]);
//! assert_eq!(pattern.format, FormatSuffix::Optional);
//! assert_eq!(parse_pattern("/a//b").unwrap_err().offset, 3);
//! ```

use std::fmt;

/// A pattern split at its slashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// What lies between the slashes, in order.
    pub pieces: Vec<Piece>,
    /// What the pattern says about a format at its end.
    pub format: FormatSuffix,
}

/// What a pattern writes between two slashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Literal text: `articles`.
    Static(String),
    /// `:name`, without its colon.
    Dynamic(String),
}

/// What the pattern says about `.:format` at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatSuffix {
    /// Nothing written: routes get an optional format.
    Unspecified,
    /// `(.:format)`.
    Optional,
    /// `.:format`.
    Required,
}

/// The most dynamic segments a route may have: an answer of the recogniser holds where each of
/// its values lies without allocating, and `routes!` refuses a route with more.
pub const MAX_PARAMS: usize = 16;

/// Whether a route's last segment carries `.FORMAT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// No format: `/`.
    None,
    /// `(.:format)`: with or without one.
    Optional,
    /// `.:format`: always one.
    Required,
}

/// Why a pattern is malformed, and where (a byte offset into the pattern as written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    /// Where the mistake starts, in bytes from the start of the pattern.
    pub offset: usize,
    /// What is wrong, in rustc's voice.
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PatternError {}

/// Characters a static segment may hold: those a path segment carries without escaping,
/// except the ones patterns give a meaning to (`:`, `(`, `)`, `*`).
pub fn is_static_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~!$&'+,;=@".contains(c)
}

/// Whether `name` can name a dynamic segment (and so a helper argument).
pub fn is_param_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name != "_"
}

/// Splits a pattern at its slashes. A missing leading `/` is added and one trailing `/` is
/// dropped; `/` alone (or an empty pattern) has no pieces.
pub fn parse_pattern(pattern: &str) -> Result<Pattern, PatternError> {
    let (body, format) = if let Some(body) = pattern.strip_suffix("(.:format)") {
        (body, FormatSuffix::Optional)
    } else if let Some(body) = pattern.strip_suffix(".:format") {
        (body, FormatSuffix::Required)
    } else {
        (pattern, FormatSuffix::Unspecified)
    };
    let lead = usize::from(body.starts_with('/'));
    let mut trimmed = &body[lead..];
    if format == FormatSuffix::Unspecified {
        trimmed = trimmed.strip_suffix('/').unwrap_or(trimmed);
    }
    let mut pieces = Vec::new();
    if trimmed.is_empty() {
        if format != FormatSuffix::Unspecified {
            return Err(error(0, "`.:format` needs a path segment to follow"));
        }
        return Ok(Pattern { pieces, format });
    }
    let mut offset = lead;
    for text in trimmed.split('/') {
        let piece = parse_piece(text, offset)?;
        if let Piece::Dynamic(name) = &piece
            && pieces.contains(&piece)
        {
            return Err(error(
                offset,
                format!("dynamic segment `:{name}` appears more than once"),
            ));
        }
        pieces.push(piece);
        offset += text.len() + 1;
    }
    Ok(Pattern { pieces, format })
}

fn parse_piece(text: &str, offset: usize) -> Result<Piece, PatternError> {
    if text.is_empty() {
        return Err(error(offset, "empty path segment (`//`) in pattern"));
    }
    if let Some(name) = text.strip_prefix(':') {
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(name.len());
        if end < name.len() {
            return Err(error(
                offset + 1 + end,
                format!(
                    "a dynamic segment must fill its path segment: `{}` cannot follow `:{}`",
                    &name[end..],
                    &name[..end]
                ),
            ));
        }
        if !is_param_name(name) {
            return Err(error(
                offset,
                format!("`:{name}` is not a valid dynamic segment name"),
            ));
        }
        if name == "format" {
            return Err(error(
                offset,
                "`:format` is only allowed at the end, as `(.:format)` or `.:format`",
            ));
        }
        return Ok(Piece::Dynamic(name.to_owned()));
    }
    if let Some((i, c)) = text.char_indices().find(|&(_, c)| !is_static_char(c)) {
        let message = match c {
            ':' => "a dynamic segment must fill its path segment: move `:` to its start".into(),
            '*' => "route globbing (`*name`) is not supported".into(),
            '(' | ')' => "optional groups are not supported except a final `(.:format)`".into(),
            '?' | '#' => format!("`{c}` cannot appear in a path pattern"),
            _ => format!(
                "character `{}` is not allowed in a path segment",
                c.escape_debug()
            ),
        };
        return Err(error(offset + i, message));
    }
    Ok(Piece::Static(text.to_owned()))
}

/// The format a route takes: what its pattern says, or else optional, except for the path `/`,
/// which takes none (as Rails' root).
pub fn route_format(segment_count: usize, suffix: FormatSuffix) -> Format {
    match suffix {
        FormatSuffix::Required => Format::Required,
        FormatSuffix::Optional => Format::Optional,
        FormatSuffix::Unspecified if segment_count == 0 => Format::None,
        FormatSuffix::Unspecified => Format::Optional,
    }
}

/// Where the optional tail of a default route (`connect`) begins: trailing `:id` and `:action`
/// pieces may be left out, as in Rails' `map.connect ':controller/:action/:id'`.
pub fn optional_tail(pieces: &[Piece]) -> usize {
    let optional = |p: &Piece| matches!(p, Piece::Dynamic(n) if n == "id" || n == "action");
    pieces.len() - pieces.iter().rev().take_while(|p| optional(p)).count()
}

fn error(offset: usize, message: impl Into<String>) -> PatternError {
    PatternError {
        offset,
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Piece::{Dynamic, Static};

    fn ok(pattern: &str) -> (Vec<Piece>, FormatSuffix) {
        let parsed = parse_pattern(pattern).unwrap();
        (parsed.pieces, parsed.format)
    }

    #[test]
    fn splits_pieces_and_format() {
        let cases: &[(&str, Vec<Piece>, FormatSuffix)] = &[
            ("/", vec![], FormatSuffix::Unspecified),
            ("", vec![], FormatSuffix::Unspecified),
            (
                "login",
                vec![Static("login".into())],
                FormatSuffix::Unspecified,
            ),
            (
                "/login/",
                vec![Static("login".into())],
                FormatSuffix::Unspecified,
            ),
            (
                "/:controller/:action/:id",
                vec![
                    Dynamic("controller".into()),
                    Dynamic("action".into()),
                    Dynamic("id".into()),
                ],
                FormatSuffix::Unspecified,
            ),
            (
                "/feed.:format",
                vec![Static("feed".into())],
                FormatSuffix::Required,
            ),
            (
                "/articles/:id(.:format)",
                vec![Static("articles".into()), Dynamic("id".into())],
                FormatSuffix::Optional,
            ),
            (
                "/robots.txt",
                vec![Static("robots.txt".into())],
                FormatSuffix::Unspecified,
            ),
        ];
        for (pattern, pieces, format) in cases {
            assert_eq!(
                ok(pattern),
                (pieces.clone(), *format),
                "pattern {pattern:?}"
            );
        }
    }

    #[test]
    fn default_routes_may_leave_out_trailing_action_and_id() {
        let tail = |pattern: &str| optional_tail(&parse_pattern(pattern).unwrap().pieces);
        assert_eq!(tail("/:controller/:action/:id"), 1);
        assert_eq!(tail("/:controller/:id"), 1);
        assert_eq!(tail("/page/:id/:action"), 1);
        assert_eq!(tail("/:controller/:action/:id/extra"), 4);
        assert_eq!(tail("/:id/edit"), 2);
        assert_eq!(tail("/"), 0);
    }

    #[test]
    fn rejects_malformed_patterns_with_an_offset() {
        let cases = [
            ("/a//b", 3, "empty path segment"),
            ("/:id.json", 4, "must fill its path segment"),
            ("/photo:id", 6, "must fill its path segment"),
            ("/:1abc", 1, "not a valid dynamic segment name"),
            ("/:", 1, "not a valid dynamic segment name"),
            ("/files/*path", 7, "globbing"),
            ("/a(/b)", 2, "optional groups"),
            ("/a b", 2, "not allowed"),
            ("/café", 4, "not allowed"),
            ("/:format/x", 1, "only allowed at the end"),
            ("/:id/:id", 5, "more than once"),
            ("/.:format", 0, "needs a path segment"),
            ("/search?q", 7, "cannot appear"),
        ];
        for (pattern, offset, message) in cases {
            let err = parse_pattern(pattern).unwrap_err();
            assert_eq!(err.offset, offset, "offset for {pattern:?}: {err}");
            assert!(
                err.message.contains(message),
                "message for {pattern:?}: {err}"
            );
        }
    }
}
