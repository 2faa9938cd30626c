use std::fmt;

use crate::Route;

/// Bytes of param values kept inline before spilling to the heap.
const INLINE_TEXT: usize = 72;
/// Params kept inline before spilling to the heap.
const INLINE_PARAMS: usize = 6;
/// The slot of the format, which is no segment of the route.
const FORMAT: usize = usize::MAX;
/// An inline slot or offset that is none: the format's slot, or no action read from the path.
const NO: u8 = u8::MAX;

/// A recognised request: the route it took, its controller and action, and its path params.
///
/// It owns its values (copied, percent-decoded, into an inline buffer), so it outlives the
/// path it was recognised from, and recognising a path without percent-escapes does not
/// allocate when the part of it from the first value on fits the buffer (72 bytes) and the
/// route has at most six params.
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
    values: Values,
}

/// The values read from the path: the action, when the path names it, and the params, each a
/// range of one text that holds them all.
///
/// Kept inline, with one-byte slots and offsets, while they fit; on the heap beyond (and then
/// the inline part is no longer read). The whole answer stays within 128 bytes, which the
/// compiler moves with a few vector moves instead of a call to `memcpy`.
#[derive(Clone)]
struct Values {
    inline: Inline,
    heap: Option<Box<Heap>>,
}

#[derive(Clone)]
struct Inline {
    len: u8,
    count: u8,
    /// The action's range, or `[NO, NO]`.
    action: [u8; 2],
    /// Each param's slot (`NO` for the format) and range.
    params: [[u8; 3]; INLINE_PARAMS],
    text: [u8; INLINE_TEXT],
}

#[derive(Clone)]
struct Heap {
    action: Option<(usize, usize)>,
    /// Each param's slot (`FORMAT` for the format) and range.
    params: Vec<(usize, usize, usize)>,
    text: String,
}

impl Inline {
    fn text(&self) -> &str {
        let bytes = &self.text[..usize::from(self.len)];
        debug_assert!(std::str::from_utf8(bytes).is_ok());
        // SAFETY: the inline bytes only ever receive whole `str`s (`Values::push_text`), one
        // after the other, so the first `len` of them are valid UTF-8.
        unsafe { std::str::from_utf8_unchecked(bytes) }
    }

    /// The action's range, if the path names it.
    fn action(&self) -> Option<(usize, usize)> {
        match self.action {
            [NO, _] => None,
            [start, end] => Some((usize::from(start), usize::from(end))),
        }
    }

    #[cold]
    fn to_heap(&self) -> Box<Heap> {
        let action = self.action();
        let params = self.params[..usize::from(self.count)]
            .iter()
            .map(|&param| wide(param))
            .collect();
        Box::new(Heap {
            action,
            params,
            text: self.text().to_owned(),
        })
    }
}

/// An inline param as a heap one.
#[inline]
fn wide([slot, start, end]: [u8; 3]) -> (usize, usize, usize) {
    let slot = if slot == NO {
        FORMAT
    } else {
        usize::from(slot)
    };
    (slot, usize::from(start), usize::from(end))
}

impl Values {
    #[inline]
    fn new() -> Self {
        Values {
            inline: Inline {
                len: 0,
                count: 0,
                action: [NO, NO],
                params: [[0; 3]; INLINE_PARAMS],
                text: [0; INLINE_TEXT],
            },
            heap: None,
        }
    }

    /// The values on the heap, moved there first if they were inline.
    fn heap(&mut self) -> &mut Heap {
        let inline = &self.inline;
        self.heap.get_or_insert_with(|| inline.to_heap())
    }

    #[inline]
    fn text(&self) -> &str {
        match &self.heap {
            None => self.inline.text(),
            Some(heap) => &heap.text,
        }
    }

    /// Makes `text` the whole of the values' text, if they have none yet and it is 16 to
    /// `INLINE_TEXT` bytes long.
    #[inline]
    fn copy_whole(&mut self, text: &str) -> bool {
        let inline = &mut self.inline;
        let n = text.len();
        if self.heap.is_some() || inline.len != 0 || !(16..=INLINE_TEXT).contains(&n) {
            return false;
        }
        let bytes = text.as_bytes();
        // Chunks at 0, 16, 32, ... each moved back to end at `n` at the latest: together they
        // cover `text`, overlapping where they were moved.
        for k in 0..INLINE_TEXT.div_ceil(16) {
            let at = (16 * k).min(n - 16);
            if let (Some(to), Some(from)) =
                (inline.text.get_mut(at..at + 16), bytes.get(at..at + 16))
            {
                to.copy_from_slice(from);
            }
        }
        // `n` fits the buffer, which is shorter than 256 bytes.
        inline.len = n as u8;
        true
    }

