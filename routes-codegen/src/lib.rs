//! The pipeline of [`resourceful`](https://docs.rs/resourceful)'s macros as a library, on
//! `proc_macro2` tokens: `routes-macros` wraps it in the proc macros, and the converter, the
//! fuzzer and the tests call it outside a compiler.
//!
//! An invocation runs in four phases: `parse` reads the syntax; `lower` turns it into the flat
//! list of routes of `model`, reading options with `options` and `resource_options` and
//! laying resources out with `resources`; `check` applies the rules that look across routes,
//! `shadow` judging which routes can never be recognised; and `expand` writes the table and
//! the helpers, with the recogniser (`tree` builds the table's tree of path shapes, `matcher`
//! writes it out as Rust, `literals` builds the tables it looks many alike literals up in),
//! the typed routes (`typed`, with `actions`) and the params of each action (`params`).
//! `symbol` spells the DSL's words once and `errors` gathers what every phase reports.
//! `pipeline` chains the phases. Errors from every phase are gathered and reported together;
//! whatever lowered cleanly is still expanded, so that one mistake gives one error rather than
//! a cascade of missing helpers.

mod actions;
mod analysis;
mod builder;
mod check;
mod derive;
mod draw;
mod errors;
mod expand;
#[cfg(feature = "inspect")]
mod inspect;
mod literals;
mod lower;
mod matcher;
mod model;
mod options;
mod params;
mod parse;
mod pipeline;
mod resource_options;
mod resources;
mod shadow;
mod shapes;
mod symbol;
mod tokens;
mod tree;
mod typed;

pub use derive::derive_to_param;
#[cfg(feature = "inspect")]
pub use inspect::{Diagnostic, InspectedRoute, Inspection, inspect_routes};
pub use pipeline::{draw, routes};
