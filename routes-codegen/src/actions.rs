//! Tokens out for the `Action` enum of a route set: one fieldless variant per
//! `controller#action` the set reaches, which `resourceful::axum::Handlers::bind` matches on
//! exhaustively; and how variants are named, which the typed `Route` shares.

use std::collections::{BTreeSet, HashSet};

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use crate::model::{Route, RouteTable, Segment, Target};

/// Every `controller#action` the route set reaches, sorted as the runtime searches them, with
/// the name of each one's variant.
pub struct Actions {
    pub pairs: Vec<(String, String)>,
    variants: Vec<Ident>,
    /// For each pair, the summaries of the routes that reach it, for its variant's doc.
    reached_by: Vec<Vec<String>>,
    /// For each pair, the places in the table of the routes that reach it.
    pub routes_of: Vec<Vec<usize>>,
}

impl Actions {
    /// The actions of the routes that name theirs, and of the routes whose path names the
    /// controller, each controller the path can name with the route's action. A path that names
    /// the action (`/:controller/:action`) reaches only these: any other is an unknown action.
    pub fn of(table: &RouteTable, controllers: &[String]) -> Self {
        let mut pairs = BTreeSet::new();
        // A redirect is answered by the dispatcher: it has no action to handle it.
        let handled = |route: &&Route| !matches!(route.target, Target::Redirect { .. });
        for route in table.routes.iter().filter(handled) {
            // A path that names the action reaches the route's own (when it may leave it
            // out), and the actions a requirement lists (`browse|entry`).
            let (named, words) = match route.segments.iter().find_map(|segment| match segment {
                Segment::Action {
                    optional,
                    requirement,
                } => Some((optional, requirement)),
                _ => None,
            }) {
                Some((optional, requirement)) => {
                    (*optional, table.words(*requirement).unwrap_or_default())
                }
                None => (true, Vec::new()),
            };
            for controller in reached_controllers(table, route, controllers) {
                if named {
                    pairs.insert((controller.to_owned(), route.action.clone()));
                }
                for word in words.iter().filter(|w| is_action(w)) {
                    pairs.insert((controller.to_owned(), word.clone()));
                }
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
        let mut reached_by = vec![Vec::new(); pairs.len()];
        let mut routes_of = vec![Vec::new(); pairs.len()];
        for (index, route) in table.routes.iter().enumerate() {
            if !handled(&route) {
                continue;
            }
            let controllers = reached_controllers(table, route, controllers);
            // The action a path names must meet its requirement, unless it is left out for
            // the route's own.
            let names_action = route.segments.iter().find_map(|segment| match segment {
                Segment::Action {
                    optional,
                    requirement,
                } => Some((*optional, *requirement)),
                _ => None,
            });
            let reaches = |action: &str| match names_action {
                Some((optional, requirement)) => {
                    (optional && action == route.action) || table.takes(requirement, action)
                }
                None => true,
            };
            let summary = route.summary();
            // `pairs` is sorted: a controller's pairs lie together, by action.
            for controller in controllers {
                let numbers = if names_action.is_some() {
                    let from = pairs.partition_point(|(c, _)| c.as_str() < controller);
                    let to = pairs.partition_point(|(c, _)| c.as_str() <= controller);
                    from..to
                } else {
                    match position(&pairs, controller, &route.action) {
                        Some(number) => number..number + 1,
                        None => continue,
                    }
                };
                for number in numbers.filter(|&number| reaches(&pairs[number].1)) {
                    reached_by[number].push(summary.clone());
                    routes_of[number].push(index);
                }
            }
        }
        Actions {
            pairs,
            variants,
            reached_by,
            routes_of,
        }
    }

    /// The name of action `number`'s variant (`ArticlesShow`).
    pub fn variant(&self, number: usize) -> &Ident {
        &self.variants[number]
    }

    /// The number of `route`'s action among the pairs, or `u16::MAX` when its path names the
    /// controller or the action, whose action is known only per request.
    pub fn number(&self, route: &Route) -> u16 {
        if names_target(route) {
            return u16::MAX;
        }
        position(&self.pairs, &route.controller, &route.action)
            .and_then(|number| u16::try_from(number).ok())
            .unwrap_or(u16::MAX)
    }
}

/// Where `controller#action` lies among `pairs`, which are sorted.
fn position(pairs: &[(String, String)], controller: &str, action: &str) -> Option<usize> {
    pairs
        .binary_search_by(|(c, a)| (c.as_str(), a.as_str()).cmp(&(controller, action)))
        .ok()
}

/// The controllers `route` sends to: its own, or those its `:controller` can name.
fn reached_controllers<'a>(
    table: &RouteTable,
    route: &'a Route,
    controllers: &'a [String],
) -> Vec<&'a str> {
    let segment = route.segments.iter().find_map(|segment| match segment {
        Segment::Controller {
            namespace,
            requirement,
        } => Some((namespace.as_str(), *requirement)),
        _ => None,
    });
    match segment {
        None => vec![route.controller.as_str()],
        Some((namespace, requirement)) => controllers
            .iter()
            .filter(|c| {
                c.strip_prefix(namespace)
                    .is_some_and(|rest| !rest.is_empty())
                    && table.takes(requirement, c)
            })
            .map(String::as_str)
            .collect(),
    }
}

