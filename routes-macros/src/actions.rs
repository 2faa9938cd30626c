//! Tokens out for the `Action` enum of a route set: one fieldless variant per
//! `controller#action` the set reaches, which `resourceful::axum::Handlers::bind` matches on
//! exhaustively; and how variants are named, which the typed `Route` shares.

use std::collections::{BTreeSet, HashSet};

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use crate::model::{Route, RouteTable, Segment};

/// Every `controller#action` the route set reaches, sorted as the runtime searches them, with
/// the name of each one's variant.
pub struct Actions {
    pub pairs: Vec<(String, String)>,
    variants: Vec<Ident>,
}

impl Actions {
    /// The actions of the routes that name theirs, and of the routes whose path names the
    /// controller, each controller the path can name with the route's action. A path that names
    /// the action (`/:controller/:action`) reaches only these: any other is an unknown action.
    pub fn of(table: &RouteTable, controllers: &[String]) -> Self {
        let mut pairs = BTreeSet::new();
        for route in &table.routes {
            let required_action = route
                .segments
                .iter()
                .any(|segment| matches!(segment, Segment::Action { optional: false }));
            if required_action {
                continue;
            }
            for controller in reached_controllers(route, controllers) {
                pairs.insert((controller.to_owned(), route.action.clone()));
            }
        }
        let pairs: Vec<(String, String)> = pairs.into_iter().collect();
        let mut taken = HashSet::new();
        let variants = pairs
            .iter()
            .map(|(controller, action)| {
                let name = camel([controller.as_str(), action.as_str()], "Action");
                unique(name, &mut taken, None)
            })
            .collect();
        Actions { pairs, variants }
    }

    /// The number of `route`'s action among the pairs, or `u16::MAX` when its path names the
    /// controller or the action, whose action is known only per request.
    pub fn number(&self, route: &Route) -> u16 {
        if names_target(route) {
            return u16::MAX;
        }
        let target = (route.controller.as_str(), route.action.as_str());
        self.pairs
            .binary_search_by(|(c, a)| (c.as_str(), a.as_str()).cmp(&target))
            .ok()
            .and_then(|number| u16::try_from(number).ok())
            .unwrap_or(u16::MAX)
    }
}

/// The controllers `route` sends to: its own, or those its `:controller` can name.
fn reached_controllers<'a>(route: &'a Route, controllers: &'a [String]) -> Vec<&'a str> {
    let namespace = route.segments.iter().find_map(|segment| match segment {
        Segment::Controller { namespace } => Some(namespace.as_str()),
        _ => None,
    });
    match namespace {
        None => vec![route.controller.as_str()],
        Some(namespace) => controllers
            .iter()
            .filter(|c| {
                c.strip_prefix(namespace)
                    .is_some_and(|rest| !rest.is_empty())
            })
            .map(String::as_str)
            .collect(),
    }
}

/// Whether the route's path names its controller or its action.
pub fn names_target(route: &Route) -> bool {
    route
        .segments
        .iter()
        .any(|segment| matches!(segment, Segment::Controller { .. } | Segment::Action { .. }))
}

/// `admin/line_items` and `mark_read` → `AdminLineItemsMarkRead`: each run of letters and
/// digits capitalised; `fallback` first when the name would not start with a letter.
pub fn camel<'a>(words: impl IntoIterator<Item = &'a str>, fallback: &str) -> String {
    let mut name = String::new();
    for word in words {
        for part in word.split(|c: char| !c.is_ascii_alphanumeric()) {
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                name.push(first.to_ascii_uppercase());
                name.extend(chars);
            }
        }
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.insert_str(0, fallback);
    }
    name
}

/// `name`, or when a variant has it already, `name` followed by `then` (the route's name) or
/// a number.
pub fn unique(name: String, taken: &mut HashSet<String>, then: Option<&str>) -> Ident {
    let mut candidates = then
        .map(|then| format!("{name}{}", camel([then], "")))
        .into_iter()
        .chain((2..).map(|n| format!("{name}{n}")));
    let mut chosen = name.clone();
    while taken.contains(&chosen) {
        chosen = candidates.next().unwrap_or_default();
    }
    taken.insert(chosen.clone());
    Ident::new(&chosen, Span::call_site())
}

/// The `Action` enum of the route set.
pub fn action_enum(krate: &TokenStream, actions: &Actions) -> TokenStream {
    let variants = &actions.variants;
    let docs = actions.pairs.iter().map(|(controller, action)| {
        let doc = format!(" `{controller}#{action}`");
        quote!(#[doc = #doc])
    });
    // An enum without variants has no value to number: its methods are `match self {}`.
    let (controller, action) = if variants.is_empty() {
        (quote!(match self {}), quote!(match self {}))
    } else {
        (
            quote!(#krate::__private::action_pair(&ROUTES, self as usize).0),
            quote!(#krate::__private::action_pair(&ROUTES, self as usize).1),
        )
    };
    let names = variants.iter().map(|v| v.to_string());
    let debug = if variants.is_empty() {
        quote!(match *self {})
    } else {
        quote! {
            const NAMES: &[&str] = &[#(#names),*];
            f.write_str(NAMES.get(*self as usize).copied().unwrap_or_default())
        }
    };
    quote! {
        /// An action of `ROUTES`: one variant per `controller#action` it reaches.
        /// `resourceful::axum::Handlers::bind` takes a handler for each, in a `match` that
        /// rustc checks is exhaustive.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            #(#docs #variants,)*
        }

        // As `#[derive(Debug)]` writes it, from a list of the names rather than an arm each.
        impl ::core::fmt::Debug for Action {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #debug
            }
        }

        impl Action {
            /// The controller (`admin/users`).
            #[inline]
            pub fn controller(self) -> &'static str {
                #controller
            }

            /// The action (`index`).
            #[inline]
            pub fn action(self) -> &'static str {
                #action
            }
        }

        impl ::core::fmt::Display for Action {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::write!(f, "{}#{}", self.controller(), self.action())
            }
        }

        impl #krate::Actions for Action {
            const ALL: &'static [Self] = &[#(Action::#variants),*];

            #[inline]
            fn routes() -> &'static #krate::RouteSet {
                &ROUTES
            }
        }
    }
}
