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
