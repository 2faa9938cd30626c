//! Generation from params: [`UrlFor`], Rails' `url_for`, and the host of full URLs
//! ([`UrlOptions`]). The helpers `routes!` writes build theirs in `helper`.

use std::fmt;

use crate::encode::{push_query_component, push_segment, query_component_len, segment_len};
use crate::requirement::Requirements;
use crate::route::{Format, Param, Route};
use crate::to_param::ToParam;

mod generate;

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
