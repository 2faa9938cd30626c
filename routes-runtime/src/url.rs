//! Generation: paths and URLs from params.

use std::fmt;

use crate::encode::{push_fragment, push_query_component, push_segment};
use crate::route::{Format, Route, Segment};
use crate::route_set::Compiled;
use crate::{RouteSet, RoutingError, ToParam};

/// The host part of full URLs: `UrlOptions::new("example.com").protocol("https").port(8443)`.
///
/// ```
/// use resourceful::UrlOptions;
///
/// let options = UrlOptions::new("example.com").protocol("https://").port(8443);
/// assert_eq!(options.host(), "example.com");
/// assert_eq!(options.protocol_name(), "https");
/// assert_eq!(options.port_number(), Some(8443));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlOptions {
    host: String,
    protocol: String,
    port: Option<u16>,
}

impl UrlOptions {
    /// Options for `host`, over `http` on the protocol's default port.
    pub fn new(host: impl Into<String>) -> Self {
        UrlOptions {
            host: host.into(),
            protocol: "http".into(),
            port: None,
        }
    }

    /// Sets the protocol (`https`; a trailing `://` is accepted).
    pub fn protocol(mut self, protocol: impl Into<String>) -> Self {
        let protocol = protocol.into();
        self.protocol = protocol.strip_suffix("://").unwrap_or(&protocol).to_owned();
        self
    }

    /// Sets the port.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The host.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The protocol, without `://`.
    pub fn protocol_name(&self) -> &str {
        &self.protocol
    }

    /// The port, when one was set.
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }
}

/// URL options declared in `routes!` with `default_url_options(...)`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct StaticUrlOptions {
    pub host: &'static str,
    pub protocol: Option<&'static str>,
    pub port: Option<u16>,
}

impl StaticUrlOptions {
    pub(crate) fn to_options(self) -> UrlOptions {
        let options = UrlOptions::new(self.host);
        let options = match self.protocol {
            Some(protocol) => options.protocol(protocol),
            None => options,
        };
        match self.port {
            Some(port) => options.port(port),
            None => options,
        }
    }
}

/// `protocol://host[:port]`, each part from `overrides` where set, else from `base`.
pub(crate) fn prefix(base: Option<&UrlOptions>, overrides: Option<&UrlOptions>) -> Option<String> {
    let host = overrides
        .map(|o| o.host.as_str())
        .filter(|h| !h.is_empty())
        .or(base.map(|b| b.host.as_str()))?;
    let protocol = overrides
        .filter(|o| o.protocol_set())
        .or(base)
        .map_or("http", |o| o.protocol.as_str());
    let port = overrides.and_then(|o| o.port).or(base.and_then(|b| b.port));
    Some(match port {
        Some(port) => format!("{protocol}://{host}:{port}"),
        None => format!("{protocol}://{host}"),
    })
}

impl UrlOptions {
    fn protocol_set(&self) -> bool {
        self.protocol != "http" || !self.host.is_empty()
    }
}

/// The params of a URL to build, as Rails' `url_for` takes them: `controller`, `action`, the
/// dynamic segments, and any other key (which becomes the query string).
///
/// The `hash_for_*` helpers return one filled in for their route; [`RouteSet::url_for`] turns
/// one into a path or URL.
///
/// ```
/// use resourceful::UrlFor;
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let hash = routes::hash_for_article_path(1);
/// assert_eq!(hash.get("controller"), Some("articles"));
/// assert_eq!(hash.get("action"), Some("show"));
/// assert_eq!(hash.get("id"), Some("1"));
/// assert_eq!(hash.route_name(), Some("article"));
/// assert!(hash.only_path());
///
/// let edited = hash.param("page", 2).anchor("comments");
/// assert_eq!(routes::ROUTES.url_for(&edited).unwrap(), "/articles/1?page=2#comments");
/// assert!(!routes::hash_for_article_url(1).only_path());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlFor {
    params: Vec<(String, String)>,
    route_name: Option<String>,
    full_url: bool,
    anchor: Option<String>,
    url_options: Option<UrlOptions>,
}

impl UrlFor {
    /// Empty params, for a path (not a full URL).
    pub fn new() -> Self {
        UrlFor::default()
    }

