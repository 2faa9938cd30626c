//! The answer of recognition: the route taken and its params, as slices of the path.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::error::ParamError;
use crate::found::Found;
use crate::path::Bound;
use crate::route::{Route, Segment};
use crate::value::Value;

/// A recognised request: the route it took, its controller and action, and its path params.
///
/// It borrows the path it was recognised from (`'p`): each value is a slice of it, percent-
/// decoded into a buffer of the answer's own only when the path holds an escape, so
/// recognising a path without escapes allocates nothing. [`into_owned`](Self::into_owned)
/// gives an answer that outlives the path.
///
/// ```
/// use http::Method;
///
/// mod routes {
///     resourceful::routes! { resources(articles) { resources(comments); } }
/// }
/// let path = format!("/articles/{}/comments/my%20first.json?page=2", 7);
/// let found = routes::ROUTES.recognize(&Method::GET, &path).unwrap();
/// assert_eq!(found.controller(), "comments");
/// assert_eq!(found.action(), "show");
/// assert_eq!(found.param("id"), Some("my first"));
/// assert_eq!(
///     found.params().collect::<Vec<_>>(),
///     [("article_id", "7"), ("id", "my first"), ("format", "json")]
/// );
/// assert_eq!(found.parse::<u32>("article_id"), Ok(7));
/// assert_eq!(found.route_name(), Some("article_comment"));
///
/// let kept = found.into_owned();
/// drop(path);
/// assert_eq!(kept.format(), Some("json"));
/// ```
#[derive(Clone)]
pub struct Recognized<'s, 'p> {
    route: &'s Route,
    /// The route's controller, or the one of the route set's that the path named.
    controller: &'s &'static str,
    /// The path, or its segments decoded with where the values lie.
    text: Text<'p>,
    /// A word, not a `u32`: the copy of an answer reads it as a word, and would wait for a
    /// narrower store to reach the cache (see the `recognizer` module).
    index: usize,
    /// Where the route's values lie in the text, as the matcher found them.
    found: Found,
}

/// What an answer's values are read from, where its [`Found`] says they lie.
#[derive(Debug, Clone)]
pub(crate) enum Text<'p> {
    /// The path recognised, which has no escapes.
    Path(&'p str),
    /// A copy of such a path, the answer's own.
    Copied(Arc<str>),
    /// The path's segments decoded, with where the values lie in them.
    Decoded(Arc<DecodedText>),
}

/// A path with escapes, its segments decoded one `/` apart, and where the route's values lie
/// in that text, as the matcher found them (its segments may hold a `/` of their own, so they
/// are not found again by splitting it).
#[derive(Debug)]
pub(crate) struct DecodedText {
    pub(crate) text: String,
    pub(crate) found: Found,
}

impl Text<'_> {
    #[inline]
    fn as_str(&self) -> &str {
        match self {
            Text::Path(path) => path,
            Text::Copied(text) => text,
            Text::Decoded(decoded) => &decoded.text,
        }
    }
}

