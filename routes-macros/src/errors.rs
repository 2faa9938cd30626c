//! The error accumulator every phase reports into, and the pieces messages are made of: the
//! valid choices listed, or the one a misspelling is close to.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::{Span, TokenStream};

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

    pub fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.errors.borrow().is_empty()
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

/// The closest of `choices` to `word`, when close enough to be a likely misspelling.
pub fn did_you_mean<'c>(word: &str, choices: &[&'c str]) -> Option<&'c str> {
    choices
        .iter()
        .map(|c| (distance(word, c), *c))
        .filter(|&(d, c)| d <= 2.max(c.len() / 3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
