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
//!
//! let files = parse_pattern("/files/*path").unwrap();
//! assert_eq!(files.pieces[1], Piece::Glob("path".into()));
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
    /// `*name`, without its star: the rest of the path, the last piece of its pattern.
    Glob(String),
}

/// What the pattern says about `.:format` at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatSuffix {
    /// Nothing written: routes get an optional format.
    Unspecified,
    /// `(.:format)`.
    Optional,
    /// `.:format`, which Rails 2.3 reads as optional too.
    Required,
}

/// The most dynamic segments a route may have: an answer of the recogniser holds where each of
/// its values lies without allocating, and `routes!` refuses a route with more.
pub const MAX_PARAMS: usize = 16;

/// The most segments a route may take (a glob taking the rest counts as none): the runtime
/// splits a path into at most this many before matching it.
pub const MAX_DEPTH: usize = 32;

/// Whether a route's last segment may carry `.FORMAT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// No format: `/`, and a route that ends in a glob, whose value keeps its dots.
    None,
    /// `(.:format)` or `.:format`: with or without one, as Rails 2.3's
    /// `OptionalFormatSegment`.
    Optional,
    /// A format must be given: `draw!`'s `.:format` and `format = true`.
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
/// dropped; `/` alone (or an empty pattern) has no pieces. A glob (`*name`) must be the last
/// piece, and takes no format: its value is the rest of the path, dots included.
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
    let mut glob: Option<(String, usize)> = None;
    for text in trimmed.split('/') {
        let piece = parse_piece(text, offset)?;
        if let Some((first, at)) = &glob {
            return Err(match &piece {
                Piece::Glob(second) => error(
                    offset,
                    format!("a pattern takes one glob: `*{second}` follows `*{first}`"),
                ),
                _ => error(
                    *at,
                    format!("the glob `*{first}` takes the rest of the path: it must come last"),
                ),
            });
        }
        let name = match &piece {
            Piece::Static(_) => None,
            Piece::Dynamic(name) | Piece::Glob(name) => Some(name),
        };
        if let Some(name) = name
            && pieces.iter().any(|p: &Piece| p.name() == Some(name))
        {
            return Err(error(
                offset,
                format!("dynamic segment `:{name}` appears more than once"),
            ));
        }
        if let Piece::Glob(name) = &piece {
            glob = Some((name.clone(), offset));
        }
        pieces.push(piece);
        offset += text.len() + 1;
    }
    if let Some((name, at)) = glob
        && format != FormatSuffix::Unspecified
    {
        return Err(error(
            at,
            format!(
                "the glob `*{name}` takes no format: the rest of the path, dots included, is \
                 its value"
            ),
        ));
    }
    Ok(Pattern { pieces, format })
}

impl Piece {
    /// The name of a dynamic piece or a glob.
    pub fn name(&self) -> Option<&str> {
        match self {
            Piece::Static(_) => None,
            Piece::Dynamic(name) | Piece::Glob(name) => Some(name),
        }
    }
}

fn parse_piece(text: &str, offset: usize) -> Result<Piece, PatternError> {
    if text.is_empty() {
        return Err(error(offset, "empty path segment (`//`) in pattern"));
    }
    if let Some((sigil, name)) = text
        .strip_prefix(':')
        .map(|name| (':', name))
        .or_else(|| text.strip_prefix('*').map(|name| ('*', name)))
    {
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(name.len());
        if end < name.len() {
            return Err(error(
                offset + 1 + end,
                format!(
                    "a dynamic segment must fill its path segment: `{}` cannot follow `{sigil}{}`",
                    &name[end..],
                    &name[..end]
                ),
            ));
        }
        if !is_param_name(name) {
            return Err(error(
                offset,
                format!("`{sigil}{name}` is not a valid dynamic segment name"),
            ));
        }
        if name == "format" {
            return Err(error(
                offset,
                format!(
                    "`{sigil}format` is only allowed at the end, as `(.:format)` or `.:format`"
                ),
            ));
        }
        return Ok(match sigil {
            '*' => Piece::Glob(name.to_owned()),
            _ => Piece::Dynamic(name.to_owned()),
        });
    }
    if let Some((i, c)) = text.char_indices().find(|&(_, c)| !is_static_char(c)) {
        let message = match c {
            ':' => "a dynamic segment must fill its path segment: move `:` to its start".into(),
            '*' => "a glob must fill its path segment: move `*` to its start".into(),
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

/// The format a route takes: optional, whatever its pattern says (`(.:format)`, `.:format` or
/// nothing, as Rails 2.3 reads a final `.:format`), except for the path `/` (as Rails' root)
/// and a path that ends in a glob, which take none.
pub fn route_format(pieces: &[Piece]) -> Format {
    match pieces.last() {
        None | Some(Piece::Glob(_)) => Format::None,
        Some(_) => Format::Optional,
    }
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
    fn a_final_format_is_optional_and_globs_and_the_root_take_none() {
        let format = |pattern: &str| route_format(&parse_pattern(pattern).unwrap().pieces);
        assert_eq!(format("/sys/projects.:format"), Format::Optional);
        assert_eq!(format("/sys/projects(.:format)"), Format::Optional);
        assert_eq!(format("/sys/projects"), Format::Optional);
        assert_eq!(format("/files/*path"), Format::None);
        assert_eq!(format("/*path"), Format::None);
        assert_eq!(format("/"), Format::None);
    }

    #[test]
    fn a_glob_is_the_last_piece() {
        assert_eq!(
            ok("/projects/:id/repository/*path"),
            (
                vec![
                    Static("projects".into()),
                    Dynamic("id".into()),
                    Static("repository".into()),
                    Piece::Glob("path".into()),
                ],
                FormatSuffix::Unspecified
            )
        );
        assert_eq!(
            ok("*path"),
            (vec![Piece::Glob("path".into())], FormatSuffix::Unspecified)
        );
    }

    #[test]
    fn rejects_malformed_patterns_with_an_offset() {
        let cases = [
            ("/a//b", 3, "empty path segment"),
            ("/:id.json", 4, "must fill its path segment"),
            ("/photo:id", 6, "must fill its path segment"),
            ("/:1abc", 1, "not a valid dynamic segment name"),
            ("/:", 1, "not a valid dynamic segment name"),
            ("/files/*path/x", 7, "must come last"),
            ("/files/*a/*b", 10, "takes one glob"),
            ("/files/*path.:format", 7, "takes no format"),
            ("/files/*path(.:format)", 7, "takes no format"),
            ("/files/a*b", 8, "must fill its path segment"),
            ("/files/*", 7, "not a valid dynamic segment name"),
            ("/:path/*path", 7, "more than once"),
            ("/*format", 1, "only allowed at the end"),
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
