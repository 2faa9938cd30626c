//! Requirements: regular expressions a dynamic segment's decoded value must match whole.
//!
//! `routes!` checks each requirement when it expands (with `regex-syntax`, no anchors) and
//! numbers them; routes and the generated recogniser refer to them by that number. The route
//! set compiles them all on first use, with the `regex` crate, whose matching time is linear
//! in the input whatever the expression.

use std::sync::OnceLock;

use std::fmt;

use regex::Regex;
use regex_syntax::ast::{self, AssertionKind, Ast};

// TODO(merge): validation moves to routes-syntax with the macro split.
/// Why a requirement cannot be used, with a byte offset into its source.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequirementError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for RequirementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Checks that `source` is a valid regular expression without anchors: Rails refuses anchors
/// in requirements because the requirement always applies to the whole segment.
#[doc(hidden)]
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

/// The requirements of a route set, by number, compiled on first use.
#[doc(hidden)]
#[derive(Debug)]
pub struct Requirements {
    sources: &'static [&'static str],
    compiled: OnceLock<Box<[Option<Regex>]>>,
}

impl Requirements {
    /// The requirements whose sources are `sources`, the first numbered 0.
    pub const fn new(sources: &'static [&'static str]) -> Self {
        Requirements {
            sources,
            compiled: OnceLock::new(),
        }
    }

    fn compiled(&self) -> &[Option<Regex>] {
        self.compiled.get_or_init(|| {
            self.sources
                .iter()
                .map(|source| Regex::new(&format!("^(?:{source})$")).ok())
                .collect()
        })
    }

    /// Whether `value` meets requirement number `index`. A requirement that does not compile
    /// (which `routes!` rules out), or that does not exist, is met by nothing.
    #[inline]
    pub fn test(&self, index: u16, value: &str) -> bool {
        match self.compiled().get(usize::from(index)) {
            Some(Some(regex)) => regex.is_match(value),
            _ => false,
        }
    }

    /// The source of requirement number `index`.
    pub(crate) fn source(&self, index: u16) -> &'static str {
        self.sources
            .get(usize::from(index))
            .copied()
            .unwrap_or_default()
    }

    /// How many requirements there are.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.sources.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_match_whole_values() {
        static REQUIREMENTS: Requirements = Requirements::new(&["[0-9]+", "a|b", "("]);
        let cases = [
            (0, "123", true),
            (0, "12a", false),
            (0, "a12", false),
            (0, "", false),
            (1, "a", true),
            (1, "ab", false),
            (2, "(", false),
            (3, "anything", false),
        ];
        for (index, value, met) in cases {
            assert_eq!(REQUIREMENTS.test(index, value), met, "{index} {value:?}");
        }
        assert_eq!(REQUIREMENTS.source(1), "a|b");
        assert_eq!(REQUIREMENTS.len(), 3);
    }
}
