//! The extractors of the actix-web integration beside the generated params: the untyped
//! [`Params`], a request's [`RoutingError`]; and the errors as actix-web responses.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::http::header::ALLOW;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, ResponseError};

use super::convert;
use crate::{ActionParams, ErrorPath, ParamError, Routed, RoutingError};

/// The recognised route and its params, untyped: an actix-web extractor for handlers behind
/// the [`Dispatcher`](super::Dispatcher), for code that wants the route itself or one handler
/// for several actions. A handler of one action reads its params as a type instead: its
/// struct in the `params` module `routes!` generates ([`ActionParams`]).
///
/// ```
/// use resourceful::actix::Params;
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

impl FromRequest for Params {
    type Error = ParamError;
    type Future = Ready<Result<Self, ParamError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match request.extensions().get::<Routed>() {
            Some(found) => Ok(Params(found.clone())),
            None => Err(ParamError::NotRouted),
        })
    }
}

/// The error of a request no route took, for the handler given to
/// [`Handlers::on_error`](super::Handlers::on_error). Elsewhere (a handler of actix-web's own,
/// an application's default service), where no route set put one, it is a `NotFound` of the
/// request's method and path.
impl FromRequest for RoutingError {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, actix_web::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        if let Some(error) = request.extensions().get::<RoutingError>() {
            return ready(Ok(error.clone()));
        }
        ready(Ok(RoutingError::NotFound {
            method: convert::method(request.method()),
            path: ErrorPath::new(request.path()),
        }))
    }
}

/// A routing error answers as [`RoutingError::to_response`] does: its status, `Allow` on a
/// 405, its message as text. A handler can return `Result<_, RoutingError>`.
impl ResponseError for RoutingError {
    fn status_code(&self) -> actix_web::http::StatusCode {
        convert::status(self.status())
    }

    fn error_response(&self) -> HttpResponse {
        convert::response(self.to_response())
    }
}

/// A param error answers with its status (a 404 for a value its type refuses, a 500 for a
/// mistake of the program) and its message as text.
impl ResponseError for ParamError {
    fn status_code(&self) -> actix_web::http::StatusCode {
        convert::status(self.status())
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code())
            .content_type("text/plain; charset=utf-8")
            .body(format!("{self}\n"))
    }
}

/// The params of the action a request was routed to, for the extractor (`FromRequest`) of
/// a generated `params` struct.
///
/// # Errors
///
/// [`ParamError::NotRouted`] when no route set routed the request, else as
/// [`ActionParams::from_routed`].
#[inline]
pub fn extract<P: ActionParams>(request: &HttpRequest) -> Result<P, ParamError> {
    match request.extensions().get::<Routed>() {
        Some(routed) => P::from_routed(routed),
        None => Err(ParamError::NotRouted),
    }
}

/// Adds the `Allow` of `error`, a 405, to `response` where its handler set none.
pub(super) fn allow(response: &mut HttpResponse, error: &RoutingError) {
    if response.headers().contains_key(ALLOW) {
        return;
    }
    if let Some(allow) = error.allow_header()
        && let Ok(value) = actix_web::http::header::HeaderValue::from_bytes(allow.as_bytes())
    {
        response.headers_mut().insert(ALLOW, value);
    }
}
