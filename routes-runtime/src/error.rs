use std::fmt;

use http::{Method, StatusCode};

/// Why a request could not be routed, or a URL could not be built.
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
        path: String,
    },
    /// Routes match the path, but none with this method.
    MethodNotAllowed {
        /// The request's method.
        method: Method,
        /// The request's path, without its query.
        path: String,
        /// The methods those routes answer, in the order GET, POST, PUT, PATCH, DELETE.
        allowed: Vec<Method>,
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
        /// The request's path, without its query.
        path: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// [`RouteSet::url_for`](crate::RouteSet::url_for) could not build a URL.
    Generation {
        /// The route asked for by name, if any.
        route: Option<String>,
        /// Keys the route needs that were not given (or were empty).
        missing: Vec<String>,
        /// Keys given with a value the route cannot take (another controller, or a value
        /// failing a requirement).
        mismatched: Vec<String>,
    },
}

impl RoutingError {
    /// The HTTP status that answers this error: 404, 405, 414, 400, or 500 for a URL that
    /// could not be built.
    pub fn status(&self) -> StatusCode {
        match self {
            RoutingError::NotFound { .. } => StatusCode::NOT_FOUND,
            RoutingError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            RoutingError::PathTooLong { .. } => StatusCode::URI_TOO_LONG,
            RoutingError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            RoutingError::Generation { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The methods to list in an `Allow` header: those of a
    /// [`MethodNotAllowed`](Self::MethodNotAllowed), else none.
    pub fn allowed_methods(&self) -> &[Method] {
        match self {
            RoutingError::MethodNotAllowed { allowed, .. } => allowed,
            _ => &[],
        }
    }
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

impl fmt::Display for RoutingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoutingError::NotFound { method, path } => {
                write!(f, "no route matches `{method} {path}`")
            }
            RoutingError::MethodNotAllowed {
                method,
                path,
                allowed,
            } => {
                write!(
                    f,
                    "method `{method}` is not allowed for `{path}` (allowed: "
                )?;
                for (i, m) in allowed.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{m}")?;
                }
                f.write_str(")")
            }
            RoutingError::PathTooLong { length, limit } => {
                write!(
                    f,
                    "path of {length} bytes is longer than the limit of {limit} bytes"
                )
            }
            RoutingError::BadRequest { path, reason } => {
                write!(f, "cannot read path `{path}`: {reason}")
            }
            RoutingError::Generation {
                route,
                missing,
                mismatched,
            } => {
                match route {
                    Some(name) if missing.is_empty() && mismatched.is_empty() => {
                        return write!(f, "no route is named `{name}`");
                    }
                    Some(name) => write!(f, "cannot generate a url for route `{name}`")?,
                    None => f.write_str("no route can generate a url from these params")?,
                }
                write_keys(f, "missing", missing)?;
                write_keys(f, "mismatched", mismatched)
            }
        }
    }
}

impl std::error::Error for RoutingError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_statuses() {
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
                    allowed: vec![Method::GET],
                },
                "method `POST` is not allowed for `/articles/new` (allowed: GET)",
                405,
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
            (
                RoutingError::Generation {
                    route: Some("article".into()),
                    missing: vec!["id".into()],
                    mismatched: vec!["controller".into(), "action".into()],
                },
                "cannot generate a url for route `article`; missing `id`; mismatched `controller`, `action`",
                500,
            ),
            (
                RoutingError::Generation {
                    route: Some("nope".into()),
                    missing: vec![],
                    mismatched: vec![],
                },
                "no route is named `nope`",
                500,
            ),
            (
                RoutingError::Generation {
                    route: None,
                    missing: vec!["controller".into()],
                    mismatched: vec![],
                },
                "no route can generate a url from these params; missing `controller`",
                500,
            ),
        ];
        for (err, message, status) in cases {
            assert_eq!(err.to_string(), message);
            assert_eq!(err.status().as_u16(), status, "{message}");
        }
    }
}