    /// Appends `value` to the text, returning where it lies in it.
    #[inline]
    fn push_text(&mut self, value: &str) -> (usize, usize) {
        let inline = &mut self.inline;
        let start = usize::from(inline.len);
        let end = start + value.len();
        if self.heap.is_none()
            && let Some(room) = inline.text.get_mut(start..end)
        {
            room.copy_from_slice(value.as_bytes());
            // `end` fits the buffer, which is shorter than 256 bytes.
            inline.len = end as u8;
            return (start, end);
        }
        let text = &mut self.heap().text;
        let start = text.len();
        text.push_str(value);
        (start, text.len())
    }

    /// Adds a param: `slot` (or `FORMAT`) at `start..end` of the text.
    #[inline]
    fn push(&mut self, slot: usize, start: usize, end: usize) {
        let inline = &mut self.inline;
        let small_slot = if slot == FORMAT {
            Some(NO)
        } else {
            small(slot)
        };
        if self.heap.is_none()
            && let (Some(entry), Some(slot), Some(start), Some(end)) = (
                inline.params.get_mut(usize::from(inline.count)),
                small_slot,
                small(start),
                small(end),
            )
        {
            *entry = [slot, start, end];
            inline.count += 1;
            return;
        }
        self.heap().params.push((slot, start, end));
    }

    #[inline]
    fn set_action(&mut self, start: usize, end: usize) {
        if self.heap.is_none()
            && let (Some(start), Some(end)) = (small(start), small(end))
        {
            self.inline.action = [start, end];
            return;
        }
        self.heap().action = Some((start, end));
    }

    #[inline]
    fn action(&self) -> Option<(usize, usize)> {
        match &self.heap {
            Some(heap) => heap.action,
            None => self.inline.action(),
        }
    }

    #[inline]
    fn len(&self) -> usize {
        match &self.heap {
            None => usize::from(self.inline.count),
            Some(heap) => heap.params.len(),
        }
    }

    /// Param `i`'s slot and range.
    #[inline]
    fn param(&self, i: usize) -> (usize, usize, usize) {
        match &self.heap {
            None => wide(self.inline.params.get(i).copied().unwrap_or_default()),
            Some(heap) => heap.params.get(i).copied().unwrap_or_default(),
        }
    }

    /// The text at `start..end`, or `""` should that not be a range of it.
    #[inline]
    fn slice(&self, start: usize, end: usize) -> &str {
        self.text().get(start..end).unwrap_or_default()
    }
}

/// `n` as an inline offset or slot, if it is small enough to be one (and not `NO`).
#[inline]
fn small(n: usize) -> Option<u8> {
    u8::try_from(n).ok().filter(|&n| n != NO)
}

impl<'a> Recognized<'a> {
    #[inline]
    pub(crate) fn new(route: &'a Route, controller: &'a str) -> Self {
        Recognized {
            route,
            controller,
            values: Values::new(),
        }
    }

    /// Starts the values with `text[from..to]`, a stretch of the path that holds every value
    /// still to be added by [`push_range`](Self::push_range): one copy instead of one per
    /// value. Returns what to subtract from a position in `text` to get one among the values.
    ///
    /// A `text` that fits inline is copied whole, sixteen bytes at a time at fixed places,
    /// rather than the stretch by `memcpy`, whose way through depends on the length.
    #[inline]
    pub(crate) fn set_span(&mut self, text: &str, from: usize, to: usize) -> usize {
        if self.values.copy_whole(text) {
            return 0;
        }
        self.values
            .push_text(text.get(from..to).unwrap_or_default());
        from
    }

    /// Adds the value of the route's segment number `slot`, found at `start..end` of the values.
    #[inline]
    pub(crate) fn push_range(&mut self, slot: usize, start: usize, end: usize) {
        // No route has `usize::MAX` segments; should one, its param reads back as the format.
        self.values.push(slot, start, end);
    }

    /// Adds the format, found at `start..end` of the values.
    #[inline]
    pub(crate) fn push_format_range(&mut self, start: usize, end: usize) {
        self.values.push(FORMAT, start, end);
    }

    /// Sets the action read from the path, found at `start..end` of the values.
    #[inline]
    pub(crate) fn set_action_range(&mut self, start: usize, end: usize) {
        self.values.set_action(start, end);
    }

