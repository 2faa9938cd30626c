//! The runtime of [`resourceful`](https://docs.rs/resourceful): route tables, recognition, URL
//! generation and inflection. Applications use it through the `resourceful` crate, which
//! re-exports everything here beside the `routes!` macro.
//!
//! Modules form a tree, leaves first: `methods`, `encode`, `path` (with `path::rails`, the
//! paths of `draw!`'s tables as Rails normalises them), `requirement`, `route` (with
//! `pieces`, the text a `draw!` route's groups are written from), `error_path` → `error` →
//! `recognized` → `redirect` (what a `redirect(...)` route answers), `to_param` →
//! `recognizer` (the runtime half of the generated recogniser; its docs say how recognition
//! works), `url` → `helper` (the runtime half of the generated helpers), `conditions`
//! (`draw!`'s constraints on the request) → `route_set` → `listing`, `typed`, `request` →
//! `mount`, `policy` (recognising a request as a dispatcher does: the routing policy),
//! `params` (the runtime half of the generated per-action params), `form`, and the
//! integrations `tower` (with `forgery` beside it), `axum` and `actix`.
//!
//! # The answers
//!
//! A recognition's answer has five names, one for each place it is kept:
//!
//! - `Found` (hidden): what the generated matcher writes, the route's number and where each
//!   value lies in the path, 16 bytes at a time; nothing is copied or decoded.
//! - [`Recognized`]: the answer a caller reads, `Found` with its route and the path it
//!   borrows (or the segments decoded, for a path with escapes): controller, action, params.
//! - `Detached` (hidden): a `Recognized` without the path it borrows, re-attached to the same
//!   path later, so that it can be kept beside that path.
//! - [`Routed`]: a `Detached` with the request's URI, which the dispatchers put in a request's
//!   extensions for the handlers and layers after them.
//! - `Hit` (hidden): what a typed `Route` variant is read from, straight from `Found` (in the
//!   generated `recognize`) or from a `Recognized` (`Route::of`).

//! # How generation works
//!
//! A named route's `_path` helper is straight-line code: its values, a tuple of `ToParam`s,
//! are measured (integers by their digits, strings by their escaped bytes) and checked (a
//! value its route could not recognise back is refused), then written between the route's
//! literal text into a `String` of exactly that size. [`RouteSet::url_for`] follows Rails'
//! `url_for`: the named route, or of the routes whose controller, action and dynamic segments
//! the params fill, the one that leaves the fewest params to the query string.

//! # Inlining
//!
//! The small functions generated code calls many times (reading a path, writing a helper's
//! path) are `#[inline(always)]` in builds without debug assertions, so that a release build
//! compiles them into straight code, and only `#[inline]` in debug builds, where inlining them
//! at every call site of a large table's recogniser would cost more compile time than it
//! saves.

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "actix")]
#[cfg_attr(docsrs, doc(cfg(feature = "actix")))]
pub mod actix;
#[cfg(feature = "axum")]
#[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
pub mod axum;
mod conditions;
mod encode;
mod error;
mod error_path;
#[cfg(feature = "tower")]
#[cfg_attr(docsrs, doc(cfg(feature = "tower")))]
pub mod forgery;
pub mod form;
mod found;
mod helper;
mod listing;
mod methods;
mod mount;
mod params;
mod path;
mod pieces;
mod policy;
mod recognized;
mod recognizer;
mod redirect;
mod request;
mod requirement;
mod route;
mod route_set;
#[cfg(feature = "testing")]
#[doc(hidden)]
pub mod testing;
mod to_param;
#[cfg(feature = "tower")]
#[cfg_attr(docsrs, doc(cfg(feature = "tower")))]
pub mod tower;
mod typed;
mod url;
mod value;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use error::{ParamError, RoutingError, UrlError};
pub use error_path::ErrorPath;
pub use listing::Listing;
pub use methods::{MethodSet, MethodSetIter};
pub use mount::Mount;
pub use params::ActionParams;
pub use policy::Incoming;
pub use recognized::{ParamIter, Recognized};
pub use redirect::Redirect;
pub use request::{
    METHOD_OVERRIDE_HEADER, MethodOverride, OriginalMethod, Routed, effective_method,
};
pub use route::{Conditions, RedirectUrl, Route, RouteAction, RouteController, RouteTarget};
pub use route_set::{Actions, RouteSet};
pub use routes_syntax::inflector;
pub use to_param::ToParam;
pub use url::{UrlFor, UrlOptions};
pub use value::Value;

/// The longest path, in bytes and without its query, that [`RouteSet::recognize`] reads; a
/// longer one is refused with [`RoutingError::PathTooLong`] (414 URI Too Long). Servers cap
/// request lines at about this size (8 KiB) too; the cap bounds the work a lookup can be made
/// to do, since every step of recognition is linear in the path.
pub const MAX_PATH_LEN: usize = 8 * 1024;
