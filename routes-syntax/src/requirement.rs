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

/// Checks that `source` is a regular expression the runtime compiles, anchors and all: what a
/// pattern matched anywhere (a constraint on the request, Ruby's `===`) may be.
pub fn validate_pattern(source: &str) -> Result<(), RequirementError> {
    regex_syntax::parse(source)
        .map(|_| ())
        .map_err(|e| RequirementError {
            offset: 0,
            message: format!("invalid regex: {e}"),
        })
}

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

/// What a requirement makes of the words known while a route set expands (controller names,
/// `index`, the empty value), asked by the macro: which controllers a `:controller` segment
/// takes, whether `:action` and `:id` may be left out, which actions `:action` reaches.
///
/// ```
/// use routes_syntax::requirement::Requirement;
///
/// let actions = Requirement::new("browse|entry|diff").unwrap();
/// assert_eq!(actions.takes("entry"), Some(true));
/// assert_eq!(actions.takes("index"), Some(false));
/// assert_eq!(actions.words(), Some(vec!["browse".into(), "diff".into(), "entry".into()]));
/// assert_eq!(Requirement::new("[0-9]+").unwrap().words(), None);
/// assert!(Requirement::new(".*").unwrap().spans_segments());
/// assert!(!Requirement::new("[^/]+").unwrap().spans_segments());
/// ```
#[cfg(feature = "evaluate")]
#[derive(Debug, Clone)]
pub struct Requirement {
    hir: regex_syntax::hir::Hir,
    /// The whole-value matcher, when `regex-lite` reads the source (it refuses Unicode
    /// classes such as `\p{L}`, which no controller name or `index` needs).
    whole: Option<regex_lite::Regex>,
}

#[cfg(feature = "evaluate")]
impl Requirement {
    /// The requirement of `source`, which must be valid (see [`validate_requirement`]).
    pub fn new(source: &str) -> Result<Self, RequirementError> {
        validate_requirement(source)?;
        let hir = regex_syntax::parse(source).map_err(|e| RequirementError {
            offset: 0,
            message: format!("invalid requirement regex: {e}"),
        })?;
        let whole = regex_lite::Regex::new(&format!("^(?:{source})$")).ok();
        Ok(Requirement { hir, whole })
    }

    /// Whether the whole of `text` meets the requirement: `None` when that cannot be told
    /// here (a Unicode class).
    pub fn takes(&self, text: &str) -> Option<bool> {
        if let Some(whole) = &self.whole {
            return Some(whole.is_match(text));
        }
        // Without a matcher, the empty value is still told by the shortest match.
        match (text.is_empty(), self.hir.properties().minimum_len()) {
            (true, Some(min)) if min > 0 => Some(false),
            _ => None,
        }
    }

    /// Whether a value the requirement takes may hold `/`: in Rails 3 and later a requirement
    /// applies to the path, not to one segment, so such a value spans segments
    /// (`filename: /.*/` takes `a/b.txt`). Told from the characters the regex can match.
    pub fn spans_segments(&self) -> bool {
        may_match(&self.hir, '/')
    }

    /// Whether a value the requirement takes may hold `.`: before an optional format, the
    /// requirement's regex then decides which dot, if any, begins the format (Journey's
    /// `([^/]+?)(?:\.([^/.?]+))?` leaves `a.b.json`'s last dot to the format; `[^/]+` keeps
    /// every dot in the value).
    pub fn may_hold_dot(&self) -> bool {
        may_match(&self.hir, '.')
    }

    /// The words the requirement takes, when they are a finite list (`browse|entry`), sorted.
    pub fn words(&self) -> Option<Vec<String>> {
        use regex_syntax::hir::literal::{ExtractKind, Extractor};
        let mut extractor = Extractor::new();
        extractor.kind(ExtractKind::Prefix).limit_total(256);
        let seq = extractor.extract(&self.hir);
        if !seq.is_exact() {
            return None;
        }
        let mut words: Vec<String> = seq
            .literals()?
            .iter()
            .map(|literal| String::from_utf8(literal.as_bytes().to_vec()).ok())
            .collect::<Option<_>>()?;
        // An exact sequence can still stop short of the language (a repetition): every word
        // must be taken whole.
        if words.iter().any(|w| self.takes(w) != Some(true)) {
            return None;
        }
        words.sort();
        words.dedup();
        Some(words)
    }
}

/// Whether some string `hir` matches holds `c`.
#[cfg(feature = "evaluate")]
fn may_match(hir: &regex_syntax::hir::Hir, c: char) -> bool {
    use regex_syntax::hir::{Class, HirKind};
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => false,
        HirKind::Literal(literal) => std::str::from_utf8(&literal.0).is_ok_and(|t| t.contains(c)),
        HirKind::Class(Class::Unicode(class)) => class
            .ranges()
            .iter()
            .any(|r| r.start() <= c && c <= r.end()),
        HirKind::Class(Class::Bytes(class)) => class
            .ranges()
            .iter()
            .any(|r| c.is_ascii() && r.start() <= c as u8 && c as u8 <= r.end()),
        HirKind::Repetition(repetition) => {
            repetition.max != Some(0) && may_match(&repetition.sub, c)
        }
        HirKind::Capture(capture) => may_match(&capture.sub, c),
        HirKind::Concat(all) | HirKind::Alternation(all) => all.iter().any(|h| may_match(h, c)),
    }
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

    #[cfg(feature = "evaluate")]
    #[test]
    fn known_words_are_judged_whole() {
        let cases: &[(&str, &str, Option<bool>)] = &[
            ("browse|entry", "browse", Some(true)),
            ("browse|entry", "browser", Some(false)),
            ("browse|entry", "index", Some(false)),
            (r"\d+", "", Some(false)),
            (r"\d*", "", Some(true)),
            ("[a-z]+", "index", Some(true)),
            (r"admin/.+", "admin/users", Some(true)),
            (r"admin/.+", "admin", Some(false)),
            (r"\p{Greek}+", "", Some(false)),
            (r"\p{Greek}*", "", None),
        ];
        for &(source, text, want) in cases {
            let requirement = Requirement::new(source).unwrap();
            assert_eq!(requirement.takes(text), want, "{source} on {text:?}");
        }
    }

    #[cfg(feature = "evaluate")]
    #[test]
    fn finite_requirements_list_their_words() {
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("show|edit", Some(&["edit", "show"])),
            ("(browse|entry)", Some(&["browse", "entry"])),
            ("diff", Some(&["diff"])),
            ("[a-z]+", None),
            ("a(b|c)", Some(&["ab", "ac"])),
            ("ab*", None),
        ];
        for &(source, want) in cases {
            let words = Requirement::new(source).unwrap().words();
            let want = want.map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(words, want, "{source}");
        }
    }

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
