//! Errors as data: why a request was not routed ([`RoutingError`]), why a URL was not built
//! ([`UrlError`]), why a handler could not have a param ([`ParamError`]).

use std::fmt;
use std::time::Duration;

use http::{Method, StatusCode};

use crate::error_path::ErrorPath;
use crate::methods::MethodSet;

/// Why a request could not be routed.
///
/// Each variant carries what a response or a log line needs, and [`status`](Self::status)
/// gives the HTTP status to answer with.
///
/// ```
/// use http::{Method, StatusCode};
/// use resourceful::RoutingError;
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let err = routes::ROUTES.recognize(&Method::PATCH, "/articles").unwrap_err();
/// assert_eq!(err.status(), StatusCode::METHOD_NOT_ALLOWED);
/// match err {
///     RoutingError::MethodNotAllowed { allowed, .. } => {
///         assert_eq!(allowed, [Method::GET, Method::POST]);
///         assert_eq!(allowed.to_string(), "GET, HEAD, POST");
///     }
///     other => panic!("unexpected {other}"),
/// }
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoutingError {
    /// No route matches the path, whatever the method.
    NotFound {
        /// The request's method.
        method: Method,
        /// The request's path, without its query.
        path: ErrorPath,
    },
    /// Routes match the path, but none with this method.
    MethodNotAllowed {
        /// The request's method.
        method: Method,
        /// The request's path, without its query.
        path: ErrorPath,
        /// The methods those routes answer.
        allowed: MethodSet,
    },
    /// The path (without its query) is longer than [`MAX_PATH_LEN`](crate::MAX_PATH_LEN).
    PathTooLong {
        /// The path's length in bytes.
        length: usize,
        /// The longest path recognised.
        limit: usize,
    },
    /// The path cannot be read: a percent-escape decodes to bytes that are not UTF-8.
    BadRequest {
        /// The request's path, without its query; for a target that is not a path (`*`, or
        /// `host:port` as a `CONNECT` sends), the target as it was sent.
        path: ErrorPath,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A form-encoded POST, to a path some route takes with an overridden method, whose body
    /// goes on past the bytes read for `_method` without one among them: the method it asks
    /// for cannot be known. `form_tag` writes `_method` first, so a browser's form never is one.
    FormTooLarge {
        /// How many bytes of the body are read for `_method`.
        limit: usize,
    },
    /// A form-encoded POST whose body did not arrive, as far as `_method` is read, within the
    /// deadline.
    FormTimeout {
        /// How long the body was waited for.
        deadline: Duration,
    },
    /// A form-encoded POST whose body went past a size limit set in front of the router (a
    /// `RequestBodyLimitLayer`, whose `Limited` body refuses to go on) while it was read for
    /// `_method`: a 413, as the limit answers a body it sees whole.
    BodyTooLarge {
        /// How many bytes were read before the limit stopped the body.
        read: usize,
    },
}

impl RoutingError {
    /// The HTTP status that answers this error: 404, 405, 414 or 400 for the path, 413 or 408
    /// for the form body read for `_method`.
    pub fn status(&self) -> StatusCode {
        match self {
            RoutingError::FormTooLarge { .. } | RoutingError::BodyTooLarge { .. } => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            RoutingError::FormTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            RoutingError::NotFound { .. } => StatusCode::NOT_FOUND,
            RoutingError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            RoutingError::PathTooLong { .. } => StatusCode::URI_TOO_LONG,
            RoutingError::BadRequest { .. } => StatusCode::BAD_REQUEST,
        }
    }

    /// No route takes `path` (without its query) with `method`: a 405 listing `allowed`, the
    /// methods of the routes that take the path, or a 404 when there are none.
    pub(crate) fn refused(method: &Method, path: &str, allowed: MethodSet) -> Self {
        let method = method.clone();
        let path = ErrorPath::new(path);
        if allowed.is_empty() {
            RoutingError::NotFound { method, path }
        } else {
            RoutingError::MethodNotAllowed {
                method,
                path,
                allowed,
            }
        }
    }

    /// The path the error names, to be set to the one the client sent where a router in
    /// front stripped a prefix off it.
    #[cfg(any(feature = "axum", feature = "actix"))]
    pub(crate) fn path_mut(&mut self) -> Option<&mut ErrorPath> {
        match self {
            RoutingError::NotFound { path, .. }
            | RoutingError::MethodNotAllowed { path, .. }
            | RoutingError::BadRequest { path, .. } => Some(path),
            _ => None,
        }
    }

    /// The methods to list in an `Allow` header: those of a
    /// [`MethodNotAllowed`](Self::MethodNotAllowed), else none.
    pub fn allowed_methods(&self) -> MethodSet {
        match self {
            RoutingError::MethodNotAllowed { allowed, .. } => *allowed,
            _ => MethodSet::EMPTY,
        }
    }
}

impl fmt::Display for RoutingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoutingError::NotFound { method, path } => {
                write!(f, "no route matches `{method} {path}`")
            }
            // The methods may be unknown: axum's `method_not_allowed_fallback` runs before
            // axum writes its `Allow`.
            RoutingError::MethodNotAllowed {
                method,
                path,
                allowed,
            } if allowed.is_empty() => write!(f, "method `{method}` is not allowed for `{path}`"),
            RoutingError::MethodNotAllowed {
                method,
                path,
                allowed,
            } => write!(
                f,
                "method `{method}` is not allowed for `{path}` (allowed: {allowed})"
            ),
            RoutingError::PathTooLong { length, limit } => write!(
                f,
                "path of {length} bytes is longer than the limit of {limit} bytes"
            ),
            RoutingError::BadRequest { path, reason } => {
                write!(f, "cannot read path `{path}`: {reason}")
            }
            RoutingError::FormTooLarge { limit } => write!(
                f,
                "form body has no `_method` in its first {limit} bytes and goes on: \
                 send `_method` first, or in the query"
            ),
            RoutingError::FormTimeout { deadline } => write!(
                f,
                "form body was not received within {} ms",
                deadline.as_millis()
            ),
            RoutingError::BodyTooLarge { read } => write!(
                f,
                "request body went past the size limit after {read} bytes"
            ),
        }
    }
}

