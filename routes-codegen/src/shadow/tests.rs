//! Subsumption of one shape by another, one rule per row; then whole tables, each listing its
//! shadowed routes as `target <- targets of the routes that take its paths`.

use proc_macro2::TokenStream;

use super::*;
use crate::errors::Errors;
use crate::shapes::Test;

/// A shape written as a pattern: `:` is a plain dynamic segment, `:REGEX` one with that
/// requirement, `:<TYPE>` one with that type, anything else static; `(.:format)` as in
/// patterns; a last `*` (or `*REGEX`) a glob taking the rest of the path. Requirements are
/// numbered in `regexes`, as a route set numbers them.
fn shape(pattern: &str, regexes: &mut Vec<String>) -> Shape {
    let (body, format) = match pattern.strip_suffix("(.:format)") {
        Some(body) => (body, Format::Optional),
        None => (pattern, Format::None),
    };
    let mut test = |s: &str| match s {
        "" => Test {
            requirement: None,
            ty: None,
        },
        ty if ty.starts_with('<') => Test {
            requirement: None,
            ty: Some(ty.to_owned()),
        },
        regex => {
            let number = match regexes.iter().position(|r| r == regex) {
                Some(at) => at,
                None => {
                    regexes.push(regex.to_owned());
                    regexes.len() - 1
                }
            };
            Test {
                requirement: Some(number as u16),
                ty: None,
            }
        }
    };
    let mut steps = Vec::new();
    for s in body.split('/').filter(|s| !s.is_empty()) {
        match (s.strip_prefix(':'), s.strip_prefix('*')) {
            (Some(rest), _) => steps.push(Step::Dynamic(test(rest))),
            (_, Some(rest)) => steps.push(Step::Glob(test(rest))),
            _ => steps.push(Step::Static(s.to_owned())),
        }
    }
    Shape {
        rank: 0,
        steps,
        format,
        slots: None,
    }
}

/// The shadowed routes of `table`.
fn judge(table: &RouteTable) -> Vec<Shadowed> {
    shadowed(table, &table.controllers(), &Requirements::of(table))
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
        ("/x", "/x", true),
        ("/x", "/x(.:format)", false),
        ("/:/:(.:format)", "/a/b(.:format)", true),
        // A glob takes every path longer than its prefix, dots and formats included.
        ("/*", "/a", true),
        ("/*", "/a/:/b(.:format)", true),
        ("/*", "/robots.txt", true),
        ("/*", "/", false),
        ("/files/*", "/files", false),
        ("/files/*", "/files/:", true),
        ("/files/*", "/files/a/b(.:format)", true),
        ("/files/*", "/other/a", false),
        ("/files/*", "/files/*", true),
        ("/files/*", "/files/x/*", true),
        ("/files/x/*", "/files/*", false),
        ("/files/*[a-z]+", "/files/a", false),
        ("/files/*[a-z]+", "/files/*[a-z]+", true),
        ("/files/*[a-z]+", "/files/*", false),
        ("/files/:", "/files/*", false),
        ("/:/*", "/files/*", true),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter(|(earlier, later, want)| {
            let mut regexes = Vec::new();
            covers(&shape(earlier, &mut regexes), &shape(later, &mut regexes)) != *want
        })
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
    judge(&table)
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
            "the first of the routes whose static segments a path has takes it",
            quote! {
                named(a, "/x/:id", controller = "a", via = get);
                named(b, "/:s/new", controller = "b", via = get);
                named(c, "/:s/:t", controller = "c", via = get);
                named(d, "/x/new", controller = "d", via = get);
                named(e, "/y/new", controller = "e", via = get);
                named(f, "/y/z", controller = "f", via = get);
                named(g, "/y/z/w", controller = "g", via = get);
            },
            &[
                "d#index <- a#index",
                "e#index <- b#index",
                "f#index <- c#index",
            ],
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
            "a final `.:format` is optional, as every route's format is",
            quote! {
                named(a, "/feed", controller = "a");
                named(b, "/feed.:format", controller = "b");
                named(c, "/atom.:format", controller = "c");
                named(d, "/atom", controller = "d");
            },
            &["b#index <- a#index", "d#index <- c#index"],
        ),
        (
            "a catch-all glob declared first takes every route after it",
            quote! {
                connect("/*path", controller = "errors", action = "not_found");
                resources(articles, only(index, show));
                named(login, "/login", controller = "sessions");
                root(controller = "home");
            },
            &[
                "articles#index <- errors#not_found",
                "articles#show <- errors#not_found",
                "sessions#index <- errors#not_found",
                "home#index <- errors#not_found",
            ],
        ),
        (
            "a catch-all glob declared last takes only what the others leave",
            quote! {
                resources(articles, only(index, show));
                root(controller = "home");
                connect("/*path", controller = "errors", action = "not_found");
            },
            &[],
        ),
        (
            "a glob with a requirement takes only what it allows, so it covers no other route",
            quote! {
                connect("/files/*path", controller = "files", requirements(path = "[a-z/]+"));
                named(readme, "/files/readme", controller = "readme");
            },
            &[],
        ),
        (
            "a defaulted param is left out one shape at a time",
            quote! {
                named(diff, "/wiki/:id/diff/:version", controller = "wiki", defaults(version = None));
                named(plain, "/wiki/:id/diff", controller = "plain");
                named(versioned, "/wiki/:id/diff/:v", controller = "versioned");
            },
            &["plain#index <- wiki#index", "versioned#index <- wiki#index"],
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
                named(a, "/articles/:action/:id", controller = "articles", requirements(id = "[0-9]+"));
                connect("/:controller/:action/:id");
            },
            &[],
        ),
        (
            "a named route's trailing `:action` and `:id` may be left out, as Rails 2.3 has it",
            quote! {
                named(a, "/articles/:action/:id", controller = "articles");
                connect("/:controller/:action/:id");
            },
            &[":controller#:action <- articles#:action"],
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

/// A small deterministic generator, so that the random tables below are the same every run.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        choices[self.below(choices.len())]
    }
}

