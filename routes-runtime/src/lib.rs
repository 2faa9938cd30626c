//! The runtime of [`resourceful`](https://docs.rs/resourceful): route tables, recognition, URL
//! generation and inflection. Applications use it through the `resourceful` crate, which
//! re-exports everything here beside the `routes!` macro.
//!
//! # How recognition works
//!
//! Rails tries routes one by one in declaration order and takes the first whose pattern and
//! method both match; [`RouteSet::recognize`] gives the same answers, without trying every
//! route, in two stages.
//!
//! **Generated code.** For a table declared with `routes!`, the runtime builds a *plan* at
//! compile time (the macro calls it): routes grouped by how many segments they take, and in
//! each group a tree with one level per segment, whose nodes have one child per literal and
//! one per requirement. Where a route ends it is listed with its methods, once for the last
//! segment read whole and once (if it takes a format) for it read as `VALUE.FORMAT`, as a
//! code `route index << 1 | split`: the smallest code is Rails' first match. Each node knows
//! the smallest code below it. The macro renders the plan as `match`es: on the number of
//! segments, then per segment on its first byte and its bytes, with a test per dynamic child
//! (no `.`, or the requirement's regex), skipping every child whose smallest code cannot beat
//! the best found. A lookup cuts the path first (16 bytes at a time, looking only at
//! `/ . % ? #`); a path with a percent-escape or an empty segment is left to the trie. Only
//! the routes before the first one the plan cannot express (`:controller`, optional segments)
//! are planned, so a match there is the table's first match. The answer is filled in from
//! what each route worked out when it was built (which segments are params, which is the
//! action), with the path copied once into the answer's own 72-byte buffer; the whole answer
//! is 128 bytes, so it moves without a call to `memcpy`.
//!
//! When the generated code finds no route for the request, it is asked again with every method
//! allowed. If still no covered route takes the path, only the routes after the covered ones
//! can, and a second, small trie of just those answers. Otherwise one more question per
//! method gives the methods the covered routes take the path with, which a 405 lists beside
//! those of the later routes. A path the plan cannot read goes to the trie of the whole
//! table. The plan is also walked as data, against the reference recogniser on random
//! tables, and the generated code is held against both in the tests.
//!
//! **The trie.** On first use the route set builds a trie of path segments. Each route becomes one or
//! more *variants* (a `:controller` segment spelt out once per controller of the set, optional
//! trailing segments left out one by one), and each variant ends at a node as a *terminal*,
//! listed for paths whose last segment is read whole and, when the route takes a format, for
//! paths whose last segment is read as `VALUE.FORMAT`.
//!
//! A lookup reads the path where it lies, without cutting it first: static children are
//! compared with the path at the segment's start eight bytes at a time (picked by the
//! segment's first byte, or through a hash table when one byte starts very many), and a
//! segment is read to its end only for dynamic children. The search keeps the best candidate
//! so far, ordered by route index, then whole reading before split reading, and skips every
//! subtree whose lowest route index cannot beat it: that keeps the first-match order while
//! visiting about one node per segment. A route that takes the path but not the method is
//! passed over. A search that ends without reaching any route's end on a path without `%` is
//! a 404 at once. Paths with percent-escapes, and paths some route takes with another method,
//! are cut into segments first and decoded after, so `%2F` never splits a segment and `%2E`
//! never starts a format; that search also collects the methods of every route that takes
//! the path, for a 405.
//!
//! The straightforward recogniser (every route in order) stays in the crate as the definition;
//! a differential test runs both on random tables and paths.
//!
//! # How generation works
//!
//! Named routes' helpers pass their arguments to one function that measures the escaped path
//! (integers by their digits, strings by their bytes) and then writes it into a `String` of
//! exactly that size. [`RouteSet::url_for`] follows Rails' `url_for`: the named route, or the
//! first route whose controller, action and dynamic segments the params fill.

#![deny(missing_docs)]

#[cfg(feature = "axum")]
pub mod axum;
mod dynamic;
mod encode;
mod error;
pub mod form;
mod listing;
mod matcher;
mod path;
mod pattern;
mod plan;
mod recognize;
mod recognized;
mod request;
mod requirement;
mod route;
mod route_set;
mod to_param;
#[cfg(feature = "tower")]
pub mod tower;
mod url;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use error::RoutingError;
pub use listing::Listing;
pub use recognized::Recognized;
pub use request::{METHOD_OVERRIDE_HEADER, MethodOverride, effective_method};
pub use route::{Conditions, Route};
pub use route_set::RouteSet;
pub use routes_syntax::inflector;
pub use to_param::ToParam;
pub use url::{UrlFor, UrlOptions};

/// The longest path, in bytes and without its query, that [`RouteSet::recognize`] reads; a
/// longer one is refused with [`RoutingError::PathTooLong`] (414 URI Too Long). Servers cap
/// request lines at about this size (8 KiB) too; the cap bounds the work a lookup can be made
/// to do, since every step of recognition is linear in the path.
pub const MAX_PATH_LEN: usize = 8 * 1024;
