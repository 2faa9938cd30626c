//! `#[derive(ToParam)]`: a struct stands in URLs by its `id` field, or by the field marked
//! `#[to_param]`, as Rails records do by `to_param`.
//!
//! The impl names the facade as `::resourceful`, unless the struct says otherwise with
//! `#[to_param(crate = "path")]`, as serde's `#[serde(crate = "...")]` does. A derive cannot be
//! handed `$crate` as `routes!` is (no `macro_rules!` front door stands before it on stable),
//! and looking the crate up in the user's Cargo.toml (what `proc-macro-crate` did) reads a file
//! behind the compiler's back, cannot see `resourceful` re-exported by another crate, and put a
//! TOML parser in every user's build.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Attribute, Data, DeriveInput, Fields, Ident, LitStr, Member, Path};

/// The attribute the derive reads: on the struct with `crate = "..."`, bare on a field.
const TO_PARAM: &str = "to_param";
/// The key naming the facade's path, in the struct's `#[to_param(...)]`.
const CRATE: &str = "crate";

pub fn derive_to_param(input: TokenStream) -> TokenStream {
    match syn::parse2::<DeriveInput>(input).and_then(|input| expand(&input)) {
        Ok(tokens) => tokens,
        Err(e) => e.to_compile_error(),
    }
}

/// The facade's path: `crate = "..."` from the struct's `#[to_param(...)]`, else
/// `::resourceful` (the facade itself says `extern crate self as resourceful`, so its own
/// tests and examples need no attribute).
fn krate(attrs: &[Attribute]) -> syn::Result<TokenStream> {
    let mut found: Option<Path> = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident(TO_PARAM)) {
        if let syn::Meta::Path(path) = &attr.meta {
            return Err(syn::Error::new_spanned(
                path,
                "`#[to_param]` marks a field; on the struct it takes the crate's path: \
                 `#[to_param(crate = \"resourceful\")]`",
            ));
        }
        attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident(CRATE) {
                return Err(
                    meta.error("unknown `to_param` option; the only one is `crate = \"path\"`")
                );
            }
            if found.is_some() {
                return Err(meta.error("duplicate `crate` in `to_param`"));
            }
            let literal: LitStr = meta.value()?.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "`crate` takes the path as a string: `crate = \"resourceful\"`",
                )
            })?;
            found = Some(literal.parse().map_err(|_| {
                syn::Error::new(
                    literal.span(),
                    format!(
                        "`{}` is not a path; `crate` takes one such as `\"routing\"`",
                        literal.value()
                    ),
                )
            })?);
            Ok(())
        })?;
    }
    Ok(match found {
        Some(path) => quote!(#path),
        None => quote!(::resourceful),
    })
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "`ToParam` can be derived for structs only; implement it by hand for enums and unions",
        ));
    };
    let krate = krate(&input.attrs);
    let field = param_field(&input.ident, &data.fields);
    let (krate, field) = match (krate, field) {
        (Ok(krate), Ok(field)) => (krate, field),
        (Err(mut first), Err(second)) => {
            first.combine(second);
            return Err(first);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
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
        for attr in field.attrs.iter().filter(|a| a.path().is_ident(TO_PARAM)) {
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
