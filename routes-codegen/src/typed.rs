//! Tokens out for typed routes: `Route`, one variant per route with its params as fields,
//! which `recognize` answers with (its `Action` beside it is `actions`'s), so that dispatch
//! and params are checked by rustc, not by strings.

use std::collections::HashSet;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};
use routes_syntax::pattern::Format;
use syn::Ident;

use crate::actions::{Actions, action_enum, camel, names_target, unique};
use crate::model::{Route, RouteTable, Segment, param_ident};
use crate::symbol::{ACTION, CONTROLLER, FORMAT};
use crate::tokens::{self, option};

/// How many variants each reading and visiting function takes.
const CHUNK: usize = 64;

/// One field of a route's variant: a dynamic segment, or the format.
pub(crate) struct Field {
    pub(crate) ident: Ident,
    /// What the field holds, for the params of the actions the route reaches (`params`).
    pub(crate) kind: FieldKind,
    /// Whether the route may leave it out (its type is an `Option`).
    pub(crate) optional: bool,
    /// The field's type.
    ty: TokenStream,
    /// How its value is read from the route a request took, by its slot.
    take: Take,
    /// How `take` reads it, as text: fields read alike hold the same type and value.
    read: String,
    /// Whether the link writes it as a value (the format is written after them).
    value: Option<Written>,
    /// Whether its type borrows from the path (`'p`).
    borrows: bool,
}

/// How a field's value is read from the route a request took (`hit`): written out by
/// `readers` for the first route of each shape of fields only, which reads every route of
/// the shape.
enum Take {
    Controller,
    Action(usize),
    /// A param the path always gives, as text.
    Value(usize),
    /// A trailing param the path may leave out, as text.
    Slot(usize),
    /// A trailing param the path may leave out, as text, or its default.
    Defaulted(usize, String),
    /// A param of a declared type.
    Parse(usize),
    /// A trailing param of a declared type, or its default parsed.
    ParseOptional(usize, Option<String>),
    /// The format, or the route's default for it.
    Format,
}

