//! The route table as `rails routes` prints it, with its `-c` and `-g` filters.

use std::fmt;

use http::Method;

use crate::{Route, RouteTarget};

/// Routes selected for printing, as `rails routes` does: [`controller`](Self::controller) is
/// `-c`, [`grep`](Self::grep) is `-g`. Both match substrings, case-insensitively; `Display`
/// prints the selected routes under a header.
///
/// ```
/// mod routes {
///     resourceful::routes! {
///         resources(articles) { resources(comments); }
///         resources(comments);
///     }
/// }
/// let listing = routes::ROUTES.listing().controller("ArticlesController");
/// assert_eq!(listing.routes().count(), 7);
///
/// let nested = routes::ROUTES.listing().controller("comments").grep("article_");
/// assert!(nested.routes().all(|r| r.pattern().starts_with("/articles/:article_id/comments")));
/// assert_eq!(nested.routes().count(), 7);
///
/// let text = nested.to_string();
/// assert!(text.starts_with("              Prefix Verb      URI Pattern"));
/// assert!(text.contains("new_article_comment GET       /articles/:article_id/comments/new(.:format)"));
/// ```
#[derive(Debug, Clone)]
pub struct Listing<'a> {
    routes: &'a [Route],
    controller: Option<String>,
    grep: Option<String>,
}

impl<'a> Listing<'a> {
    pub(crate) fn new(routes: &'a [Route]) -> Self {
        Listing {
            routes,
            controller: None,
            grep: None,
        }
    }

    /// Keeps the routes whose controller contains `name`; a Rails class name such as
    /// `Admin::UsersController` is read as `admin/users`.
    pub fn controller(mut self, name: &str) -> Self {
        self.controller = Some(controller_filter(name));
        self
    }

    /// Keeps the routes whose name, methods, pattern or `controller#action` contain `text`.
    pub fn grep(mut self, text: &str) -> Self {
        self.grep = Some(text.to_lowercase());
        self
    }

    /// The selected routes, in recognition order.
    pub fn routes(&self) -> impl Iterator<Item = &'a Route> + '_ {
        self.routes.iter().filter(|route| self.selects(route))
    }

    fn selects(&self, route: &Route) -> bool {
        let controller_ok = self.controller.as_ref().is_none_or(|c| {
            route
                .controller()
                .to_string()
                .to_lowercase()
                .contains(c.as_str())
        });
        let grep_ok = self.grep.as_ref().is_none_or(|text| {
            [
                route.name().unwrap_or(""),
                &verbs(route),
                route.pattern(),
                &target(route),
            ]
            .iter()
            .any(|field| field.to_lowercase().contains(text.as_str()))
        });
        controller_ok && grep_ok
    }
}

/// `Admin::UsersController` -> `admin/users`; plain names are lowercased.
fn controller_filter(name: &str) -> String {
    let name = name.strip_suffix("Controller").unwrap_or(name);
    let mut out = String::new();
    for (i, part) in name.split("::").enumerate() {
        if i > 0 {
            out.push('/');
        }
        for (j, c) in part.char_indices() {
            if c.is_ascii_uppercase() && j > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

fn verbs(route: &Route) -> String {
    route
        .methods()
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join("|")
}

/// The `Controller#Action` column: a redirect as Rails inspects it, `redirect(301, /posts)` or
/// `redirect(301, subdomain: api, path: /%{id})`.
fn target(route: &Route) -> String {
    match route.target() {
        RouteTarget::Redirect {
            location,
            status,
            url: None,
        } => format!("redirect({status}, {location})"),
        RouteTarget::Redirect {
            status,
            url: Some(url),
            ..
        } => {
            let parts: Vec<String> = url
                .parts()
                .map(|(key, value)| format!("{key}: {value}"))
                .collect();
            format!("redirect({status}, {})", parts.join(", "))
        }
        RouteTarget::Action | RouteTarget::Mount => {
            format!("{}#{}", route.controller(), route.action())
        }
    }
}

impl fmt::Display for Listing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<[String; 4]> = self
            .routes()
            .map(|r| {
                [
                    r.name().unwrap_or("").to_owned(),
                    verbs(r),
                    r.pattern().to_owned(),
                    target(r),
                ]
            })
            .collect();
        let header = ["Prefix", "Verb", "URI Pattern", "Controller#Action"].map(String::from);
        let width = |column: usize| {
            rows.iter()
                .chain([&header])
                .map(|row| row[column].len())
                .max()
                .unwrap_or(0)
        };
        let (name_width, verb_width, pattern_width) = (width(0), width(1), width(2));
        for [name, verb, pattern, target] in [&header].into_iter().chain(&rows) {
            let line = format!(
                "{name:>name_width$} {verb:<verb_width$} {pattern:<pattern_width$} {target}"
            );
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rails_controller_names_are_read_as_paths() {
        for (given, expected) in [
            ("articles", "articles"),
            ("ArticlesController", "articles"),
            ("Admin::UsersController", "admin/users"),
            ("BlogPosts", "blog_posts"),
            ("admin/users", "admin/users"),
        ] {
            assert_eq!(controller_filter(given), expected, "{given}");
        }
    }
}
