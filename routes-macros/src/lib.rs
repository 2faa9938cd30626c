//! The macros of [`resourceful`](https://docs.rs/resourceful): `routes!` and
//! `#[derive(ToParam)]`. Use them through `resourceful`, which forwards its own path to the
//! generated code so that renaming the dependency keeps working. The work is done by
//! `routes-codegen`; this crate only hands it the compiler's tokens.

use proc_macro::TokenStream;

/// The implementation of `resourceful::routes!`; call that instead, which supplies the crate
/// path this macro's input starts with.
#[proc_macro]
pub fn routes(input: TokenStream) -> TokenStream {
    routes_codegen::routes(input.into()).into()
}

/// The implementation of `resourceful::draw!`; call that instead, which supplies the crate
/// path this macro's input starts with.
#[proc_macro]
pub fn draw(input: TokenStream) -> TokenStream {
    routes_codegen::draw(input.into()).into()
}

/// Derives `resourceful::ToParam` from the field `id`, or the field marked `#[to_param]`.
#[proc_macro_derive(ToParam, attributes(to_param))]
pub fn derive_to_param(input: TokenStream) -> TokenStream {
    routes_codegen::derive_to_param(input.into()).into()
}
