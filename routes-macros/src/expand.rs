//! Tokens out: the route table as constant data and thin helpers that call the runtime.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

use routes_runtime::__private::Format;

use crate::model::{Model, RouteDef, SegmentDef};

pub fn expand(krate: &TokenStream, model: &Model) -> TokenStream {
    let routes = model.routes.iter().map(|r| route(krate, model, r));
    let url_options = match &model.url_options {
        Some(options) => {
            let host = &options.host;
            let protocol = option(options.protocol.as_ref().map(|p| quote!(#p)));
            let port = option(options.port.map(|p| quote!(#p)));
            quote! {
                ::core::option::Option::Some(#krate::__private::StaticUrlOptions {
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
        .filter(|(_, r)| r.name.is_some())
        .map(|(index, r)| helpers(krate, index, r));
    quote! {
        /// The route table declared by `routes!`, with its recogniser.
        pub static ROUTES: #krate::RouteSet = #krate::__private::RouteSet::new(
            &[#(#routes),*],
            #url_options,
        );
        #(#helpers)*
    }
}

fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

fn route(krate: &TokenStream, model: &Model, route: &RouteDef) -> TokenStream {
    let name = option(route.name.as_ref().map(|n| quote!(#n)));
    let methods = route.methods.iter().map(|verb| {
        let verb = Ident::new(verb.as_str(), Span::call_site());
        quote!(#krate::__private::Method::#verb)
    });
    let pattern = route.pattern();
    let segments = route.segments.iter().map(|segment| match segment {
        SegmentDef::Static(text) => quote!(#krate::__private::Segment::Static(#text)),
        SegmentDef::Param {
            name,
            requirement,
            optional,
        } => {
            let requirement = option(requirement.map(|i| {
                let source = model.requirements[i].source.value();
                quote!(#source)
            }));
            quote! {
                #krate::__private::Segment::Param(#krate::__private::Param {
                    name: #name,
                    requirement: #requirement,
                    optional: #optional,
                })
            }
        }
        SegmentDef::Controller { namespace } => {
            quote!(#krate::__private::Segment::Controller { namespace: #namespace })
        }
        SegmentDef::Action { optional } => {
            quote!(#krate::__private::Segment::Action { optional: #optional })
        }
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
        #krate::__private::Route::new(
            #name,
            &[#(#methods),*],
            #pattern,
            &[#(#segments),*],
            #krate::__private::Format::#format,
            #controller,
            #action,
            &[#(#conditions),*],
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

/// `GET /articles/:id(.:format)` → `articles#show`
fn summary(route: &RouteDef) -> String {
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
        .any(|s| matches!(s, SegmentDef::Action { .. }))
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

fn helpers(krate: &TokenStream, index: usize, route: &RouteDef) -> TokenStream {
    let name = route.name.as_deref().unwrap_or_default();
    let params = route.params();
    let args: Vec<Ident> = params.iter().map(|p| arg_ident(p)).collect();
    let arg_names = &params;
    let format = Ident::new("format", Span::mixed_site());
    let summary = summary(route);
    let route_doc = format!(" Route `{name}`.");
    let doc = |what: &str| format!(" {what}");

    let path = format_ident!("{}_path", name);
    let url = format_ident!("{}_url", name);
    let hash_path = format_ident!("hash_for_{}_path", name);
    let hash_url = format_ident!("hash_for_{}_url", name);
    let formatted_path = format_ident!("formatted_{}_path", name);
    let formatted_url = format_ident!("formatted_{}_url", name);

    let to_param = quote!(#krate::ToParam);
    let values = quote!(&[#(&#args as &dyn #to_param),*]);
    let pairs = quote!(&[#((#arg_names, &#args as &dyn #to_param)),*]);
    let signature = quote!(#(#args: impl #to_param),*);
    let formatted_signature = quote!(#(#args: impl #to_param,)* #format: impl #to_param);
    let none = quote!(::core::option::Option::None);
    let some_format = quote!(::core::option::Option::Some(&#format as &dyn #to_param));

    let path_doc = doc("Returns the path of this route.");
    let url_doc = doc(
        "Returns the full URL of this route, with the host of the route set's default URL options.",
    );
    let hash_doc =
        doc("Returns the params of this route, for `ROUTES.url_for`; they build a path.");
    let hash_url_doc =
        doc("Returns the params of this route, for `ROUTES.url_for`; they build a full URL.");
    let formatted_doc = doc("Returns the path of this route with `.FORMAT`.");
    let formatted_url_doc = doc("Returns the full URL of this route with `.FORMAT`.");
    let attrs = quote! {
        #[allow(dead_code, clippy::too_many_arguments)]
        #[must_use]
    };
    quote! {
        #[doc = #summary]
        #[doc = ""]
        #[doc = #path_doc]
        #[doc = #route_doc]
        #attrs
        pub fn #path(#signature) -> ::std::string::String {
            #krate::__private::path(&ROUTES, #index, #values, #none)
        }

        #[doc = #summary]
        #[doc = ""]
        #[doc = #url_doc]
        #[doc = #route_doc]
        #[doc = ""]
        #[doc = " # Panics"]
        #[doc = ""]
        #[doc = " When no host is known: declare one with `default_url_options(host = \"...\")` or set one with `ROUTES.set_default_url_options(...)`."]
        #attrs
        pub fn #url(#signature) -> ::std::string::String {
            #krate::__private::url(&ROUTES, #krate::__private::path(&ROUTES, #index, #values, #none))
        }

        #[doc = #summary]
        #[doc = ""]
        #[doc = #hash_doc]
        #[doc = #route_doc]
        #attrs
        pub fn #hash_path(#signature) -> #krate::UrlFor {
            #krate::__private::hash_for(&ROUTES, #index, false, #pairs)
        }

        #[doc = #summary]
        #[doc = ""]
        #[doc = #hash_url_doc]
        #[doc = #route_doc]
        #attrs
        pub fn #hash_url(#signature) -> #krate::UrlFor {
            #krate::__private::hash_for(&ROUTES, #index, true, #pairs)
        }

        #[doc = #summary]
        #[doc = ""]
        #[doc = #formatted_doc]
        #[doc = #route_doc]
        #attrs
        pub fn #formatted_path(#formatted_signature) -> ::std::string::String {
            #krate::__private::path(&ROUTES, #index, #values, #some_format)
        }

        #[doc = #summary]
        #[doc = ""]
        #[doc = #formatted_url_doc]
        #[doc = #route_doc]
        #[doc = ""]
        #[doc = " # Panics"]
        #[doc = ""]
        #[doc = " When no host is known, as the `_url` helper."]
        #attrs
        pub fn #formatted_url(#formatted_signature) -> ::std::string::String {
            #krate::__private::url(&ROUTES, #krate::__private::path(&ROUTES, #index, #values, #some_format))
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;
    use syn::{Item, ItemFn};

    fn expand(tokens: TokenStream) -> syn::File {
        let output = crate::routes_pipeline(quote!([::resourceful] #tokens));
        syn::parse2(output).expect("the expansion parses as a file")
    }

    fn functions(file: &syn::File) -> Vec<&ItemFn> {
        file.items
            .iter()
            .filter_map(|item| match item {
                Item::Fn(f) => Some(f),
                _ => None,
            })
            .collect()
    }

    fn compile_errors(file: &syn::File) -> usize {
        file.items
            .iter()
            .filter(|item| {
                matches!(item, Item::Macro(m)
                    if m.mac.path.segments.last().is_some_and(|s| s.ident == "compile_error"))
            })
            .count()
    }

    #[test]
    fn a_named_route_gets_six_helpers_with_its_segments_as_arguments() {
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
        let fns = functions(&file);
        assert_eq!(fns.len(), 8 * 6, "8 named routes, 6 helpers each");
        let helper = |name: &str| {
            *fns.iter()
                .find(|f| f.sig.ident == name)
                .unwrap_or_else(|| panic!("no {name}"))
        };
        let args = |name: &str| {
            helper(name)
                .sig
                .inputs
                .iter()
                .map(|arg| match arg {
                    syn::FnArg::Typed(t) => quote!(#t).to_string(),
                    syn::FnArg::Receiver(_) => unreachable!(),
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            args("article_comment_path"),
            [
                "article_id : impl :: resourceful :: ToParam",
                "id : impl :: resourceful :: ToParam"
            ]
        );
        assert_eq!(args("formatted_article_comments_url").len(), 2);
        assert!(args("hash_for_articles_path").is_empty());
        let docs: Vec<String> = helper("article_comment_path")
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .map(|a| quote!(#a).to_string())
            .collect();
        assert!(
            docs[0]
                .contains("`GET` `/articles/:article_id/comments/:id(.:format)` → `comments#show`"),
            "{docs:?}"
        );
        assert_eq!(compile_errors(&file), 0);
    }

    #[test]
    fn keyword_params_become_raw_identifiers() {
        let file = expand(quote!(named(typed, "/by/:type/:match", controller = "things");));
        let fns = functions(&file);
        let path = fns.iter().find(|f| f.sig.ident == "typed_path").unwrap();
        let sig = &path.sig;
        assert_eq!(
            quote!(#sig).to_string(),
            "fn typed_path (r#type : impl :: resourceful :: ToParam , r#match : impl :: resourceful :: ToParam) -> :: std :: string :: String"
        );
    }

    #[test]
    fn errors_come_with_the_table_and_the_helpers_that_are_fine() {
        let file = expand(quote! {
            resources(articles, member(publish: pot));
            resources(comments);
            named(login, "/a//b", controller = "sessions");
        });
        assert_eq!(compile_errors(&file), 2);
        let fns = functions(&file);
        assert!(fns.iter().any(|f| f.sig.ident == "comment_path"));
        assert!(fns.iter().any(|f| f.sig.ident == "article_path"));
        assert!(!fns.iter().any(|f| f.sig.ident == "login_path"));
        assert!(file.items.iter().any(|i| matches!(i, Item::Static(_))));
    }

    #[test]
    fn the_table_is_constant_data() {
        let output = crate::routes_pipeline(
            quote!([::resourceful] resources(articles, requirements(id = "[0-9]+"));),
        );
        let text = output.to_string();
        assert!(text.contains(":: resourceful :: __private :: Route :: new"));
        assert!(text.contains("requirement : :: core :: option :: Option :: Some (\"[0-9]+\")"));
        assert!(text.contains("\"/articles/:id(.:format)\""));
    }
}
