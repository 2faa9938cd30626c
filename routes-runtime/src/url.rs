//! Generation from params: [`UrlFor`], Rails' `url_for`, and the host of full URLs
//! ([`UrlOptions`]). The helpers `routes!` writes build theirs in `helper`.

use std::fmt;

use crate::encode::{
    push_form_component, push_fragment, push_glob, push_query_component, push_segment,
    query_component_len, segment_len,
};
use crate::error::UrlError;
use crate::requirement::Requirements;
use crate::route::{Format, Param, Route, Segment};
use crate::to_param::ToParam;

/// The host part of full URLs: `UrlOptions::new("example.com").protocol("https").port(8443)`.
///
/// The builder methods set the parts; the fields read them.
///
/// ```
/// use resourceful::UrlOptions;
///
/// let options = UrlOptions::new("example.com").protocol("https://").port(8443);
/// assert_eq!(options.host, "example.com");
/// assert_eq!(options.protocol, "https");
/// assert_eq!(options.port, Some(8443));
/// assert_eq!(options.to_string(), "https://example.com:8443");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlOptions {
    /// The host: `example.com`.
    pub host: String,
    /// The protocol, without `://`: `http` unless set.
    pub protocol: String,
    /// The port, when not the protocol's default.
    pub port: Option<u16>,
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
}

