//! The macros of [`resourceful`](https://docs.rs/resourceful): `routes!` and
//! `#[derive(ToParam)]`. Use them through `resourceful`, which forwards its own path to the
//! generated code so that renaming the dependency keeps working.
//!
//! `routes!` runs in four phases: `parse` reads the syntax; `lower` turns it into the flat
//! list of routes of `model`, reading options with `options` and `resource_options` and
//! laying resources out with `layout`; `check` applies the rules that look across routes,
//! `shadow` judging which routes can never be recognised; and `expand` writes the table and
//! the helpers, with the recogniser (`recognizer` builds the table's tree of path shapes,
//! `render` writes it out as Rust, `literals` builds the tables it looks many alike literals
//! up in), the typed routes (`typed`, with `actions`) and the params of each action
//! (`extract`). `symbol` spells the DSL's words once and `errors` gathers what every phase
//! reports. `pipeline` chains the phases on `proc_macro2` tokens, so that tests and the fuzzer
//! (which includes these modules) run it outside a compiler. Errors from every phase are
//! gathered and reported together; whatever lowered cleanly is still expanded, so that one
//! mistake gives one error rather than a cascade of missing helpers.

mod actions;
mod check;
mod derive;
mod errors;
mod expand;
mod extract;
mod layout;
mod literals;
mod lower;
mod model;
mod options;
mod parse;
mod pipeline;
mod recognizer;
mod render;
mod resource_options;
mod shadow;
mod symbol;
mod tokens;
mod typed;

use proc_macro::TokenStream;

/// The implementation of `resourceful::routes!`; call that instead, which supplies the crate
/// path this macro's input starts with.
#[proc_macro]
pub fn routes(input: TokenStream) -> TokenStream {
    pipeline::routes(input.into()).into()
}

/// Derives `resourceful::ToParam` from the field `id`, or the field marked `#[to_param]`.
#[proc_macro_derive(ToParam, attributes(to_param))]
pub fn derive_to_param(input: TokenStream) -> TokenStream {
    derive::derive_to_param(input.into()).into()
}
