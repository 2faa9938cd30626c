//! What generated code and the macro use. Not public API: it may change in any release.

pub use http::Method;

pub use crate::dynamic::{RouteSpec, route_set};
pub use crate::pattern::{
    FormatSuffix, ParsedPattern, PatternError, PatternSegment, is_param_name, optional_tail,
    parse_pattern, route_format,
};
pub use crate::plan::{
    Entries, Generated, MAX_SEGMENTS, NONE, Node, Plan, PlanRoute, Segments, Step, meets,
    method_bit, method_bits, pick,
};
pub use crate::requirement::{RequirementError, validate_requirement};
pub use crate::route::{Format, Param, Route, Segment};
pub use crate::url::StaticUrlOptions;
pub use crate::{RouteSet, ToParam, UrlFor};

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

/// A dynamic segment without requirement.
pub const fn p(name: &'static str) -> Segment {
    Segment::Param(Param {
        name,
        requirement: None,
        optional: false,
    })
}

/// A dynamic segment with a requirement, optional or not.
pub const fn pr(name: &'static str, requirement: Option<&'static str>, optional: bool) -> Segment {
    Segment::Param(Param {
        name,
        requirement,
        optional,
    })
}

/// Turns params built by `hash_for_N_path` into those of `hash_for_N_url`.
pub fn full_url(hash: UrlFor) -> UrlFor {
    hash.full_url(None)
}

/// Rails' message when a URL is asked for and no host is known, with both ways to set one.
pub const MISSING_HOST: &str = "Missing host to link to! Declare one with \
    `default_url_options(host = \"example.com\")` in `routes!`, or set one at start-up with \
    `ROUTES.set_default_url_options(resourceful::UrlOptions::new(\"example.com\"))`";

/// The body of `N_path` and `formatted_N_path`.
pub fn path(
    set: &RouteSet,
    route: usize,
    args: &[&dyn ToParam],
    format: Option<&dyn ToParam>,
) -> String {
    crate::url::helper_path(&set.routes()[route], args, format)
}

/// The body of `N_url` and `formatted_N_url`: the path behind the route set's host.
///
/// # Panics
///
/// When no host is set, with [`MISSING_HOST`]: a configuration error, as in Rails.
pub fn url(set: &RouteSet, path: String) -> String {
    match set.url_prefix(None) {
        Some(mut url) => {
            url.push_str(&path);
            url
        }
        None => panic!("{MISSING_HOST}"),
    }
}

/// The body of `hash_for_N_path` and `hash_for_N_url`.
pub fn hash_for(
    set: &RouteSet,
    route: usize,
    full_url: bool,
    args: &[(&str, &dyn ToParam)],
) -> UrlFor {
    let mut hash = UrlFor::__for_route(&set.routes()[route], full_url);
    for (key, value) in args {
        hash = hash.param(*key, value);
    }
    hash
}
