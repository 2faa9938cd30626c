//! Requirements: regular expressions a dynamic segment's decoded value must match whole.
//!
//! `routes!` checks each requirement when it expands (with `regex-syntax`, no anchors) and
//! numbers them; routes and the generated recogniser refer to them by that number. The route
//! set compiles them all on first use, with the `regex` crate, whose matching time is linear
//! in the input whatever the expression.

use std::sync::OnceLock;

use regex::Regex;

/// The requirements of a route set, by number, compiled on first use.
#[doc(hidden)]
#[derive(Debug)]
pub struct Requirements {
    sources: &'static [&'static str],
    compiled: OnceLock<Box<[Option<Regex>]>>,
    /// The regexes of routes matched whole (`draw!`'s globs, values that may hold `/`,
    /// several values in one segment), anchored as written.
    patterns: &'static [&'static str],
    compiled_patterns: OnceLock<Box<[Option<Regex>]>>,
}

impl Requirements {
    /// The requirements whose sources are `sources`, the first numbered 0, and the regexes of
    /// routes matched whole, `patterns`.
    pub const fn new(sources: &'static [&'static str], patterns: &'static [&'static str]) -> Self {
        Requirements {
            sources,
            compiled: OnceLock::new(),
            patterns,
            compiled_patterns: OnceLock::new(),
        }
    }

    /// Whether pattern number `index` matches somewhere in `text` (a condition on the
    /// request given as a regex, which Ruby's `===` matches anywhere).
    pub(crate) fn finds(&self, index: u16, text: &str) -> bool {
        self.compiled_pattern(index)
            .is_some_and(|regex| regex.is_match(text))
    }

    fn compiled_pattern(&self, index: u16) -> Option<&Regex> {
        let compiled = self.compiled_patterns.get_or_init(|| {
            self.patterns
                .iter()
                .map(|source| Regex::new(source).ok())
                .collect()
        });
        compiled.get(usize::from(index))?.as_ref()
    }

    /// Where pattern number `index`'s `K` capture groups lie when it matches `text` whole,
    /// `text` starting at `base` in the path; a group that takes no part is
    /// [`Bound::ABSENT`](crate::path::Bound::ABSENT).
    pub fn captures<const K: usize>(
        &self,
        index: u16,
        text: &str,
        base: usize,
    ) -> Option<[crate::path::Bound; K]> {
        let regex = self.compiled_pattern(index)?;
        let captures = regex.captures(text)?;
        Some(std::array::from_fn(|i| match captures.get(i + 1) {
            Some(m) => crate::path::Bound::at(base + m.start(), base + m.end()),
            None => crate::path::Bound::ABSENT,
        }))
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
        static REQUIREMENTS: Requirements = Requirements::new(&["[0-9]+", "a|b", "("], &[]);
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
