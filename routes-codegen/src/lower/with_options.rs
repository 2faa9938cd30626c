//! `with_options(OPTION, ...) { ... }` (Rails' `map.with_options`): the options every
//! declaration in the block takes unless it gives its own, those that merge key by key
//! (`requirements`, `conditions`, `defaults`, `types`) merged; blocks nest, and pass through
//! `namespace`. Each option must mean something for every declaration it reaches: one that
//! does not is reported at the option, naming the declaration.

use super::Lowering;
use crate::errors::hint;
use crate::options::{Args, describe};
use crate::parse::{Arg, Stmt};
use crate::resources::Scope;
use crate::symbol::{
    CONNECT_OPTIONS, FLAGS, MERGED_OPTIONS, RESOURCES_OPTIONS, ROUTE_OPTIONS, WITH_OPTIONS,
};

impl<'a> Lowering<'a> {
    pub(super) fn with_options(&mut self, stmt: &'a Stmt, scope: &Scope) {
        let known: Vec<&str> = [RESOURCES_OPTIONS, ROUTE_OPTIONS, CONNECT_OPTIONS]
            .concat()
            .into_iter()
            .fold(Vec::new(), |mut known, option| {
                if !known.contains(&option) {
                    known.push(option);
                }
                known
            });
        let args = self.read.args(stmt, &known, FLAGS, &[]);
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        for name in &args.names {
            self.error(
                name.span(),
                format!(
                    "`with_options` takes options, such as `controller = \"...\"`, not names{}",
                    hint(&name.to_string(), &known)
                ),
            );
        }
        if stmt.args.is_empty() {
            self.error(
                stmt.keyword.span(),
                "`with_options` needs options for the declarations in its block",
            );
        }
        let Some(block) = &stmt.block else {
            self.error(
                stmt.keyword.span(),
                "`with_options(...)` needs a block of declarations to give its options to",
            );
            return;
        };
        self.with.push(stmt);
        self.stmts(&block.stmts, scope);
        self.with.pop();
    }

    /// A declaration's arguments (see [`Reader::args`](crate::options::Reader::args)), with the
    /// options of the `with_options` around it that it takes: for each key its own, else the
    /// innermost's, and every one of those that merge.
    pub(super) fn args(
        &self,
        stmt: &'a Stmt,
        allowed: &[&str],
        flags: &[&str],
        unlisted: &[&str],
    ) -> Args<'a> {
        let mut args = self.read.args(stmt, allowed, flags, unlisted);
        let mut taken: Vec<String> = args
            .options
            .args
            .iter()
            .filter_map(|arg| arg.key().map(ToString::to_string))
            .collect();
        let inherited = self.inherited(stmt, allowed, unlisted);
        // The innermost `with_options` gives a plain option the declaration does not give.
        for arg in inherited.iter().rev() {
            let Some(name) = arg.key().map(ToString::to_string) else {
                continue;
            };
            if !MERGED_OPTIONS.contains(&name.as_str()) && !taken.contains(&name) {
                taken.push(name);
                args.options.args.push(arg);
            }
        }
        args.options.inherited = inherited;
        args
    }

    /// The options of the `with_options` around `stmt` that it takes (`allowed`, less
    /// `unlisted`), outermost first; each other one is reported at the `with_options` that
    /// gives it, naming the declaration.
    fn inherited(&self, stmt: &'a Stmt, allowed: &[&str], unlisted: &[&str]) -> Vec<&'a Arg> {
        let mut inherited = Vec::new();
        for with in &self.with {
            for arg in &with.args {
                let Some(key) = arg.key() else { continue };
                let name = key.to_string();
                if allowed.contains(&name.as_str()) && !unlisted.contains(&name.as_str()) {
                    inherited.push(arg);
                } else if is_option(&name) {
                    self.error(
                        key.span(),
                        format!(
                            "`{name}` given by `{WITH_OPTIONS}` means nothing for `{}`",
                            describe(stmt)
                        ),
                    );
                }
            }
        }
        inherited
    }

    /// A declaration that takes no options inherits none: each option a `with_options` would
    /// give it is reported.
    pub(super) fn nothing_inherited(&self, stmt: &'a Stmt) {
        self.inherited(stmt, &[], &[]);
    }
}

/// Whether `name` is an option some declaration takes (the others were reported where the
/// `with_options` gives them).
fn is_option(name: &str) -> bool {
    [RESOURCES_OPTIONS, ROUTE_OPTIONS, FLAGS]
        .iter()
        .any(|options| options.contains(&name))
}