/// One random route: as `routes!` declares it, and as the runtime builds it from strings.
fn random_route(rng: &mut Xorshift, index: usize) -> (String, routes_runtime::testing::RouteSpec) {
    use http::Method;
    use routes_runtime::testing::RouteSpec;
    let mut pieces: Vec<&str> = Vec::new();
    for _ in 0..=rng.below(3) {
        let piece = rng.pick(&["a", "b", "a.b", ":id", ":x", ":action", ":controller"]);
        if !(piece.starts_with(':') && pieces.contains(&piece)) {
            pieces.push(piece);
        }
    }
    let mut pattern = format!("/{}", pieces.join("/"));
    pattern.push_str(rng.pick(&["", "(.:format)", ".:format"]));
    if rng.below(6) == 0 {
        pattern = format!(
            "{}/*rest",
            pattern
                .trim_end_matches("(.:format)")
                .trim_end_matches(".:format")
                .trim_end_matches('/')
        );
    }
    let has_controller = pieces.contains(&":controller");
    let connect = has_controller || rng.below(3) == 0;
    let controller = if has_controller {
        ""
    } else {
        rng.pick(&["a", "b", "c"])
    };
    let (via, methods) = match rng.below(4) {
        0 => ("", vec![]),
        1 => (", via = get", vec![Method::GET]),
        2 => (", via = post", vec![Method::POST]),
        _ => (", via = [get, post]", vec![Method::GET, Method::POST]),
    };
    let mut requirements = Vec::new();
    let mut options = via.to_owned();
    if !controller.is_empty() {
        options.push_str(&format!(", controller = \"{controller}\""));
    }
    if pieces.contains(&":id") && rng.below(2) == 0 {
        let regex = rng.pick(&["[0-9]+", "[a-z.]+"]);
        options.push_str(&format!(", requirements(id = \"{regex}\")"));
        requirements.push(("id".to_owned(), regex.to_owned()));
    }
    let declaration = if connect {
        format!("connect(\"{pattern}\"{options});")
    } else {
        format!("named(r{index}, \"{pattern}\"{options});")
    };
    let spec = RouteSpec {
        name: (!connect).then(|| format!("r{index}")),
        methods,
        pattern,
        controller: controller.to_owned(),
        action: "index".to_owned(),
        requirements,
        default_route: true,
        defaults: Vec::new(),
    };
    (declaration, spec)
}

/// Soundness, held against the runtime: on random tables, no request of many (every method,
/// paths of up to three of the tables' words, with formats) is ever answered by a route judged
/// shadowed.
#[test]
fn no_route_judged_shadowed_is_ever_recognised() {
    use http::Method;
    use routes_runtime::testing::{recognize, route_set};
    let words = [
        "a", "b", "c", "1", "x", "a.b", "1.json", "b.xml", "new", "index",
    ];
    let mut paths = vec!["/".to_owned()];
    let mut last = vec![String::new()];
    for _ in 0..3 {
        let next: Vec<String> = last
            .iter()
            .flat_map(|p| words.iter().map(move |w| format!("{p}/{w}")))
            .collect();
        paths.extend(next.iter().cloned());
        last = next;
    }
    let methods = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::OPTIONS,
    ];
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let (mut tables, mut judged) = (0, 0);
    for _ in 0..300 {
        let count = 2 + rng.below(5);
        let (declarations, specs): (Vec<String>, Vec<_>) =
            (0..count).map(|i| random_route(&mut rng, i)).unzip();
        let source = declarations.join("\n");
        let errors = Errors::default();
        let tokens: TokenStream = format!("[::resourceful] {source}").parse().unwrap();
        let Some(input) = crate::parse::parse(tokens, &errors) else {
            continue;
        };
        let table = crate::lower::lower(&input, &errors);
        if !errors.is_empty() {
            continue;
        }
        let shadowed = judge(&table);
        let set = route_set(&specs).expect("the same patterns parse at run time");
        tables += 1;
        judged += shadowed.len();
        for s in &shadowed {
            let route = &set.routes()[s.route];
            for method in &methods {
                for path in &paths {
                    if let Ok(found) = recognize(set, method, path) {
                        assert!(
                            !std::ptr::eq(&set.routes()[found.route], route),
                            "{method} {path} reaches route {} judged shadowed, in\n{source}",
                            s.route
                        );
                    }
                }
            }
        }
    }
    assert!(
        tables > 200 && judged > 50,
        "{tables} tables, {judged} shadowed routes"
    );
}
