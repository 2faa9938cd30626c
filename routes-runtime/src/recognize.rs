//! Recognition: from a method and a path to the first route that takes both.
//!
//! A path is cut at its query, one trailing `/` is dropped, it is split on `/`, and only then is
//! each segment percent-decoded, so `%2F` never splits a segment and `%2E` never starts a
//! format. The last segment is read twice when it has a raw `.`: whole, and as a value followed
//! by `.FORMAT`; a route tries the whole reading first (so a requirement that allows dots
//! keeps them, as in Rails) and the split one second.

use std::borrow::Cow;

use http::Method;

use crate::encode::decode_segment;
use crate::route::{Format, Route, Segment};
use crate::route_set::Compiled;
use crate::{RouteSet, RoutingError};

/// One decoded path segment.
#[derive(Debug, Clone)]
pub(crate) struct Seg<'p> {
    pub(crate) text: Cow<'p, str>,
    /// The raw segment has a `.`, which a dynamic segment without requirement refuses.
    pub(crate) raw_dot: bool,
}

impl<'p> Seg<'p> {
    fn decode(raw: &'p str) -> Result<Self, ()> {
        Ok(Seg {
            text: decode_segment(raw).map_err(drop)?,
            raw_dot: raw.contains('.'),
        })
    }
}

/// A request path cut into decoded segments.
#[derive(Debug)]
pub(crate) struct Request<'p> {
    pub(crate) path: &'p str,
    pub(crate) segs: Vec<Seg<'p>>,
    /// The last segment read as `VALUE.FORMAT`, split at its last raw `.`.
    pub(crate) split: Option<(Seg<'p>, Cow<'p, str>)>,
}

/// The part of `path` before any query or fragment.
pub(crate) fn strip_query(path: &str) -> &str {
    path.find(['?', '#']).map_or(path, |end| &path[..end])
}

impl<'p> Request<'p> {
    pub(crate) fn parse(path: &'p str) -> Result<Self, RoutingError> {
        let path = strip_query(path);
        let bad = || RoutingError::BadRequest {
            path: path.to_owned(),
            reason: "a percent-escape does not decode to UTF-8",
        };
        let body = path.strip_prefix('/').unwrap_or(path);
        let body = body.strip_suffix('/').unwrap_or(body);
        let mut segs = Vec::new();
        let mut split = None;
        if !body.is_empty() {
            for raw in body.split('/') {
                segs.push(Seg::decode(raw).map_err(|()| bad())?);
            }
            let last = body.rsplit('/').next().unwrap_or(body);
            if let Some((base, format)) = last.rsplit_once('.')
                && !base.is_empty()
                && !format.is_empty()
            {
                let base = Seg::decode(base).map_err(|()| bad())?;
                let format = decode_segment(format).map_err(|_| bad())?;
                split = Some((base, format));
            }
        }
        Ok(Request { path, segs, split })
    }
}

/// What matching a route captured, borrowing from the request.
#[derive(Debug, Default)]
pub(crate) struct Captures<'p> {
    pub(crate) params: Vec<(&'static str, Cow<'p, str>)>,
    pub(crate) controller: Option<&'static str>,
    pub(crate) action: Option<Cow<'p, str>>,
}

/// Matches one route against a request.
pub(crate) fn match_route<'p>(
    route: &Route,
    request: &Request<'p>,
    compiled: &Compiled,
) -> Option<Captures<'p>> {
    let whole = || walk_all(route, &request.segs, None, compiled);
    let split = || {
        let (base, format) = request.split.as_ref()?;
        let mut captures = walk_all(route, &request.segs, Some(base), compiled)?;
        captures.params.push(("format", format.clone()));
        Some(captures)
    };
    match route.format() {
        Format::None => whole(),
        Format::Optional => whole().or_else(split),
        Format::Required => split(),
    }
}

fn walk_all<'p>(
    route: &Route,
    segs: &[Seg<'p>],
    last: Option<&Seg<'p>>,
    compiled: &Compiled,
) -> Option<Captures<'p>> {
    let walker = Walker {
        pattern: route.segments(),
        segs,
        last,
        compiled,
    };
    let mut captures = Captures::default();
    walker.walk(0, 0, &mut captures).then_some(captures)
}

struct Walker<'a, 'p> {
    pattern: &'static [Segment],
    segs: &'a [Seg<'p>],
    last: Option<&'a Seg<'p>>,
    compiled: &'a Compiled,
}