    /// Params for the route named `name` (`article` for `article_path`).
    pub fn named(name: impl Into<String>) -> Self {
        UrlFor {
            route_name: Some(name.into()),
            ..UrlFor::default()
        }
    }

    /// Sets param `key` to `value`, replacing an earlier value.
    pub fn param(mut self, key: impl Into<String>, value: impl ToParam) -> Self {
        self.set(key.into(), value.to_param().into_owned());
        self
    }

    /// Sets the format (`.json` at the end of the path).
    pub fn format(self, format: impl ToParam) -> Self {
        self.param("format", format)
    }

    /// Sets the fragment, appended after `#`.
    pub fn anchor(mut self, anchor: impl ToParam) -> Self {
        self.anchor = Some(anchor.to_param().into_owned());
        self
    }

    /// Builds a full URL (`http://host/path`) rather than a path, with the host from `options`
    /// (parts left unset come from the route set's default URL options).
    pub fn full_url(mut self, options: Option<UrlOptions>) -> Self {
        self.full_url = true;
        self.url_options = options;
        self
    }

    /// Builds a path only.
    pub fn path_only(mut self) -> Self {
        self.full_url = false;
        self.url_options = None;
        self
    }

    /// The value of param `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The params in the order they were first set.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.params.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The route these params are for, when named.
    pub fn route_name(&self) -> Option<&str> {
        self.route_name.as_deref()
    }

    /// Whether a path is built (`true`) or a full URL (`false`).
    pub fn only_path(&self) -> bool {
        !self.full_url
    }

    /// The fragment, if set.
    pub fn fragment(&self) -> Option<&str> {
        self.anchor.as_deref()
    }

    fn set(&mut self, key: String, value: String) {
        match self.params.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.params.push((key, value)),
        }
    }

    #[doc(hidden)]
    pub fn __for_route(route: &Route, full_url: bool) -> Self {
        let mut hash = UrlFor {
            route_name: route.name().map(str::to_owned),
            full_url,
            ..UrlFor::default()
        };
        if route.fixed_controller() != "" {
            hash.set("controller".into(), route.fixed_controller().into());
        }
        hash.set("action".into(), route.default_action().into());
        hash
    }
}

impl fmt::Display for UrlFor {
    /// `{controller: "articles", action: "show", id: "1"}`, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{k}: {v:?}")?;
        }
        f.write_str("}")
    }
}

/// How a route would be generated from params: the value of each dynamic segment.
struct Plan<'r, 'o> {
    route: &'r Route,
    values: Vec<Option<&'o str>>,
    format: Option<&'o str>,
    used: Vec<&'o str>,
}

struct Mismatch {
    missing: Vec<String>,
    mismatched: Vec<String>,
}

fn plan<'r, 'o>(
    route: &'r Route,
    options: &'o UrlFor,
    by_name: bool,
    compiled: &Compiled,
) -> Result<Plan<'r, 'o>, Mismatch> {
    let mut missing = Vec::new();
    let mut mismatched = Vec::new();
    let mut used = vec!["controller", "action"];
    let given = |key: &str| options.get(key).filter(|v| !v.is_empty());
    let dynamic = |f: fn(&Segment) -> bool| route.segments().iter().any(f);

    if !dynamic(|s| matches!(s, Segment::Controller { .. })) {
        match given("controller") {
            Some(c) if c != route.fixed_controller() => mismatched.push("controller".into()),
            None if !by_name => missing.push("controller".into()),
            _ => {}
        }
    }
    if !dynamic(|s| matches!(s, Segment::Action { .. })) {
        let wanted = given("action").or((!by_name).then_some("index"));
        if wanted.is_some_and(|a| a != route.default_action()) {
            mismatched.push("action".into());
        }
    }

    let mut values = Vec::new();
    for segment in route.segments() {
        let value = match *segment {
            Segment::Static(_) => None,
            Segment::Param(p) => {
                let value = given(p.name);
                match value {
                    None if !p.optional => missing.push(p.name.into()),
                    Some(v) if !requirement_met(p.requirement, v, compiled) => {
                        mismatched.push(p.name.into())
                    }
                    _ => {}
                }
                value
            }
            Segment::Controller { namespace } => {
                let value = given("controller");
                match value {
                    None => missing.push("controller".into()),
                    Some(c) if !compiled.is_controller(namespace, c) => {
                        mismatched.push("controller".into())
                    }
                    _ => {}
                }
                value.map(|c| &c[namespace.len().min(c.len())..])
            }
            Segment::Action { optional } => {
                let value = given("action");
                if value.is_none() && !optional {
                    missing.push("action".into());
                }
                value
            }
        };
        if let Segment::Param(p) = segment {
            used.push(p.name);
        }
        values.push(value);
    }

    // An optional segment may be left out only at the end: one followed by a segment that is
    // written must be given.
    let needed = needed_segments(route, &values);
    for (segment, value) in route.segments()[..needed].iter().zip(&values) {
        if let Segment::Param(p) = segment
            && p.optional
            && value.is_none()
        {
            missing.push(p.name.into());
        }
    }

    let format = given("format");
    match route.format() {
        Format::Required if format.is_none() => missing.push("format".into()),
        Format::None => {}
        _ => used.push("format"),
    }

    if missing.is_empty() && mismatched.is_empty() {
        Ok(Plan {
            route,
            values,
            format: format.filter(|_| route.format() != Format::None),
            used,
        })
    } else {
        Err(Mismatch {
            missing,
            mismatched,
        })
    }
}

