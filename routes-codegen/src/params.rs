//! Tokens out for the params of each action: in a `params` module, one name per variant of
//! `Action` (`params::ArticlesShow`) for a struct whose fields are what the typed `Route`
//! variants of the routes reaching the action have (a param they all have as it is, one that
//! some leave out or lack as an `Option`, the type one declares for all), read from a
//! request's answer through the runtime's one generic reader. Actions whose fields are the
//! same share one struct, generic over the action's number, so that a table of a thousand
//! actions costs a type alias per action and an impl per shape of params; with the axum
//! integration each shape is an extractor, through the facade's `__extractors!`.

use std::collections::HashSet;

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::Ident;
use syn::ext::IdentExt;

use crate::actions::{Actions, camel, names_target, unique};
use crate::errors::Errors;
use crate::model::{Route, RouteTable};
use crate::typed::{self, FieldKind, Variant};

/// A field of an action's params, as the routes reaching the action give it.
struct Planned {
    ident: Ident,
    kind: Kind,
    optional: bool,
    /// How many of the routes have it.
    present: usize,
}

enum Kind {
    Text,
    /// Of the type `ty` (its place in `RouteTable::types`).
    Typed {
        ty: usize,
    },
    Format,
}

/// A struct of params that actions share: its fields, and what tells it from another.
struct Shape {
    ident: Ident,
    key: String,
    plan: Vec<Planned>,
}

/// The structs of an action's params: one per shape of fields, and the shape of each action.
pub struct Plan {
    shapes: Vec<Shape>,
    /// By action number, its shape.
    shape_of: Vec<usize>,
}

