//! The door of the code `routes!` generates: nothing else uses it, and it may change in any
//! release.

pub use http::Method;

pub use crate::conditions::{RequestCheck, RequestConditions, RequestKey};
pub use crate::found::Found;
pub use crate::helper::Args;
pub use crate::params::Fields;
pub use crate::path::{Bound, Segments};
pub use crate::recognized::Recognized;
pub use crate::recognizer::{Hit, Literals, NONE, Slot, Take, offer, take};
pub use crate::requirement::Requirements;
pub use crate::route::RedirectUrl;
pub use crate::route::{Format, Param, Parses, PathSpec, Piece, Route, Segment, format_default};
pub use crate::route_set::{RouteSet, Settings};
pub use crate::typed::{
    TypedRoute, Visit, debug_route, route_action, route_link, route_method, same_route,
};
pub use crate::url::StaticUrlOptions;
pub use crate::{MethodSet, RoutingError, ToParam, UrlFor};
#[cfg(feature = "axum")]
pub use ::axum::extract::FromRequestParts;
/// What the actix-web extractor of a generated `params` struct names.
#[cfg(feature = "actix")]
pub mod actix {
    pub use crate::actix::extract;
    pub use actix_web::dev::Payload;
    pub use actix_web::{FromRequest, HttpRequest};
}
pub use http::request::Parts;

/// The params of the action a request was routed to, for the extractor (`FromRequestParts`)
/// of a generated `params` struct.
///
/// # Errors
///
/// [`ParamError::NotRouted`](crate::ParamError::NotRouted) when no route set routed the
/// request, else as [`ActionParams::from_routed`](crate::ActionParams::from_routed).
#[inline]
pub fn extract<P: crate::ActionParams>(parts: &Parts) -> Result<P, crate::ParamError> {
    match parts.extensions.get::<crate::Routed>() {
        Some(routed) => P::from_routed(routed),
        None => Err(crate::ParamError::NotRouted),
    }
}

/// Short constructors for the tables `routes!` writes: an invocation of 200 resources is
/// thousands of segments, and every token of generated code costs compile time.
pub const GET: Method = Method::GET;
pub const POST: Method = Method::POST;
pub const PUT: Method = Method::PUT;
pub const PATCH: Method = Method::PATCH;
pub const DELETE: Method = Method::DELETE;
pub const OPTIONS: Method = Method::OPTIONS;
/// The methods of a route that answers one.
pub const ONLY_GET: &[Method] = &[GET];
pub const ONLY_POST: &[Method] = &[POST];
pub const ONLY_PUT: &[Method] = &[PUT];
pub const ONLY_PATCH: &[Method] = &[PATCH];
pub const ONLY_DELETE: &[Method] = &[DELETE];
pub const ONLY_OPTIONS: &[Method] = &[OPTIONS];

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
        default: None,
    })
}

/// A dynamic segment with a requirement (by number) or a type, optional or not, with the
/// default recognition gives when the path leaves it out.
pub const fn pr(
    name: &'static str,
    requirement: Option<u16>,
    parses: Option<Parses>,
    optional: bool,
    default: Option<&'static str>,
) -> Segment {
    Segment::Param(Param {
        name,
        requirement,
        parses,
        optional,
        default,
    })
}

/// A glob, `*name`, with a requirement (by number) or a type.
pub const fn g(name: &'static str, requirement: Option<u16>, parses: Option<Parses>) -> Segment {
    Segment::Glob(Param {
        name,
        requirement,
        parses,
        optional: true,
        default: None,
    })
}

/// `:controller`, under `namespace`, with a requirement (by number).
pub const fn c(namespace: &'static str, requirement: Option<u16>) -> Segment {
    Segment::Controller {
        namespace,
        requirement,
    }
}

/// `:action`, optional or not, with a requirement (by number).
pub const fn a(optional: bool, requirement: Option<u16>) -> Segment {
    Segment::Action {
        optional,
        requirement,
    }
}