impl Take {
    fn tokens(&self, krate: &TokenStream, hit: &Ident, route: &Route) -> TokenStream {
        let at = |k: &usize| Literal::usize_unsuffixed(*k);
        match self {
            Take::Controller => quote!(#hit.controller()),
            Take::Action(k) => {
                let at = at(k);
                quote!(#hit.action(#at))
            }
            Take::Value(k) => {
                let at = at(k);
                quote!(#hit.value_of(#at))
            }
            Take::Slot(k) => {
                let at = at(k);
                quote!(#hit.slot(#at))
            }
            Take::Defaulted(k, default) => {
                let at = at(k);
                quote!(::core::option::Option::Some(#hit.defaulted(#at, #default)))
            }
            Take::Parse(k) => {
                let at = at(k);
                quote!(#hit.parse(#at)?)
            }
            Take::ParseOptional(k, default) => {
                let at = at(k);
                let default = option(default.as_ref().map(|d| quote!(#d)));
                quote!(#hit.parse_optional(#at, #default)?)
            }
            Take::Format => {
                // A constant in the reader where the route names a default: worked out by
                // `format_default`, as `Layout::of` works out the layout's.
                let default = if route.defaults.iter().any(|(key, _)| key == FORMAT) {
                    let defaults = tokens::defaults(route);
                    quote!(const { #krate::__private::format_default(#defaults).flatten() })
                } else {
                    quote!(::core::option::Option::None)
                };
                quote!(#hit.format(#default))
            }
        }
    }
}

/// What a field of a route's variant holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldKind {
    /// The controller or the action the path names: which action the route reaches, rather
    /// than a param of it.
    Target,
    /// A param, as text (a `Value`).
    Text,
    /// A param of a declared type: its place in `RouteTable::types`.
    Typed(usize),
    /// The format.
    Format,
}

/// How the link writes a field.
enum Written {
    /// As it is: a `Value`, or the controller's name.
    Plain,
    /// A declared type, with `ToParam` where it has it, else `Display`.
    Typed,
    /// An optional param (trailing), written when present.
    Optional { typed: bool },
}

/// What the typed routes of `table` are written from: each route's variant and fields.
pub(crate) struct Variant<'t> {
    route: &'t Route,
    ident: Ident,
    pub(crate) fields: Vec<Field>,
}

/// The name the readers of `variants` give the route a request took.
pub(crate) fn hit() -> Ident {
    Ident::new("hit", Span::mixed_site())
}

/// The typed routes of a table whose variants are `variants` (read by [`hit`]) and actions
/// `actions`.
pub fn expand(krate: &TokenStream, actions: &Actions, variants: &[Variant<'_>]) -> TokenStream {
    let found = Ident::new("found", Span::mixed_site());
    let hit = hit();
    let visit = Ident::new("visit", Span::mixed_site());
    let hit_type = quote!(#krate::__private::Hit<'_, '_, 'p>);
    let uses_lifetime = variants.iter().any(|v| v.fields.iter().any(|f| f.borrows));
    let action = action_enum(krate, actions);
    let definitions = variants.iter().map(|v| {
        let ident = &v.ident;
        let summary = v.route.summary();
        if v.fields.is_empty() {
            return quote!(#[doc = #summary] #ident);
        }
        let fields = v.fields.iter().map(|f| {
            let (ident, ty) = (&f.ident, &f.ty);
            quote!(#ident: #ty)
        });
        quote!(#[doc = #summary] #ident { #(#fields),* })
    });
    let never = (!uses_lifetime).then(|| {
        quote! {
            #[doc(hidden)]
            __Never(::core::marker::PhantomData<&'p ()>, ::core::convert::Infallible),
        }
    });
    let never_arm = (!uses_lifetime).then(|| quote!(Route::__Never(_, never) => match *never {},));
    let (readers, read) = readers(krate, variants, &hit, &hit_type);
    let visits: Vec<TokenStream> = variants
        .iter()
        .enumerate()
        .map(|(index, v)| visit_arm(krate, &visit, index, v))
        .collect();
    let indexes = variants.iter().enumerate().map(|(index, v)| {
        let ident = &v.ident;
        let index = Literal::usize_unsuffixed(index);
        quote!(Route::#ident { .. } => #index,)
    });
    // Visiting goes through functions of `CHUNK` variants each: rustc checks many small
    // functions in less time than one with an arm per route.
    let chunks = visits.chunks(CHUNK).enumerate();
    let chunk_count = chunks.len();
    let visit_fns: Vec<Ident> = (0..chunk_count)
        .map(|k| format_ident!("__visit_{}", k))
        .collect();
    let chunk_fns = chunks.map(|(k, visits)| {
        let visit_fn = &visit_fns[k];
        quote! {
            #[doc(hidden)]
            #[inline]
            fn #visit_fn(&self, #visit: &mut dyn #krate::__private::Visit<'p>) {
                #[allow(unused_imports)]
                use #krate::__private::{ByDisplay as _, ByToParam as _};
                match self {
                    #(#visits)*
                    _ => {}
                }
            }
        }
    });
    let chunk_numbers: Vec<Literal> = (0..chunk_count).map(Literal::usize_unsuffixed).collect();
    quote! {
        #action

        /// A route of `ROUTES`, typed: one variant per route, whose fields are its params
        /// (borrowed from the path; a declared type parsed) and its format. [`recognize`]
        /// answers with it; it writes its own path and knows its method, for links and forms
        /// (`resourceful::form::button_for`). Two are equal when they are the same route with
        /// the same values as a path writes them, and `Debug` shows each value so.
        pub enum Route<'p> {
            #(#definitions,)*
            #never
        }

        impl<'p> Route<'p> {
            /// The typed route of `found`, an answer of `ROUTES`.
            #[inline]
            pub fn of(
                #found: &#krate::Recognized<'_, 'p>,
            ) -> ::core::option::Option<Self> {
                <Self as #krate::__private::Take>::take(&#krate::__private::Hit::of(
                    #found,
                    ROUTES.routes(),
                )?)
            }

            /// The route's place in `ROUTES`.
            #[inline]
            pub fn index(&self) -> usize {
                match self {
                    #(#indexes)*
                    #never_arm
                }
            }

            #(#chunk_fns)*

            #(#readers)*

            /// The route's entry in `ROUTES`: its pattern, methods, name.
            #[inline]
            pub fn route(&self) -> &'static #krate::Route {
                &ROUTES.routes()[self.index()]
            }

            /// The action the route sends to: none when its path names an action that no
            /// route declares.
            #[inline]
            pub fn action(&self) -> ::core::option::Option<Action> {
                let number = #krate::__private::route_action(&ROUTES, self)?;
                <Action as #krate::Actions>::ALL.get(number).copied()
            }

            /// The method a link or form uses: the route's first, or GET when it takes any.
            #[inline]
            pub fn method(&self) -> #krate::__private::Method {
                #krate::__private::route_method(&ROUTES, self)
            }

            /// The route's path, with its values and format.
            ///
            /// # Panics
            ///
            /// As the helpers, when a value could not be recognised back (an empty one, or one
            /// its requirement refuses): the link would not route.
            #[inline]
            pub fn path(&self) -> ::std::string::String {
                #krate::__private::route_link(&ROUTES, self, false)
            }

            /// The route's full URL, with the host of the route set's default URL options.
            ///
            /// # Panics
            ///
            /// As [`path`](Self::path), and when no host is known.
            #[inline]
            pub fn url(&self) -> ::std::string::String {
                #krate::__private::route_link(&ROUTES, self, true)
            }
        }

        impl<'p> #krate::__private::Take<'p> for Route<'p> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn take(#hit: &#hit_type) -> ::core::option::Option<Self> {
                #read
            }
        }

        impl<'p> #krate::__private::TypedRoute<'p> for Route<'p> {
            #[inline]
            fn __visit(&self, #visit: &mut dyn #krate::__private::Visit<'p>) {
                match self.index() / #CHUNK {
                    #(#chunk_numbers => self.#visit_fns(#visit),)*
                    _ => {}
                }
            }
        }

        impl ::core::fmt::Debug for Route<'_> {
            #[inline]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #krate::__private::debug_route(&ROUTES, self, f)
            }
        }

        impl<'a, 'b> ::core::cmp::PartialEq<Route<'b>> for Route<'a> {
            #[inline]
            fn eq(&self, other: &Route<'b>) -> bool {
                #krate::__private::same_route(self, other)
            }
        }

        impl #krate::form::Target for Route<'_> {
            #[inline]
            fn path(&self) -> ::std::string::String {
                Route::path(self)
            }

            #[inline]
            fn method(&self) -> #krate::__private::Method {
                Route::method(self)
            }
        }

        /// Recognises `method` and `path` as [`ROUTES`] does, answering with the typed route.
        ///
        /// # Errors
        ///
        /// The [`RoutingError`](#krate::RoutingError) `ROUTES.recognize` gives.
        #[inline]
        pub fn recognize<'p>(
            method: &#krate::__private::Method,
            path: &'p str,
        ) -> ::core::result::Result<Route<'p>, #krate::RoutingError> {
            #krate::__private::take(
                #krate::__private::table(&ROUTES),
                method,
                path,
            )
        }
    }
}

/// How `Route::take` reads a variant from the route a request took (`hit`): the functions it
/// calls, and its body. Variants whose fields are read alike (the same types from the same
/// slots: most routes of a table have one of a few such shapes) are read by one function,
/// which reads the fields once and then picks the variant by its place among them; its arms
/// differ only in the tag they write, and the compiler writes the fields once, after them.
/// An arm per route that read its own fields made a jump with a target per route, which the
/// processor mispredicts where requests go to many routes (BENCHMARKS.md has the figures). A
/// function takes at most `CHUNK` variants: rustc checks many small functions in less time
/// than one with an arm per route.
fn readers(
    krate: &TokenStream,
    variants: &[Variant<'_>],
    hit: &Ident,
    hit_type: &TokenStream,
) -> (Vec<TokenStream>, TokenStream) {
    // Each shape's variants, by their places in the set, in the order of their first route.
    let mut shapes: Vec<(Vec<&str>, Vec<usize>)> = Vec::new();
    for (index, variant) in variants.iter().enumerate() {
        let reads: Vec<&str> = variant.fields.iter().map(|f| f.read.as_str()).collect();
        match shapes
            .iter_mut()
            .find(|(shape, members)| *shape == reads && members.len() < CHUNK)
        {
            Some((_, members)) => members.push(index),
            None => shapes.push((reads, vec![index])),
        }
    }
    let position = Ident::new("position", Span::mixed_site());
    let names: Vec<Ident> = (0..shapes.len())
        .map(|shape| format_ident!("__take_{}", shape))
        .collect();
    let mut places = vec![(0u32, 0u8); variants.len()];
    let readers = shapes.iter().zip(&names).enumerate();
    let readers = readers.map(|(shape, ((_, members), name))| {
        let first = &variants[members[0]];
        let locals: Vec<Ident> = (0..first.fields.len())
            .map(|i| Ident::new(&format!("field{i}"), Span::mixed_site()))
            .collect();
        let reads = first.fields.iter().zip(&locals).map(|(f, local)| {
            let take = f.take.tokens(krate, hit, first.route);
            quote!(let #local = #take;)
        });
        let arms = members.iter().enumerate().map(|(at, &index)| {
            // `at` is below `CHUNK`, and a table has far fewer than 2^32 routes.
            places[index] = (shape as u32, at as u8);
            let variant = &variants[index];
            let ident = &variant.ident;
            let fields = variant.fields.iter().zip(&locals).map(|(f, local)| {
                let ident = &f.ident;
                quote!(#ident: #local)
            });
            let at = Literal::u8_unsuffixed(at as u8);
            quote!(#at => Route::#ident { #(#fields),* },)
        });
        let arms: Vec<TokenStream> = arms.collect();
        quote! {
            #[doc(hidden)]
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn #name(#hit: &#hit_type, #position: u8) -> ::core::option::Option<Self> {
                #(#reads)*
                ::core::option::Option::Some(match #position {
                    #(#arms)*
                    _ => return ::core::option::Option::None,
                })
            }
        }
    });
    let readers: Vec<TokenStream> = readers.collect();
    let calls = names.iter().enumerate().map(|(shape, name)| {
        let shape = Literal::u32_unsuffixed(shape as u32);
        quote!(#shape => Self::#name(#hit, #position),)
    });
    let count = Literal::usize_unsuffixed(variants.len());
    let places = places.iter().map(|&(shape, at)| {
        let (shape, at) = (Literal::u32_unsuffixed(shape), Literal::u8_unsuffixed(at));
        quote!((#shape, #at))
    });
    let shape = Ident::new("shape", Span::mixed_site());
    let read = quote! {
        // Each route's shape, and its place among the shape's variants.
        const PLACES: [(u32, u8); #count] = [#(#places),*];
        let &(#shape, #position) = PLACES.get(#hit.index())?;
        match #shape {
            #(#calls)*
            _ => ::core::option::Option::None,
        }
    };
    (readers, read)
}

/// Each route's variant, named from its `controller#action` (or its pattern, where the path
/// names them), with its fields, read by [`hit`]: worked out once, for the typed routes and
/// the params structs both.
pub(crate) fn variants<'t>(krate: &TokenStream, table: &'t RouteTable) -> Vec<Variant<'t>> {
    let mut taken = HashSet::new();
    table
        .routes
        .iter()
        .map(|route| {
            let name = if names_target(route) {
                let words = route.segments.iter().map(|segment| match segment {
                    Segment::Static(text) => text.as_str(),
                    other => other.value_name().unwrap_or_default(),
                });
                camel(words, "Route")
            } else {
                camel([route.controller.as_str(), route.action.as_str()], "Route")
            };
            let ident = unique(name, &mut taken, route.name.as_deref());
            Variant {
                route,
                ident,
                fields: fields(krate, table, route),
            }
        })
        .collect()
}

fn fields(krate: &TokenStream, table: &RouteTable, route: &Route) -> Vec<Field> {
    let value_ty = quote!(#krate::Value<'p>);
    let mut fields = Vec::new();
    // The slot of the next dynamic segment.
    let mut k = 0usize;
    for segment in &route.segments {
        let slot = k;
        if segment.is_slot() {
            k += 1;
        }
        let field = match segment {
            Segment::Static(_) => continue,
            Segment::Controller { .. } => Field {
                ident: Ident::new(CONTROLLER, Span::call_site()),
                kind: FieldKind::Target,
                optional: false,
                ty: quote!(&'static str),
                take: Take::Controller,
                read: "controller".to_owned(),
                value: Some(Written::Plain),
                borrows: false,
            },
            Segment::Action { .. } => Field {
                ident: Ident::new(ACTION, Span::call_site()),
                kind: FieldKind::Target,
                optional: false,
                ty: value_ty.clone(),
                take: Take::Action(slot),
                read: format!("action {slot}"),
                value: Some(Written::Plain),
                borrows: true,
            },
            Segment::Param {
                name,
                ty,
                optional,
                default,
                ..
            } => {
                let declared_at = ty;
                let declared = declared_at.map(|i| (i, &table.types[i].value));
                let (ty, take, read) = match (declared, optional, default) {
                    (None, false, _) => {
                        (value_ty.clone(), Take::Value(slot), format!("value {slot}"))
                    }
                    (None, true, None) => (
                        quote!(::core::option::Option<#value_ty>),
                        Take::Slot(slot),
                        format!("slot {slot}"),
                    ),
                    (None, true, Some(default)) => (
                        quote!(::core::option::Option<#value_ty>),
                        Take::Defaulted(slot, default.clone()),
                        format!("defaulted {slot} {default:?}"),
                    ),
                    (Some((index, ty)), false, _) => (
                        quote!(#ty),
                        Take::Parse(slot),
                        format!("parse {slot} as type {index}"),
                    ),
                    (Some((index, ty)), true, _) => (
                        quote!(::core::option::Option<#ty>),
                        Take::ParseOptional(slot, default.clone()),
                        format!("parse_optional {slot} as type {index} or {default:?}"),
                    ),
                };
                let value = match (declared.is_some(), optional) {
                    (typed, true) => Written::Optional { typed },
                    (true, false) => Written::Typed,
                    (false, false) => Written::Plain,
                };
                Field {
                    ident: param_ident(name, Span::call_site()),
                    kind: match *declared_at {
                        Some(ty) => FieldKind::Typed(ty),
                        None => FieldKind::Text,
                    },
                    optional: *optional,
                    ty,
                    take,
                    read,
                    value: Some(value),
                    borrows: declared.is_none(),
                }
            }
            Segment::Glob {
                name, ty, optional, ..
            } => {
                let kind = match *ty {
                    Some(ty) => FieldKind::Typed(ty),
                    None => FieldKind::Text,
                };
                let declared = ty.map(|i| (i, &table.types[i].value));
                // A `draw!` glob in a group is an `Option`, as a param there is.
                let (ty, take, read, value) = match (declared, optional) {
                    (None, false) => (
                        value_ty.clone(),
                        Take::Value(slot),
                        format!("value {slot}"),
                        Written::Plain,
                    ),
                    (Some((index, ty)), false) => (
                        quote!(#ty),
                        Take::Parse(slot),
                        format!("parse {slot} as type {index}"),
                        Written::Typed,
                    ),
                    (None, true) => (
                        quote!(::core::option::Option<#value_ty>),
                        Take::Slot(slot),
                        format!("slot {slot}"),
                        Written::Optional { typed: false },
                    ),
                    (Some((index, ty)), true) => (
                        quote!(::core::option::Option<#ty>),
                        Take::ParseOptional(slot, None),
                        format!("parse_optional {slot} as type {index} or None"),
                        Written::Optional { typed: true },
                    ),
                };
                Field {
                    ident: param_ident(name, Span::call_site()),
                    kind,
                    optional: *optional,
                    ty,
                    take,
                    read,
                    value: Some(value),
                    borrows: declared.is_none(),
                }
            }
        };
        fields.push(field);
    }
    let format = Ident::new(FORMAT, Span::call_site());
    // Routes whose format has a default are read alike only where their defaults are alike.
    let read = if route.defaults.iter().any(|(key, _)| key == FORMAT) {
        format!("format defaulted from {:?}", route.defaults)
    } else {
        "format".to_owned()
    };
    match route.format {
        Format::None => {}
        // A required format is an `Option` too: a link may be written without one, which
        // Rails refuses, as the helper does.
        Format::Optional | Format::Required => fields.push(Field {
            ident: format,
            kind: FieldKind::Format,
            optional: true,
            ty: quote!(::core::option::Option<#value_ty>),
            take: Take::Format,
            read,
            value: None,
            borrows: true,
        }),
    }
    fields
}

/// The arm of `__visit` that shows `variant`, the route set's `index`th: its values as they
/// are where each is a `Value` (most routes), else each as a `ToParam` (a declared type, the
/// controller, optional params).
fn visit_arm(
    krate: &TokenStream,
    visit: &Ident,
    index: usize,
    variant: &Variant<'_>,
) -> TokenStream {
    let ident = &variant.ident;
    let name = format!("Route::{ident}");
    let index = Literal::usize_unsuffixed(index);
    let bind = variant.fields.iter().map(|f| &f.ident);
    // Most routes take an optional format, handed over as the field is.
    let plain = variant
        .fields
        .iter()
        .all(|f| matches!(f.value, None | Some(Written::Plain)) && f.ident != CONTROLLER);
    if plain {
        let values = variant
            .fields
            .iter()
            .filter(|f| f.value.is_some())
            .map(|f| &f.ident);
        let format = match variant.route.format {
            Format::Optional | Format::Required => quote!(format),
            Format::None => quote!(&::core::option::Option::None),
        };
        return quote! {
            Route::#ident { #(#bind),* } => #visit.plain(#index, #name, &[#(#values),*], #format),
        };
    }
    let format = match variant.route.format {
        Format::None => quote!(::core::option::Option::None),
        Format::Optional | Format::Required => quote!(format.as_ref()),
    };
    let to_param = quote!(&dyn #krate::ToParam);
    // A typed value is written with `ToParam` where its type has it, else with `Display`,
    // through a local that lives as long as the values.
    let locals = variant.fields.iter().filter_map(|f| {
        let ident = &f.ident;
        let typed = quote!((&&#krate::__private::Typed(#ident)).segment());
        match f.value {
            Some(Written::Typed) => Some(quote!(let #ident = #typed;)),
            Some(Written::Optional { typed: true }) => Some(quote! {
                let #ident = #ident.as_ref().map(|#ident| #typed);
            }),
            _ => None,
        }
    });
    // Every value in its place, an optional one as its `Option` (whose `None` is no value):
    // a link then leaves out the trailing ones left out, and refuses one left out before one
    // given, as the helpers do, rather than writing the later value in its place.
    let values = variant.fields.iter().filter_map(|f| {
        let ident = &f.ident;
        f.value.as_ref().map(|_| quote!(&#ident as #to_param))
    });
    quote! {
        Route::#ident { #(#bind),* } => {
            #(#locals)*
            #visit.mixed(#index, #name, &[#(#values),*], #format)
        }
    }
}
