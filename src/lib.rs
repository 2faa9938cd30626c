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
    Conditions, Listing, MAX_PATH_LEN, METHOD_OVERRIDE_HEADER, MethodOverride, Recognized, Route,
    RouteSet, RoutingError, ToParam, UrlFor, UrlOptions, effective_method, form, inflector,
};

#[cfg(feature = "axum")]
pub use routes_runtime::axum;
#[cfg(feature = "tower")]
pub use routes_runtime::tower;

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

/// The six helpers of one named route, as `routes!` asks for them: `$routes` is the table,
/// `$index` the route's place in it, `$summary` its method, pattern and target for the docs,
/// the six names in the order path, url, hash-for path, hash-for url, formatted path,
/// formatted url, then the arguments (its dynamic segments) with their names. Rustc expands
/// this directly, which costs much less than a procedural macro writing the same tokens.
#[doc(hidden)]
#[macro_export]
macro_rules! __helpers {
    (
        $routes:ident, $index:literal, $summary:literal,
        [$path:ident, $url:ident, $hash_path:ident, $hash_url:ident, $fpath:ident, $furl:ident],
        [$($arg:ident = $name:literal),*]
    ) => {
        #[doc = concat!($summary, "\n\nReturns the path of this route.")]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $path($($arg: impl $crate::ToParam),*) -> ::std::string::String {
            $crate::__private::path(
                &$routes, $index, &[$(&$arg as &dyn $crate::ToParam),*], ::core::option::Option::None,
            )
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the full URL of this route, with the host of the route set's default URL \
             options.\n\n# Panics\n\nWhen no host is known: declare one with \
             `default_url_options(host = \"...\")` or set one with \
             `ROUTES.set_default_url_options(...)`."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $url($($arg: impl $crate::ToParam),*) -> ::std::string::String {
            $crate::__private::url(&$routes, $path($($arg),*))
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the params of this route, for `ROUTES.url_for`; they build a path."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $hash_path($($arg: impl $crate::ToParam),*) -> $crate::UrlFor {
            $crate::__private::hash_for(
                &$routes, $index, false, &[$(($name, &$arg as &dyn $crate::ToParam)),*],
            )
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the params of this route, for `ROUTES.url_for`; they build a full URL."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $hash_url($($arg: impl $crate::ToParam),*) -> $crate::UrlFor {
            $crate::__private::full_url($hash_path($($arg),*))
        }

        #[doc = concat!($summary, "\n\nReturns the path of this route with `.FORMAT`.")]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $fpath(
            $($arg: impl $crate::ToParam,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            $crate::__private::path(
                &$routes, $index, &[$(&$arg as &dyn $crate::ToParam),*],
                ::core::option::Option::Some(&format as &dyn $crate::ToParam),
            )
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the full URL of this route with `.FORMAT`.\n\n# Panics\n\nWhen no host \
             is known, as the `_url` helper."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $furl(
            $($arg: impl $crate::ToParam,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            $crate::__private::url(&$routes, $fpath($($arg,)* format))
        }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use routes_macros::routes as routes_impl;
    pub use routes_runtime::__private::*;
}
