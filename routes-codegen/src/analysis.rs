//! What the emitters write from, worked out once for a checked table with every error that
//! writing could meet, as thiserror's `valid.rs` before its `expand.rs`: the controllers
//! `:controller` names, the requirements as the route set numbers them, the recogniser's tree,
//! the actions, each route's typed variant, and the params of each action. A route set that
//! cannot be analysed is reported here, and `expand` writes nothing for it;
//! one that can be is written by code that cannot fail.

use std::collections::HashSet;

use proc_macro2::{Span, TokenStream};

use crate::actions::Actions;
use crate::check;
use crate::errors::Errors;
use crate::model::{Requirements, RouteTable};
use crate::params::{self, Plan};
use crate::tree::Recognizer;
use crate::typed::{self, Variant};

/// How many different sets of request constraints a table takes: the recogniser admits them
/// as the bits of one `u64`.
const MAX_REQUEST_CONDITIONS: usize = 64;

pub struct Analysis<'t> {
    pub table: &'t RouteTable,
    pub controllers: Vec<String>,
    pub requirements: Requirements,
    pub tree: Recognizer,
    pub actions: Actions,
    pub variants: Vec<Variant<'t>>,
    pub params: Plan,
}

/// The analysis of `table`, checked by `check` (whose declarations reported as duplicates are
/// `duplicates`), for an invocation whose facade is `krate`; `None`, with an error, for a
/// table that cannot be compiled.
pub fn analyze<'t>(
    krate: &TokenStream,
    table: &'t RouteTable,
    duplicates: &HashSet<usize>,
    errors: &Errors,
) -> Option<Analysis<'t>> {
    if let Some(extra) = table.request_conditions.get(MAX_REQUEST_CONDITIONS) {
        errors.error(
            extra.span,
            format!(
                "a route set takes at most {MAX_REQUEST_CONDITIONS} different sets of request \
                 constraints; this is one more (routes that share constraints can share a \
                 `constraints` block)"
            ),
        );
        return None;
    }
    let controllers = table.controllers();
    let requirements = Requirements::of(table);
    check::check_shadowed_routes(table, &controllers, &requirements, duplicates, errors);
    let Ok(tree) = Recognizer::new(table, &controllers, &requirements) else {
        errors.error(
            Span::call_site(),
            "this route set is too large to compile into a recogniser",
        );
        return None;
    };
    let actions = Actions::of(table, &controllers);
    let variants = typed::variants(krate, table);
    let params = params::plan(table, &actions, &variants, errors);
    Some(Analysis {
        table,
        controllers,
        requirements,
        tree,
        actions,
        variants,
        params,
    })
}
