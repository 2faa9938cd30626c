//! Tokens out: the route table as constant data with the recogniser `matcher` writes for
//! it and, per named route, one invocation of the facade's `__helpers!`, which writes the six
//! thin helpers.

use std::collections::HashMap;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use routes_syntax::pattern::Format;
use syn::Ident;

use crate::analysis::Analysis;
use crate::model::{
    Dialect, RequestCheck, Requirements, Route, RouteTable, Segment, Target, param_ident,
};
use crate::symbol::{ACTION, CONTROLLER, FORMAT};
use crate::tokens::{self, option};
use crate::{params, typed};

pub fn expand(krate: &TokenStream, analysis: &Analysis<'_>) -> TokenStream {
    let Analysis {
        table,
        controllers,
        requirements,
        tree: recognizer,
        actions,
        variants,
        params,
    } = analysis;
    let r = Ident::new("__routes", Span::mixed_site());
    // Routes that share their segments (`show`, `update` and `destroy`) share what their path
    // is made of, which their helpers and typed routes write from.
    let paths_static = Ident::new("__PATHS", Span::mixed_site());
    let mut paths: Vec<TokenStream> = Vec::new();
    let mut numbers: HashMap<(&[Segment], &str, Option<&str>), usize> = HashMap::new();
    let path_of: Vec<usize> = table
        .routes
        .iter()
        .map(|route| {
            *numbers
                .entry((&route.segments, optional_action(route), pieces_key(route)))
                .or_insert_with(|| {
                    paths.push(path_spec(&r, table, requirements, route));
                    paths.len() - 1
                })
        })
        .collect();
    let routes = table.routes.iter().zip(&path_of).map(|(route, &number)| {
        let number = Literal::usize_unsuffixed(number);
        table_entry(
            &r,
            route,
            quote!(&#paths_static[#number]),
            actions.number(route),
        )
    });
    let path_count = paths.len();
    let action_pairs = actions.pairs.iter().map(|(c, a)| quote!((#c, #a)));
    let url_options = match &table.url_options {
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
    // The matcher and the requirements it tests are items of the module, beside `ROUTES`,
    // so that the typed `recognize` reads the matcher's answer straight into a `Route`.
    let private = quote!(#krate::__private);
    let matcher = Ident::new("__resourceful_match", Span::mixed_site());
    let requirements_static = Ident::new("__RESOURCEFUL_REQUIREMENTS", Span::mixed_site());
    let settings_static = Ident::new("__SETTINGS", Span::mixed_site());
    let matcher_fn = recognizer.render(&private, &matcher, &quote!(#requirements_static));
    let room = recognizer.depth;
    let room = if room == usize::MAX {
        quote!(::core::primitive::usize::MAX)
    } else {
        quote!(#room)
    };
    let formats = recognizer.formats;
    let shift = recognizer.shift;
    let sources = requirements.sources.iter();
    let patterns = requirements.patterns.iter();
    let helpers = table
        .routes
        .iter()
        .enumerate()
        .filter(|(_, route)| route.name.is_some())
        .map(|(index, route)| helpers(krate, table, index, path_of[index], route));
    let drawn = (table.dialect == Dialect::Rails3).then(|| quote!(.drawn()));
    let conditions = (!table.request_conditions.is_empty()).then(|| {
        let sets = table.request_conditions.iter().map(|set| {
            let checks = set
                .checks
                .iter()
                .map(|check| request_check(&r, requirements, check));
            quote!(#r::RequestConditions(&[#(#checks),*]))
        });
        quote!(.requiring(&[#(#sets),*]))
    });
    let typed = typed::expand(krate, actions, variants);
    let params = params::expand(krate, table, actions, params);
    quote! {
        /// The route table this invocation declares, with its recogniser.
        pub static ROUTES: #krate::RouteSet = {
            use #krate::__private as #r;
            static #paths_static: [#r::PathSpec; #path_count] = [#(#paths),*];
            // What may be set at start-up, apart: `ROUTES` itself holds only constants.
            static #settings_static: #r::Settings = #r::Settings::new();
            #r::RouteSet::new(
                &[#(#routes),*],
                &#paths_static,
                &[#(#action_pairs),*],
                &#requirements_static,
                &[#(#controllers),*],
                #shift,
                #url_options,
                &#settings_static,
                #matcher,
                (#room, #formats),
            ) #drawn #conditions
        };
        #[doc(hidden)]
        static #requirements_static: #private::Requirements =
            #private::Requirements::new(&[#(#sources),*], &[#(#patterns),*]);
        #matcher_fn
        #(#helpers)*
        #typed
        #params
    }
}

/// The test of a param declared with `types(...)`: the type's name, and whether a value parses
/// as it.
fn parses(r: &impl quote::ToTokens, table: &RouteTable, ty: usize) -> TokenStream {
    let (name, ty) = (&table.types[ty].key, &table.types[ty].value);
    quote!(#r::Parses { type_name: #name, test: #r::parses::<#ty> })
}

/// Whether values of the type keyed `key` always parse back from what they write: the
/// integers, for which helpers skip the check.
fn round_trips(key: &str) -> bool {
    matches!(
        key,
        "u8" | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "usize"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "isize"
    )
}

/// The segments of a route, through the short constructors of `__private`.
fn segment_list(
    r: &Ident,
    table: &RouteTable,
    requirements: &Requirements,
    route: &Route,
) -> TokenStream {
    let number = |requirement: &Option<usize>| {
        option(requirement.map(|i| {
            let number = requirements.number(i);
            quote!(#number)
        }))
    };
    let segments = route.segments.iter().map(|segment| match segment {
        Segment::Static(text) => quote!(#r::s(#text)),
        Segment::Param {
            name,
            requirement: None,
            ty: None,
            optional: false,
            default: None,
        } => quote!(#r::p(#name)),
        Segment::Param {
            name,
            requirement,
            ty,
            optional,
            default,
        } => {
            let requirement = number(requirement);
            let parses = option(ty.map(|i| parses(r, table, i)));
            let default = option(default.as_ref().map(|d| quote!(#d)));
            quote!(#r::pr(#name, #requirement, #parses, #optional, #default))
        }
        Segment::Glob {
            name,
            requirement,
            ty,
            ..
        } => {
            let requirement = number(requirement);
            let parses = option(ty.map(|i| parses(r, table, i)));
            quote!(#r::g(#name, #requirement, #parses))
        }
        Segment::Controller {
            namespace,
            requirement,
        } => {
            let requirement = number(requirement);
            quote!(#r::c(#namespace, #requirement))
        }
        Segment::Action {
            optional,
            requirement,
        } => {
            let requirement = number(requirement);
            quote!(#r::a(#optional, #requirement))
        }
    });
    quote!(&[#(#segments),*])
}

/// One route of the table, with what its `path` is made of and the number of its action.
fn table_entry(r: &Ident, route: &Route, path: TokenStream, action_number: u16) -> TokenStream {
    let name = route.name.as_deref().unwrap_or_default();
    let methods = match route.methods.as_slice() {
        [verb] => {
            let only = format_ident!("ONLY_{}", verb.as_str());
            quote!(#r::#only)
        }
        verbs => {
            let verbs = verbs
                .iter()
                .map(|verb| Ident::new(verb.as_str(), Span::call_site()));
            quote!(&[#(#r::#verbs),*])
        }
    };
    let pattern = route.pattern();
    let format = format_name(route.format);
    let controller = &route.controller;
    let action = &route.action;
    let conditions = route.conditions.iter().map(|(k, v)| quote!((#k, #v)));
    let defaults = tokens::defaults(route);
    let target = match &route.target {
        Target::Action => quote!(),
        Target::Redirect {
            location,
            status,
            url: None,
        } => quote!(.redirecting(#location, #status)),
        Target::Redirect {
            status,
            url: Some(url),
            ..
        } => {
            let part = |p: &Option<String>| match p {
                Some(text) => quote!(::core::option::Option::Some(#text)),
                None => quote!(::core::option::Option::None),
            };
            let parts = [
                &url.protocol,
                &url.subdomain,
                &url.domain,
                &url.host,
                &url.port,
                &url.path,
            ]
            .map(part);
            quote!(.redirecting_to(&#r::RedirectUrl::new(#(#parts),*), #status))
        }
        Target::Mount => quote!(.mounting()),
    };
    let request = route.request.map(|n| {
        let n = n as u8;
        quote!(.requiring(#n))
    });
    quote! {
        #r::Route::new(
            #name, #methods, #pattern, #path, #r::Format::#format,
            (#controller, #action, #action_number), &[#(#conditions),*], #defaults,
        ) #target #request
    }
}

fn format_name(format: Format) -> Ident {
    let name = match format {
        Format::None => "None",
        Format::Optional => "Optional",
        Format::Required => "Required",
    };
    Ident::new(name, Span::call_site())
}

/// What `route`'s path is made of: its segments, and for its helpers and typed route, the
/// literal text around its values, where each value's segment is, which values need a
/// check beyond being non-empty, and which may be left out; a constant `PathSpec` built by
/// `__private::spec`.
fn path_spec(
    r: &Ident,
    table: &RouteTable,
    requirements: &Requirements,
    route: &Route,
) -> TokenStream {
    let segments = segment_list(r, table, requirements, route);
    let mut literals = Vec::new();
    let mut params = Vec::new();
    let mut checked: u16 = 0;
    let mut optional: u16 = 0;
    let mut literal = String::new();
    for (place, segment) in route.segments.iter().enumerate() {
        literal.push('/');
        let checks = match segment {
            Segment::Static(text) => {
                literal.push_str(text);
                continue;
            }
            Segment::Param {
                requirement, ty, ..
            } => requirement.is_some() || ty.is_some_and(|i| !round_trips(&table.types[i].key)),
            Segment::Controller { .. } | Segment::Glob { .. } => true,
            Segment::Action { requirement, .. } => requirement.is_some(),
        };
        // `check_param_count` holds a route to 16 values.
        if checks {
            checked |= 1 << params.len();
        }
        if segment.is_optional() {
            optional |= 1 << params.len();
        }
        literals.push(std::mem::take(&mut literal));
        params.push(Literal::usize_unsuffixed(place));
    }
    if literals.is_empty() && literal.is_empty() {
        literal.push('/');
    }
    literals.push(literal);
    let format = u8::from(route.format != Format::None);
    let spec = quote!(#r::spec(&[#(#literals),*], #segments, &[#(#params),*], #checked, #format));
    if let Some(pieces) = pieces(r, route) {
        return quote!(#r::pieces_spec(#spec, &[#(#pieces),*]));
    }
    if optional == 0 {
        return spec;
    }
    let action = optional_action(route);
    quote!(#r::optional_spec(#spec, #optional, #action))
}

/// How a link to a `draw!` route with optional groups (or a glob, several values in one
/// segment, a required format) is written, piece by piece from its pattern; `None` for a route
/// written from its literals and values alone.
fn pieces(r: &Ident, route: &Route) -> Option<Vec<TokenStream>> {
    use routes_syntax::journey::{Node, parse};
    let journey = route.journey.as_ref()?;
    if route.groups.is_empty() && route.regex.is_none() && route.format != Format::Required {
        return None;
    }
    let nodes = parse(journey).ok()?;
    let values: Vec<&Segment> = route
        .segments
        .iter()
        .filter(|s| s.value_name().is_some())
        .collect();
    let mut out = Vec::new();
    fn walk(r: &Ident, nodes: &[Node], values: &[&Segment], out: &mut Vec<TokenStream>) {
        let mut text = String::new();
        let flush = |text: &mut String, out: &mut Vec<TokenStream>| {
            if !text.is_empty() {
                let t = std::mem::take(text);
                out.push(quote!(#r::Piece::Text(#t)));
            }
        };
        for node in nodes {
            match node {
                Node::Slash => text.push('/'),
                Node::Dot => text.push('.'),
                Node::Literal(literal) => text.push_str(literal),
                Node::Symbol(name) | Node::Star(name) => {
                    flush(&mut text, out);
                    if name == FORMAT && matches!(node, Node::Symbol(_)) {
                        out.push(quote!(#r::Piece::Format));
                        continue;
                    }
                    let k = values
                        .iter()
                        .position(|s| s.value_name() == Some(name))
                        .unwrap_or_default() as u8;
                    let glob = matches!(node, Node::Star(_));
                    let keep_dot = matches!(
                        values.get(usize::from(k)),
                        Some(Segment::Param {
                            requirement: Some(_),
                            ..
                        })
                    );
                    out.push(quote!(#r::Piece::Value { k: #k, glob: #glob, keep_dot: #keep_dot }));
                }
                Node::Group(inner) => {
                    flush(&mut text, out);
                    let at = out.len();
                    out.push(quote!());
                    walk(r, inner, values, out);
                    let len = (out.len() - at - 1) as u8;
                    out[at] = quote!(#r::Piece::Group { len: #len });
                }
                // An alternative is written as its first choice.
                Node::Or(alternatives) => {
                    flush(&mut text, out);
                    walk(
                        r,
                        alternatives.first().map_or(&[][..], Vec::as_slice),
                        values,
                        out,
                    );
                }
            }
        }
        flush(&mut text, out);
    }
    walk(r, &nodes, &values, &mut out);
    Some(out)
}

/// One condition on the request, as the runtime checks it.
fn request_check(r: &Ident, requirements: &Requirements, check: &RequestCheck) -> TokenStream {
    let key = |key: &str| {
        let variant = match key {
            "subdomain" => "Subdomain",
            "host" => "Host",
            "domain" => "Domain",
            "port" => "Port",
            _ => "Protocol",
        };
        let variant = Ident::new(variant, Span::call_site());
        quote!(#r::RequestKey::#variant)
    };
    match check {
        RequestCheck::Equals(k, value) => {
            let k = key(k);
            quote!(#r::RequestCheck::Equals(#k, #value))
        }
        RequestCheck::Matches(k, source) => {
            let (k, n) = (key(k), requirements.pattern(source));
            quote!(#r::RequestCheck::Matches(#k, #n))
        }
        RequestCheck::Present(k, present) => {
            let k = key(k);
            quote!(#r::RequestCheck::Present(#k, #present))
        }
        RequestCheck::OneOf(k, values) => {
            let k = key(k);
            quote!(#r::RequestCheck::OneOf(#k, &[#(#values),*]))
        }
        RequestCheck::Predicate(predicate) => {
            let path = &predicate.path;
            quote!(#r::RequestCheck::Predicate(#path))
        }
    }
}

/// What tells apart two routes of the same segments written piece by piece: their patterns.
fn pieces_key(route: &Route) -> Option<&str> {
    let pieced =
        !route.groups.is_empty() || route.regex.is_some() || route.format == Format::Required;
    route.journey.as_deref().filter(|_| pieced)
}

/// What an optional `:action` left out stands for: the route's action, which its path spec
/// holds (and which routes sharing a spec must share); `""` for a route without one.
fn optional_action(route: &Route) -> &str {
    if route.segments.iter().any(Segment::is_optional_action) {
        route.action.as_str()
    } else {
        ""
    }
}

/// The helpers of the named route `index` of the table, whose path is the table's `spec`th.
fn helpers(
    krate: &TokenStream,
    table: &RouteTable,
    index: usize,
    spec: usize,
    route: &Route,
) -> TokenStream {
    let name = route.name.as_deref().unwrap_or_default();
    let names = table
        .dialect
        .helper_names(name)
        .into_iter()
        .map(|helper| Ident::new(&helper, Span::call_site()));
    // Each argument takes `impl ToParam` spanned at the declaration, so that a value that is
    // not `ToParam` points there rather than at the whole invocation, or its declared type with
    // the span it was declared with.
    // A param the path may leave out (a `routes!` glob excepted: it is left out as `""`) is an
    // `Option`.
    let params: Vec<(&str, Option<usize>, bool)> = route
        .segments
        .iter()
        .filter_map(|segment| match segment {
            Segment::Static(_) => None,
            Segment::Param {
                name, ty, optional, ..
            } => Some((name.as_str(), *ty, *optional)),
            Segment::Glob {
                name, ty, optional, ..
            } => Some((name.as_str(), *ty, *optional)),
            Segment::Controller { .. } => Some((CONTROLLER, None, false)),
            Segment::Action { optional, .. } => Some((ACTION, None, *optional)),
        })
        .collect();
    let typed = params.iter().any(|(_, ty, _)| ty.is_some());
    let args = params.iter().map(|&(name, ty, optional)| {
        let arg = param_ident(name, Span::mixed_site());
        let ty = match ty {
            Some(i) => {
                let ty = &table.types[i].value;
                quote!(#ty)
            }
            None => quote_spanned!(route.span=> impl #krate::ToParam),
        };
        if optional {
            quote!(#arg: ::core::option::Option<#ty>)
        } else {
            quote!(#arg: #ty)
        }
    });
    let marker = typed.then(|| quote!(typed));
    // Each lint allowed costs rustc time per helper; the formatted helpers take one argument
    // more than the route has values, and clippy's default limit is seven.
    let lints = if params.len() >= 7 {
        quote!(allow(dead_code, clippy::too_many_arguments))
    } else {
        quote!(allow(dead_code))
    };
    let index = Literal::usize_unsuffixed(index);
    let spec = Literal::usize_unsuffixed(spec);
    let summary = route.summary();
    quote! {
        #krate::__helpers! {
            #marker ROUTES, #index, #spec, #summary, #lints, [#(#names),*], [#(#args),*]
        }
    }
}

#[cfg(test)]
mod tests;