/// `protocol://host[:port]`, the part of a full URL before its path.
impl fmt::Display for UrlOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let protocol = self.protocol.strip_suffix("://").unwrap_or(&self.protocol);
        write!(f, "{protocol}://{}", self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
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

/// The params of a URL to build, as Rails' `url_for` takes them: `controller`, `action`, the
/// dynamic segments, and any other key (which becomes the query string).
///
/// The `hash_for_*` helpers return one filled in for their route;
/// [`RouteSet::url_for`](crate::RouteSet::url_for) turns one into a path or URL.
///
/// ```
/// use resourceful::{UrlFor, UrlOptions};
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
///
/// let elsewhere = edited.full_url_with(UrlOptions::new("blog.test").protocol("https"));
/// assert_eq!(
///     routes::ROUTES.url_for(&elsewhere).unwrap(),
///     "https://blog.test/articles/1?page=2#comments"
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlFor {
    params: Vec<(String, String)>,
    route_name: Option<String>,
    full_url: bool,
    anchor: Option<String>,
    host: Option<UrlOptions>,
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

    /// Sets param `key` to `value`, replacing an earlier value; `None` takes the key out.
    pub fn param(mut self, key: impl Into<String>, value: impl ToParam) -> Self {
        let key = key.into();
        if value.__present() {
            self.set(key, value.to_param().into_owned());
        } else {
            self.params.retain(|(k, _)| *k != key);
        }
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

    /// Builds a full URL (`http://host/path`) with the route set's host.
    pub fn full_url(mut self) -> Self {
        self.full_url = true;
        self.host = None;
        self
    }

    /// Builds a full URL with the host (protocol and port) of `options`.
    pub fn full_url_with(mut self, options: UrlOptions) -> Self {
        self.full_url = true;
        self.host = Some(options);
        self
    }

    /// Builds a path, without protocol and host.
    pub fn without_host(mut self) -> Self {
        self.full_url = false;
        self.host = None;
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

    /// The host a full URL is built with, when not the route set's.
    pub fn host(&self) -> Option<&UrlOptions> {
        self.host.as_ref()
    }

    /// The fragment, if set.
    pub fn fragment(&self) -> Option<&str> {
        self.anchor.as_deref()
    }

    pub(crate) fn set(&mut self, key: String, value: String) {
        match self.params.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.params.push((key, value)),
        }
    }

    /// Params naming `route` (its name, controller and action), for a path.
    pub(crate) fn for_route(route: &Route) -> Self {
        let mut hash = UrlFor {
            route_name: route.name().map(str::to_owned),
            ..UrlFor::default()
        };
        if let Some(controller) = route.controller().fixed() {
            hash.set("controller".into(), controller.into());
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

/// What a value is checked against before it goes into a link, by the helpers and by
/// [`url_for`] alike: a link is built only from values its route recognises back.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Checks<'a> {
    pub requirements: &'a Requirements,
    pub controllers: &'a [&'static str],
}

impl Checks<'_> {
    /// Whether `name` is a controller that a `:controller` segment under `namespace` names,
    /// and its requirement (by number) takes.
    #[inline]
    pub(crate) fn names_controller(
        &self,
        namespace: &str,
        requirement: Option<u16>,
        name: &str,
    ) -> bool {
        self.controllers
            .iter()
            .any(|c| c.len() > namespace.len() && c.starts_with(namespace) && *c == name)
            && self.meets(requirement, name)
    }

    /// Whether `value` is non-empty and meets `requirement` (by number), if there is one.
    #[inline]
    pub(crate) fn meets(&self, requirement: Option<u16>, value: &str) -> bool {
        !value.is_empty() && requirement.is_none_or(|index| self.requirements.test(index, value))
    }

    /// Whether `value` routes as `param`: non-empty, and met by its requirement and type.
    #[inline]
    pub(crate) fn takes(&self, param: &Param, value: &str) -> bool {
        self.meets(param.requirement, value)
            && param.parses.is_none_or(|parses| (parses.test)(value))
    }

    /// Whether `value` routes as the glob `param`: empty, or `/`-separated parts none of which
    /// is empty, met whole by its requirement and type.
    #[inline]
    pub(crate) fn takes_glob(&self, param: &Param, value: &str) -> bool {
        value.is_empty()
            || (value.split('/').all(|part| !part.is_empty()) && self.takes(param, value))
    }
}

/// What [`url_for`] reads of a route set.
pub(crate) struct UrlContext<'a> {
    pub(crate) routes: &'a [Route],
    pub(crate) checks: Checks<'a>,
    /// The route set's host, when it has one.
    pub(crate) host: Option<UrlOptions>,
    /// The path the set is mounted under, or empty.
    pub(crate) root: &'a str,
    /// Whether the set was drawn by `draw!`: its routes' defaults are no conditions of
    /// generation, as in Rails 3 and later.
    pub(crate) rails: bool,
}

/// `root` as [`RouteSet::set_relative_url_root`](crate::RouteSet::set_relative_url_root)
/// keeps it: one leading `/`, no trailing one, what a path cannot hold percent-encoded (a `%`
/// kept, as the start of an escape); empty for no mount.
pub(crate) fn normalize_root(root: &str) -> String {
    let trimmed = root.trim_matches('/');
    let mut out = String::with_capacity(trimmed.len() + 1);
    if trimmed.is_empty() {
        return out;
    }
    for part in trimmed.split('/') {
        out.push('/');
        for piece in part.split_inclusive('%') {
            let (text, escape) = match piece.strip_suffix('%') {
                Some(text) => (text, true),
                None => (piece, false),
            };
            push_segment(&mut out, text, true);
            if escape {
                out.push('%');
            }
        }
    }
    out
}

/// How a route would be built from params: the value of each of its segments.
struct Fit<'r, 'o> {
    route: &'r Route,
    values: Vec<Option<&'o str>>,
    format: Option<&'o str>,
    used: Vec<&'o str>,
}

impl Fit<'_, '_> {
    /// How many of the given keys the route leaves unused: they would go to the query string.
    fn unused(&self, options: &UrlFor) -> usize {
        options
            .params()
            .filter(|(k, v)| !v.is_empty() && !self.used.contains(k))
            .count()
    }

    /// Rails 3's score of the route (Journey's `Route#score`): how many of its path's keys,
    /// the format's included, are given. Every route that can generate has the same fixed
    /// controller and action, which Rails counts too.
    fn score(&self, options: &UrlFor) -> usize {
        let given = |key: &str| options.get(key).is_some_and(|v| !v.is_empty());
        let keys = self.route.params().filter(|p| given(p.name)).count();
        keys + usize::from(self.route.format() != Format::None && given("format"))
    }
}

struct Mismatch {
    missing: Vec<String>,
    mismatched: Vec<String>,
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

fn fit<'r, 'o>(
    cx: &UrlContext<'_>,
    route: &'r Route,
    options: &'o UrlFor,
    by_name: bool,
) -> Result<Fit<'r, 'o>, Mismatch> {
    let mut missing = Vec::new();
    let mut mismatched = Vec::new();
    let mut used = vec!["controller", "action"];
    let given = |key: &str| options.get(key).filter(|v| !v.is_empty());
    let names = |f: fn(&Segment) -> bool| route.segments().iter().any(f);

    if !names(|s| matches!(s, Segment::Controller { .. })) {
        match given("controller") {
            Some(c) if c != route.fixed_controller() => mismatched.push("controller".into()),
            None if !by_name => missing.push("controller".into()),
            _ => {}
        }
    }
    if !names(|s| matches!(s, Segment::Action { .. })) {
        let wanted = given("action").or((!by_name).then_some("index"));
        if wanted.is_some_and(|a| a != route.default_action()) {
            mismatched.push("action".into());
        }
    }

    let pieces = route.path_spec().pieces;
    let mut values = Vec::new();
    let mut k = 0u8;
    for segment in route.segments() {
        // A `draw!` route written piece by piece needs a value only outside its groups.
        let required_here = |p: &crate::route::Param| {
            if pieces.is_empty() {
                !p.optional
            } else {
                !crate::pieces::optional(pieces, k)
            }
        };
        let value = match *segment {
            Segment::Static(_) => None,
            Segment::Param(p) => {
                let value = given(p.name);
                // Rails 3 and later check the constraints of the required parts alone.
                let checked = !cx.rails || required_here(&p);
                match value {
                    None if required_here(&p) => missing.push(p.name.into()),
                    Some(v) if checked && !cx.checks.takes(&p, v) => mismatched.push(p.name.into()),
                    _ => {}
                }
                used.push(p.name);
                value
            }
            Segment::Glob(p) => {
                let value = options.get(p.name);
                let checked = !cx.rails || required_here(&p);
                if checked && value.is_some_and(|v| !cx.checks.takes_glob(&p, v)) {
                    mismatched.push(p.name.into());
                }
                if !pieces.is_empty() && value.is_none_or(str::is_empty) && required_here(&p) {
                    missing.push(p.name.into());
                }
                used.push(p.name);
                value
            }
            Segment::Controller {
                namespace,
                requirement,
            } => {
                let value = given("controller");
                match value {
                    None => missing.push("controller".into()),
                    Some(c) if !cx.checks.names_controller(namespace, requirement, c) => {
                        mismatched.push("controller".into())
                    }
                    _ => {}
                }
                value.map(|c| c.get(namespace.len()..).unwrap_or_default())
            }
            Segment::Action {
                optional,
                requirement,
            } => {
                let value = given("action");
                match value {
                    None if !optional => missing.push("action".into()),
                    // The route's own action, left out, needs no check.
                    Some(a)
                        if !(cx.checks.meets(requirement, a)
                            || optional && a == route.default_action()) =>
                    {
                        mismatched.push("action".into())
                    }
                    _ => {}
                }
                value
            }
        };
        if !matches!(segment, Segment::Static(_)) {
            k = k.saturating_add(1);
        }
        values.push(value);
    }

    // An optional segment may be left out only at the end: one followed by a segment that is
    // written must be given, or have a default to stand for it. (A `draw!` route written
    // piece by piece leaves out the groups whose values are not all given.)
    let needed = if pieces.is_empty() {
        needed_segments(route, &values)
    } else {
        0
    };
    for (segment, value) in route.segments()[..needed].iter().zip(&values) {
        if let Segment::Param(p) = segment
            && p.optional
            && p.default.is_none()
            && value.is_none()
        {
            missing.push(p.name.into());
        }
    }

    // The route's defaults for keys its pattern does not have are conditions: the key given
    // with that value, or not given for `None`. A format's default is the format's, which
    // stands for a format left out.
    let mut format = given("format");
    for &(key, value) in route.defaults() {
        if key == "format" && route.format() != Format::None {
            format = format.filter(|f| Some(*f) != value);
            continue;
        }
        // In Rails 3 and later a route's defaults are what recognition gives, not what
        // generation asks for.
        if given(key) != value && !cx.rails {
            mismatched.push(key.into());
        }
        used.push(key);
    }
    if route.format() == Format::Required && format.is_none() {
        missing.push("format".into());
    }
    // Trailing optional values at their defaults are left out, as Rails writes the path
    // (unless a format is written, which ends that search at once).
    if !pieces.is_empty() && format.is_none_or(|_| route.format() == Format::None) {
        let slots: Vec<usize> = (0..route.segments().len())
            .filter(|&i| !matches!(route.segments()[i], Segment::Static(_)))
            .collect();
        let mut by_k: Vec<Option<&str>> = slots.iter().map(|&i| values[i]).collect();
        crate::pieces::leave_out_defaults(pieces, &mut by_k, |k| {
            match route.segments()[slots[k]] {
                Segment::Param(p) => p.default,
                _ => None,
            }
        });
        for (k, &i) in slots.iter().enumerate() {
            values[i] = by_k[k];
        }
    }
    if route.format() != Format::None {
        used.push("format");
    }

    if missing.is_empty() && mismatched.is_empty() {
        Ok(Fit {
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

/// [`RouteSet::url_for`](crate::RouteSet::url_for): by the route named in `options`, or else,
/// as Rails 2.3 generates, among the routes whose controller, action, requirements and
/// conditions of generation the params satisfy, by the one that leaves the fewest of them
/// unused (to go to the query string), declaration order breaking ties. A `draw!` table
/// chooses as Rails 3 and later do: the route whose path takes the most of the given keys.
pub(crate) fn url_for(cx: &UrlContext<'_>, options: &UrlFor) -> Result<String, UrlError> {
    let unfit = |m: Mismatch| UrlError::Unfit {
        route: options.route_name().map(str::to_owned),
        missing: m.missing,
        mismatched: m.mismatched,
    };
    if let Some(name) = options.route_name() {
        let route = cx
            .routes
            .iter()
            .find(|r| r.name() == Some(name))
            .ok_or_else(|| UrlError::UnknownRoute {
                name: name.to_owned(),
            })?;
        let fit = fit(cx, route, options, true).map_err(unfit)?;
        return finish(cx, options, fit);
    }
    let mut target_error = None;
    let mut controller_known = false;
    let mut best: Option<(usize, Fit<'_, '_>)> = None;
    for route in cx.routes {
        match fit(cx, route, options, false) {
            // Rails 3 and later take the route of the highest score, the first of those.
            Ok(fit) if cx.rails => {
                let score = fit.score(options);
                if best.as_ref().is_none_or(|(highest, _)| score > *highest) {
                    best = Some((score, fit));
                }
            }
            Ok(fit) => {
                let unused = fit.unused(options);
                if best.as_ref().is_none_or(|(fewest, _)| unused < *fewest) {
                    let done = unused == 0;
                    best = Some((unused, fit));
                    if done {
                        break;
                    }
                }
            }
            Err(m) => {
                let controller_ok = !m.names("controller");
                controller_known |= controller_ok;
                if controller_ok && !m.names("action") && target_error.is_none() {
                    target_error = Some(m);
                }
            }
        }
    }
    if let Some((_, fit)) = best {
        return finish(cx, options, fit);
    }
    Err(unfit(target_error.unwrap_or_else(|| {
        Mismatch::target(options, controller_known)
    })))
}

fn finish(cx: &UrlContext<'_>, options: &UrlFor, fit: Fit<'_, '_>) -> Result<String, UrlError> {
    let mut out = if options.only_path() {
        String::new()
    } else {
        match options.host().or(cx.host.as_ref()) {
            Some(host) => host.to_string(),
            None => return Err(UrlError::MissingHost),
        }
    };
    out.push_str(cx.root);
    write_path(&mut out, fit.route, &fit.values, fit.format);
    let mut extra: Vec<(&str, &str)> = options
        .params()
        .filter(|(k, v)| !fit.used.contains(k) && !v.is_empty())
        .collect();
    extra.sort();
    // Rails 3 and later write the query as a form does (`to_query`), a space as `+`.
    let push = if cx.rails {
        push_form_component
    } else {
        push_query_component
    };
    for (i, (key, value)) in extra.into_iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        push(&mut out, key);
        out.push('=');
        push(&mut out, value);
    }
    if let Some(anchor) = &options.anchor {
        out.push('#');
        push_fragment(&mut out, anchor);
    }
    Ok(out)
}

/// How many leading segments a path needs: trailing optional segments that are absent, at
/// their default (the route's action for `:action`), or an empty glob are left out, as Rails
/// leaves out `/index` of the default route and `/1` of a page whose `:id` defaults to `1`.
fn needed_segments(route: &Route, values: &[Option<&str>]) -> usize {
    route
        .segments()
        .iter()
        .zip(values)
        .rposition(|(segment, value)| match *segment {
            Segment::Param(p) => !p.optional || value.is_some_and(|v| Some(v) != p.default),
            Segment::Action { optional, .. } => {
                !optional || value.is_some_and(|a| a != route.default_action())
            }
            Segment::Glob(_) => value.is_some_and(|v| !v.is_empty()),
            Segment::Static(_) | Segment::Controller { .. } => true,
        })
        .map_or(0, |i| i + 1)
}

/// Appends the path of `route` with `values` for its segments (aligned with them; `None` for
/// statics and for optional segments left out).
fn write_path(out: &mut String, route: &Route, values: &[Option<&str>], format: Option<&str>) {
    let pieces = route.path_spec().pieces;
    if !pieces.is_empty() {
        // The values by number: those of the segments that hold one.
        let values: Vec<Option<&str>> = route
            .segments()
            .iter()
            .zip(values)
            .filter(|(s, _)| !matches!(s, Segment::Static(_)))
            .map(|(_, v)| *v)
            .collect();
        let given = crate::pieces::Given {
            values: &values,
            format,
        };
        crate::pieces::write(pieces, &given, out);
        return;
    }
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
                let value = value.or(p.default).unwrap_or_default();
                push_segment(out, value, p.requirement.is_some());
            }
            Segment::Glob(_) => {
                out.push('/');
                push_glob(out, value.unwrap_or_default());
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
        push_format(out, route.format(), format);
    }
}

/// How many bytes [`push_format`] writes.
pub(crate) fn format_len(format: Format, value: &str) -> usize {
    if format == Format::None {
        "?format=".len() + query_component_len(value)
    } else {
        1 + segment_len(value, false)
    }
}

pub(crate) fn push_format(out: &mut String, format: Format, value: &str) {
    if format == Format::None {
        out.push_str("?format=");
        push_query_component(out, value);
    } else {
        out.push('.');
        push_segment(out, value, false);
    }
}
