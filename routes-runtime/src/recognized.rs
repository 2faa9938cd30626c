use std::fmt;

use smallvec::SmallVec;

use crate::Route;

/// Bytes of param values kept inline before spilling to the heap.
const INLINE_TEXT: usize = 128;
/// Params kept inline before spilling to the heap.
const INLINE_PARAMS: usize = 5;

/// A recognised request: the route it took, its controller and action, and its path params.
///
/// It owns its values (copied, percent-decoded, into an inline buffer), so it outlives the
/// path it was recognised from, and recognising a path without percent-escapes whose values
/// fit the buffer does not allocate.
///
/// ```
/// use http::Method;
///
/// mod routes {
///     resourceful::routes! { resources(articles) { resources(comments); } }
/// }
/// let found = routes::ROUTES
///     .recognize(&Method::GET, &format!("/articles/{}/comments/my%20first.json?page=2", 7))
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
#[derive(Clone)]
pub struct Recognized<'a> {
    route: &'a Route,
    controller: &'a str,
    /// The action read from the path, as a range of `text`.
    action: Option<(u32, u32)>,
    params: SmallVec<[(&'static str, u32, u32); INLINE_PARAMS]>,
    /// Every value, one after the other: a concatenation of `str`s.
    text: SmallVec<[u8; INLINE_TEXT]>,
}

impl<'a> Recognized<'a> {
    pub(crate) fn new(route: &'a Route, controller: &'a str) -> Self {
        Recognized {
            route,
            controller,
            action: None,
            params: SmallVec::new(),
            text: SmallVec::new(),
        }
    }

    fn push_text(&mut self, value: &str) -> (u32, u32) {
        let start = self.text.len();
        self.text.extend_from_slice(value.as_bytes());
        (to_u32(start), to_u32(self.text.len()))
    }

    pub(crate) fn push_param(&mut self, name: &'static str, value: &str) {
        let (start, end) = self.push_text(value);
        self.params.push((name, start, end));
    }

    pub(crate) fn set_action(&mut self, action: &str) {
        self.action = Some(self.push_text(action));
    }

    fn slice(&self, (start, end): (u32, u32)) -> &str {
        let bytes = self
            .text
            .get(start as usize..end as usize)
            .unwrap_or_default();
        // The buffer only ever receives whole `str`s, so each range is valid UTF-8.
        std::str::from_utf8(bytes).unwrap_or_default()
    }

    /// The controller that handles the request (`admin/users` in a namespace).
    pub fn controller(&self) -> &str {
        self.controller
    }

    /// The action that handles the request.
    pub fn action(&self) -> &str {
        match self.action {
            Some(range) => self.slice(range),
            None => self.route.default_action(),
        }
    }

    /// The percent-decoded value of path param `name` (`format` included).
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, start, end)| self.slice((start, end)))
    }

    /// The path params in path order, `format` last when present; controller and action are
    /// not among them.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.params
            .iter()
            .map(|&(name, start, end)| (name, self.slice((start, end))))
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

/// Offsets into the value buffer; a path is far shorter than 4 GiB once it got this far, but
/// should one not be, offsets saturate (and the values read back empty) rather than wrap.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl fmt::Debug for Recognized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recognized")
            .field("controller", &self.controller())
            .field("action", &self.action())
            .field("params", &self.params().collect::<Vec<_>>())
            .field("route", &self.route.pattern())
            .finish()
    }
}

impl PartialEq for Recognized<'_> {
    /// The same route, controller, action and params.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.route, other.route)
            && self.controller == other.controller
            && self.action() == other.action()
            && self.params().eq(other.params())
    }
}

impl Eq for Recognized<'_> {}