impl<'s, 'p> Recognized<'s, 'p> {
    /// The answer for route number `index`, `route`, sending to `controller`, read from
    /// `text`; `split` when the route took the last segment as `VALUE.FORMAT`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(
        route: &'s Route,
        index: usize,
        controller: &'s &'static str,
        text: Text<'p>,
        found: Found,
    ) -> Self {
        Recognized {
            route,
            controller,
            text,
            index,
            found,
        }
    }

    #[inline]
    fn slice(&self, bound: Bound) -> &str {
        let (start, end) = bound.range();
        self.text.as_str().get(start..end).unwrap_or_default()
    }

    /// The text the values lie in.
    pub(crate) fn text_str(&self) -> &str {
        self.text.as_str()
    }

    /// Where the route's values lie, as the matcher found them.
    #[inline]
    pub(crate) fn found(&self) -> &Found {
        &self.found
    }

    /// The controller that handles the request (`admin/users` in a namespace).
    #[inline]
    pub fn controller(&self) -> &'static str {
        self.controller
    }

    /// [`controller`](Self::controller), as the route set holds it.
    pub(crate) fn controller_ref(&self) -> &'s &'static str {
        self.controller
    }

    /// The action that handles the request.
    #[inline]
    pub fn action(&self) -> &str {
        match self.action_bound(&self.found) {
            Some(bound) => self.slice(bound),
            None => self.route.default_action(),
        }
    }

    /// Where the action lies by `found`, when the path names it.
    #[inline]
    fn action_bound(&self, found: &Found) -> Option<Bound> {
        let slot = self.route.layout.action?;
        found.slot(usize::from(slot))
    }

    /// The percent-decoded value of path param `name` (`format` included), or the default the
    /// route gives it.
    #[inline]
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params()
            .find(|&(param, _)| param == name)
            .map(|(_, value)| value)
    }

    /// The path params in path order (a param the path leaves out with its default, a glob
    /// as the rest of the path), then `format` when present, then the route's defaults for
    /// keys its pattern does not have; controller and action are not among them.
    #[inline]
    pub fn params(&self) -> ParamIter<'_> {
        self.params_in(self.text.as_str(), &self.found)
    }

    /// The params, with their values in `text` where `found` says they lie.
    #[inline]
    fn params_in<'a>(&'a self, text: &'a str, found: &'a Found) -> ParamIter<'a> {
        ParamIter {
            places: self.route.path_spec().params.iter(),
            segments: self.route.segments(),
            k: 0,
            found,
            tail: found.format().is_some() || self.route.layout.defaults_given,
            format_done: false,
            route: self.route,
            defaults: self.route.defaults.iter(),
            text,
        }
    }

    /// The format the path asked for (`xml` in `/articles/1.xml`), or the route's default.
    #[inline]
    pub fn format(&self) -> Option<&str> {
        // A mount's matcher keeps the rest of its path there.
        if self.route.target() == crate::route::RouteTarget::Mount {
            return None;
        }
        match self.found().format() {
            Some(bound) => Some(self.slice(bound)),
            None => self.route.layout.format_default.flatten(),
        }
    }

    /// Param `name` parsed as a `T`: `found.parse::<u64>("id")`.
    ///
    /// # Errors
    ///
    /// [`ParamError::Invalid`] when the value does not parse (a 404: the path names nothing),
    /// [`ParamError::Missing`] when the route has no such param (a 500: a mistake in the code
    /// asking, which also fails a debug assertion, so that tests find it).
    pub fn parse<T: FromStr>(&self, name: &str) -> Result<T, ParamError> {
        let Some(value) = self.param(name) else {
            let error = ParamError::Missing {
                name: name.to_owned(),
                pattern: self.route.pattern(),
                params: self.route_params(),
            };
            debug_assert!(false, "{error}");
            return Err(error);
        };
        value.parse().map_err(|_| ParamError::Invalid {
            name: name.to_owned(),
            value: value.to_owned(),
        })
    }

    /// Every param the route can have, `format` included.
    fn route_params(&self) -> Vec<&'static str> {
        let mut params: Vec<&'static str> = self.route.param_names().collect();
        if self.route.takes_format() || self.route.layout.format_default.is_some() {
            params.push("format");
        }
        params.extend(
            self.route
                .defaults
                .iter()
                .filter(|(key, value)| *key != "format" && value.is_some())
                .map(|(key, _)| *key),
        );
        params
    }

    /// The name of the route taken, if it has one.
    pub fn route_name(&self) -> Option<&'s str> {
        self.route.name()
    }

    /// The route taken.
    pub fn route(&self) -> &'s Route {
        self.route
    }

    /// The answer with its own copy of the path, so that it outlives the path: to keep in a
    /// request's extensions, say.
    pub fn into_owned(self) -> Recognized<'s, 'static> {
        let text = match &self.text {
            Text::Path(path) => Text::Copied(Arc::from(*path)),
            Text::Copied(text) => Text::Copied(Arc::clone(text)),
            Text::Decoded(decoded) => Text::Decoded(Arc::clone(decoded)),
        };
        self.with_text(text)
    }

    /// The answer without the path it was read from, to keep beside that path.
    pub(crate) fn detach(self) -> Detached<'s> {
        let decoded = match &self.text {
            Text::Decoded(decoded) => Some(Arc::clone(decoded)),
            Text::Path(_) | Text::Copied(_) => None,
        };
        Detached {
            found: self.with_text(Text::Path("")),
            decoded,
        }
    }

    fn with_text<'q>(self, text: Text<'q>) -> Recognized<'s, 'q> {
        Recognized {
            route: self.route,
            controller: self.controller,
            text,
            index: self.index,
            found: self.found,
        }
    }

    /// The place of the route taken in its route set.
    pub(crate) fn index(&self) -> usize {
        self.index
    }

    /// The value at `bound`, borrowed from the path unless it was decoded.
    pub(crate) fn value_at(&self, bound: Bound) -> Value<'p> {
        match &self.text {
            Text::Path(path) => slice(path, Some(path), bound),
            Text::Copied(text) => slice(text, None, bound),
            Text::Decoded(decoded) => slice(&decoded.text, None, bound),
        }
    }
}