impl std::error::Error for RoutingError {}

/// Why [`RouteSet::url_for`](crate::RouteSet::url_for) could not build a URL: a mistake in the
/// program, answered with a 500 if it reaches a response.
///
/// ```
/// use resourceful::{UrlError, UrlFor};
///
/// mod routes {
///     resourceful::routes! { resources(articles, requirements(id = "[0-9]+")); }
/// }
/// let unfit = routes::ROUTES.url_for(&UrlFor::named("article").param("id", "abc"));
/// assert_eq!(
///     unfit.unwrap_err().to_string(),
///     "cannot build a url for route `article`; mismatched `id`"
/// );
/// let unknown = routes::ROUTES.url_for(&UrlFor::named("nope")).unwrap_err();
/// assert_eq!(unknown, UrlError::UnknownRoute { name: "nope".into() });
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlError {
    /// No route has this name.
    UnknownRoute {
        /// The name asked for.
        name: String,
    },
    /// The params do not fit the route asked for by name, or any route.
    Unfit {
        /// The route asked for by name, if any.
        route: Option<String>,
        /// Keys the route needs that were not given (or were empty).
        missing: Vec<String>,
        /// Keys given with a value the route cannot take (another controller, or a value a
        /// requirement or a param's type refuses).
        mismatched: Vec<String>,
    },
    /// A full URL was asked for, and no host is known (Rails' "Missing host to link to!").
    MissingHost,
}

fn write_keys(f: &mut fmt::Formatter<'_>, label: &str, keys: &[String]) -> fmt::Result {
    if keys.is_empty() {
        return Ok(());
    }
    write!(f, "; {label} ")?;
    for (i, key) in keys.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        write!(f, "{sep}`{key}`")?;
    }
    Ok(())
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::UnknownRoute { name } => write!(f, "no route is named `{name}`"),
            UrlError::Unfit {
                route,
                missing,
                mismatched,
            } => {
                match route {
                    Some(name) => write!(f, "cannot build a url for route `{name}`")?,
                    None => f.write_str("no route can build a url from these params")?,
                }
                write_keys(f, "missing", missing)?;
                write_keys(f, "mismatched", mismatched)
            }
            UrlError::MissingHost => f.write_str(MISSING_HOST),
        }
    }
}

impl std::error::Error for UrlError {}

/// Rails' message when a URL is asked for and no host is known, with both ways to set one.
pub(crate) const MISSING_HOST: &str = "missing host to link to: declare one with \
    `default_url_options(host = \"example.com\")` in `routes!` or `draw!`, or set one at start-up with \
    `ROUTES.set_default_url_options(resourceful::UrlOptions::new(\"example.com\"))`";

/// A param a handler asked for and could not have; see
/// [`Recognized::parse`](crate::Recognized::parse).
///
/// ```
/// use http::{Method, StatusCode};
/// use resourceful::ParamError;
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let found = routes::ROUTES.recognize(&Method::GET, "/articles/abc").unwrap();
/// let invalid = found.parse::<u64>("id").unwrap_err();
/// assert_eq!(invalid.status(), StatusCode::NOT_FOUND);
/// assert_eq!(invalid.to_string(), "param `id` cannot be `abc`");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamError {
    /// The route has no param of this name: a mistake in the code that asked (500).
    Missing {
        /// The name asked for.
        name: String,
        /// The route's pattern.
        pattern: &'static str,
        /// The params the route has, in path order (`format` last when it takes one).
        params: Vec<&'static str>,
    },
    /// The value does not parse as asked (404, as Rails' `find` answers an id that names
    /// nothing).
    Invalid {
        /// The param's name.
        name: String,
        /// Its value.
        value: String,
    },
    /// The request was not routed by a route set: no dispatcher or routing layer stands in
    /// front of the handler that asked (500).
    NotRouted,
    /// The request was routed to another action than the one whose params were asked for: a
    /// handler bound to several actions, reading the params of one (500).
    OtherAction {
        /// The action whose params were asked for (`articles#show`).
        expected: String,
        /// The action the request was routed to, if any (`articles#index`).
        found: Option<String>,
    },
}