impl<'p> Walker<'_, 'p> {
    fn seg(&self, i: usize) -> &Seg<'p> {
        match self.last {
            Some(last) if i + 1 == self.segs.len() => last,
            _ => &self.segs[i],
        }
    }

    fn value_ok(&self, requirement: Option<&str>, seg: &Seg<'_>) -> bool {
        !seg.text.is_empty()
            && match requirement {
                None => !seg.raw_dot,
                Some(source) => self.compiled.requirements.matches(source, &seg.text),
            }
    }

    fn walk(&self, pi: usize, si: usize, captures: &mut Captures<'p>) -> bool {
        let Some(segment) = self.pattern.get(pi) else {
            return si == self.segs.len();
        };
        let exhausted = si == self.segs.len();
        match *segment {
            Segment::Static(text) => {
                !exhausted && self.seg(si).text == text && self.walk(pi + 1, si + 1, captures)
            }
            Segment::Param(param) => {
                if exhausted {
                    return param.optional && self.walk(pi + 1, si, captures);
                }
                let seg = self.seg(si);
                if !self.value_ok(param.requirement, seg) {
                    return false;
                }
                captures.params.push((param.name, seg.text.clone()));
                self.walk(pi + 1, si + 1, captures) || {
                    captures.params.pop();
                    false
                }
            }
            Segment::Action { optional } => {
                if exhausted {
                    return optional && self.walk(pi + 1, si, captures);
                }
                let seg = self.seg(si);
                if !self.value_ok(None, seg) {
                    return false;
                }
                captures.action = Some(seg.text.clone());
                self.walk(pi + 1, si + 1, captures) || {
                    captures.action = None;
                    false
                }
            }
            Segment::Controller { namespace } => {
                for &controller in self.compiled.controllers_under(namespace) {
                    let parts = controller[namespace.len()..].split('/');
                    let count = parts.clone().count();
                    let fits = si + count <= self.segs.len()
                        && parts
                            .enumerate()
                            .all(|(k, part)| self.seg(si + k).text == part);
                    if fits {
                        captures.controller = Some(controller);
                        if self.walk(pi + 1, si + count, captures) {
                            return true;
                        }
                        captures.controller = None;
                    }
                }
                false
            }
        }
    }
}

/// Where matching stands after the routes were tried in order.
pub(crate) enum Outcome<'p> {
    Matched(usize, Captures<'p>),
    /// Routes matched the path, but not with this method; these are their methods.
    WrongMethod(Vec<Method>),
    NoMatch,
}

/// The reference recogniser: every route in declaration order, the first that takes both the
/// path and the method wins.
pub(crate) fn linear<'p>(set: &RouteSet, method: &Method, request: &Request<'p>) -> Outcome<'p> {
    let compiled = set.compiled();
    let mut allowed: Vec<Method> = Vec::new();
    for (index, route) in set.routes().iter().enumerate() {
        let accepts = route.accepts(method);
        if !accepts && route.methods().iter().all(|m| allowed.contains(m)) {
            continue;
        }
        if let Some(captures) = match_route(route, request, compiled) {
            if accepts {
                return Outcome::Matched(index, captures);
            }
            for m in route.methods() {
                if !allowed.contains(m) {
                    allowed.push(m.clone());
                }
            }
        }
    }
    if allowed.is_empty() {
        Outcome::NoMatch
    } else {
        sort_methods(&mut allowed);
        Outcome::WrongMethod(allowed)
    }
}

/// Orders methods as Rails lists them in `Allow`: GET, HEAD, POST, PUT, PATCH, DELETE, then
/// the rest by name.
pub(crate) fn sort_methods(methods: &mut [Method]) {
    const ORDER: [Method; 9] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    methods.sort_by(|a, b| {
        let rank = |m: &Method| ORDER.iter().position(|o| o == m).unwrap_or(ORDER.len());
        rank(a)
            .cmp(&rank(b))
            .then_with(|| a.as_str().cmp(b.as_str()))
    });
}

/// A recognised request: the route it took, its controller and action, and its path params.
///
/// ```
/// use http::Method;
///
/// mod routes {
///     resourceful::routes! { resources(articles) { resources(comments); } }
/// }
/// let found = routes::ROUTES
///     .recognize(&Method::GET, "/articles/7/comments/my%20first.json?page=2")
///     .unwrap();
/// assert_eq!(found.controller(), "comments");
/// assert_eq!(found.action(), "show");
/// assert_eq!(found.param("id"), Some("my first"));
/// assert_eq!(
///     found.params().collect::<Vec<_>>(),
///     [("article_id", "7"), ("id", "my first"), ("format", "json")]
/// );
/// assert_eq!(found.route_name(), Some("article_comment"));
/// ```
#[derive(Debug, Clone)]
pub struct Recognized<'a> {
    route: &'a Route,
    controller: &'a str,
    action: Cow<'a, str>,
    params: Vec<(&'a str, String)>,
}

