//! Reading names and patterns: what becomes part of a helper's name, a controller, an action
//! or a param, and the text of a path, each checked and reported at its own token.

use routes_syntax::pattern::{FormatSuffix, Piece, is_param_name, parse_pattern};
use syn::{Ident, LitStr};

use crate::model::Segment;
use crate::parse::Arg;
use crate::symbol::FORMAT;

use super::Reader;

impl Reader<'_> {
    /// A name that becomes part of route names and helpers: lowercase snake case.
    pub fn check_name(&self, name: &Ident, what: &str) -> bool {
        let text = name.to_string();
        if text == "true" || text == "false" {
            let article = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            self.error(
                name.span(),
                format!("`{text}` is a literal, not {article} {what} name"),
            );
            return false;
        }
        let ok = is_snake_case(text.strip_prefix("r#").unwrap_or(&text));
        if !ok {
            self.error(
                name.span(),
                format!("{what} names are lowercase snake case, such as `blog_posts`"),
            );
        }
        ok
    }

    pub fn check_word(&self, lit: &LitStr, what: &str) -> Option<String> {
        let value = lit.value();
        if is_snake_case(&value) {
            Some(value)
        } else {
            self.error(
                lit.span(),
                format!("{what} is lowercase snake case, such as `\"blog_post\"`"),
            );
            None
        }
    }

    pub fn controller_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        if is_controller_path(&value) {
            Some(value)
        } else {
            self.error(
                lit.span(),
                "a controller is a name such as `\"articles\"` or `\"admin/users\"`",
            );
            None
        }
    }

    /// Rails' `:namespace` option: a controller prefix, written `"admin/"` (the trailing `/`
    /// may be left out).
    pub fn namespace_option(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        let bare = value.strip_suffix('/').unwrap_or(&value);
        if is_controller_path(bare) {
            Some(format!("{bare}/"))
        } else {
            self.error(
                lit.span(),
                "a namespace is a controller prefix such as `\"admin/\"` or `\"admin/reports/\"`",
            );
            None
        }
    }

    pub fn action_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        if is_param_name(&value) {
            Some(value)
        } else {
            self.error(lit.span(), "an action is a name such as `\"index\"`");
            None
        }
    }

    /// `param = "slug"`: the name of a resource's member param.
    pub fn param_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        if is_param_name(&value) && value != FORMAT {
            Some(value)
        } else {
            self.error(lit.span(), "a param is a name such as `\"slug\"`");
            None
        }
    }

    /// Parses a pattern written in a string, pointing errors at the string.
    pub fn pattern(&self, lit: &LitStr) -> Option<(Vec<Piece>, FormatSuffix)> {
        match parse_pattern(&lit.value()) {
            Ok(parsed) => Some((parsed.pieces, parsed.format)),
            Err(e) => {
                self.error(
                    lit.span(),
                    format!("malformed pattern: {e} (at byte {})", e.offset),
                );
                None
            }
        }
    }

    /// A path prefix or `as` value: segments without a format.
    pub fn path_piece(&self, arg: &Arg, statics_only: bool) -> Option<Vec<Segment>> {
        let lit = self.string(arg)?;
        let (pieces, format) = self.pattern(&lit)?;
        if format != FormatSuffix::Unspecified {
            self.error(
                lit.span(),
                "a format belongs at the end of a route, not here",
            );
            return None;
        }
        if statics_only && pieces.is_empty() {
            self.error(lit.span(), "expected a path segment");
            return None;
        }
        let mut out = Vec::new();
        for piece in pieces {
            match piece {
                Piece::Static(text) => out.push(Segment::Static(text)),
                Piece::Dynamic(_) if statics_only => {
                    self.error(
                        lit.span(),
                        "`as` renames the path segment: it cannot be dynamic",
                    );
                    return None;
                }
                Piece::Dynamic(name) => out.push(Segment::param(&name)),
                Piece::Glob(name) => {
                    self.error(
                        lit.span(),
                        format!(
                            "the glob `*{name}` takes the rest of the path: it belongs at the \
                             end of a route's pattern, not in a prefix"
                        ),
                    );
                    return None;
                }
            }
        }
        Some(out)
    }

    /// A value of `path_names(...)` or `resources_path_names(...)`.
    pub fn path_name_segment(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        match parse_pattern(&value) {
            Ok(parsed)
                if parsed.format == FormatSuffix::Unspecified
                    && parsed.pieces.len() == 1
                    && matches!(parsed.pieces[0], Piece::Static(_))
                    && !value.contains('/') =>
            {
                Some(value)
            }
            _ => {
                self.error(
                    lit.span(),
                    "a path name is one static path segment, such as `\"nuevo\"`",
                );
                None
            }
        }
    }
}

/// Words of letters, digits and `_` joined by `/`: `articles`, `admin/users`.
fn is_controller_path(value: &str) -> bool {
    !value.is_empty()
        && value.split('/').all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// Lowercase letters, digits and `_`, not starting with a digit: what route names are made of.
fn is_snake_case(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
