//! `#[derive(ToParam)]`: a struct stands in URLs by its `id` field, or by the field marked
//! `#[to_param]`, as Rails records do by `to_param`.

use proc_macro_crate::{FoundCrate, crate_name};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Data, DeriveInput, Fields, Ident, Member};

pub fn derive_to_param(input: TokenStream) -> TokenStream {
    match syn::parse2::<DeriveInput>(input).and_then(|input| expand(&input)) {
        Ok(tokens) => tokens,
        Err(e) => e.to_compile_error(),
    }
}

/// The facade's path in the crate being compiled, renamed or not. The facade refers to itself
/// as `::resourceful` (`extern crate self as resourceful`), as do its tests and examples.
fn krate() -> TokenStream {
    match crate_name("resourceful") {
        Ok(FoundCrate::Name(name)) => {
            let ident = Ident::new(&name, Span::call_site());
            quote!(::#ident)
        }
        Ok(FoundCrate::Itself) | Err(_) => quote!(::resourceful),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "`ToParam` can be derived for structs only; implement it by hand for enums and unions",
        ));
    };
    let field = param_field(&input.ident, &data.fields)?;
    let krate = krate();
    let name = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    Ok(quote! {
        impl #impl_generics #krate::ToParam for #name #ty_generics #where_clause {
            fn to_param(&self) -> ::std::borrow::Cow<'_, str> {
                #krate::ToParam::to_param(&self.#field)
            }
            fn __segment_len(&self, keep_dot: bool) -> usize {
                #krate::ToParam::__segment_len(&self.#field, keep_dot)
            }
            fn __push_segment(&self, out: &mut ::std::string::String, keep_dot: bool) {
                #krate::ToParam::__push_segment(&self.#field, out, keep_dot)
            }
        }
    })
}

/// The field marked `#[to_param]`, else the field named `id`, else the only field of a tuple
/// struct.
fn param_field(name: &Ident, fields: &Fields) -> syn::Result<Member> {
    let mut marked = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        for attr in field.attrs.iter().filter(|a| a.path().is_ident("to_param")) {
            attr.meta.require_path_only()?;
            marked.push((index, field));
        }
    }
    let member = |index: usize, field: &syn::Field| match &field.ident {
        Some(ident) => Member::Named(ident.clone()),
        None => Member::Unnamed(index.into()),
    };
    match marked.as_slice() {
        [(index, field)] => return Ok(member(*index, field)),
        [_, (_, second), ..] => {
            return Err(syn::Error::new_spanned(
                &second.attrs[0],
                "only one field can be marked `#[to_param]`",
            ));
        }
        [] => {}
    }
    if let Some(field) = fields
        .iter()
        .find(|f| f.ident.as_ref().is_some_and(|i| i == "id"))
    {
        return Ok(member(0, field));
    }
    if let Fields::Unnamed(unnamed) = fields
        && unnamed.unnamed.len() == 1
    {
        return Ok(Member::Unnamed(0.into()));
    }
    Err(syn::Error::new_spanned(
        name,
        "`ToParam` needs an `id` field, or a field marked `#[to_param]`",
    ))
}