/// What a helper writes: the literal text around its values, the route's `segments`, where
/// each value's segment is among them, which values are checked, and whether the route takes a
/// format (`1`).
pub const fn spec(
    literals: &'static [&'static str],
    segments: &'static [Segment],
    params: &'static [u16],
    checked: u16,
    format: u8,
) -> PathSpec {
    PathSpec {
        literals,
        segments,
        params,
        checked,
        format: if format == 0 {
            Format::None
        } else {
            Format::Optional
        },
        optional: 0,
        action: "",
        pieces: &[],
    }
}

/// [`spec`] of a `draw!` route written piece by piece: its optional groups, globs, values
/// sharing a segment, required format. Every value may then be left out (the pieces say which
/// must not), which sends its links down the general pass.
pub const fn pieces_spec(spec: PathSpec, pieces: &'static [Piece]) -> PathSpec {
    PathSpec {
        optional: u16::MAX,
        pieces,
        ..spec
    }
}

/// [`spec`] of a route whose values of the bits of `optional` may be left out, standing for
/// `action` when it is its `:action`.
pub const fn optional_spec(spec: PathSpec, optional: u16, action: &'static str) -> PathSpec {
    PathSpec {
        optional,
        action,
        ..spec
    }
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

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
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

/// The body of `N_path`: the path of the route whose path is `set`'s `spec`th, with `args`.
///
/// # Panics
///
/// When a value cannot route (empty, or refused by its requirement or type), naming `helper`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[track_caller]
pub fn path(set: &RouteSet, spec: usize, helper: &'static str, args: impl Args) -> String {
    crate::helper::helper_path(set.root(), set.path_spec(spec), helper, set.checks(), args)
}

/// The body of `N_url`: [`path`] behind the route set's host.
///
/// # Panics
///
/// As [`path`], and when no host is known: a configuration error, as Rails raises "Missing
/// host to link to!".
#[inline]
#[track_caller]
pub fn url(set: &RouteSet, spec: usize, helper: &'static str, args: impl Args) -> String {
    crate::helper::behind_host(set.host(), path(set, spec, helper, args))
}

/// The body of `formatted_N_path`: [`path`] with `.FORMAT`.
///
/// # Panics
///
/// As [`path`], and for an empty format.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[track_caller]
pub fn formatted_path(
    set: &RouteSet,
    spec: usize,
    helper: &'static str,
    args: impl Args,
    format: impl ToParam,
) -> String {
    let root = set.root();
    crate::helper::helper_formatted_path(
        root,
        set.path_spec(spec),
        helper,
        set.checks(),
        args,
        format,
    )
}

/// The body of `formatted_N_url`: [`formatted_path`] behind the route set's host.
///
/// # Panics
///
/// As [`formatted_path`] and [`url`].
#[inline]
#[track_caller]
pub fn formatted_url(
    set: &RouteSet,
    spec: usize,
    helper: &'static str,
    args: impl Args,
    format: impl ToParam,
) -> String {
    crate::helper::behind_host(set.host(), formatted_path(set, spec, helper, args, format))
}

/// The body of `hash_for_N_path` (and, with `.full_url()`, of `hash_for_N_url`): the params
/// of route `route`, whose path is the set's `spec`th, keyed by the names of its values.
pub fn hash_for(set: &RouteSet, route: usize, spec: usize, args: impl Args) -> UrlFor {
    let Some(route) = set.routes().get(route) else {
        return UrlFor::new();
    };
    let mut hash = UrlFor::for_route(route);
    let spec = set.path_spec(spec);
    let mut k = 0;
    args.each(&mut |value| {
        if let Some(name) = spec.name(k)
            && value.__present()
        {
            hash.set(name.into(), value.to_param().into_owned());
        }
        k += 1;
    });
    hash
}

/// What the generated recogniser reads of `set`: its routes, controllers and code layout.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn table(set: &RouteSet) -> &crate::recognizer::Table {
    set.table()
}

/// `controller#action` number `number` of `set`, for its `Action` enum.
#[inline]
pub fn action_pair(set: &RouteSet, number: usize) -> (&'static str, &'static str) {
    set.actions().get(number).copied().unwrap_or(("", ""))
}
