//! Tokens out: the route table as constant data with the recogniser `recognizer` renders for
//! it and, per named route, one invocation of the facade's `__helpers!`, which writes the six
//! thin helpers.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};
use routes_syntax::pattern::Format;
use syn::Ident;

use crate::model::{Route, RouteTable, Segment};
use crate::recognizer;
use crate::symbol::{ACTION, CONTROLLER};

pub fn expand(krate: &TokenStream, model: &RouteTable) -> TokenStream {
    let r = Ident::new("__routes", Span::mixed_site());
    let routes = model
        .routes
        .iter()
        .map(|route| table_entry(&r, model, route));
    let url_options = match &model.url_options {
        Some(options) => {
            let host = &options.host;
            let protocol = option(options.protocol.as_ref().map(|p| quote!(#p)));
            let port = option(options.port.map(|p| quote!(#p)));
            quote! {
                ::core::option::Option::Some(#r::StaticUrlOptions {
                    host: #host,
                    protocol: #protocol,
                    port: #port,
                })
            }
        }
        None => quote!(::core::option::Option::None),
    };
    let helpers = model
        .routes
        .iter()
        .enumerate()
        .filter(|(_, route)| route.name.is_some())
        .map(|(index, route)| helpers(krate, model, index, route));
    let recognize = Ident::new("__recognize", Span::mixed_site());
    let plan = recognizer::plan(model);
    let covered = plan.covered;
    let set = match recognizer::render(&r, &recognize, &plan) {
        Some(recognizer) => quote! {
            #recognizer
            #r::RouteSet::with_generated(&[#(#routes),*], #url_options, #recognize, #covered)
        },
        None => quote!(#r::RouteSet::new(&[#(#routes),*], #url_options)),
    };
    quote! {
        /// The route table declared by `routes!`, with its recogniser.
        pub static ROUTES: #krate::RouteSet = {
            use #krate::__private as #r;
            #set
        };
        #(#helpers)*
    }
}

fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// One route of the table, through the short constructors of `__private`.
fn table_entry(r: &Ident, model: &RouteTable, route: &Route) -> TokenStream {
    let name = route.name.as_deref().unwrap_or_default();
    let methods = route.methods.iter().map(|verb| {
        let verb = Ident::new(verb.as_str(), Span::call_site());
        quote!(#r::#verb)
    });
    let pattern = route.pattern();
    let segments = route.segments.iter().map(|segment| match segment {
        Segment::Static(text) => quote!(#r::s(#text)),
        Segment::Param {
            name,
            requirement: None,
            optional: false,
            ..
        } => quote!(#r::p(#name)),
        Segment::Param {
            name,
            requirement,
            optional,
            ..
        } => {
            let requirement = option(requirement.map(|i| {
                let source = model.requirements[i].value.value();
                quote!(#source)
            }));
            quote!(#r::pr(#name, #requirement, #optional))
        }
        Segment::Controller { namespace } => {
            quote!(#r::Segment::Controller { namespace: #namespace })
        }
        Segment::Action { optional } => quote!(#r::Segment::Action { optional: #optional }),
    });
    let format = match route.format {
        Format::None => quote!(None),
        Format::Optional => quote!(Optional),
        Format::Required => quote!(Required),
    };
    let controller = &route.controller;
    let action = &route.action;
    let conditions = route.conditions.iter().map(|(k, v)| quote!((#k, #v)));
    quote! {
        #r::Route::new(
            #name, &[#(#methods),*], #pattern, &[#(#segments),*], #r::Format::#format,
            #controller, #action, &[#(#conditions),*],
        )
    }
}

/// An identifier for a helper argument, raw where the name is a Rust keyword (`:type`).
fn arg_ident(name: &str) -> Ident {
    match syn::parse_str::<Ident>(name) {
        Ok(_) => Ident::new(name, Span::mixed_site()),
        Err(_) => Ident::new_raw(name, Span::mixed_site()),
    }
}

/// `GET` `/articles/:id(.:format)` → `articles#show`, the first line of each helper's docs.
fn summary(route: &Route) -> String {
    let methods = if route.methods.is_empty() {
        "any method".to_owned()
    } else {
        route
            .methods
            .iter()
            .map(|m| m.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let controller = if route.controller.is_empty() {
        ":controller"
    } else {
        &route.controller
    };
    let action = if route
        .segments
        .iter()
        .any(|s| matches!(s, Segment::Action { .. }))
    {
        ":action"
    } else {
        &route.action
    };
    format!(
        " `{methods}` `{}` → `{controller}#{action}`",
        route.pattern()
    )
}

fn helpers(krate: &TokenStream, model: &RouteTable, index: usize, route: &Route) -> TokenStream {
    let name = route.name.as_deref().unwrap_or_default();
    let names = [
        format_ident!("{}_path", name),
        format_ident!("{}_url", name),
        format_ident!("hash_for_{}_path", name),
        format_ident!("hash_for_{}_url", name),
        format_ident!("formatted_{}_path", name),
        format_ident!("formatted_{}_url", name),
    ];
    // With a typed param, every argument is given its type (`impl ToParam` where none is
    // declared), a declared one with the span it was declared with, so that rustc's notes on
    // a wrong argument point at `types(...)`.
    let params: Vec<(&str, Option<usize>)> = route
        .segments
        .iter()
        .filter_map(|segment| match segment {
            Segment::Static(_) => None,
            Segment::Param { name, ty, .. } => Some((name.as_str(), *ty)),
            Segment::Controller { .. } => Some((CONTROLLER, None)),
            Segment::Action { .. } => Some((ACTION, None)),
        })
        .collect();
    let typed = params.iter().any(|(_, ty)| ty.is_some());
    let args = params.iter().map(|&(name, ty)| {
        let arg = arg_ident(name);
        match ty {
            Some(i) => {
                let ty = &model.types[i].value;
                quote!(#arg: #ty = #name)
            }
            None if typed => quote!(#arg: impl #krate::ToParam = #name),
            None => quote!(#arg = #name),
        }
    });
    let index = Literal::usize_unsuffixed(index);
    let summary = summary(route);
    quote! {
        #krate::__helpers! {
            ROUTES, #index, #summary, [#(#names),*], [#(#args),*]
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;
    use syn::{Item, ItemMacro};

    fn expand(tokens: TokenStream) -> syn::File {
        let output = crate::pipeline::routes(quote!([::resourceful] #tokens));
        syn::parse2(output).expect("the expansion parses as a file")
    }

    fn macros<'f>(file: &'f syn::File, name: &str) -> Vec<&'f ItemMacro> {
        file.items
            .iter()
            .filter_map(|item| match item {
                Item::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == name) => {
                    Some(m)
                }
                _ => None,
            })
            .collect()
    }

    /// The helper invocation whose first helper is `path`, as text.
    fn helpers_of(file: &syn::File, path: &str) -> String {
        macros(file, "__helpers")
            .into_iter()
            .map(|m| m.mac.tokens.to_string())
            .find(|tokens| tokens.contains(&format!("[{path} ,")))
            .unwrap_or_else(|| panic!("no helpers for {path}"))
    }

    #[test]
    fn a_named_route_gets_its_helpers_with_its_segments_as_arguments() {
        let file = expand(quote!(resources(articles) { resources(comments); }));
        let statics: Vec<_> = file
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Static(s) => Some(s.ident.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(statics, ["ROUTES"]);
        assert_eq!(macros(&file, "__helpers").len(), 8, "8 named routes");
        assert_eq!(
            helpers_of(&file, "article_comment_path"),
            "ROUTES , 4 , \" `GET` `/articles/:article_id/comments/:id(.:format)` → `comments#show`\" , \
             [article_comment_path , article_comment_url , hash_for_article_comment_path , \
             hash_for_article_comment_url , formatted_article_comment_path , \
             formatted_article_comment_url] , [article_id = \"article_id\" , id = \"id\"]"
        );
        assert!(helpers_of(&file, "articles_path").ends_with("[]"));
        assert!(macros(&file, "compile_error").is_empty());
    }

    #[test]
    fn keyword_params_become_raw_identifiers() {
        let file = expand(quote!(named(typed, "/by/:type/:match", controller = "things");));
        assert!(
            helpers_of(&file, "typed_path").ends_with("[r#type = \"type\" , r#match = \"match\"]"),
            "{}",
            helpers_of(&file, "typed_path")
        );
    }

    #[test]
    fn typed_params_give_their_helpers_argument_types() {
        let file = expand(quote! {
            resources(articles, types(id = u64)) { resources(comments, types(id = my::Slug)); }
        });
        assert!(
            helpers_of(&file, "article_path").ends_with("[id : u64 = \"id\"]"),
            "{}",
            helpers_of(&file, "article_path")
        );
        assert!(
            helpers_of(&file, "article_comment_path").ends_with(
                "[article_id : impl :: resourceful :: ToParam = \"article_id\" , \
                 id : my :: Slug = \"id\"]"
            ),
            "{}",
            helpers_of(&file, "article_comment_path")
        );
        assert!(macros(&file, "compile_error").is_empty());
    }

    #[test]
    fn errors_come_with_the_table_and_the_helpers_that_are_fine() {
        let file = expand(quote! {
            resources(articles, member(publish: pot));
            resources(comments);
            named(login, "/a//b", controller = "sessions");
        });
        assert_eq!(macros(&file, "compile_error").len(), 2);
        helpers_of(&file, "comment_path");
        helpers_of(&file, "article_path");
        assert!(
            !file
                .items
                .iter()
                .any(|i| quote!(#i).to_string().contains("login_path"))
        );
        assert!(file.items.iter().any(|i| matches!(i, Item::Static(_))));
    }

    #[test]
    fn the_table_is_constant_data() {
        let output = crate::pipeline::routes(
            quote!([::resourceful] resources(articles, requirements(id = "[0-9]+"));),
        );
        let text = output.to_string();
        assert!(text.contains("use :: resourceful :: __private as __routes"));
        assert!(text.contains("__routes :: Route :: new (\"article\" , & [__routes :: GET]"));
        assert!(text.contains(
            "__routes :: pr (\"id\" , :: core :: option :: Option :: Some (\"[0-9]+\") , false)"
        ));
        assert!(text.contains("\"/articles/:id(.:format)\""));
    }
}