fn requirement_met(requirement: Option<&str>, value: &str, compiled: &Compiled) -> bool {
    requirement.is_none_or(|source| compiled.requirements.matches(source, value))
}

impl Mismatch {
    fn names(&self, key: &str) -> bool {
        self.missing
            .iter()
            .chain(&self.mismatched)
            .any(|k| k == key)
    }

    /// No route has the controller and action asked for: say which of the two is wrong.
    fn target(options: &UrlFor, controller_known: bool) -> Self {
        let (missing, mismatched) = if options.get("controller").is_none() {
            (vec!["controller".into()], Vec::new())
        } else if !controller_known {
            (Vec::new(), vec!["controller".into()])
        } else {
            (Vec::new(), vec!["action".into()])
        };
        Mismatch {
            missing,
            mismatched,
        }
    }
}

/// [`RouteSet::url_for`].
pub(crate) fn url_for(set: &RouteSet, options: &UrlFor) -> Result<String, RoutingError> {
    let compiled = set.compiled();
    let failed = |m: Mismatch| RoutingError::Generation {
        route: options.route_name().map(str::to_owned),
        missing: m.missing,
        mismatched: m.mismatched,
    };
    if let Some(name) = options.route_name() {
        let route = set.named_route(name).ok_or_else(|| {
            failed(Mismatch {
                missing: Vec::new(),
                mismatched: Vec::new(),
            })
        })?;
        let plan = plan(route, options, true, compiled).map_err(failed)?;
        return finish(set, options, plan);
    }
    let mut target_error = None;
    let mut controller_known = false;
    for route in set.routes() {
        match plan(route, options, false, compiled) {
            Ok(plan) => return finish(set, options, plan),
            Err(m) => {
                let controller_ok = !m.names("controller");
                controller_known |= controller_ok;
                if controller_ok && !m.names("action") && target_error.is_none() {
                    target_error = Some(m);
                }
            }
        }
    }
    Err(failed(target_error.unwrap_or_else(|| {
        Mismatch::target(options, controller_known)
    })))
}

fn finish(set: &RouteSet, options: &UrlFor, plan: Plan<'_, '_>) -> Result<String, RoutingError> {
    let mut out = if options.only_path() {
        String::new()
    } else {
        set.url_prefix(options.url_options.as_ref())
            .ok_or_else(|| RoutingError::Generation {
                route: options.route_name().map(str::to_owned),
                missing: vec!["host".into()],
                mismatched: Vec::new(),
            })?
    };
    write_path(&mut out, plan.route, &plan.values, plan.format);
    let mut extra: Vec<(&str, &str)> = options
        .params()
        .filter(|(k, v)| !plan.used.contains(k) && !v.is_empty())
        .collect();
    extra.sort();
    for (i, (key, value)) in extra.into_iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        push_query_component(&mut out, key);
        out.push('=');
        push_query_component(&mut out, value);
    }
    if let Some(anchor) = &options.anchor {
        out.push('#');
        push_fragment(&mut out, anchor);
    }
    Ok(out)
}

