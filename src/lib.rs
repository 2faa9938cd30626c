// The README and the guide's chapters link each other by relative paths, which a repository's
// web page follows. On docs.rs the same links go to the guide's modules and to the files of the
// package (`links.md`): in Markdown the first definition of a link wins, so these come first.
#![doc = include_str!("links.md")]
#![doc = include_str!("../README.md")]
//!
//! # API
//!
//! [`routes!`] and [`draw!`] declare a route set; [`RouteSet`] recognises requests against it
//! and builds URLs ([`RouteSet::url_for`]); [`ToParam`] turns values into path segments;
//! [`inflector`] holds the singular/plural rules the names come from. The [`guide`] is the
//! depth behind this page.

#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate self as resourceful;

/// The `http` crate whose types the API takes and gives (`Method`, `Request`, `StatusCode`):
/// `use resourceful::http::Method` needs no dependency of your own, and cannot pick a version
/// of `http` other than the one `resourceful` was built with.
pub use http;

/// Derives [`ToParam`](trait@ToParam) for a struct from its `id` field, or from the one field
/// marked `#[to_param]`, or from the only field of a tuple struct.
///
/// ```
/// #[derive(resourceful::ToParam)]
/// struct Article { id: u64, title: String }
///
/// #[derive(resourceful::ToParam)]
/// struct Page { #[to_param] slug: String, body: String }
/// ```
///
/// The impl names the crate `::resourceful`. Where your Cargo.toml renames it, or it is
/// reached through a re-export, say where it is with `#[to_param(crate = "path")]` on the
/// struct, as with serde's `#[serde(crate = "...")]` (`routes!` needs no such help):
///
/// ```
/// # extern crate resourceful as routing;
/// // Cargo.toml: routing = { package = "resourceful", ... }
/// #[derive(routing::ToParam)]
/// #[to_param(crate = "routing")]
/// struct Article { id: u64 }
///
/// assert_eq!(routing::ToParam::to_param(&Article { id: 7 }), "7");
/// ```
pub use routes_macros::ToParam;
pub use routes_runtime::{
    ActionParams, Actions, Conditions, ErrorPath, Incoming, Listing, MAX_PATH_LEN,
    METHOD_OVERRIDE_HEADER, MethodOverride, MethodSet, MethodSetIter, Mount, OriginalMethod,
    ParamError, ParamIter, Recognized, Redirect, RedirectUrl, Route, RouteAction, RouteController,
    RouteSet, RouteTarget, Routed, RoutingError, ToParam, UrlError, UrlFor, UrlOptions, Value,
    effective_method, form, inflector,
};

#[cfg(feature = "actix")]
#[cfg_attr(docsrs, doc(cfg(feature = "actix")))]
pub use routes_runtime::actix;
#[cfg(feature = "axum")]
#[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
pub use routes_runtime::axum;
#[cfg(feature = "tower")]
#[cfg_attr(docsrs, doc(cfg(feature = "tower")))]
pub use routes_runtime::forgery;
#[cfg(feature = "tower")]
#[cfg_attr(docsrs, doc(cfg(feature = "tower")))]
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
/// guide: [`guide::routes`] and [`guide::generated`].
#[macro_export]
macro_rules! routes {
    ($($body:tt)*) => {
        $crate::__private::routes_impl! { [$crate] $($body)* }
    };
}

/// Declares a route set in the routing DSL of Rails 3 to 8 (`Rails.application.routes.draw`):
/// `ROUTES`, the `_path` and `_url` helpers of every named route, and the typed routes, as
/// [`routes!`] does, with Rails' names and Rails' route order.
///
/// ```
/// mod routes {
///     resourceful::draw! {
///         root(to = "home#index");
///         get("login", to = "sessions#new", as = "login");
///         resources(posts, only(index, show)) {
///             resources(comments, only(index));
///         }
///     }
/// }
/// assert_eq!(routes::root_path(), "/");
/// assert_eq!(routes::login_path(), "/login");
/// assert_eq!(routes::post_comments_path(7), "/posts/7/comments");
/// ```
///
/// The DSL is described in the guide: [`guide::draw`].
#[macro_export]
macro_rules! draw {
    ($($body:tt)*) => {
        $crate::__private::draw_impl! { [$crate] $($body)* }
    };
}

