//! What the recogniser writes where a route is taken: the first of the routes ending there
//! that takes the request's method offered as the best code so far (with where its values
//! lie), and the methods of the others gathered for a 405.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Render;
use crate::tree::Entry;

impl Render<'_> {
    /// Offers as the best code the first of `entries` (sorted) that takes the method, and
    /// gathers the methods of those that do not, for a 405; when one is taken, its values lie
    /// at `slots`, and its format at `format`.
    pub(super) fn accept(
        &self,
        entries: &[Entry],
        slots: &[TokenStream],
        format: Option<TokenStream>,
    ) -> TokenStream {
        let format = match format {
            Some(format) => format,
            None => quote!(::core::option::Option::None),
        };
        if entries.iter().all(|e| e.map == 0) {
            return self.accept_with(entries, slots, format);
        }
        // Shapes that leave out a group before their last value fill their route's slots in
        // their own way: one offer per way, in the order of their smallest codes, each taking
        // only a code smaller than the best so far.
        let mut maps: Vec<u16> = Vec::new();
        for entry in entries {
            if !maps.contains(&entry.map) {
                maps.push(entry.map);
            }
        }
        let r = self.r;
        let offers = maps.into_iter().map(|map| {
            let group: Vec<Entry> = entries.iter().copied().filter(|e| e.map == map).collect();
            let mapped = match self.slot_maps.get(usize::from(map)).filter(|_| map != 0) {
                None => slots.to_vec(),
                Some(places) => {
                    let count = places.iter().max().map_or(0, |m| m + 1);
                    (0..count)
                        .map(|slot| match places.iter().position(|&p| p == slot) {
                            Some(j) => slots
                                .get(j)
                                .cloned()
                                .unwrap_or_else(|| quote!(#r::Bound::ABSENT)),
                            None => quote!(#r::Bound::ABSENT),
                        })
                        .collect()
                }
            };
            self.accept_with(&group, &mapped, format.clone())
        });
        quote!(#(#offers)*)
    }

    /// [`Render::accept`] for entries whose values fill their slots as `slots` are.
    pub(super) fn accept_with(
        &self,
        entries: &[Entry],
        slots: &[TokenStream],
        format: TokenStream,
    ) -> TokenStream {
        let Render {
            r,
            segs,
            found,
            method,
            best,
            allowed,
            ..
        } = self;
        let fill = quote!(#found.fill([#(#slots),*], #format););
        match entries {
            [] => quote!(),
            [entry] if entry.methods == u16::MAX && entry.request == 0 => {
                let code = self.code(entry.code);
                quote!(if #best > #code { #best = #code; #fill })
            }
            _ => {
                let entries = entries.iter().map(|entry| {
                    let code = self.code(entry.code);
                    let methods = Literal::u16_suffixed(entry.methods);
                    if entry.request == 0 {
                        quote!((#code, #methods))
                    } else {
                        // A route whose conditions on the request are not met takes no method.
                        let condition = Literal::u8_suffixed(entry.request - 1);
                        quote!((#code, #segs.admit(#condition, #methods)))
                    }
                });
                quote! {
                    if #r::offer(&mut #best, &mut #allowed, #method, &[#(#entries),*]) {
                        #fill
                    }
                }
            }
        }
    }
}