impl<'a> Recognized<'a> {
    pub(crate) fn new(route: &'a Route, captures: Captures<'_>) -> Self {
        Recognized {
            route,
            controller: captures.controller.unwrap_or(route.fixed_controller()),
            action: match captures.action {
                Some(action) => Cow::Owned(action.into_owned()),
                None => Cow::Borrowed(route.default_action()),
            },
            params: captures
                .params
                .into_iter()
                .map(|(name, value)| (name, value.into_owned()))
                .collect(),
        }
    }

    /// The controller that handles the request (`admin/users` in a namespace).
    pub fn controller(&self) -> &str {
        self.controller
    }

    /// The action that handles the request.
    pub fn action(&self) -> &str {
        &self.action
    }

    /// The percent-decoded value of path param `name` (`format` included).
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The path params in path order, `format` last when present; controller and action are
    /// not among them.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.params.iter().map(|(n, v)| (*n, v.as_str()))
    }

    /// The format the path asked for (`xml` in `/articles/1.xml`).
    pub fn format(&self) -> Option<&str> {
        self.param("format")
    }

    /// The name of the route taken, if it has one.
    pub fn route_name(&self) -> Option<&'a str> {
        self.route.name()
    }

    /// The route taken.
    pub fn route(&self) -> &'a Route {
        self.route
    }
}

/// Drives recognition for [`RouteSet::recognize`].
pub(crate) fn recognize<'a>(
    set: &'a RouteSet,
    method: &Method,
    path: &str,
) -> Result<Recognized<'a>, RoutingError> {
    let request = Request::parse(path)?;
    match linear(set, method, &request) {
        Outcome::Matched(index, captures) => Ok(Recognized::new(&set.routes()[index], captures)),
        Outcome::WrongMethod(allowed) => Err(RoutingError::MethodNotAllowed {
            method: method.clone(),
            path: request.path.to_owned(),
            allowed,
        }),
        Outcome::NoMatch => Err(RoutingError::NotFound {
            method: method.clone(),
            path: request.path.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(path: &str) -> (Vec<String>, Option<(String, String)>) {
        let request = Request::parse(path).unwrap();
        (
            request.segs.iter().map(|s| s.text.to_string()).collect(),
            request
                .split
                .map(|(base, format)| (base.text.into_owned(), format.into_owned())),
        )
    }

    #[test]
    fn request_paths_are_cut_then_decoded() {
        type Case<'a> = (&'a str, &'a [&'a str], Option<(&'a str, &'a str)>);
        let cases: &[Case] = &[
            ("/", &[], None),
            ("", &[], None),
            ("/articles/", &["articles"], None),
            ("articles", &["articles"], None),
            ("/articles?x=/y.z", &["articles"], None),
            ("/a%2Fb/c", &["a/b", "c"], None),
            ("/a/b.xml", &["a", "b.xml"], Some(("b", "xml"))),
            ("/a/b%2Exml", &["a", "b.xml"], None),
            ("/a/1.2.3", &["a", "1.2.3"], Some(("1.2", "3"))),
            ("/a/.xml", &["a", ".xml"], None),
            ("/a/b.", &["a", "b."], None),
            ("/a//b", &["a", "", "b"], None),
            ("//", &[], None),
            ("/a#frag", &["a"], None),
        ];
        for (path, segs, split) in cases {
            let (got_segs, got_split) = texts(path);
            assert_eq!(got_segs, *segs, "segments of {path:?}");
            assert_eq!(
                got_split,
                split.map(|(b, f)| (b.to_owned(), f.to_owned())),
                "format split of {path:?}"
            );
        }
    }

    #[test]
    fn undecodable_paths_are_bad_requests() {
        for path in ["/%FF", "/a/%C3%28", "/a/b.%FF"] {
            let err = Request::parse(path).unwrap_err();
            assert!(
                matches!(err, RoutingError::BadRequest { .. }),
                "{path}: {err}"
            );
        }
    }

    #[test]
    fn allowed_methods_follow_rails_order() {
        let mut methods = vec![
            Method::DELETE,
            Method::from_bytes(b"PURGE").unwrap(),
            Method::PATCH,
            Method::GET,
            Method::PUT,
            Method::POST,
        ];
        sort_methods(&mut methods);
        let names: Vec<_> = methods.iter().map(Method::as_str).collect();
        assert_eq!(names, ["GET", "POST", "PUT", "PATCH", "DELETE", "PURGE"]);
    }
}
