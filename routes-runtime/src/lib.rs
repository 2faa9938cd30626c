//! The runtime of [`resourceful`](https://docs.rs/resourceful): route tables, recognition, URL
//! generation and inflection. Applications use it through the `resourceful` crate, which
//! re-exports everything here beside the `routes!` macro.
//!
//! # How recognition works
//!
//! Rails tries routes one by one in declaration order and takes the first whose pattern and
//! method both match; so does [`RouteSet::recognize`]. The path is cut at its query, one trailing
//! `/` is dropped, it is split on `/`, and each segment is then percent-decoded. Static segments
//! compare with the decoded text; a dynamic segment takes one segment of one or more characters
//! other than `/ . ?` (or whatever its requirement allows); the last segment may end in
//! `.FORMAT`. When routes take the path with other methods only, the error lists exactly those
//! methods.

#![deny(missing_docs)]

mod dynamic;
mod encode;
mod error;
pub mod inflector;
mod listing;
mod matcher;
mod path;
mod pattern;
mod recognize;
mod recognized;
mod requirement;
mod route;
mod route_set;
mod to_param;
mod url;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

use http::Method;

pub use error::RoutingError;
pub use listing::Listing;
pub use recognized::Recognized;
pub use route::{Conditions, Route};
pub use route_set::RouteSet;
pub use to_param::ToParam;
pub use url::{UrlFor, UrlOptions};

/// The method a request is routed as: a POST whose `_method` param is `put`, `patch` or
/// `delete` (in any case) routes as that method, as HTML forms ask Rails to; every other
/// request keeps its own.
///
/// ```
/// use http::Method;
/// use resourceful::effective_method;
///
/// assert_eq!(effective_method(&Method::POST, Some("put")), Method::PUT);
/// assert_eq!(effective_method(&Method::POST, Some("DELETE")), Method::DELETE);
/// assert_eq!(effective_method(&Method::POST, Some("get")), Method::POST);
/// assert_eq!(effective_method(&Method::GET, Some("delete")), Method::GET);
/// assert_eq!(effective_method(&Method::POST, None), Method::POST);
/// ```
pub fn effective_method(method: &Method, override_param: Option<&str>) -> Method {
    if method != Method::POST {
        return method.clone();
    }
    match override_param {
        Some(m) if m.eq_ignore_ascii_case("put") => Method::PUT,
        Some(m) if m.eq_ignore_ascii_case("patch") => Method::PATCH,
        Some(m) if m.eq_ignore_ascii_case("delete") => Method::DELETE,
        _ => Method::POST,
    }
}
