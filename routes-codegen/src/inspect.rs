//! What the pipeline makes of an invocation without writing it out, for tools that write
//! routes (the converter): each route as the table has it, which of them can never be
//! recognised and why, and every error, each with the line and column it points at. A tool
//! asks the macro's own rules rather than copying them, so the two cannot disagree.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::model::{Requirements, Route, RouteTable};
use crate::{check, lower, parse, shadow};

/// An invocation as the macro reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inspection {
    /// The routes the declarations generate, in recognition order, before the checks (a
    /// route a check leaves out is here too, and the errors say why).
    pub routes: Vec<InspectedRoute>,
    /// The routes (by their place in `routes`) that can never be recognised, each with the
    /// earlier routes that take every path and method it could.
    pub shadowed: Vec<(usize, Vec<usize>)>,
    /// Every error the macro would report, its notes included, in the order it reports them.
    pub errors: Vec<Diagnostic>,
}

/// One route of an [`Inspection`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InspectedRoute {
    /// Its name, as the declaration gives it; its helpers are named after it.
    pub name: Option<String>,
    /// The helpers a route of this name has (`article_path`, `article_url`, ...).
    pub helpers: Vec<String>,
    /// `GET`, `PUT`, ...; empty for any method.
    pub methods: Vec<&'static str>,
    /// As `rails routes` prints it: `/articles/:id(.:format)`.
    pub pattern: String,
    /// `controller#action`.
    pub target: String,
    /// The declaration it comes from, numbered in the order they are written (from 1).
    pub declaration: usize,
    /// Where the token it comes from starts: line (from 1) and column (from 0).
    pub line: usize,
    pub column: usize,
}

/// An error of the macro, with where it points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

/// Inspects a `routes!` invocation (its body, without the crate path the front door adds).
pub fn inspect_routes(body: TokenStream) -> Inspection {
    inspect(body, lower::lower)
}

/// Inspects a `draw!` invocation (its body), as [`inspect_routes`] a `routes!` one.
pub fn inspect_draw(body: TokenStream) -> Inspection {
    inspect(body, crate::draw::lower)
}

