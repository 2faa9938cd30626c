//! Rails' default English inflections: the singular and plural of resource names.
//!
//! `routes!` derives every singular it needs (`articles` -> `article`, `people` -> `person`) with
//! this module, so the names it generates are the ones a Rails application gets out of the box,
//! quirks included (`leaves` -> `leafe`, `human` -> `humen`).
//!
//! The rules are ActiveSupport's, kept as a table of suffix rules rather than regular
//! expressions: each rule is "a stem, then one of these endings, at the end of the word (or the
//! whole word)", and replaces the ending. As in Rails, uncountable words are returned unchanged,
//! irregular words are tried next, then the rules newest first; the first rule that matches wins.
//! Matching ignores ASCII case and the text that is kept keeps its case.
//!
//! ```
//! use routes_syntax::inflector::{pluralize, singularize};
//!
//! assert_eq!(singularize("articles"), "article");
//! assert_eq!(singularize("people"), "person");
//! assert_eq!(singularize("sheep"), "sheep");
//! assert_eq!(pluralize("octopus"), "octopi");
//! assert_eq!(pluralize("salesperson"), "salespeople");
//! ```

/// Returns the plural of `word` by Rails' default English rules.
///
/// ```
/// assert_eq!(routes_syntax::inflector::pluralize("category"), "categories");
/// ```
pub fn pluralize(word: &str) -> String {
    inflect(word, Number::Plural)
}

/// Returns the singular of `word` by Rails' default English rules.
///
/// ```
/// assert_eq!(routes_syntax::inflector::singularize("categories"), "category");
/// ```
pub fn singularize(word: &str) -> String {
    inflect(word, Number::Singular)
}