    /// Adds the value of the route's segment number `slot`.
    pub(crate) fn push_param(&mut self, slot: usize, value: &str) {
        let (start, end) = self.values.push_text(value);
        self.push_range(slot, start, end);
    }

    pub(crate) fn push_format(&mut self, value: &str) {
        let (start, end) = self.values.push_text(value);
        self.push_format_range(start, end);
    }

    pub(crate) fn set_action(&mut self, action: &str) {
        let (start, end) = self.values.push_text(action);
        self.set_action_range(start, end);
    }

    #[inline]
    fn name(&self, slot: usize) -> &'static str {
        match slot {
            FORMAT => "format",
            _ => self
                .route
                .segments()
                .get(slot)
                .and_then(|s| s.param_name())
                .unwrap_or_default(),
        }
    }

    /// Param `i`'s name and value.
    #[inline]
    fn param_at(&self, i: usize) -> (&'static str, &str) {
        let (slot, start, end) = self.values.param(i);
        (self.name(slot), self.values.slice(start, end))
    }

    /// The controller that handles the request (`admin/users` in a namespace).
    pub fn controller(&self) -> &str {
        self.controller
    }

    /// The action that handles the request.
    pub fn action(&self) -> &str {
        match self.values.action() {
            Some((start, end)) => self.values.slice(start, end),
            None => self.route.default_action(),
        }
    }

    /// The percent-decoded value of path param `name` (`format` included).
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params()
            .find(|&(param, _)| param == name)
            .map(|(_, value)| value)
    }

    /// The path params in path order, `format` last when present; controller and action are
    /// not among them.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        (0..self.values.len()).map(|i| self.param_at(i))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RouteSet;
    use crate::dynamic::{RouteSpec, route_set};
    use http::Method;

    /// Every length, whether copied whole (16 to 72 bytes) or as the stretch asked for.
    #[test]
    fn spans_read_back_for_every_length() {
        let route = set("/a/:id").routes().first().unwrap();
        for n in 0..=INLINE_TEXT + 8 {
            let text: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            for (from, to) in [(0, n), (n / 3, n), (n / 3, n - n / 4)] {
                let mut found = Recognized::new(route, "pages");
                let base = found.set_span(&text, from, to);
                found.push_range(1, from - base, to - base);
                assert_eq!(found.param("id"), Some(&text[from..to]), "{n} {from}..{to}");
                let whole = (16..=INLINE_TEXT).contains(&n);
                assert_eq!(base, if whole { 0 } else { from }, "{n}");
            }
        }
    }

    #[test]
    fn the_answer_moves_without_memcpy() {
        assert!(std::mem::size_of::<Recognized<'_>>() <= 128);
    }

    fn set(pattern: &str) -> &'static RouteSet {
        route_set(&[RouteSpec {
            methods: vec![Method::GET],
            pattern: pattern.to_owned(),
            controller: "pages".to_owned(),
            action: "show".to_owned(),
            ..RouteSpec::default()
        }])
        .unwrap()
    }

    /// Values past the inline buffer, more params than it holds, and slots past one byte all
    /// move to the heap and read back the same.
    #[test]
    fn values_that_do_not_fit_inline_read_back_the_same() {
        let long = "x".repeat(INLINE_TEXT + 1);
        let many: String = (0..INLINE_PARAMS + 2).map(|i| format!("/:p{i}")).collect();
        let deep: String = (0..300).map(|i| format!("/s{i}")).collect::<String>() + "/:last";
        let cases = [
            (
                set("/a/:id"),
                format!("/a/{long}"),
                vec![("id", long.clone())],
            ),
            (
                set(&many),
                (0..INLINE_PARAMS + 2).map(|i| format!("/v{i}")).collect(),
                (0..INLINE_PARAMS + 2)
                    .map(|i| {
                        (
                            ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"][i],
                            format!("v{i}"),
                        )
                    })
                    .collect(),
            ),
            (
                set(&deep),
                (0..300).map(|i| format!("/s{i}")).collect::<String>() + "/end",
                vec![("last", "end".to_owned())],
            ),
            (
                set("/a/:id(.:format)"),
                format!("/a/{long}.json"),
                vec![("id", long.clone()), ("format", "json".to_owned())],
            ),
        ];
        for (set, path, want) in cases {
            let found = set.recognize(&Method::GET, &path).unwrap();
            let got: Vec<(&str, String)> = found.params().map(|(k, v)| (k, v.to_owned())).collect();
            assert_eq!(got, want, "{path}");
            assert_eq!(found.action(), "show");
            for (name, value) in &want {
                assert_eq!(found.param(name), Some(value.as_str()));
            }
        }
    }
}
