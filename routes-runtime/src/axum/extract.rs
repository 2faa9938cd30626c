//! The extractors of the axum integration beside the generated params: the untyped
//! [`Params`], and a request's [`RoutingError`]; and the errors as responses.

use std::convert::Infallible;

use ::axum::extract::{FromRequestParts, MatchedPath, Request};
use ::axum::response::{IntoResponse, Response};
use http::StatusCode;
use http::request::Parts;

use crate::{ErrorPath, MethodSet, OriginalMethod, ParamError, Routed, RoutingError};

/// The recognised route and its params, untyped: an extractor for handlers behind
/// [`Handlers`](super::Handlers) or the [tower layer](crate::tower), for code that wants the route itself
/// (`Route::of(&params.recognized())` gives its typed variant) or one handler for several
/// actions. A handler of one action reads its params as a type instead: its struct in the
/// `params` module `routes!` generates ([`ActionParams`](crate::ActionParams)). It reads the
/// values from the request's own URI.
///
/// ```
/// use resourceful::axum::Params;
///
/// // One handler for every action: what a request was routed to, as text.
/// async fn echo(params: Params) -> String {
///     let values: Vec<String> = params.params().map(|(k, v)| format!("{k}={v}")).collect();
///     format!("{}#{} {}", params.controller(), params.action(), values.join(" "))
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Params(pub Routed);

// `Params` reads as the `Routed` it holds: `params.action()`, `params.format()`.

impl std::ops::Deref for Params {
    type Target = Routed;

    fn deref(&self) -> &Routed {
        &self.0
    }
}

impl Params {
    /// The value of param `name`.
    ///
    /// # Errors
    ///
    /// [`ParamError::Missing`] (a 500) when the route has no such param.
    pub fn get(&self, name: &str) -> Result<&str, ParamError> {
        if let Some(value) = self.0.param(name) {
            return Ok(value);
        }
        let route = self.0.route();
        Err(ParamError::Missing {
            name: name.to_owned(),
            pattern: route.pattern(),
            params: route.param_names().collect(),
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Response> {
        match parts.extensions.get::<Routed>() {
            Some(found) => Ok(Params(found.clone())),
            None => Err((
                StatusCode::INTERNAL_SERVER_ERROR,
                "`Params` needs resourceful's routing layer in front of the handler",
            )
                .into_response()),
        }
    }
}

impl IntoResponse for ParamError {
    fn into_response(self) -> Response {
        (self.status(), format!("{self}\n")).into_response()
    }
}

impl IntoResponse for RoutingError {
    fn into_response(self) -> Response {
        self.to_response::<::axum::body::Body>()
    }
}

/// The error of a request no route took, for the handler given to [`Handlers::on_error`](super::Handlers::on_error).
///
/// In the fallbacks of an axum `Router`, which put no error in the request, it is what axum
/// answers there: `NotFound` in `Router::fallback`, and `MethodNotAllowed` in
/// `Router::method_not_allowed_fallback` (where axum has matched the path, and so set a
/// `MatchedPath`), whose methods are left empty, as axum writes them in the response's `Allow`
/// after the handler.
impl<S: Send + Sync> FromRequestParts<S> for RoutingError {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        if let Some(error) = parts.extensions.get::<RoutingError>() {
            return Ok(error.clone());
        }
        let method = parts.method.clone();
        let path = ErrorPath::new(parts.uri.path());
        let axum_matched = parts.extensions.get::<MatchedPath>().is_some()
            && parts.extensions.get::<Routed>().is_none();
        Ok(if axum_matched {
            RoutingError::MethodNotAllowed {
                method,
                path,
                allowed: MethodSet::EMPTY,
            }
        } else {
            RoutingError::NotFound { method, path }
        })
    }
}

/// The request as it was sent, for a fallback: its own method, without what routing put in
/// its extensions.
pub(super) fn as_sent(request: &mut Request) {
    let extensions = request.extensions_mut();
    extensions.remove::<RoutingError>();
    extensions.remove::<Routed>();
    if let Some(OriginalMethod(sent)) = extensions.remove::<OriginalMethod>() {
        *request.method_mut() = sent;
    }
}
