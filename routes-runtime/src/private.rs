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

// TODO(merge): the macro reads these at expansion time until routes-syntax takes them over.
pub use crate::pattern::{
    FormatSuffix, ParsedPattern, PatternError, PatternSegment, is_param_name, optional_tail,
    parse_pattern, route_format,
};
pub use crate::requirement::{RequirementError, validate_requirement};

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
