//! Token writers that more than one part of the expansion uses.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::Route;

/// `Some(value)` or `None`, written out in full so that a user's `Option` cannot shadow it.
pub(crate) fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// The route's defaults as the runtime takes them: `&[(key, Some(value) or None), ...]`.
pub(crate) fn defaults(route: &Route) -> TokenStream {
    let defaults = route.defaults.iter().map(|(k, v)| {
        let v = option(v.as_ref().map(|v| quote!(#v)));
        quote!((#k, #v))
    });
    quote!(&[#(#defaults),*])
}