/// The six helpers of one named route, as `routes!` asks for them: `$routes` is the table,
/// `$index` the route's place in it, `$spec` the place of what its path is made of among the
/// table's paths, `$summary` its method, pattern and target for the docs, `$lints` the lints
/// each helper allows (`dead_code`, and clippy's `too_many_arguments` where a helper has more
/// than clippy's default of seven arguments), the six names in the order path, url, hash-for
/// path, hash-for url, formatted path, formatted url, then the arguments (its dynamic
/// segments) with their types. Rustc expands this directly, which costs much less than a
/// procedural macro writing the same tokens; each helper is one call, and allows no lint it
/// does not need, as every token and every lint of the thousands of helpers of a large table
/// costs compile time.
///
/// A route with a typed param (`types(id = u64)`) is marked `typed`: each of its values is
/// written with `ToParam` where its type has it, and with `Display` otherwise (`uuid::Uuid`,
/// which a user cannot make `ToParam`). The other arm, which most tables use, passes the values
/// as they are.
#[doc(hidden)]
#[macro_export]
macro_rules! __helpers {
    (typed $($rest:tt)*) => {
        $crate::__helpers! { @values [$crate::__typed!] $($rest)* }
    };
    ($routes:ident, $($rest:tt)*) => {
        $crate::__helpers! { @values [] $routes, $($rest)* }
    };
    (
        @values [$($values:tt)*]
        $routes:ident, $index:literal, $spec:literal, $summary:literal, $lints:meta,
        [$path:ident, $url:ident, $hash_path:ident, $hash_url:ident, $fpath:ident, $furl:ident],
        [$($arg:ident : $ty:ty),*]
    ) => {
        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the path of this route.\n\n# Panics\n\nWhen a value could not be \
             recognised back (an empty one, or one its requirement or type refuses): the link \
             would not route."]
        #[$lints]
        #[track_caller]
        pub fn $path($($arg: $ty),*) -> ::std::string::String {
            $crate::__private::path(&$routes, $spec, stringify!($path), $($values)*($($arg,)*))
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the full URL of this route, with the host of the route set's default URL \
             options.\n\n# Panics\n\nWhen no host is known (declare one with \
             `default_url_options(host = \"...\")` or set one with \
             `ROUTES.set_default_url_options(...)`), or when a value could not be recognised \
             back, as the `_path` helper."]
        #[$lints]
        #[track_caller]
        pub fn $url($($arg: $ty),*) -> ::std::string::String {
            $crate::__private::url(&$routes, $spec, stringify!($url), $($values)*($($arg,)*))
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the params of this route, for `ROUTES.url_for`; they build a path."]
        #[$lints]
        pub fn $hash_path($($arg: $ty),*) -> $crate::UrlFor {
            $crate::__private::hash_for(&$routes, $index, $spec, $($values)*($($arg,)*))
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the params of this route, for `ROUTES.url_for`; they build a full URL."]
        #[$lints]
        pub fn $hash_url($($arg: $ty),*) -> $crate::UrlFor {
            $hash_path($($arg),*).full_url()
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the path of this route with `.FORMAT`.\n\n# Panics\n\nAs the `_path` \
             helper, and for an empty format."]
        #[$lints]
        #[track_caller]
        pub fn $fpath(
            $($arg: $ty,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            $crate::__private::formatted_path(
                &$routes, $spec, stringify!($fpath), $($values)*($($arg,)*), format,
            )
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the full URL of this route with `.FORMAT`.\n\n# Panics\n\nAs the `_url` \
             helper, and for an empty format."]
        #[$lints]
        #[track_caller]
        pub fn $furl(
            $($arg: $ty,)* format: impl $crate::ToParam
        ) -> ::std::string::String {
            $crate::__private::formatted_url(
                &$routes, $spec, stringify!($furl), $($values)*($($arg,)*), format,
            )
        }
    };
    // `draw!`'s two: Rails 3 dropped `hash_for_` and `formatted_`.
    (
        @values [$($values:tt)*]
        $routes:ident, $index:literal, $spec:literal, $summary:literal, $lints:meta,
        [$path:ident, $url:ident],
        [$($arg:ident : $ty:ty),*]
    ) => {
        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the path of this route.\n\n# Panics\n\nWhen a value could not be \
             recognised back (an empty one, or one its requirement or type refuses): the link \
             would not route."]
        #[$lints]
        #[track_caller]
        pub fn $path($($arg: $ty),*) -> ::std::string::String {
            $crate::__private::path(&$routes, $spec, stringify!($path), $($values)*($($arg,)*))
        }

        #[doc = $summary]
        #[doc = ""]
        #[doc = "Returns the full URL of this route, with the host of the route set's default URL \
             options.\n\n# Panics\n\nWhen no host is known (declare one with \
             `default_url_options(host = \"...\")` or set one with \
             `ROUTES.set_default_url_options(...)`), or when a value could not be recognised \
             back, as the `_path` helper."]
        #[$lints]
        #[track_caller]
        pub fn $url($($arg: $ty),*) -> ::std::string::String {
            $crate::__private::url(&$routes, $spec, stringify!($url), $($values)*($($arg,)*))
        }
    };
}

/// The axum and actix-web extractors of each struct of a route set's `params` module (each
/// generic over the number of the action it is the params of): one impl each, which hands the
/// request to the runtime's one generic reader. Without the `axum` and `actix` features there
/// is none, and the structs are read with `ActionParams::from_routed`.
#[cfg(all(feature = "axum", feature = "actix"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __extractors {
    ($($name:ident)*) => {
        $crate::__axum_extractors! { $($name)* }
        $crate::__actix_extractors! { $($name)* }
    };
}

/// With one integration, its extractors; with none, the structs are no extractors.
#[cfg(all(feature = "axum", not(feature = "actix")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __extractors {
    ($($name:ident)*) => {
        $crate::__axum_extractors! { $($name)* }
    };
}

/// With one integration, its extractors; with none, the structs are no extractors.
#[cfg(all(feature = "actix", not(feature = "axum")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __extractors {
    ($($name:ident)*) => {
        $crate::__actix_extractors! { $($name)* }
    };
}

/// With one integration, its extractors; with none, the structs are no extractors.
#[cfg(not(any(feature = "axum", feature = "actix")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __extractors {
    ($($name:ident)*) => {};
}

/// The axum extractor of each struct of a `params` module.
#[cfg(feature = "axum")]
#[doc(hidden)]
#[macro_export]
macro_rules! __axum_extractors {
    ($($name:ident)*) => {$(
        impl<S: ::core::marker::Send + ::core::marker::Sync, const N: usize>
            $crate::__private::FromRequestParts<S> for $name<N>
        {
            type Rejection = $crate::ParamError;

            // A ready future rather than an `async fn`: no state machine to check per action.
            #[allow(refining_impl_trait)]
            fn from_request_parts(
                parts: &mut $crate::__private::Parts,
                _: &S,
            ) -> ::core::future::Ready<::core::result::Result<Self, $crate::ParamError>> {
                ::core::future::ready($crate::__private::extract(parts))
            }
        }
    )*};
}

/// The actix-web extractor of each struct of a `params` module, which reads the answer the
/// dispatcher put in the request's extensions.
#[cfg(feature = "actix")]
#[doc(hidden)]
#[macro_export]
macro_rules! __actix_extractors {
    ($($name:ident)*) => {$(
        impl<const N: usize> $crate::__private::actix::FromRequest for $name<N> {
            type Error = $crate::ParamError;
            type Future =
                ::core::future::Ready<::core::result::Result<Self, $crate::ParamError>>;

            #[inline]
            fn from_request(
                request: &$crate::__private::actix::HttpRequest,
                _: &mut $crate::__private::actix::Payload,
            ) -> Self::Future {
                ::core::future::ready($crate::__private::actix::extract(request))
            }
        }
    )*};
}

// The guide: the depth behind the crate's front page, one chapter per module, every example a
// test, each chapter a file of `docs/`.
pub mod guide {
    #![doc = include_str!("links.md")]
    #![doc = include_str!("../docs/README.md")]

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/getting-started.md")]
    pub mod getting_started {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/routes.md")]
    pub mod routes {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/draw.md")]
    pub mod draw {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/generated.md")]
    pub mod generated {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/typed.md")]
    pub mod typed {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/recognition.md")]
    pub mod recognition {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/axum.md")]
    pub mod axum {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/actix.md")]
    pub mod actix {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/forms.md")]
    pub mod forms {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/porting.md")]
    pub mod porting {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/compile-errors.md")]
    pub mod compile_errors {}

    #[doc = include_str!("links.md")]
    #[doc = include_str!("../docs/gotchas.md")]
    pub mod gotchas {}
}

#[doc(hidden)]
pub mod __private {
    pub use routes_macros::draw as draw_impl;
    pub use routes_macros::routes as routes_impl;
    pub use routes_runtime::__private::*;
}

/// The values of a typed route's helper, as a tuple, each written with `ToParam`
/// where its type has it and with `Display` otherwise, picked where the helper is defined (see
/// `__private::Typed`). An untyped route's helpers pass their values as they are.
#[doc(hidden)]
#[macro_export]
macro_rules! __typed {
    ($($arg:ident,)*) => {{
        #[allow(unused_imports)]
        use $crate::__private::{ByDisplay as _, ByToParam as _};
        ($((&&$crate::__private::Typed(&$arg)).segment(),)*)
    }};
}
