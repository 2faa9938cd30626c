//! The door of the code `routes!` generates: nothing else uses it, and it may change in any
//! release.

pub use http::Method;

pub use crate::path::{Bound, Found, Reader, Scan, Split};
pub use crate::recognized::{MAX_PARAMS, Recognized};
pub use crate::recognizer::{Matcher, NONE, STOP, Table, allowed_methods, recognize};
pub use crate::requirement::Requirements;
pub use crate::route::{Format, Param, Parses, Route, Segment};
pub use crate::route_set::RouteSet;
pub use crate::url::{
    Args, Checks, HelperParam, ParamKind, PathSpec, StaticUrlOptions, formatted_path, path,
};
pub use crate::{MethodSet, RoutingError, ToParam, UrlFor};

/// Short constructors for the tables `routes!` writes: an invocation of 200 resources is
/// thousands of segments, and every token of generated code costs compile time.
pub const GET: Method = Method::GET;
pub const POST: Method = Method::POST;
pub const PUT: Method = Method::PUT;
pub const PATCH: Method = Method::PATCH;
pub const DELETE: Method = Method::DELETE;

/// A static segment.
pub const fn s(text: &'static str) -> Segment {
    Segment::Static(text)
}

/// A dynamic segment without requirement or type.
pub const fn p(name: &'static str) -> Segment {
    Segment::Param(Param {
        name,
        requirement: None,
        parses: None,
        optional: false,
    })
}

/// A dynamic segment with a requirement (by number) or a type, optional or not.
pub const fn pr(
    name: &'static str,
    requirement: Option<u16>,
    parses: Option<Parses>,
    optional: bool,
) -> Segment {
    Segment::Param(Param {
        name,
        requirement,
        parses,
        optional,
    })
}

/// Whether `value` parses as a `T`: the test of a param declared with `types(...)`.
#[inline]
pub fn parses<T: std::str::FromStr>(value: &str) -> bool {
    value.parse::<T>().is_ok()
}

/// A value of a typed param's helper, on its way into the path. `(&&Typed(&x)).segment()`
/// picks, by method resolution (autoref specialisation), [`ByToParam`] where `x`'s type is
/// `ToParam` and [`ByDisplay`] where it is only `Display` (`uuid::Uuid`, which users cannot make
/// `ToParam`): the type is known where the helper is defined, so the choice is made there, with
/// no dynamic dispatch.
pub struct Typed<'a, T>(pub &'a T);

/// See [`Typed`].
pub trait ByToParam<'a> {
    type Segment: ToParam;
    fn segment(&self) -> Self::Segment;
}

impl<'a, T: ToParam> ByToParam<'a> for &Typed<'a, T> {
    type Segment = &'a T;

    #[inline(always)]
    fn segment(&self) -> &'a T {
        self.0
    }
}

/// See [`Typed`].
pub trait ByDisplay<'a> {
    fn segment(&self) -> Shown<'a>;
}

impl<'a, T: std::fmt::Display> ByDisplay<'a> for Typed<'a, T> {
    fn segment(&self) -> Shown<'a> {
        Shown(self.0)
    }
}

/// A value written with `Display`, the inverse of the `FromStr` that reads a typed param back;
/// escaped as it is written, without a `String` of its own.
pub struct Shown<'a>(&'a dyn std::fmt::Display);

impl ToParam for Shown<'_> {
    fn to_param(&self) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Owned(self.0.to_string())
    }

    fn __segment_len(&self, keep_dot: bool) -> usize {
        use std::fmt::Write as _;
        struct Measure(usize, bool);
        impl std::fmt::Write for Measure {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0 += s.__segment_len(self.1);
                Ok(())
            }
        }
        let mut measure = Measure(0, keep_dot);
        let _ = write!(measure, "{}", self.0);
        measure.0
    }

    fn __push_segment(&self, out: &mut String, keep_dot: bool) {
        use std::fmt::Write as _;
        struct Push<'o>(&'o mut String, bool);
        impl std::fmt::Write for Push<'_> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                s.__push_segment(self.0, self.1);
                Ok(())
            }
        }
        let _ = write!(Push(out, keep_dot), "{}", self.0);
    }
}

/// The body of `N_url` and `formatted_N_url`: `path` behind the route set's host.
///
/// # Panics
///
/// When no host is known: a configuration error, as Rails raises "Missing host to link to!".
#[inline]
#[track_caller]
pub fn url(set: &RouteSet, path: String) -> String {
    crate::url::url(set.host(), path)
}

/// The body of `hash_for_N_path` and `hash_for_N_url`.
pub fn hash_for(
    set: &RouteSet,
    route: usize,
    full_url: bool,
    args: &[(&str, &dyn ToParam)],
) -> UrlFor {
    let Some(route) = set.routes().get(route) else {
        return UrlFor::new();
    };
    let mut hash = UrlFor::for_route(route, full_url);
    for (key, value) in args {
        hash = hash.param(*key, value);
    }
    hash
}
