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
///
/// A route with a typed param (`types(id = u64)`) gives every argument its type (`impl
/// ToParam` where none is declared) and takes the second arm, which writes each argument with
/// `ToParam` where its type has it and with `Display` otherwise; the first arm, for the other
/// routes, is the one most tables use, kept as short as it can be.
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
    (
        $routes:ident, $index:literal, $summary:literal,
        [$path:ident, $url:ident, $hash_path:ident, $hash_url:ident, $fpath:ident, $furl:ident],
        [$($arg:ident : $ty:ty = $name:literal),*]
    ) => {
        #[doc = concat!($summary, "\n\nReturns the path of this route.")]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $path($($arg: $ty),*) -> ::std::string::String {
            use $crate::__private::{ByDisplay as _, ByToParam as _};
            $crate::__private::path(
                &$routes, $index,
                &[$(&(&&$crate::__private::Typed(&$arg)).segment() as &dyn $crate::ToParam),*],
                ::core::option::Option::None,
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
        pub fn $url($($arg: $ty),*) -> ::std::string::String {
            $crate::__private::url(&$routes, $path($($arg),*))
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the params of this route, for `ROUTES.url_for`; they build a path."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $hash_path($($arg: $ty),*) -> $crate::UrlFor {
            use $crate::__private::{ByDisplay as _, ByToParam as _};
            $crate::__private::hash_for(
                &$routes, $index, false,
                &[$((
                    $name,
                    &(&&$crate::__private::Typed(&$arg)).segment() as &dyn $crate::ToParam,
                )),*],
            )
        }

        #[doc = concat!(
            $summary,
            "\n\nReturns the params of this route, for `ROUTES.url_for`; they build a full URL."
        )]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $hash_url($($arg: $ty),*) -> $crate::UrlFor {
            $crate::__private::full_url($hash_path($($arg),*))
        }

        #[doc = concat!($summary, "\n\nReturns the path of this route with `.FORMAT`.")]
        #[allow(dead_code, clippy::too_many_arguments)]
        pub fn $fpath(
            $($arg: $ty,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            use $crate::__private::{ByDisplay as _, ByToParam as _};
            $crate::__private::path(
                &$routes, $index,
                &[$(&(&&$crate::__private::Typed(&$arg)).segment() as &dyn $crate::ToParam),*],
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
            $($arg: $ty,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            $crate::__private::url(&$routes, $fpath($($arg,)* format))
        }
    };
}

#[doc(hidden)]
pub mod __private {
    use std::borrow::Cow;
    use std::fmt::{self, Display, Write as _};

    pub use routes_macros::routes as routes_impl;
    pub use routes_runtime::__private::*;

    /// An argument of a typed param's helper, on its way into the path. `(&&Typed(&x))
    /// .segment()` picks, by method resolution (autoref specialisation), `ByToParam` where
    /// `x`'s type is `ToParam` and `ByDisplay` where it is only `Display` (`uuid::Uuid`): the
    /// type is known where the helper is defined, so the choice is made there.
    pub struct Typed<'a, T>(pub &'a T);

    pub trait ByToParam<'a> {
        fn segment(&self) -> &'a dyn ToParam;
    }

    impl<'a, T: ToParam> ByToParam<'a> for &Typed<'a, T> {
        fn segment(&self) -> &'a dyn ToParam {
            self.0
        }
    }

    pub trait ByDisplay<'a> {
        fn segment(&self) -> Shown<'a>;
    }

    impl<'a, T: Display> ByDisplay<'a> for Typed<'a, T> {
        fn segment(&self) -> Shown<'a> {
            Shown(self.0)
        }
    }

    /// A value written with `Display`, the inverse of the `FromStr` that reads typed params
    /// back; escaped as it is written, without a `String` of its own.
    pub struct Shown<'a>(&'a dyn Display);

    impl ToParam for Shown<'_> {
        fn to_param(&self) -> Cow<'_, str> {
            Cow::Owned(self.0.to_string())
        }

        fn __segment_len(&self, keep_dot: bool) -> usize {
            struct Measure(usize, bool);
            impl fmt::Write for Measure {
                fn write_str(&mut self, s: &str) -> fmt::Result {
                    self.0 += s.__segment_len(self.1);
                    Ok(())
                }
            }
            let mut measure = Measure(0, keep_dot);
            let _ = write!(measure, "{}", self.0);
            measure.0
        }

        fn __push_segment(&self, out: &mut String, keep_dot: bool) {
            struct Push<'o>(&'o mut String, bool);
            impl fmt::Write for Push<'_> {
                fn write_str(&mut self, s: &str) -> fmt::Result {
                    s.__push_segment(self.0, self.1);
                    Ok(())
                }
            }
            let _ = write!(Push(out, keep_dot), "{}", self.0);
        }
    }
}
