//! actix-web 4 speaks the `http` crate's 0.2 types, the route set its 1.x types: methods,
//! statuses and responses cross between them here.

use actix_web::HttpResponse;
use actix_web::http::{Method as ActixMethod, StatusCode as ActixStatus};
use http::{Method, StatusCode};

/// The method of an actix-web request, as the route set reads it.
#[inline]
pub(crate) fn method(sent: &ActixMethod) -> Method {
    match *sent {
        ActixMethod::GET => Method::GET,
        ActixMethod::POST => Method::POST,
        ActixMethod::HEAD => Method::HEAD,
        ActixMethod::PUT => Method::PUT,
        ActixMethod::PATCH => Method::PATCH,
        ActixMethod::DELETE => Method::DELETE,
        ActixMethod::OPTIONS => Method::OPTIONS,
        ActixMethod::CONNECT => Method::CONNECT,
        ActixMethod::TRACE => Method::TRACE,
        // An extension method was a token when actix-web parsed it, and is one here.
        ref other => Method::from_bytes(other.as_str().as_bytes()).unwrap_or(Method::GET),
    }
}

/// The method the route set routed a request as, for actix-web's request head.
#[inline]
pub(crate) fn actix_method(routed: &Method) -> ActixMethod {
    match *routed {
        Method::GET => ActixMethod::GET,
        Method::POST => ActixMethod::POST,
        Method::HEAD => ActixMethod::HEAD,
        Method::PUT => ActixMethod::PUT,
        Method::PATCH => ActixMethod::PATCH,
        Method::DELETE => ActixMethod::DELETE,
        Method::OPTIONS => ActixMethod::OPTIONS,
        Method::CONNECT => ActixMethod::CONNECT,
        Method::TRACE => ActixMethod::TRACE,
        ref other => ActixMethod::from_bytes(other.as_str().as_bytes()).unwrap_or_default(),
    }
}

/// The headers of an actix-web request, as the route set reads them (for `draw!`'s request
/// constraints): each whose name and value the `http` crate's 1.x takes.
pub(crate) fn headers(sent: &actix_web::http::header::HeaderMap) -> http::HeaderMap {
    let mut headers = http::HeaderMap::with_capacity(sent.len());
    for (name, value) in sent {
        if let (Ok(name), Ok(value)) = (
            http::HeaderName::from_bytes(name.as_str().as_bytes()),
            http::HeaderValue::from_bytes(value.as_bytes()),
        ) {
            headers.append(name, value);
        }
    }
    headers
}

/// A status of the route set's, as actix-web writes it.
#[inline]
pub(crate) fn status(status: StatusCode) -> ActixStatus {
    ActixStatus::from_u16(status.as_u16()).unwrap_or(ActixStatus::INTERNAL_SERVER_ERROR)
}

/// A response the runtime built (an error's: its status, headers and text), as actix-web's.
pub(crate) fn response(built: http::Response<String>) -> HttpResponse {
    let (parts, body) = built.into_parts();
    let mut response = HttpResponse::build(status(parts.status));
    for (name, value) in &parts.headers {
        response.append_header((name.as_str(), value.as_bytes()));
    }
    response.body(body)
}
