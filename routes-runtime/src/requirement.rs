//! Requirements: regular expressions a dynamic segment's decoded value must match whole.
//!
//! `routes!` checks each requirement with [`validate_requirement`] at compile time; the route
//! set compiles them once, on first use, with the `regex` crate, whose matching time is linear
//! in the input whatever the expression.

use std::collections::HashMap;
use std::fmt;

use regex::Regex;
use regex_syntax::ast::{self, AssertionKind, Ast};

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

/// The requirements of a route set, compiled once.
#[derive(Debug, Default)]
pub(crate) struct Requirements {
    compiled: HashMap<&'static str, Option<Regex>>,
}

impl Requirements {
    pub(crate) fn compile(sources: impl IntoIterator<Item = &'static str>) -> Self {
        let mut compiled = HashMap::new();
        for source in sources {
            compiled
                .entry(source)
                .or_insert_with(|| Regex::new(&format!("^(?:{source})$")).ok());
        }
        Requirements { compiled }
    }

    /// The compiled form of `source`, if it compiles.
    pub(crate) fn regex(&self, source: &str) -> Option<Regex> {
        match self.compiled.get(source) {
            Some(compiled) => compiled.clone(),
            None => Regex::new(&format!("^(?:{source})$")).ok(),
        }
    }

    /// Whether `value` satisfies the requirement `source`. A requirement that does not compile
    /// (which `routes!` rules out) matches nothing.
    pub(crate) fn matches(&self, source: &str, value: &str) -> bool {
        match self.compiled.get(source) {
            Some(Some(regex)) => regex.is_match(value),
            Some(None) => false,
            None => Regex::new(&format!("^(?:{source})$")).is_ok_and(|re| re.is_match(value)),
        }
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

    #[test]
    fn requirements_match_whole_values() {
        let reqs = Requirements::compile(["[0-9]+"]);
        assert!(reqs.matches("[0-9]+", "123"));
        assert!(!reqs.matches("[0-9]+", "12a"));
        assert!(!reqs.matches("[0-9]+", "a12"));
        assert!(reqs.matches("[a-z]+", "abc"), "uncached sources still work");
        assert!(!reqs.matches("(", "("), "broken sources match nothing");
    }
}