/// The inspection of `body`, lowered into a table by a front's `lower`.
fn inspect(body: TokenStream, lower: fn(&parse::Input, &Errors) -> RouteTable) -> Inspection {
    let errors = Errors::default();
    let input = parse::parse(quote::quote!([::resourceful] #body), &errors);
    let Some(input) = input else {
        return Inspection {
            errors: diagnostics(errors),
            ..Inspection::default()
        };
    };
    let mut table = lower(&input, &errors);
    let routes: Vec<InspectedRoute> = table
        .routes
        .iter()
        .map(|route| {
            inspected(
                route,
                table
                    .dialect
                    .helper_names(route.name.as_deref().unwrap_or_default()),
            )
        })
        .collect();
    let before: Vec<(usize, String)> = table
        .routes
        .iter()
        .map(|r| (r.decl, r.describe()))
        .collect();
    let duplicates = check::check(&mut table, &errors);
    // The checks keep the routes they do not leave out in order: each kept route is the
    // next of those before with its declaration and description.
    let mut at = 0;
    let kept: Vec<usize> = table
        .routes
        .iter()
        .map(|route| {
            let key = (route.decl, route.describe());
            while before[at] != key {
                at += 1;
            }
            at += 1;
            at - 1
        })
        .collect();
    let controllers = table.controllers();
    let requirements = Requirements::of(&table);
    check::check_shadowed_routes(&table, &controllers, &requirements, &duplicates, &errors);
    let shadowed = shadow::shadowed(&table, &controllers, &requirements)
        .into_iter()
        .map(|s| (kept[s.route], s.by.into_iter().map(|i| kept[i]).collect()))
        .collect();
    Inspection {
        routes,
        shadowed,
        errors: diagnostics(errors),
    }
}

fn inspected(route: &Route, helpers: Vec<String>) -> InspectedRoute {
    let start = route.span.start();
    InspectedRoute {
        name: route.name.clone(),
        helpers: if route.name.is_some() {
            helpers
        } else {
            Vec::new()
        },
        methods: route.methods.iter().map(|m| m.as_str()).collect(),
        pattern: route.pattern(),
        target: route.target(),
        declaration: route.decl,
        line: start.line,
        column: start.column,
    }
}

fn diagnostics(errors: Errors) -> Vec<Diagnostic> {
    errors
        .into_errors()
        .into_iter()
        .map(|error| {
            let start = error.span().start();
            Diagnostic {
                message: error.to_string(),
                line: start.line,
                column: start.column,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_shadowing_and_errors_point_at_their_lines() {
        let body: TokenStream = "connect(\"/:controller/:action/:id\");\n\
                                 resources(articles, only(index));\n\
                                 named(articles, \"/a\", controller = \"x\");\n\
                                 resources(comments, only(index), member(x: pot));"
            .parse()
            .unwrap();
        let inspection = inspect_routes(body);
        let routes: Vec<(Option<&str>, &str, usize)> = inspection
            .routes
            .iter()
            .map(|r| (r.name.as_deref(), r.pattern.as_str(), r.line))
            .collect();
        assert_eq!(
            routes,
            [
                (None, "/:controller(/:action(/:id))(.:format)", 1),
                (Some("articles"), "/articles(.:format)", 2),
                (Some("articles"), "/a(.:format)", 3),
                (Some("comments"), "/comments(.:format)", 4),
            ]
        );
        assert_eq!(
            inspection.routes[1].helpers[..2],
            ["articles_path", "articles_url"]
        );
        // The default route takes `/articles` and `/comments` first.
        assert_eq!(inspection.shadowed, [(1, vec![0]), (3, vec![0])]);
        let errors: Vec<(usize, &str)> = inspection
            .errors
            .iter()
            .map(|e| (e.line, e.message.split(": ").next().unwrap_or_default()))
            .collect();
        assert_eq!(
            errors,
            [
                (4, "unknown method `pot`; did you mean `post`?"),
                (
                    3,
                    "the route helper `articles_path` is defined multiple times"
                ),
                (2, "note"),
                (
                    2,
                    "route `GET /articles(.:format)` → `articles#index` can never be recognised"
                ),
                (1, "note"),
                (
                    4,
                    "route `GET /comments(.:format)` → `comments#index` can never be recognised"
                ),
                (1, "note"),
            ]
        );
    }

    #[test]
    fn a_draw_invocation_is_inspected_with_rails_3_names() {
        // `get(create)` in a singular resource is a canonical action, routed at the
        // resource's own path, where it takes `GET /session` before `show` (as in Rails).
        let body: TokenStream = "resource(session, only(show, create)) {\n\
                                 get(create);\n\
                                 }"
        .parse()
        .unwrap();
        let inspection = inspect_draw(body);
        let routes: Vec<(Option<&str>, String, &str, &str)> = inspection
            .routes
            .iter()
            .map(|r| {
                (
                    r.name.as_deref(),
                    r.methods.join("|"),
                    r.pattern.as_str(),
                    r.target.as_str(),
                )
            })
            .collect();
        assert_eq!(
            routes,
            [
                (
                    Some("session"),
                    "GET".to_owned(),
                    "/session(.:format)",
                    "sessions#create"
                ),
                (
                    None,
                    "GET".to_owned(),
                    "/session(.:format)",
                    "sessions#show"
                ),
                (
                    None,
                    "POST".to_owned(),
                    "/session(.:format)",
                    "sessions#create"
                ),
            ]
        );
        assert_eq!(
            inspection.routes[0].helpers,
            ["session_path", "session_url"]
        );
        assert_eq!(inspection.shadowed, [(1, vec![0])]);
        assert_eq!(inspection.errors[0].line, 1);
    }

    #[test]
    fn a_resources_own_routes_point_at_it_after_the_resources_nested_in_it() {
        let body: TokenStream = "resources(products) {\n\
                                 root(to = \"products#root\");\n\
                                 resources(images, only(index));\n\
                                 }"
        .parse()
        .unwrap();
        let inspection = inspect_draw(body);
        let lines: Vec<(&str, usize)> = inspection
            .routes
            .iter()
            .map(|r| (r.target.as_str(), r.line))
            .collect();
        assert_eq!(
            lines[..4],
            [
                ("products#root", 2),
                ("images#index", 3),
                ("products#index", 1),
                ("products#create", 1)
            ]
        );
        assert_eq!(inspection.shadowed, [(2, vec![0])]);
        assert_eq!(inspection.errors[0].line, 1);
    }
}