impl ParamError {
    /// The status to answer with: 404 for a value that does not parse, 500 for the mistakes
    /// of the program (a param the route does not have, a request no route set routed, the
    /// params of another action).
    pub fn status(&self) -> StatusCode {
        match self {
            ParamError::Invalid { .. } => StatusCode::NOT_FOUND,
            ParamError::Missing { .. } | ParamError::NotRouted | ParamError::OtherAction { .. } => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Missing {
                name,
                pattern,
                params,
            } => {
                write!(f, "route `{pattern}` has no param `{name}`; ")?;
                if params.is_empty() {
                    return f.write_str("it has none");
                }
                f.write_str("its params are ")?;
                for (i, param) in params.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}`{param}`")?;
                }
                Ok(())
            }
            ParamError::Invalid { name, value } => {
                write!(f, "param `{name}` cannot be `{value}`")
            }
            ParamError::NotRouted => f.write_str(
                "the request was not routed: the params of an action need resourceful's \
                 dispatcher or routing layer in front of the handler",
            ),
            ParamError::OtherAction { expected, found } => {
                write!(
                    f,
                    "the params of `{expected}` were asked for by a request routed "
                )?;
                match found {
                    Some(found) => write!(f, "to `{found}`"),
                    None => f.write_str("to no action"),
                }
            }
        }
    }
}

impl std::error::Error for ParamError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_errors_say_what_and_which_status() {
        let cases = [
            (
                RoutingError::NotFound {
                    method: Method::GET,
                    path: "/nope".into(),
                },
                "no route matches `GET /nope`",
                404,
            ),
            (
                RoutingError::MethodNotAllowed {
                    method: Method::POST,
                    path: "/articles/new".into(),
                    allowed: MethodSet::GET,
                },
                "method `POST` is not allowed for `/articles/new` (allowed: GET, HEAD)",
                405,
            ),
            (
                RoutingError::MethodNotAllowed {
                    method: Method::POST,
                    path: "/health".into(),
                    allowed: MethodSet::EMPTY,
                },
                "method `POST` is not allowed for `/health`",
                405,
            ),
            (
                RoutingError::BodyTooLarge { read: 1024 },
                "request body went past the size limit after 1024 bytes",
                413,
            ),
            (
                RoutingError::BadRequest {
                    path: "/%FF".into(),
                    reason: "a percent-escape is not UTF-8",
                },
                "cannot read path `/%FF`: a percent-escape is not UTF-8",
                400,
            ),
            (
                RoutingError::PathTooLong {
                    length: 9000,
                    limit: 8192,
                },
                "path of 9000 bytes is longer than the limit of 8192 bytes",
                414,
            ),
        ];
        for (err, message, status) in cases {
            assert_eq!(err.to_string(), message);
            assert_eq!(err.status().as_u16(), status, "{message}");
        }
    }

    #[test]
    fn url_errors_name_the_keys() {
        let cases = [
            (
                UrlError::Unfit {
                    route: Some("article".into()),
                    missing: vec!["id".into()],
                    mismatched: vec!["controller".into(), "action".into()],
                },
                "cannot build a url for route `article`; missing `id`; mismatched `controller`, `action`",
            ),
            (
                UrlError::UnknownRoute {
                    name: "nope".into(),
                },
                "no route is named `nope`",
            ),
            (
                UrlError::Unfit {
                    route: None,
                    missing: vec!["controller".into()],
                    mismatched: vec![],
                },
                "no route can build a url from these params; missing `controller`",
            ),
        ];
        for (err, message) in cases {
            assert_eq!(err.to_string(), message);
        }
        assert!(
            UrlError::MissingHost
                .to_string()
                .contains("default_url_options")
        );
    }

    #[test]
    fn param_errors_name_the_params_there_are() {
        let missing = ParamError::Missing {
            name: "idd".into(),
            pattern: "/articles/:id(.:format)",
            params: vec!["id", "format"],
        };
        assert_eq!(
            missing.to_string(),
            "route `/articles/:id(.:format)` has no param `idd`; its params are `id`, `format`"
        );
        assert_eq!(missing.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let none = ParamError::Missing {
            name: "id".into(),
            pattern: "/",
            params: vec![],
        };
        assert_eq!(none.to_string(), "route `/` has no param `id`; it has none");
        let other = ParamError::OtherAction {
            expected: "articles#show".into(),
            found: Some("articles#index".into()),
        };
        assert_eq!(
            other.to_string(),
            "the params of `articles#show` were asked for by a request routed to `articles#index`"
        );
        assert_eq!(other.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            ParamError::NotRouted.status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
