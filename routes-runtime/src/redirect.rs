//! What a `draw!` route declared with `redirect(...)` answers: its status and location, the
//! location's `%{param}` filled with the request's params as Rails fills them (escaped for the
//! part of the URL each is in).

use http::StatusCode;

use crate::encode::{push_form_component, push_fragment, push_glob};
use crate::recognized::Recognized;
use crate::route::RouteTarget;

/// A redirect a route answers with, its location filled in.
///
/// ```
/// use http::{Method, StatusCode};
///
/// mod routes {
///     resourceful::draw! {
///         get("stories/:id", to = redirect("/posts/%{id}?from=%{id}#c%{id}"));
///         get("old", to = redirect("https://example.org/", status = 302));
///     }
/// }
/// let found = routes::ROUTES.recognize(&Method::GET, "/stories/a b").unwrap();
/// let redirect = found.redirect().unwrap();
/// assert_eq!(redirect.status(), StatusCode::MOVED_PERMANENTLY);
/// assert_eq!(redirect.location(), "/posts/a%20b?from=a+b#ca%20b");
/// let found = routes::ROUTES.recognize(&Method::GET, "/old").unwrap();
/// assert_eq!(found.redirect().unwrap().location(), "https://example.org/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    status: StatusCode,
    location: String,
}

impl Redirect {
    /// The redirect's status: 301 unless the route says otherwise.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Where to, as the route writes it with the params filled in: a path (which a
    /// dispatcher sends behind the request's own scheme and host, as Rails does) or a URL.
    pub fn location(&self) -> &str {
        &self.location
    }
}

impl Recognized<'_, '_> {
    /// The redirect the route answers with, when it is declared with `redirect(...)`.
    pub fn redirect(&self) -> Option<Redirect> {
        let RouteTarget::Redirect { location, status } = self.route().target() else {
            return None;
        };
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::MOVED_PERMANENTLY);
        let (rest, fragment) = match location.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (location, None),
        };
        let (path, query) = match rest.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (rest, None),
        };
        let mut out = String::with_capacity(location.len());
        self.fill(&mut out, path, push_glob);
        if let Some(query) = query {
            out.push('?');
            self.fill(&mut out, query, push_form_component);
        }
        if let Some(fragment) = fragment {
            out.push('#');
            self.fill(&mut out, fragment, push_fragment);
        }
        Some(Redirect {
            status,
            location: out,
        })
    }

    /// Appends `text` with each `%{name}` replaced by the param `name`, escaped by `escape`; a
    /// param the request has not is left as it is written.
    fn fill(&self, out: &mut String, text: &str, escape: fn(&mut String, &str)) {
        let mut rest = text;
        while let Some(at) = rest.find("%{") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            match after.find('}') {
                Some(end)
                    if after[..end]
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_') =>
                {
                    let name = &after[..end];
                    match self.param(name) {
                        Some(value) => escape(out, value),
                        None => out.push_str(&rest[at..at + 3 + end]),
                    }
                    rest = &after[end + 1..];
                }
                _ => {
                    out.push_str("%{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
    }
}
