//! Subsumption of one shape by another, one rule per row; then whole tables, each listing its
//! shadowed routes as `target <- targets of the routes that take its paths`.

use proc_macro2::TokenStream;

use super::*;
use crate::errors::Errors;

/// A shape written as a pattern: `:` is a plain dynamic segment, `:REGEX` one with that
/// requirement, `:<TYPE>` one with that type, anything else static; `(.:format)` and
/// `.:format` as in patterns.
fn shape(pattern: &str) -> Shape<'_> {
    let (body, format) = if let Some(body) = pattern.strip_suffix("(.:format)") {
        (body, Format::Optional)
    } else if let Some(body) = pattern.strip_suffix(".:format") {
        (body, Format::Required)
    } else {
        (pattern, Format::None)
    };
    let segments = body
        .split('/')
        .filter(|s| !s.is_empty())
        .map(|s| match s.strip_prefix(':') {
            Some("") => Accepts::Value,
            Some(ty) if ty.starts_with('<') => Accepts::Constrained {
                requirement: None,
                ty: Some(ty),
            },
            Some(regex) => Accepts::Constrained {
                requirement: Some(regex),
                ty: None,
            },
            None => Accepts::Text(s),
        })
        .collect();
    Shape { segments, format }
}

#[test]
fn an_earlier_shape_covers_a_later_one_only_when_it_takes_every_path_of_it() {
    let cases: &[(&str, &str, bool)] = &[
        ("/articles", "/articles", true),
        ("/articles", "/posts", false),
        ("/articles/:", "/articles/new", true),
        ("/articles/:", "/articles/:", true),
        ("/articles/new", "/articles/:", false),
        ("/:", "/robots.txt", false),
        ("/:", "/:[0-9]+", false),
        ("/:[0-9]+", "/:", false),
        ("/:[0-9]+", "/:[0-9]+", true),
        ("/:[0-9]+", "/:[0-9]*", false),
        ("/:[0-9]+", "/12", false),
        ("/:<u64>", "/:<u64>", true),
        ("/:<u64>", "/:", false),
        ("/:", "/:<u64>", false),
        ("/:<u64>", "/:<u32>", false),
        ("/:<u64>", "/:[0-9]+", false),
        ("/:<u64>", "/12", false),
        ("/articles/:", "/articles", false),
        ("/articles", "/articles/:", false),
        ("/", "/", true),
        ("/x(.:format)", "/x", true),
        ("/x(.:format)", "/x(.:format)", true),
        ("/x(.:format)", "/x.:format", true),
        ("/x.:format", "/x.:format", true),
        ("/x.:format", "/x(.:format)", false),
        ("/x.:format", "/x", false),
        ("/x", "/x", true),
        ("/x", "/x(.:format)", false),
        ("/x", "/x.:format", false),
        ("/:/:(.:format)", "/a/b.:format", true),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter(|(earlier, later, want)| covers(&shape(earlier), &shape(later)) != *want)
        .map(|(earlier, later, want)| format!("{earlier} covers {later}: want {want}"))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each shadowed route of the table `tokens` declares, as `target <- targets`.
fn judged(tokens: TokenStream) -> Vec<String> {
    let errors = Errors::default();
    let input = crate::parse::parse(quote::quote!([::resourceful] #tokens), &errors).unwrap();
    let table = crate::lower::lower(&input, &errors);
    assert!(errors.is_empty(), "{:?}", errors.messages());
    shadowed(&table)
        .iter()
        .map(|s| {
            let by: Vec<String> = s.by.iter().map(|&i| table.routes[i].target()).collect();
            format!("{} <- {}", table.routes[s.route].target(), by.join(", "))
        })
        .collect()
}

#[test]
fn routes_are_shadowed_only_when_earlier_routes_take_all_they_could() {
    use quote::quote;
    let cases: Vec<(&str, TokenStream, &[&str])> = vec![
        (
            "a default route before resources swallows every route",
            quote!(connect("/:controller/:action/:id"); resources(articles);),
            &[
                "articles#index <- :controller#:action",
                "articles#create <- :controller#:action",
                "articles#new <- :controller#:action",
                "articles#edit <- :controller#:action",
                "articles#show <- :controller#:action",
                "articles#update <- :controller#:action",
                "articles#destroy <- :controller#:action",
            ],
        ),
        (
            "a default route after resources takes what they leave",
            quote!(resources(articles); connect("/:controller/:action/:id");),
            &[],
        ),
        (
            "a default route's controllers may span two segments",
            quote! {
                connect("/:controller/:action");
                namespace(admin) { resources(users, only(index, show)); }
            },
            &[
                "admin/users#index <- :controller#:action",
                "admin/users#show <- :controller#:action",
            ],
        ),
        (
            "two routes with one pattern and one method",
            quote! {
                named(a, "/x", controller = "c", via = get);
                named(b, "/x", controller = "d", via = get);
            },
            &["d#index <- c#index"],
        ),
        (
            "a member action under the path of a nested index",
            quote!(resources(products, member(images: get)) { resources(images); }),
            &["products#images <- images#index"],
        ),
        (
            "the same member action with a method the nested routes leave",
            quote!(resources(products, member(images: put)) { resources(images); }),
            &[],
        ),
        (
            "only(show): GET /products/new is show, nothing is shadowed",
            quote!(resources(products, only(show)); resources(orders);),
            &[],
        ),
        (
            "a plain dynamic segment takes a static one",
            quote! {
                named(page, "/:page", controller = "pages", via = get);
                named(about, "/about", controller = "about", via = get);
            },
            &["about#index <- pages#index"],
        ),
        (
            "but not one with a dot, which may be a value and a format",
            quote! {
                named(page, "/:page", controller = "pages", via = get);
                named(robots, "/robots.txt", controller = "files", via = get);
            },
            &[],
        ),
        (
            "a route for any method is reachable by the methods nothing names",
            quote! {
                named(a, "/x", controller = "c", via = [get, post, put, patch, delete]);
                named(b, "/x", controller = "d");
            },
            &[],
        ),
        (
            "a route for any method takes every method",
            quote! {
                named(a, "/x", controller = "c");
                named(b, "/x", controller = "d", via = [get, delete]);
            },
            &["d#index <- c#index"],
        ),
        (
            "several earlier routes may share the methods",
            quote! {
                named(a, "/x", controller = "c", via = get);
                named(b, "/x", controller = "c", action = "create", via = post);
                named(c, "/x", controller = "d", via = [get, post]);
            },
            &["d#index <- c#index, c#create"],
        ),
        (
            "a requirement takes what it allows, so only the same requirement covers",
            quote! {
                named(a, "/p/:id", controller = "a", requirements(id = "[0-9]+"));
                named(b, "/p/:id", controller = "b");
                named(c, "/q/:id", controller = "c");
                named(d, "/q/:id", controller = "d", requirements(id = "[0-9]+"));
                named(e, "/r/:id", controller = "e", requirements(id = "[0-9]+"));
                named(f, "/r/:id", controller = "f", requirements(id = "[0-9]+"));
            },
            &["f#index <- e#index"],
        ),
        (
            "an optional format covers a required one, not the other way round",
            quote! {
                named(a, "/feed", controller = "a");
                named(b, "/feed.:format", controller = "b");
                named(c, "/atom.:format", controller = "c");
                named(d, "/atom", controller = "d");
            },
            &["b#index <- a#index"],
        ),
        (
            "a root takes `/` with GET",
            quote! {
                root(controller = "home");
                named(home, "/", controller = "pages", via = get);
                named(other, "/", controller = "other", via = post);
            },
            &["pages#index <- home#index"],
        ),
        (
            "routes that differ in their conditions are left to the application",
            quote! {
                named(a, "/x", controller = "a", conditions(subdomain = "app"));
                named(b, "/x", controller = "b");
            },
            &[],
        ),
        (
            "a default route's optional tail is judged shape by shape",
            quote! {
                named(a, "/articles/:action/:id", controller = "articles");
                connect("/:controller/:action/:id");
            },
            &[],
        ),
        (
            "a type takes what parses, so only the same type covers",
            quote! {
                named(a, "/p/:id", controller = "a", types(id = u64));
                named(b, "/p/:id", controller = "b");
                named(c, "/q/:id", controller = "c", types(id = u64));
                named(d, "/q/:id", controller = "d", types(id = u64));
                named(e, "/r/:id", controller = "e", types(id = u64), requirements(id = "[0-9]+"));
                named(f, "/r/:id", controller = "f", types(id = u64));
            },
            &["d#index <- c#index"],
        ),
    ];
    let mut failures = Vec::new();
    for (case, tokens, want) in cases {
        let got = judged(tokens);
        if got != want {
            failures.push(format!("{case}:\n  got  {got:?}\n  want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