/// Whether `word` is one of Rails' uncountable words (`sheep`, `news` is not one), judged as
/// Rails does by its last word-part: `funky jeans` is uncountable, `my_money` is not.
///
/// ```
/// assert!(routes_syntax::inflector::is_uncountable("sheep"));
/// assert!(!routes_syntax::inflector::is_uncountable("articles"));
/// ```
pub fn is_uncountable(word: &str) -> bool {
    UNCOUNTABLES.iter().any(|u| {
        ends_with_ignore_case(word, u) && {
            let before = &word[..word.len() - u.len()];
            !before.chars().next_back().is_some_and(is_word_char)
        }
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Number {
    Singular,
    Plural,
}

fn inflect(word: &str, to: Number) -> String {
    if word.is_empty() || is_uncountable(word) {
        return word.to_owned();
    }
    if let Some(inflected) = irregular(word, to) {
        return inflected;
    }
    let rules = match to {
        Number::Plural => PLURALS,
        Number::Singular => SINGULARS,
    };
    rules
        .iter()
        .rev()
        .find_map(|rule| rule.apply(word))
        .unwrap_or_else(|| word.to_owned())
}

/// Rails turns each irregular pair into suffix rules that keep the word's own first letter of
/// the matched suffix: `salesperson` -> `salespeople`. Pairs declared later are tried first, and
/// within a pair the plural form is tried before the singular one.
fn irregular(word: &str, to: Number) -> Option<String> {
    IRREGULARS.iter().rev().find_map(|&(singular, plural)| {
        let target = if to == Number::Plural {
            plural
        } else {
            singular
        };
        [plural, singular].into_iter().find_map(|form| {
            ends_with_ignore_case(word, form).then(|| {
                let kept = word.len() - form.len() + first_char_len(form);
                format!("{}{}", &word[..kept], &target[first_char_len(target)..])
            })
        })
    })
}

fn first_char_len(s: &str) -> usize {
    s.chars().next().map_or(0, char::len_utf8)
}

/// What must stand right before a rule's ending.
enum Stem {
    /// Nothing: the ending alone decides.
    Any,
    /// One of these words, compared ignoring ASCII case.
    Words(&'static [&'static str]),
    /// One character among these.
    OneOf(&'static str),
    /// One character not among these.
    NoneOf(&'static str),
    /// One character not among these, or the given word (`([^aeiouy]|qu)`).
    NoneOfOr(&'static str, &'static str),
}

/// `^STEM(ENDING)$ -> \1REPLACEMENT`, written as data.
struct Rule {
    /// The stem must start the word (`^` in Rails' regex).
    anchored: bool,
    /// The ending need not end the word (only Rails' `/^(ox)en/i`).
    open: bool,
    stem: Stem,
    endings: &'static [&'static str],
    replacement: &'static str,
}

impl Rule {
    fn apply(&self, word: &str) -> Option<String> {
        if self.open {
            return self.apply_open(word);
        }
        self.endings.iter().find_map(|ending| {
            if !ends_with_ignore_case(word, ending) {
                return None;
            }
            let stem_end = word.len() - ending.len();
            let stem_start = self.stem_start(&word[..stem_end])?;
            if self.anchored && stem_start != 0 {
                return None;
            }
            Some(format!("{}{}", &word[..stem_end], self.replacement))
        })
    }

    /// Anchored at the start only: `oxenfree` -> `oxfree`.
    fn apply_open(&self, word: &str) -> Option<String> {
        let Stem::Words(words) = self.stem else {
            return None;
        };
        words.iter().find_map(|stem| {
            self.endings.iter().find_map(|ending| {
                let matched = stem.len() + ending.len();
                let starts = word.len() >= matched
                    && word.is_char_boundary(stem.len())
                    && word.is_char_boundary(matched)
                    && word[..stem.len()].eq_ignore_ascii_case(stem)
                    && word[stem.len()..matched].eq_ignore_ascii_case(ending);
                starts.then(|| {
                    format!(
                        "{}{}{}",
                        &word[..stem.len()],
                        self.replacement,
                        &word[matched..]
                    )
                })
            })
        })
    }

    /// Where the stem starts if `before` ends with it.
    fn stem_start(&self, before: &str) -> Option<usize> {
        let last_char = || before.char_indices().next_back();
        match self.stem {
            Stem::Any => Some(before.len()),
            Stem::Words(words) => words
                .iter()
                .find(|w| ends_with_ignore_case(before, w))
                .map(|w| before.len() - w.len()),
            Stem::OneOf(set) => last_char()
                .filter(|&(_, c)| contains_ignore_case(set, c))
                .map(|(i, _)| i),
            Stem::NoneOf(set) => last_char()
                .filter(|&(_, c)| !contains_ignore_case(set, c))
                .map(|(i, _)| i),
            Stem::NoneOfOr(set, word) => last_char()
                .filter(|&(_, c)| !contains_ignore_case(set, c))
                .map(|(i, _)| i)
                .or_else(|| ends_with_ignore_case(before, word).then(|| before.len() - word.len())),
        }
    }
}

fn ends_with_ignore_case(word: &str, suffix: &str) -> bool {
    word.len() >= suffix.len()
        && word.is_char_boundary(word.len() - suffix.len())
        && word[word.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

fn contains_ignore_case(set: &str, c: char) -> bool {
    set.contains(c.to_ascii_lowercase())
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

const fn rule(stem: Stem, endings: &'static [&'static str], replacement: &'static str) -> Rule {
    Rule {
        anchored: false,
        open: false,
        stem,
        endings,
        replacement,
    }
}

const fn anchored(stem: Stem, endings: &'static [&'static str], replacement: &'static str) -> Rule {
    Rule {
        anchored: true,
        ..rule(stem, endings, replacement)
    }
}

use Stem::{Any, NoneOf, NoneOfOr, OneOf, Words};

/// ActiveSupport's plural rules, in order of definition (the last is tried first).
const PLURALS: &[Rule] = &[
    rule(Any, &[""], "s"),                                        // /$/ -> s
    rule(Any, &["s"], "s"),                                       // /s$/i -> s
    anchored(Words(&["ax", "test"]), &["is"], "es"),              // /^(ax|test)is$/i -> \1es
    rule(Words(&["octop", "vir"]), &["us"], "i"),                 // /(octop|vir)us$/i -> \1i
    rule(Words(&["octop", "vir"]), &["i"], "i"),                  // /(octop|vir)i$/i -> \1i
    rule(Words(&["alias", "status"]), &[""], "es"),               // /(alias|status)$/i -> \1es
    rule(Words(&["bu"]), &["s"], "ses"),                          // /(bu)s$/i -> \1ses
    rule(Words(&["buffal", "tomat"]), &["o"], "oes"),             // /(buffal|tomat)o$/i -> \1oes
    rule(OneOf("ti"), &["um"], "a"),                              // /([ti])um$/i -> \1a
    rule(OneOf("ti"), &["a"], "a"),                               // /([ti])a$/i -> \1a
    rule(Any, &["sis"], "ses"),                                   // /sis$/i -> ses
    rule(NoneOf("f"), &["fe"], "ves"), // /(?:([^f])fe|([lr])f)$/i -> \1\2ves
    rule(OneOf("lr"), &["f"], "ves"),  //   (the same rule's second branch)
    rule(Words(&["hive"]), &[""], "s"), // /(hive)$/i -> \1s
    rule(NoneOfOr("aeiouy", "qu"), &["y"], "ies"), // /([^aeiouy]|qu)y$/i -> \1ies
    rule(Words(&["x", "ch", "ss", "sh"]), &[""], "es"), // /(x|ch|ss|sh)$/i -> \1es
    rule(Words(&["matr", "vert", "ind"]), &["ix", "ex"], "ices"), // /(matr|vert|ind)(?:ix|ex)$/i -> \1ices
    anchored(Words(&["m", "l"]), &["ouse"], "ice"),               // /^(m|l)ouse$/i -> \1ice
    anchored(Words(&["m", "l"]), &["ice"], "ice"),                // /^(m|l)ice$/i -> \1ice
    anchored(Words(&["ox"]), &[""], "en"),                        // /^(ox)$/i -> \1en
    anchored(Words(&["oxen"]), &[""], ""),                        // /^(oxen)$/i -> \1
    rule(Words(&["quiz"]), &[""], "zes"),                         // /(quiz)$/i -> \1zes
];

/// ActiveSupport's singular rules, in order of definition (the last is tried first).
const SINGULARS: &[Rule] = &[
    rule(Any, &["s"], ""),                // /s$/i -> ''
    rule(Words(&["ss"]), &[""], ""),      // /(ss)$/i -> \1
    rule(Words(&["n"]), &["ews"], "ews"), // /(n)ews$/i -> \1ews
    rule(OneOf("ti"), &["a"], "um"),      // /([ti])a$/i -> \1um
    rule(
        // /((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$/i -> \1sis
        Words(&[
            "analy", "ba", "diagno", "parenthe", "progno", "synop", "the",
        ]),
        &["sis", "ses"],
        "sis",
    ),
    anchored(Words(&["analy"]), &["sis", "ses"], "sis"), // /(^analy)(sis|ses)$/i -> \1sis
    rule(NoneOf("f"), &["ves"], "fe"),                   // /([^f])ves$/i -> \1fe
    rule(Words(&["hive"]), &["s"], ""),                  // /(hive)s$/i -> \1
    rule(Words(&["tive"]), &["s"], ""),                  // /(tive)s$/i -> \1
    rule(OneOf("lr"), &["ves"], "f"),                    // /([lr])ves$/i -> \1f
    rule(NoneOfOr("aeiouy", "qu"), &["ies"], "y"),       // /([^aeiouy]|qu)ies$/i -> \1y
    rule(Words(&["s"]), &["eries"], "eries"),            // /(s)eries$/i -> \1eries
    rule(Words(&["m"]), &["ovies"], "ovie"),             // /(m)ovies$/i -> \1ovie
    rule(Words(&["x", "ch", "ss", "sh"]), &["es"], ""),  // /(x|ch|ss|sh)es$/i -> \1
    anchored(Words(&["m", "l"]), &["ice"], "ouse"),      // /^(m|l)ice$/i -> \1ouse
    rule(Words(&["bus"]), &["es", ""], ""),              // /(bus)(es)?$/i -> \1
    rule(Words(&["o"]), &["es"], ""),                    // /(o)es$/i -> \1
    rule(Words(&["shoe"]), &["s"], ""),                  // /(shoe)s$/i -> \1
    rule(Words(&["cris", "test"]), &["is", "es"], "is"), // /(cris|test)(is|es)$/i -> \1is
    anchored(Words(&["a"]), &["xis", "xes"], "xis"),     // /^(a)x[ie]s$/i -> \1xis
    rule(Words(&["octop", "vir"]), &["us", "i"], "us"),  // /(octop|vir)(us|i)$/i -> \1us
    rule(Words(&["alias", "status"]), &["es", ""], ""),  // /(alias|status)(es)?$/i -> \1
    Rule {
        // /^(ox)en/i -> \1
        open: true,
        ..anchored(Words(&["ox"]), &["en"], "")
    },
    rule(Words(&["vert", "ind"]), &["ices"], "ex"), // /(vert|ind)ices$/i -> \1ex
    rule(Words(&["matr"]), &["ices"], "ix"),        // /(matr)ices$/i -> \1ix
    rule(Words(&["quiz"]), &["zes"], ""),           // /(quiz)zes$/i -> \1
    rule(Words(&["database"]), &["s"], ""),         // /(database)s$/i -> \1
];

/// `(singular, plural)`, in order of definition.
const IRREGULARS: &[(&str, &str)] = &[
    ("person", "people"),
    ("man", "men"),
    ("child", "children"),
    ("sex", "sexes"),
    ("move", "moves"),
    ("zombie", "zombies"),
];

const UNCOUNTABLES: &[&str] = &[
    "equipment",
    "information",
    "rice",
    "money",
    "species",
    "series",
    "fish",
    "sheep",
    "jeans",
    "police",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rails_quirks_are_kept() {
        for (plural, singular) in [
            ("leaves", "leafe"),
            ("thieves", "thiefe"),
            ("octopuses", "octopuse"),
            ("lenses", "lense"),
            ("ties", "ty"),
        ] {
            assert_eq!(singularize(plural), singular, "singularize({plural:?})");
        }
        assert_eq!(pluralize("human"), "humen");
    }

    #[test]
    fn kept_text_keeps_its_case() {
        assert_eq!(pluralize("Person"), "People");
        assert_eq!(singularize("ARTICLES"), "ARTICLE");
        assert_eq!(pluralize("Category"), "Categories");
    }

    #[test]
    fn open_ended_ox_rule_replaces_only_its_match() {
        assert_eq!(singularize("oxen"), "ox");
        assert_eq!(singularize("oxenfree"), "oxfree");
    }

    #[test]
    fn uncountable_is_judged_by_the_last_word_part() {
        assert!(is_uncountable("funky jeans"));
        assert!(is_uncountable("Sheep"));
        assert!(!is_uncountable("my_money"));
        assert!(!is_uncountable("miniseries"));
        assert_eq!(singularize("my_moneys"), "my_money");
    }

    #[test]
    fn empty_and_non_ascii_words_do_not_panic() {
        assert_eq!(singularize(""), "");
        assert_eq!(pluralize(""), "");
        assert_eq!(pluralize("café"), "cafés");
        assert_eq!(singularize("ñies"), "ñy");
        assert_eq!(singularize("éves"), "éfe");
        assert_eq!(pluralize("é"), "és");
    }
}
