//! Requirements: regular expressions a dynamic segment's decoded value must match whole, checked
//! here with `regex-syntax` alone (the runtime compiles them, on first use).
//!
//! ```
//! use routes_syntax::requirement::validate_requirement;
//!
//! assert!(validate_requirement("[0-9]+").is_ok());
//! assert_eq!(validate_requirement("^[0-9]+").unwrap_err().offset, 0);
//! ```

use std::fmt;

use regex_syntax::ast::{self, AssertionKind, Ast};

/// Why a requirement cannot be used, with a byte offset into its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequirementError {
    /// Where the mistake starts, in bytes from the start of the requirement.
    pub offset: usize,
    /// What is wrong, in rustc's voice.
    pub message: String,
}

impl fmt::Display for RequirementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RequirementError {}

/// Checks that `source` is a valid regular expression without anchors: Rails refuses anchors
/// in requirements because the requirement always applies to the whole segment.
pub fn validate_requirement(source: &str) -> Result<(), RequirementError> {
    let parsed = ast::parse::Parser::new()
        .parse(source)
        .map_err(|e| RequirementError {
            offset: e.span().start.offset,
            message: format!("invalid requirement regex: {}", e.kind()),
        })?;
    ast::visit(&parsed, AnchorFinder)?;
    regex_syntax::hir::translate::Translator::new()
        .translate(source, &parsed)
        .map_err(|e| RequirementError {
            offset: e.span().start.offset,
            message: format!("invalid requirement regex: {}", e.kind()),
        })?;
    if source.is_empty() {
        return Err(RequirementError {
            offset: 0,
            message: "an empty requirement matches nothing a segment can hold".into(),
        });
    }
    Ok(())
}

struct AnchorFinder;

impl ast::Visitor for AnchorFinder {
    type Output = ();
    type Err = RequirementError;

    fn finish(self) -> Result<(), RequirementError> {
        Ok(())
    }

    fn visit_pre(&mut self, ast: &Ast) -> Result<(), RequirementError> {
        if let Ast::Assertion(assertion) = ast {
            let anchor = match assertion.kind {
                AssertionKind::StartLine => "^",
                AssertionKind::EndLine => "$",
                AssertionKind::StartText => "\\A",
                AssertionKind::EndText => "\\z",
                _ => return Ok(()),
            };
            return Err(RequirementError {
                offset: assertion.span.start.offset,
                message: format!(
                    "regexp anchor `{anchor}` is not allowed in a requirement: \
                     requirements always match the whole segment"
                ),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_requirements() {
        for source in [
            r"[0-9]+",
            r"[0-9]\.[0-9]\.[0-9]",
            r"\d+",
            r"[a-z-]+",
            r"(a|b)\b",
        ] {
            assert_eq!(validate_requirement(source), Ok(()), "{source}");
        }
    }

    #[test]
    fn rejects_anchors_and_broken_regexes_with_offsets() {
        let cases = [
            ("^[0-9]+", 0, "anchor `^`"),
            ("[0-9]+$", 6, "anchor `$`"),
            (r"\A\d+", 0, r"anchor `\A`"),
            (r"\d+\z", 3, r"anchor `\z`"),
            ("(a", 0, "invalid requirement regex"),
            ("[z-a]", 1, "invalid requirement regex"),
            ("", 0, "empty requirement"),
        ];
        for (source, offset, message) in cases {
            let err = validate_requirement(source).unwrap_err();
            assert_eq!(err.offset, offset, "{source}: {err}");
            assert!(err.message.contains(message), "{source}: {err}");
        }
    }
}