/// The value at `bound` of `text`: a slice of the path when `text` is it (`path`), else a
/// copy, since `text` is then a buffer that does not outlive the answer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn slice<'p>(text: &str, path: Option<&'p str>, bound: Bound) -> Value<'p> {
    let (start, end) = bound.range();
    match path {
        Some(path) => Value::from(path.get(start..end).unwrap_or_default()),
        None => Value::from(text.get(start..end).unwrap_or_default().to_owned()),
    }
}

/// A recognised request without the path it was read from (unless the path had escapes, whose
/// decoded values it keeps): what a layer keeps beside the request, whose URI holds the path.
#[derive(Debug, Clone)]
pub(crate) struct Detached<'s> {
    found: Recognized<'s, 'static>,
    decoded: Option<Arc<DecodedText>>,
}

impl<'s> Detached<'s> {
    /// The answer again, reading `path`, which must be the path it was recognised from.
    pub(crate) fn attach<'p>(&self, path: &'p str) -> Recognized<'s, 'p> {
        let text = match &self.decoded {
            Some(decoded) => Text::Decoded(Arc::clone(decoded)),
            None => Text::Path(path),
        };
        self.found.clone().with_text(text)
    }

    /// The params, read from `path` unless they were decoded.
    #[inline]
    pub(crate) fn params<'a>(&'a self, path: &'a str) -> ParamIter<'a> {
        let (text, found) = self.source(path);
        self.found.params_in(text, found)
    }

    /// The action, read from `path` unless it was decoded.
    #[inline]
    pub(crate) fn action<'a>(&'a self, path: &'a str) -> &'a str {
        let (text, found) = self.source(path);
        match self.found.action_bound(found) {
            Some(bound) => {
                let (start, end) = bound.range();
                text.get(start..end).unwrap_or_default()
            }
            None => self.found.route.default_action(),
        }
    }

    /// The text the values are read from, `path` unless they were decoded, and where they
    /// lie in it.
    #[inline]
    fn source<'a>(&'a self, path: &'a str) -> (&'a str, &'a Found) {
        match &self.decoded {
            Some(decoded) => (decoded.text.as_str(), &decoded.found),
            None => (path, &self.found.found),
        }
    }

    pub(crate) fn found(&self) -> &Recognized<'s, 'static> {
        &self.found
    }
}

/// The path params of a [`Recognized`]: its params in path order, `format`, then the route's
/// defaults for keys its pattern does not have.
#[derive(Debug, Clone)]
pub struct ParamIter<'a> {
    /// The places among the route's segments of the values not yet looked at.
    places: std::slice::Iter<'static, u16>,
    /// The route's segments, at those places.
    segments: &'static [Segment],
    /// The slot of the next dynamic segment.
    k: usize,
    /// Where the values lie, read in place (a copy would be 80 bytes per `params()`).
    found: &'a Found,
    /// Whether a format or a default may follow the path's values: the path gave a format,
    /// or a default of the route gives a param. Known when the iterator is made, so that the
    /// common end (neither) costs one test, not reads of the route's layout and `found`. A
    /// lookup on the scaling table of 10 routes with its params summed (a scratch crate, fat
    /// LTO, `fold` below in both): 16.5-16.95 ns without the flag, 16.0-16.1 with it.
    tail: bool,
    format_done: bool,
    route: &'a Route,
    /// The route's defaults not yet looked at.
    defaults: std::slice::Iter<'static, (&'static str, Option<&'static str>)>,
    text: &'a str,
}

