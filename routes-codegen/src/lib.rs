//! The pipeline of [`resourceful`](https://docs.rs/resourceful)'s macros as a library, on
//! `proc_macro2` tokens: `routes-macros` wraps it in the proc macros, and the converter, the
//! fuzzer and the tests call it outside a compiler.
//!
//! An invocation runs in five phases. `parse` reads the syntax, which both DSLs share. A
//! front lowers it into the flat list of routes of `model` through `builder`, the one seam
//! every front drives: `lower` for `routes!` (Rails 2.3, reading options with `options` and
//! `resource_options`, laying resources out with `resources`), `draw` for `draw!` (Rails 3 to
//! 8, a port of Rails' mapper). `check` applies the rules that look across routes, `shadow`
//! judging which routes can never be recognised. `analysis` works out everything the emitters
//! need (the controllers, the requirements, the recogniser's tree from `tree` and `shapes`,
//! the actions, the typed variants of `typed`, the params of each action of `params`) and
//! reports what cannot be compiled; then `expand` writes the table and the helpers, with the
//! recogniser written out as Rust by `matcher` (`literals` builds the tables it looks many
//! alike literals up in), and cannot fail. `symbol` spells the DSLs' words once and `errors`
//! gathers what every phase reports. `pipeline` chains the phases; with the `inspect`
//! feature, `inspect` runs them for a tool (the converter) and answers with data. Errors from
//! every phase are gathered and reported together; whatever lowered cleanly is still
//! expanded, so that one mistake gives one error rather than a cascade of missing helpers.

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
pub use inspect::{Diagnostic, InspectedRoute, Inspection, inspect_draw, inspect_routes};
pub use pipeline::{draw, routes};