/// Whether a word a requirement lists can be an action: a name, as `action = "..."` takes.
fn is_action(word: &str) -> bool {
    routes_syntax::pattern::is_param_name(word)
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
    // As a helper's doc: the methods and pattern of each route that reaches the action.
    let docs =
        actions
            .pairs
            .iter()
            .zip(&actions.reached_by)
            .map(|((controller, action), routes)| {
                let title = format!(" `{controller}#{action}`, reached by:");
                let routes = routes.iter().map(|summary| format!(" -{summary}"));
                quote!(#[doc = #title] #[doc = ""] #(#[doc = #routes])*)
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

#[cfg(test)]
mod tests {
    use quote::quote;
    use syn::{Attribute, Expr, Item, Lit, Meta};

    /// The doc of each variant of the enum `name` in the expansion of `tokens`, one line per
    /// variant: its name, then its doc's lines joined with `|`.
    pub fn variant_docs(tokens: proc_macro2::TokenStream, name: &str) -> Vec<String> {
        let output = crate::pipeline::routes(quote!([::resourceful] #tokens));
        let file: syn::File = syn::parse2(output).expect("the expansion parses");
        let Some(Item::Enum(item)) = file
            .items
            .iter()
            .find(|item| matches!(item, Item::Enum(e) if e.ident == name))
        else {
            panic!("no enum {name}");
        };
        item.variants
            .iter()
            .filter(|v| !v.ident.to_string().starts_with("__"))
            .map(|v| format!("{}: {}", v.ident, doc_of(&v.attrs)))
            .collect()
    }

    fn doc_of(attrs: &[Attribute]) -> String {
        let lines: Vec<String> = attrs
            .iter()
            .filter_map(|attr| match &attr.meta {
                Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                    Expr::Lit(lit) => match &lit.lit {
                        Lit::Str(s) => Some(s.value().trim().to_owned()),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            })
            .collect();
        lines.join("|")
    }

    #[test]
    fn each_action_s_doc_lists_the_routes_that_reach_it() {
        let docs = variant_docs(
            quote! {
                resources(articles, only(index, show, update));
                named(login, "/login", controller = "sessions", action = "new", via = get);
                connect("/:controller/:action/:id", via = get);
            },
            "Action",
        );
        let expected = [
            "ArticlesIndex: `articles#index`, reached by:||- `GET` `/articles(.:format)` → \
             `articles#index`|- `GET` `/:controller(/:action(/:id))(.:format)` → \
             `:controller#:action`",
            "ArticlesShow: `articles#show`, reached by:||- `GET` `/articles/:id(.:format)` → \
             `articles#show`|- `GET` `/:controller(/:action(/:id))(.:format)` → \
             `:controller#:action`",
            "ArticlesUpdate: `articles#update`, reached by:||- `PUT, PATCH` \
             `/articles/:id(.:format)` → `articles#update`|- `GET` \
             `/:controller(/:action(/:id))(.:format)` → `:controller#:action`",
            "SessionsIndex: `sessions#index`, reached by:||- `GET` \
             `/:controller(/:action(/:id))(.:format)` → `:controller#:action`",
            "SessionsNew: `sessions#new`, reached by:||- `GET` `/login(.:format)` → \
             `sessions#new`|- `GET` `/:controller(/:action(/:id))(.:format)` → \
             `:controller#:action`",
        ];
        assert_eq!(docs, expected);
    }

    #[test]
    fn each_route_s_doc_gives_its_methods_pattern_and_target() {
        let docs = variant_docs(
            quote! {
                resources(articles, only(show, destroy), types(id = u64)) {
                    resources(comments, only(index));
                }
                connect("/:controller/:action/:id", via = get);
            },
            "Route",
        );
        let expected = [
            "CommentsIndex: `GET` `/articles/:article_id/comments(.:format)` → \
             `comments#index`",
            "ArticlesShow: `GET` `/articles/:id(.:format)` → `articles#show`",
            "ArticlesDestroy: `DELETE` `/articles/:id(.:format)` → `articles#destroy`",
            "ControllerActionId: `GET` `/:controller(/:action(/:id))(.:format)` → \
             `:controller#:action`",
        ];
        assert_eq!(docs, expected);
    }
}