impl<'a> ParamIter<'a> {
    #[inline]
    fn slice(&self, bound: Bound) -> &'a str {
        let (start, end) = bound.range();
        self.text.get(start..end).unwrap_or_default()
    }

    /// The next of the path's values (or a param's default where the path left it out).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value(&mut self) -> Option<(&'a str, &'a str)> {
        for &place in self.places.by_ref() {
            let (param, glob) = match self.segments.get(usize::from(place)) {
                Some(Segment::Param(param)) => (param, false),
                Some(Segment::Glob(param)) => (param, true),
                Some(Segment::Action { .. }) => {
                    self.k += 1;
                    continue;
                }
                Some(Segment::Static(_) | Segment::Controller { .. }) | None => continue,
            };
            let k = self.k;
            self.k += 1;
            match self.found.slot(k) {
                Some(bound) => return Some((param.name, self.slice(bound))),
                // A glob the path ends before is empty (Rails 2.3); a `draw!` glob (written
                // piece by piece) left out with its group is no param (Rails 3 and later).
                None if glob && self.route.path_spec().pieces.is_empty() => {
                    return Some((param.name, ""));
                }
                None if glob => {}
                None => {
                    if let Some(default) = param.default {
                        return Some((param.name, default));
                    }
                }
            }
        }
        None
    }

    /// The next of the format and the defaults that give params, after the path's values.
    #[inline]
    fn rest(&mut self) -> Option<(&'a str, &'a str)> {
        if !self.format_done {
            self.format_done = true;
            // A mount's matcher keeps the rest of its path where a format would be.
            let mount = self.route.target() == crate::route::RouteTarget::Mount;
            let format = match self.found.format().filter(|_| !mount) {
                Some(bound) => Some(self.slice(bound)),
                None => self.route.layout.format_default.flatten(),
            };
            if let Some(format) = format {
                return Some(("format", format));
            }
        }
        if !self.route.layout.other_defaults {
            return None;
        }
        self.defaults.find_map(|&(key, value)| match value {
            Some(value) if key != "format" => Some((key, value)),
            _ => None,
        })
    }
}

impl<'a> Iterator for ParamIter<'a> {
    type Item = (&'a str, &'a str);

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next(&mut self) -> Option<Self::Item> {
        match self.value() {
            Some(param) => Some(param),
            None if self.tail => self.rest(),
            None => None,
        }
    }

    /// The path's values in one loop, then the format and defaults if `tail` says any may
    /// follow: what `sum`, `count` and `for_each` go through. Through `next` (the default
    /// `fold`), LLVM wove the two parts into one loop around the caller's: in the scratch
    /// crate above, 17.0-17.4 ns a lookup with the flag tested in `next`, 16.0-16.1 with this.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        let mut acc = init;
        while let Some(param) = self.value() {
            acc = f(acc, param);
        }
        if self.tail {
            while let Some(param) = self.rest() {
                acc = f(acc, param);
            }
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.clone().count();
        (n, Some(n))
    }
}

impl ExactSizeIterator for ParamIter<'_> {}

impl fmt::Debug for Recognized<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recognized")
            .field("controller", &self.controller())
            .field("action", &self.action())
            .field("params", &self.params().collect::<Vec<_>>())
            .field("route", &self.route.pattern())
            .finish()
    }
}

impl PartialEq for Recognized<'_, '_> {
    /// The same route, controller, action and params.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.route, other.route)
            && self.controller == other.controller
            && self.action() == other.action()
            && self.params().eq(other.params())
    }
}

impl Eq for Recognized<'_, '_> {}
