use std::fmt;

use smallvec::SmallVec;

use crate::Route;

/// Bytes of param values kept inline before spilling to the heap.
const INLINE_TEXT: usize = 96;
/// Params kept inline before spilling to the heap.
const INLINE_PARAMS: usize = 6;
/// The slot of the format, which is no segment of the route.
const FORMAT: u16 = u16::MAX;

/// A recognised request: the route it took, its controller and action, and its path params.
///
/// It owns its values (copied, percent-decoded, into an inline buffer), so it outlives the
/// path it was recognised from, and recognising a path without percent-escapes does not
/// allocate when the part of it from the first value on fits the buffer (96 bytes).
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
    /// Each param's segment (its index in the route's segments, or `FORMAT`) and value range.
    params: SmallVec<[(u16, u32, u32); INLINE_PARAMS]>,
    /// Every value, one after the other.
    text: Text,
}

/// A string kept inline up to `INLINE_TEXT` bytes, on the heap beyond.
#[derive(Clone)]
enum Text {
    Inline { len: u8, bytes: [u8; INLINE_TEXT] },
    Heap(String),
}

impl Text {
    fn len(&self) -> usize {
        match self {
            Text::Inline { len, .. } => usize::from(*len),
            Text::Heap(string) => string.len(),
        }
    }

    fn push(&mut self, value: &str) {
        match self {
            Text::Inline { len, bytes } => {
                let start = usize::from(*len);
                let end = start + value.len();
                match bytes.get_mut(start..end) {
                    Some(room) => {
                        room.copy_from_slice(value.as_bytes());
                        // `end` fits the buffer, which is shorter than 256 bytes.
                        *len = end as u8;
                    }
                    None => {
                        let mut string = String::with_capacity(end.max(2 * INLINE_TEXT));
                        string.push_str(self.as_str());
                        string.push_str(value);
                        *self = Text::Heap(string);
                    }
                }
            }
            Text::Heap(string) => string.push_str(value),
        }
    }

    fn as_str(&self) -> &str {
        match self {
            Text::Inline { len, bytes } => {
                let bytes = &bytes[..usize::from(*len)];
                debug_assert!(std::str::from_utf8(bytes).is_ok());
                // SAFETY: the inline bytes only ever receive whole `str`s (`push`), one after
                // the other, so the first `len` of them are valid UTF-8.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Text::Heap(string) => string,
        }
    }
}

impl<'a> Recognized<'a> {
    #[inline]
    pub(crate) fn new(route: &'a Route, controller: &'a str) -> Self {
        Recognized {
            route,
            controller,
            action: None,
            params: SmallVec::new(),
            text: Text::Inline {
                len: 0,
                bytes: [0; INLINE_TEXT],
            },
        }
    }

    /// Appends `value` to the values, returning where it lies among them.
    fn push_text(&mut self, value: &str) -> (usize, usize) {
        let start = self.text.len();
        self.text.push(value);
        (start, self.text.len())
    }

    /// Starts the values with `span`, a stretch of the path that holds every value still to be
    /// added by [`push_range`](Self::push_range): one copy instead of one per value.
    #[inline]
    pub(crate) fn set_span(&mut self, span: &str) {
        self.text.push(span);
    }

    /// Adds the value of the route's segment number `slot`, found at `start..end` of the values.
    #[inline]
    pub(crate) fn push_range(&mut self, slot: usize, start: usize, end: usize) {
        let slot = u16::try_from(slot).unwrap_or(FORMAT - 1);
        self.params.push((slot, to_u32(start), to_u32(end)));
    }

    /// Adds the format, found at `start..end` of the values.
    #[inline]
    pub(crate) fn push_format_range(&mut self, start: usize, end: usize) {
        self.params.push((FORMAT, to_u32(start), to_u32(end)));
    }

    /// Sets the action read from the path, found at `start..end` of the values.
    #[inline]
    pub(crate) fn set_action_range(&mut self, start: usize, end: usize) {
        self.action = Some((to_u32(start), to_u32(end)));
    }

    /// Adds the value of the route's segment number `slot`.
    pub(crate) fn push_param(&mut self, slot: usize, value: &str) {
        let (start, end) = self.push_text(value);
        self.push_range(slot, start, end);
    }

    pub(crate) fn push_format(&mut self, value: &str) {
        let (start, end) = self.push_text(value);
        self.push_format_range(start, end);
    }

    fn name(&self, slot: u16) -> &'static str {
        match slot {
            FORMAT => "format",
            _ => self
                .route
                .segments()
                .get(usize::from(slot))
                .and_then(|s| s.param_name())
                .unwrap_or_default(),
        }
    }

    pub(crate) fn set_action(&mut self, action: &str) {
        let (start, end) = self.push_text(action);
        self.set_action_range(start, end);
    }

    fn slice(&self, (start, end): (u32, u32)) -> &str {
        self.text
            .as_str()
            .get(start as usize..end as usize)
            .unwrap_or_default()
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
            .find(|&&(slot, _, _)| self.name(slot) == name)
            .map(|&(_, start, end)| self.slice((start, end)))
    }

    /// The path params in path order, `format` last when present; controller and action are
    /// not among them.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.params
            .iter()
            .map(|&(slot, start, end)| (self.name(slot), self.slice((start, end))))
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