/// How many leading segments a path needs: trailing optional segments that are absent (or,
/// for `:action`, the default) are left out, as Rails leaves out `/index` of the default route.
fn needed_segments(route: &Route, values: &[Option<&str>]) -> usize {
    route
        .segments()
        .iter()
        .zip(values)
        .rposition(|(segment, value)| match *segment {
            Segment::Param(p) => value.is_some() || !p.optional,
            Segment::Action { optional } => {
                !optional || value.is_some_and(|a| a != route.default_action())
            }
            Segment::Static(_) | Segment::Controller { .. } => true,
        })
        .map_or(0, |i| i + 1)
}

/// Appends the path of `route` with `values` for its segments (aligned with them; `None` for
/// statics and for optional segments left out).
fn write_path(out: &mut String, route: &Route, values: &[Option<&str>], format: Option<&str>) {
    let start = out.len();
    let needed = needed_segments(route, values);
    for (segment, value) in route.segments()[..needed].iter().zip(values) {
        match *segment {
            Segment::Static(text) => {
                out.push('/');
                out.push_str(text);
            }
            Segment::Param(p) => {
                out.push('/');
                push_segment(out, value.unwrap_or_default(), p.requirement.is_some());
            }
            Segment::Controller { .. } => {
                for part in value.unwrap_or_default().split('/') {
                    out.push('/');
                    push_segment(out, part, false);
                }
            }
            Segment::Action { .. } => {
                out.push('/');
                push_segment(out, value.unwrap_or(route.default_action()), false);
            }
        }
    }
    if out.len() == start {
        out.push('/');
    }
    if let Some(format) = format {
        if route.format() == Format::None {
            out.push_str("?format=");
            push_query_component(out, format);
        } else {
            out.push('.');
            push_segment(out, format, false);
        }
    }
}

/// The path a named route's helper builds: `args` fill the dynamic segments in order. The
/// length is worked out first so that the path is built in one allocation.
pub(crate) fn helper_path(
    route: &Route,
    args: &[&dyn ToParam],
    format: Option<&dyn ToParam>,
) -> String {
    let mut len = 0;
    let mut next = args.iter();
    for segment in route.segments() {
        len += 1 + match segment {
            Segment::Static(text) => text.len(),
            Segment::Param(p) => next
                .next()
                .map_or(0, |a| a.__segment_len(p.requirement.is_some())),
            // A controller's parts are written one by one; three bytes per byte bounds it.
            Segment::Controller { .. } => next.next().map_or(0, |a| 3 * a.to_param().len()),
            Segment::Action { .. } => next.next().map_or(0, |a| a.__segment_len(false)),
        };
    }
    len = len.max(1);
    if let Some(format) = format {
        len += match route.format() {
            Format::None => "?format=".len() + 3 * format.to_param().len(),
            _ => 1 + format.__segment_len(false),
        };
    }

    let mut out = String::with_capacity(len);
    let mut next = args.iter();
    for segment in route.segments() {
        out.push('/');
        match segment {
            Segment::Static(text) => out.push_str(text),
            Segment::Param(p) => {
                if let Some(arg) = next.next() {
                    arg.__push_segment(&mut out, p.requirement.is_some());
                }
            }
            Segment::Controller { .. } => {
                if let Some(arg) = next.next() {
                    let value = arg.to_param();
                    for (i, part) in value.split('/').enumerate() {
                        if i > 0 {
                            out.push('/');
                        }
                        push_segment(&mut out, part, false);
                    }
                }
            }
            Segment::Action { .. } => {
                if let Some(arg) = next.next() {
                    arg.__push_segment(&mut out, false);
                }
            }
        }
    }
    if out.is_empty() {
        out.push('/');
    }
    if let Some(format) = format {
        if route.format() == Format::None {
            out.push_str("?format=");
            push_query_component(&mut out, &format.to_param());
        } else {
            out.push('.');
            format.__push_segment(&mut out, false);
        }
    }
    out
}
