//! Route sets built at run time, for tests, benchmarks and fuzzing. `routes!` is the way to
//! declare routes; this builds the same constant data from strings, and leaks it so that it
//! lives as long as a `static` does.

use http::Method;

use crate::RouteSet;
use crate::pattern::{PatternError, PatternSegment, optional_tail, parse_pattern, route_format};
use crate::route::{Param, Route, Segment};

/// One route, described with strings.
#[derive(Debug, Clone, Default)]
pub struct RouteSpec {
    /// The route's name, if it has one.
    pub name: Option<String>,
    /// Empty for any method.
    pub methods: Vec<Method>,
    /// A pattern as `named` and `connect` take it; `:controller` and `:action` are special.
    pub pattern: String,
    /// The controller, unless the pattern has `:controller`.
    pub controller: String,
    /// The action, or the default of an optional `:action`.
    pub action: String,
    /// `(param, regex)`.
    pub requirements: Vec<(String, String)>,
    /// Read like `connect`: a trailing `:action` and `:id` may be left out.
    pub default_route: bool,
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

impl RouteSpec {
    /// The route, leaked.
    pub fn build(&self) -> Result<Route, PatternError> {
        let parsed = parse_pattern(&self.pattern)?;
        let tail = if self.default_route {
            optional_tail(&parsed.segments)
        } else {
            parsed.segments.len()
        };
        let segments: Vec<Segment> = parsed
            .segments
            .iter()
            .enumerate()
            .map(|(i, segment)| match segment {
                PatternSegment::Static(text) => Segment::Static(leak(text)),
                PatternSegment::Dynamic(name) if name == "controller" => {
                    Segment::Controller { namespace: "" }
                }
                PatternSegment::Dynamic(name) if name == "action" => Segment::Action {
                    optional: i >= tail,
                },
                PatternSegment::Dynamic(name) => Segment::Param(Param {
                    name: leak(name),
                    requirement: self
                        .requirements
                        .iter()
                        .find(|(param, _)| param == name)
                        .map(|(_, regex)| leak(regex)),
                    optional: i >= tail,
                }),
            })
            .collect();
        let pattern = self.pattern.clone();
        let display = if pattern.starts_with('/') {
            pattern
        } else {
            format!("/{pattern}")
        };
        Ok(Route::new(
            self.name.as_deref().map_or("", leak),
            Box::leak(self.methods.clone().into_boxed_slice()),
            leak(&display),
            Box::leak(segments.clone().into_boxed_slice()),
            route_format(segments.len(), parsed.format),
            leak(&self.controller),
            leak(&self.action),
            &[],
        ))
    }
}

/// A route set of `specs`, leaked.
pub fn route_set(specs: &[RouteSpec]) -> Result<&'static RouteSet, PatternError> {
    let routes = specs
        .iter()
        .map(RouteSpec::build)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Box::leak(Box::new(RouteSet::new(
        Box::leak(routes.into_boxed_slice()),
        None,
    ))))
}
