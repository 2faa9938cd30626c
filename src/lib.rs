#![doc = include_str!("../README.md")]
//!
//! # API
//!
//! [`routes!`] declares a route set; [`RouteSet`] recognises requests against it and builds
//! URLs ([`RouteSet::url_for`]); [`ToParam`] turns values into path segments; [`inflector`]
//! holds the singular/plural rules the names come from.

extern crate self as resourceful;

pub use routes_macros::ToParam;
pub use routes_runtime::{
    Conditions, Listing, Recognized, Route, RouteSet, RoutingError, ToParam, UrlFor, UrlOptions,
    effective_method, inflector,
};

/// Declares a route set: `ROUTES` and the typed helpers of every named route, in the module
/// where it is invoked.
///
/// ```
/// mod routes {
///     resourceful::routes! {
///         resources(articles, collection(recent: get), member(publish: put)) {
///             resources(comments);
///         }
///         resource(account);
///         named(login, "/login", controller = "sessions", action = "new");
///         root(controller = "home");
///     }
/// }
/// assert_eq!(routes::recent_articles_path(), "/articles/recent");
/// assert_eq!(routes::publish_article_path(7), "/articles/7/publish");
/// assert_eq!(routes::article_comment_path(7, 3), "/articles/7/comments/3");
/// assert_eq!(routes::edit_account_path(), "/account/edit");
/// assert_eq!(routes::formatted_login_path("json"), "/login.json");
/// assert_eq!(routes::root_path(), "/");
/// ```
///
/// The DSL, the routes each declaration generates and the helpers' names are described in the
/// crate's front page.
#[macro_export]
macro_rules! routes {
    ($($body:tt)*) => {
        $crate::__private::routes_impl! { [$crate] $($body)* }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use routes_macros::routes as routes_impl;
    pub use routes_runtime::__private::*;
}
