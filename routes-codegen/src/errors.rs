//! The error accumulator every phase reports into, and the pieces messages are made of: the
//! valid choices listed, or the one a misspelling is close to.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::{Span, TokenStream};
pub use routes_syntax::spelling::did_you_mean;

/// Gathers every error of an invocation so that one build reports them all.
#[derive(Default)]
pub struct Errors {
    errors: RefCell<Vec<syn::Error>>,
}

impl Errors {
    pub fn error(&self, span: Span, message: impl Display) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new(span, message));
    }

    /// A note pointing at a second place an error involves, such as the first definition of
    /// a duplicate. Stable proc macros cannot attach notes to an error, so a note is an error
    /// of its own whose message starts with `note: `, reported right after the error it
    /// explains.
    pub fn note(&self, span: Span, message: impl Display) {
        self.error(span, format!("note: {message}"));
    }

    pub fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.errors.borrow().is_empty()
    }

    /// The errors, in the order they were reported.
    #[cfg_attr(not(feature = "inspect"), allow(dead_code))]
    pub fn into_errors(self) -> Vec<syn::Error> {
        self.errors.into_inner()
    }

    pub fn into_compile_errors(self) -> TokenStream {
        self.errors
            .into_inner()
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }

    #[cfg(test)]
    pub fn messages(&self) -> Vec<String> {
        self.errors
            .borrow()
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// `` `a`, `b` or `c` ``, for messages that list the valid choices.
pub fn one_of(choices: &[&str]) -> String {
    match choices {
        [] => String::new(),
        [only] => format!("`{only}`"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|c| format!("`{c}`")).collect();
            format!("{} or `{last}`", init.join(", "))
        }
    }
}

/// The end of a message about an unknown `word`: `did you mean ...?` when one of `choices` is
/// close, else the choices themselves. Empty when there are none.
pub fn hint(word: &str, choices: &[&str]) -> String {
    match did_you_mean(word, choices) {
        Some(close) => format!("; did you mean `{close}`?"),
        None if choices.is_empty() => String::new(),
        None => format!("; expected {}", one_of(choices)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbol::{KEYWORDS, METHODS, RESOURCES_OPTIONS};

    #[test]
    fn close_misspellings_get_a_suggestion_and_others_the_list() {
        let cases: &[(&str, &[&str], Option<&str>)] = &[
            ("resourcs", KEYWORDS, Some("resources")),
            ("resourses", KEYWORDS, Some("resources")),
            ("rsource", KEYWORDS, Some("resource")),
            ("conect", KEYWORDS, Some("connect")),
            ("memeber", RESOURCES_OPTIONS, Some("member")),
            ("memebr", RESOURCES_OPTIONS, Some("member")),
            ("controler", RESOURCES_OPTIONS, Some("controller")),
            ("contoller", RESOURCES_OPTIONS, Some("controller")),
            ("has_may", RESOURCES_OPTIONS, Some("has_many")),
            ("gett", METHODS, Some("get")),
            ("delte", METHODS, Some("delete")),
            ("pots", METHODS, Some("post")),
            ("x", METHODS, None),
            ("fly", METHODS, None),
            ("routes", KEYWORDS, None),
            ("idd", &["id", "article_id"], Some("id")),
            ("i", &["id"], Some("id")),
            ("shwo", &["index", "show"], Some("show")),
            ("destory", &["show", "destroy"], Some("destroy")),
            ("publish", &["new", "edit"], None),
        ];
        let failures: Vec<String> = cases
            .iter()
            .filter(|(word, choices, want)| did_you_mean(word, choices) != *want)
            .map(|(word, choices, want)| {
                format!(
                    "{word}: got {:?}, want {want:?}",
                    did_you_mean(word, choices)
                )
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn hints_read_as_the_end_of_a_message() {
        assert_eq!(hint("gett", METHODS), "; did you mean `get`?");
        assert_eq!(hint("fly", &["get", "post"]), "; expected `get` or `post`");
        assert_eq!(hint("fly", &[]), "");
    }
}