/// The params of each action of `table`, whose actions are `actions` and routes' typed
/// variants `variants`; two routes that give one action's param two types are an error here.
pub fn plan(
    table: &RouteTable,
    actions: &Actions,
    variants: &[typed::Variant<'_>],
    errors: &Errors,
) -> Plan {
    let mut taken: HashSet<String> = (0..actions.pairs.len())
        .map(|number| actions.variant(number).to_string())
        .collect();
    let mut shapes: Vec<Shape> = Vec::new();
    let shape_of = actions
        .routes_of
        .iter()
        .enumerate()
        .map(|(number, routes)| {
            let name = actions.variant(number);
            let (controller, action) = &actions.pairs[number];
            let target = format!("{controller}#{action}");
            let routes = dispatched(table, routes);
            let plan = plan_fields(table, variants, &routes, name, &target, errors);
            let key = shape_key(table, &plan);
            if let Some(at) = shapes.iter().position(|shape| shape.key == key) {
                return at;
            }
            let words = plan
                .iter()
                .filter(|field| !matches!(field.kind, Kind::Format))
                .map(|field| field.ident.unraw().to_string())
                .collect::<Vec<_>>();
            let ident = unique(
                format!("Params{}", camel(words.iter().map(String::as_str), "")),
                &mut taken,
                None,
            );
            shapes.push(Shape { ident, key, plan });
            shapes.len() - 1
        })
        .collect();
    Plan { shapes, shape_of }
}

/// The `params` module of `table`, whose actions are `actions`, planned as `plan`.
pub fn expand(
    krate: &TokenStream,
    table: &RouteTable,
    actions: &Actions,
    plan: &Plan,
) -> TokenStream {
    let fields = Ident::new("fields", Span::mixed_site());
    let shapes = &plan.shapes;
    let aliases = plan.shape_of.iter().enumerate().map(|(number, &shape)| {
        let name = actions.variant(number);
        let (controller, action) = &actions.pairs[number];
        let doc = format!(" The params of `{controller}#{action}` (`Action::{name}`).");
        let shape = &shapes[shape].ident;
        let number = proc_macro2::Literal::usize_unsuffixed(number);
        quote! {
            #[doc = #doc]
            pub type #name = #shape<#number>;
        }
    });
    let definitions = shapes
        .iter()
        .map(|shape| shape_struct(krate, table, shape, &fields));
    let names = shapes.iter().map(|shape| &shape.ident);
    // The types declared in `routes!` are named as from the module holding it; the structs'
    // fields, a module deeper, see its names through this import (and `super::` written there
    // becomes `super::super::`).
    let uses_types = shapes.iter().any(|shape| {
        shape
            .plan
            .iter()
            .any(|f| matches!(f.kind, Kind::Typed { .. }))
    });
    let import = uses_types.then(|| {
        quote! {
            #[allow(unused_imports)]
            use super::*;
        }
    });
    quote! {
        /// The params of each action of `ROUTES`, one type per variant of `Action`: the
        /// params of every route that reaches the action, typed by `types(...)`, an `Option`
        /// where some route leaves one out or lacks it, and `format`, the format asked for
        /// by the path or the query. With the axum integration each is an extractor
        /// (`FromRequestParts`) for the action's handler.
        #[allow(missing_docs)]
        pub mod params {
            #import
            #(#definitions)*
            #(#aliases)*
            #krate::__extractors! { #(#names)* }
        }
    }
}

/// Of the routes that reach an action, those a request can reach it through: a route whose
/// path names the action reaches it only with a method that the routes naming it take (the
/// dispatcher refuses the others with a 405, so that `GET /articles/destroy/1` runs nothing),
/// and so adds no field, and makes none optional, where it takes none of them.
fn dispatched(table: &RouteTable, routes: &[usize]) -> Vec<usize> {
    let named: Vec<&Route> = routes
        .iter()
        .filter_map(|&at| table.routes.get(at))
        .filter(|route| !names_target(route))
        .collect();
    let open = named.is_empty() || named.iter().any(|route| route.methods.is_empty());
    routes
        .iter()
        .copied()
        .filter(|&at| {
            let Some(route) = table.routes.get(at) else {
                return false;
            };
            open || !names_target(route)
                || route.methods.is_empty()
                || route
                    .methods
                    .iter()
                    .any(|verb| named.iter().any(|n| n.methods.contains(verb)))
        })
        .collect()
}

/// What tells the fields of one action's params from another's: names, kinds, types and
/// optionality.
fn shape_key(table: &RouteTable, plan: &[Planned]) -> String {
    plan.iter()
        .map(|field| {
            let kind = match field.kind {
                Kind::Text => "text".to_owned(),
                Kind::Typed { ty } => type_text(table, ty),
                Kind::Format => "format".to_owned(),
            };
            format!("{}:{kind}:{};", field.ident, field.optional)
        })
        .collect()
}

/// The fields of the params of `target`, reached by the routes at `routes` of the table: in
/// the order they first come, the format last.
fn plan_fields(
    table: &RouteTable,
    variants: &[Variant<'_>],
    routes: &[usize],
    name: &Ident,
    target: &str,
    errors: &Errors,
) -> Vec<Planned> {
    let mut plan: Vec<Planned> = Vec::new();
    for &route in routes {
        let Some(variant) = variants.get(route) else {
            continue;
        };
        for field in &variant.fields {
            let kind = match field.kind {
                FieldKind::Target | FieldKind::Format => continue,
                FieldKind::Text => Kind::Text,
                FieldKind::Typed(ty) => Kind::Typed { ty },
            };
            let Some(planned) = plan.iter_mut().find(|p| p.ident == field.ident) else {
                plan.push(Planned {
                    ident: field.ident.clone(),
                    kind,
                    optional: field.optional,
                    present: 1,
                });
                continue;
            };
            planned.present += 1;
            planned.optional |= field.optional;
            match (&planned.kind, kind) {
                (Kind::Text, typed @ Kind::Typed { .. }) => planned.kind = typed,
                (Kind::Typed { ty: first, .. }, Kind::Typed { ty, .. })
                    if type_text(table, *first) != type_text(table, ty) =>
                {
                    two_types(table, errors, &field.ident, (name, target), *first, ty);
                }
                _ => {}
            }
        }
    }
    for planned in &mut plan {
        planned.optional |= planned.present < routes.len();
    }
    // A format may be asked for on every route, by the path or by the query, and left out:
    // a final `.:format` is optional.
    plan.push(Planned {
        ident: Ident::new("format", Span::call_site()),
        kind: Kind::Format,
        optional: true,
        present: routes.len(),
    });
    plan
}

fn type_text(table: &RouteTable, ty: usize) -> String {
    table.types[ty].key.clone()
}

/// Two routes reaching one action declare two types for one param: its params' field can have
/// but one.
fn two_types(
    table: &RouteTable,
    errors: &Errors,
    param: &Ident,
    (params, target): (&Ident, &str),
    first: usize,
    second: usize,
) {
    let name = param.unraw();
    errors.error(
        table.types[second].param.span(),
        format!(
            "`{name}` is `{}` here and `{}` in another route to `{target}`: the field `{name}` \
             of `params::{params}` has one type",
            type_text(table, second),
            type_text(table, first),
        ),
    );
    errors.note(
        table.types[first].param.span(),
        format!("`{name}` is `{}` here", type_text(table, first)),
    );
}

/// The struct of one shape of params, generic over the number of the action it is the
/// params of, and how its fields are read.
fn shape_struct(
    krate: &TokenStream,
    table: &RouteTable,
    shape: &Shape,
    fields: &Ident,
) -> TokenStream {
    let name = &shape.ident;
    let definitions = shape.plan.iter().map(|field| {
        let ident = &field.ident;
        let ty = match &field.kind {
            Kind::Text | Kind::Format => quote!(::std::string::String),
            Kind::Typed { ty } => from_parent(&table.types[*ty].value),
        };
        let ty = if field.optional {
            quote!(::core::option::Option<#ty>)
        } else {
            ty
        };
        quote!(pub #ident: #ty)
    });
    let reads = shape.plan.iter().map(|field| {
        let ident = &field.ident;
        let key = ident.unraw().to_string();
        let read = match (&field.kind, field.optional) {
            (Kind::Format, _) => quote!(#fields.format()),
            (Kind::Text, false) => quote!(#fields.value(#key)?),
            (Kind::Text, true) => quote!(#fields.optional(#key)?),
            (Kind::Typed { .. }, false) => quote!(#fields.typed(#key)?),
            (Kind::Typed { .. }, true) => quote!(#fields.optional_typed(#key)?),
        };
        quote!(#ident: #read)
    });
    let doc = " The params of the actions (of the `params` named after each) whose routes give \
               these fields; `N` is the action's number.";
    let number = Ident::new("N", Span::mixed_site());
    quote! {
        #[doc = #doc]
        pub struct #name<const #number: usize> {
            #(#definitions,)*
        }

        impl<const #number: usize> #krate::ActionParams for #name<#number> {
            type Action = super::Action;
            const ACTION: super::Action =
                <super::Action as #krate::Actions>::ALL[#number];

            #[inline]
            fn __read(
                #fields: &#krate::__private::Fields<'_>,
            ) -> ::core::result::Result<Self, #krate::ParamError> {
                ::core::result::Result::Ok(#name { #(#reads,)* })
            }
        }
    }
}

/// `ty`, written in the module holding `routes!`, as the `params` module inside it names it:
/// a path from `self` starts from `super`, one from `super` from `super::super`; every other
/// name comes through the module's `use super::*`.
fn from_parent(ty: &syn::Type) -> TokenStream {
    from_parent_tokens(quote!(#ty))
}

fn from_parent_tokens(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    for (at, tree) in trees.iter().enumerate() {
        let after_colons = at >= 2
            && [&trees[at - 2], &trees[at - 1]]
                .iter()
                .all(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'));
        match tree {
            TokenTree::Ident(ident) if !after_colons && ident == "self" => {
                out.extend(quote_spanned!(ident.span()=> super));
            }
            TokenTree::Ident(ident) if !after_colons && ident == "super" => {
                out.extend(quote_spanned!(ident.span()=> super::#ident));
            }
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), from_parent_tokens(group.stream()));
                inner.set_span(group.span());
                out.extend([TokenTree::Group(inner)]);
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use quote::quote;
    use syn::{Fields, Item, ItemMod};

    fn params_module(tokens: proc_macro2::TokenStream) -> ItemMod {
        let output = crate::pipeline::routes(quote!([::resourceful] #tokens));
        let file: syn::File = syn::parse2(output).expect("the expansion parses as a file");
        file.items
            .into_iter()
            .find_map(|item| match item {
                Item::Mod(m) if m.ident == "params" => Some(m),
                _ => None,
            })
            .expect("a params module")
    }

    fn items(module: &ItemMod) -> &[Item] {
        &module.content.as_ref().expect("inline").1
    }

    /// `Name{field:Type,..}` for each shape of params (generic over the action's number, which
    /// is left out), as text without spaces.
    fn shapes(module: &ItemMod) -> Vec<String> {
        items(module)
            .iter()
            .filter_map(|item| match item {
                Item::Struct(s) => Some(s),
                _ => None,
            })
            .map(|s| {
                let Fields::Named(fields) = &s.fields else {
                    panic!("named fields")
                };
                let fields: Vec<String> = fields
                    .named
                    .iter()
                    .map(|f| {
                        let (ident, ty) = (&f.ident, &f.ty);
                        format!("{}:{}", quote!(#ident), quote!(#ty))
                    })
                    .collect();
                format!("{}{{{}}}", s.ident, fields.join(",")).replace(' ', "")
            })
            .collect()
    }

    /// `Action=Shape<number>` for each action, as text without spaces.
    fn aliases(module: &ItemMod) -> Vec<String> {
        items(module)
            .iter()
            .filter_map(|item| match item {
                Item::Type(alias) => {
                    let (ident, ty) = (&alias.ident, &alias.ty);
                    Some(format!("{ident}={}", quote!(#ty)).replace(' ', ""))
                }
                _ => None,
            })
            .collect()
    }

    fn without_spaces(shapes: &[&str]) -> Vec<String> {
        shapes.iter().map(|s| s.replace(' ', "")).collect()
    }

    fn reads(module: &ItemMod, shape: &str) -> String {
        items(module)
            .iter()
            .find_map(|item| match item {
                Item::Impl(i) => {
                    let ty = &i.self_ty;
                    quote!(#ty)
                        .to_string()
                        .starts_with(&format!("{shape} <"))
                        .then(|| quote!(#i).to_string())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no impl for {shape}"))
    }

    #[test]
    fn each_action_gets_the_params_of_every_route_that_reaches_it() {
        let module = params_module(quote! {
            resources(articles, only(index, show), types(id = u64)) {
                resources(comments, only(show));
            }
            root(controller = "articles", action = "index");
            connect("/:controller/:action/:id", via = get);
        });
        // `GET /articles/show/x` reaches `articles#show` with an optional, untyped `:id`: the
        // field is an `Option` of the type the resource declares. Actions whose fields are
        // the same share a struct.
        assert_eq!(
            shapes(&module),
            without_spaces(&[
                "ParamsId{ id: ::core::option::Option<::std::string::String>, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsId2{ id: ::core::option::Option<u64>, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsArticleIdId{ \
                 article_id: ::core::option::Option<::std::string::String>, \
                 id: ::core::option::Option<::std::string::String>, \
                 format: ::core::option::Option<::std::string::String> }",
            ])
        );
        assert_eq!(
            aliases(&module),
            [
                "ArticlesIndex=ParamsId<0>",
                "ArticlesShow=ParamsId2<1>",
                "CommentsIndex=ParamsId<2>",
                "CommentsShow=ParamsArticleIdId<3>",
            ]
        );
        let show = reads(&module, "ParamsId2");
        assert!(show.contains("optional_typed (\"id\")"), "{show}");
        assert!(
            show.contains("< super :: Action as :: resourceful :: Actions > :: ALL [N]"),
            "{show}"
        );
        let last = items(&module).last().unwrap();
        assert_eq!(
            quote!(#last).to_string(),
            ":: resourceful :: __extractors ! { ParamsId ParamsId2 ParamsArticleIdId }"
        );
    }

    #[test]
    fn a_param_every_route_has_is_no_option_and_types_are_named_from_the_routes_module() {
        let module = params_module(quote! {
            resources(articles, only(show, update), types(id = super::Slug)) {
                resources(comments, only(destroy), types(article_id = self::Slug));
            }
            named(profile, "/people/:type", controller = "people", action = "show");
        });
        assert_eq!(
            shapes(&module),
            without_spaces(&[
                "ParamsId{ id: super::super::Slug, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsArticleIdId{ article_id: super::Slug, id: ::std::string::String, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsType{ r#type: ::std::string::String, \
                 format: ::core::option::Option<::std::string::String> }",
            ])
        );
        assert_eq!(
            aliases(&module),
            [
                "ArticlesShow=ParamsId<0>",
                "ArticlesUpdate=ParamsId<1>",
                "CommentsDestroy=ParamsArticleIdId<2>",
                "PeopleShow=ParamsType<3>",
            ]
        );
        let destroy = reads(&module, "ParamsArticleIdId");
        assert!(destroy.contains("typed (\"article_id\")"), "{destroy}");
        assert!(destroy.contains("value (\"id\")"), "{destroy}");
        assert!(reads(&module, "ParamsType").contains("value (\"type\")"));
        let text = quote!(#module).to_string();
        assert!(
            text.contains("use super :: * ;"),
            "types come through the import"
        );
    }

    #[test]
    fn a_default_route_that_the_dispatcher_refuses_adds_no_option() {
        let module = params_module(quote! {
            resources(articles, only(show, update), types(id = u64));
            connect("/:controller/:action/:id", via = get);
        });
        // `GET /articles/update/1` is a 405: only `GET /articles/show/1` reaches an action
        // through the default route.
        assert_eq!(
            shapes(&module),
            without_spaces(&[
                "ParamsId { id: ::core::option::Option<::std::string::String>, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsId2 { id: ::core::option::Option<u64>, \
                 format: ::core::option::Option<::std::string::String> }",
                "ParamsId3 { id: u64, format: ::core::option::Option<::std::string::String> }",
            ])
        );
        assert_eq!(
            aliases(&module),
            [
                "ArticlesIndex=ParamsId<0>",
                "ArticlesShow=ParamsId2<1>",
                "ArticlesUpdate=ParamsId3<2>",
            ]
        );
    }

    #[test]
    fn a_shape_is_named_apart_from_the_actions() {
        let module = params_module(quote! {
            named(a, "/a/:id", controller = "params", action = "id");
        });
        assert_eq!(aliases(&module), ["ParamsId=ParamsId2<0>"]);
    }

    #[test]
    fn two_types_for_one_field_are_an_error_at_the_second() {
        let invocation = quote!(
            resources(articles, only(show), types(id = u64));
            named(article_by_slug, "/a/:id", controller = "articles", action = "show",
                  types(id = String));
        );
        let output = crate::pipeline::routes(quote!([::resourceful] #invocation));
        let text = output.to_string();
        assert!(
            text.contains(
                "`id` is `String` here and `u64` in another route to `articles#show`: the \
                 field `id` of `params::ArticlesShow` has one type"
            ),
            "{text}"
        );
        assert!(text.contains("note: `id` is `u64` here"), "{text}");
        // The struct is still written, with the first type, so that its handler's code
        // raises no error of its own.
        let module = params_module(invocation);
        let shapes = shapes(&module);
        // (`/a/:id` may leave its trailing `:id` out, as Rails 2.3 reads a named route.)
        assert!(
            shapes[0].starts_with("ParamsId{id:::core::option::Option<u64>,"),
            "{shapes:?}"
        );
    }

    #[test]
    fn a_format_is_an_option_and_globs_and_defaults_are_fields() {
        let module = params_module(quote! {
            connect("/sys/projects.:format", controller = "sys", action = "projects", via = get);
            named(raw, "/raw/*path", controller = "files", action = "raw", types(path = String));
            named(diff, "/wiki/:id/diff/:version", controller = "wiki", action = "diff",
                  defaults(version = None));
        });
        assert_eq!(
            shapes(&module),
            without_spaces(&[
                "ParamsPath{ path: String, \
                 format: ::core::option::Option<::std::string::String> }",
                "Params{ format: ::core::option::Option<::std::string::String> }",
                "ParamsIdVersion{ id: ::std::string::String, \
                 version: ::core::option::Option<::std::string::String>, \
                 format: ::core::option::Option<::std::string::String> }",
            ])
        );
        assert!(reads(&module, "ParamsPath").contains("typed (\"path\")"));
        assert!(reads(&module, "ParamsIdVersion").contains("optional (\"version\")"));
    }

    #[test]
    fn a_path_naming_its_action_reaches_only_the_actions_its_requirement_takes() {
        let module = params_module(quote! {
            with_options(controller = "repositories", via = get) {
                named(repository, "/projects/:project_id/repository", action = "show");
                connect("/projects/:project_id/repository/:action/*path",
                        requirements(action = "browse|entry"));
            }
        });
        // `show` is not among the words: `/projects/1/repository/show/x` is refused by the
        // requirement, so the glob's route adds no `path` to `show`'s params.
        assert_eq!(
            aliases(&module),
            [
                "RepositoriesBrowse=ParamsProjectIdPath<0>",
                "RepositoriesEntry=ParamsProjectIdPath<1>",
                "RepositoriesShow=ParamsProjectId<2>",
            ]
        );
    }
}
