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
