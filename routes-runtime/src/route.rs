use std::fmt;

use http::Method;

/// One route of a [`RouteSet`](crate::RouteSet): its name, methods, pattern and target.
///
/// Routes are plain constant data built by `routes!`; read them through
/// [`RouteSet::routes`](crate::RouteSet::routes).
///
/// ```
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let show = &routes::ROUTES.routes()[4];
/// assert_eq!(show.name(), Some("article"));
/// assert_eq!(show.methods(), &[http::Method::GET]);
/// assert_eq!(show.pattern(), "/articles/:id(.:format)");
/// assert_eq!((show.controller(), show.action()), ("articles", "show"));
/// ```
#[derive(Debug)]
pub struct Route {
    pub(crate) name: Option<&'static str>,
    pub(crate) methods: &'static [Method],
    pub(crate) pattern: &'static str,
    pub(crate) segments: &'static [Segment],
    pub(crate) format: Format,
    pub(crate) controller: &'static str,
    pub(crate) action: &'static str,
    pub(crate) conditions: Conditions,
    pub(crate) captures: Captures,
}

/// Where a route's values lie among its segments, worked out once when the route is built so
/// that an answer is filled in without walking the segments. Complete for the routes a plan
/// takes (at most 16 segments, no `:controller`), which are the ones it serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Captures {
    /// Bit `i`: segment `i` is a param. Only the first 32 segments are counted.
    pub(crate) params: u32,
    /// The segment that is `:action`, if one of the first 32 is.
    pub(crate) action: Option<u8>,
    /// The first segment that is not static, if one of the first 32 is.
    pub(crate) first: Option<u8>,
}

impl Captures {
    const fn of(segments: &[Segment]) -> Self {
        let mut captures = Captures {
            params: 0,
            action: None,
            first: None,
        };
        let mut i = 0;
        while i < segments.len() && i < 32 {
            let dynamic = match segments[i] {
                Segment::Static(_) => false,
                Segment::Param(_) => {
                    captures.params |= 1 << i;
                    true
                }
                Segment::Action { .. } => {
                    captures.action = Some(i as u8);
                    true
                }
                Segment::Controller { .. } => true,
            };
            if dynamic && captures.first.is_none() {
                captures.first = Some(i as u8);
            }
            i += 1;
        }
        captures
    }
}

impl Route {
    /// A route, as `routes!` writes it: an empty `name` for an unnamed route.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        name: &'static str,
        methods: &'static [Method],
        pattern: &'static str,
        segments: &'static [Segment],
        format: Format,
        controller: &'static str,
        action: &'static str,
        conditions: &'static [(&'static str, &'static str)],
    ) -> Self {
        Route {
            name: if name.is_empty() { None } else { Some(name) },
            methods,
            pattern,
            segments,
            format,
            controller,
            action,
            conditions: Conditions(conditions),
            captures: Captures::of(segments),
        }
    }

    /// The route's name (`article` for the helpers `article_path`, `article_url`, ...), if it
    /// has one.
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The methods the route answers; empty when it answers any method (`any`).
    pub fn methods(&self) -> &'static [Method] {
        self.methods
    }

    /// The pattern as `rails routes` prints it: `/articles/:id(.:format)`.
    pub fn pattern(&self) -> &'static str {
        self.pattern
    }

    /// The controller, or `:controller` when the path names it.
    pub fn controller(&self) -> &'static str {
        if self.has(|s| matches!(s, Segment::Controller { .. })) {
            ":controller"
        } else {
            self.controller
        }
    }

    /// The action, or `:action` when the path names it.
    pub fn action(&self) -> &'static str {
        if self.has(|s| matches!(s, Segment::Action { .. })) {
            ":action"
        } else {
            self.action
        }
    }

    /// Conditions declared with `conditions(...)`, beside the method.
    pub fn conditions(&self) -> &Conditions {
        &self.conditions
    }

    /// Names of the dynamic segments in path order (`format` not included).
    ///
    /// ```
    /// mod routes {
    ///     resourceful::routes! { resources(articles) { resources(comments); } }
    /// }
    /// let route = routes::ROUTES.named_route("article_comment").unwrap();
    /// assert_eq!(route.param_names().collect::<Vec<_>>(), ["article_id", "id"]);
    /// ```
    pub fn param_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.segments.iter().filter_map(Segment::param_name)
    }

    /// Whether a request with `method` (HEAD counted as GET) may take this route.
    pub fn accepts(&self, method: &Method) -> bool {
        let method = if method == Method::HEAD {
            &Method::GET
        } else {
            method
        };
        self.methods.is_empty() || self.methods.contains(method)
    }

    pub(crate) fn segments(&self) -> &'static [Segment] {
        self.segments
    }

    pub(crate) fn format(&self) -> Format {
        self.format
    }

    pub(crate) fn captures(&self) -> Captures {
        self.captures
    }

    pub(crate) fn fixed_controller(&self) -> &'static str {
        self.controller
    }

    pub(crate) fn default_action(&self) -> &'static str {
        self.action
    }

    fn has(&self, f: impl Fn(&Segment) -> bool) -> bool {
        self.segments.iter().any(f)
    }
}

/// Recognition conditions of a route other than its method, as declared with
/// `conditions(subdomain = "app")`. The recogniser sees only a method and a path, so these are
/// data for the application (or a layer in front of it) to check.
///
/// ```
/// mod routes {
///     resourceful::routes! { resources(messages, conditions(subdomain = "app")); }
/// }
/// let index = routes::ROUTES.named_route("messages").unwrap();
/// assert_eq!(index.conditions().get("subdomain"), Some("app"));
/// assert_eq!(&index.conditions()["subdomain"], "app");
/// assert_eq!(format!("{:?}", index.conditions()), r#"{"subdomain": "app"}"#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Conditions(&'static [(&'static str, &'static str)]);

impl Conditions {
    /// The value of condition `key`.
    pub fn get(&self, key: &str) -> Option<&'static str> {
        self.0.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }

    /// The conditions in declaration order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'static str, &'static str)> {
        self.0.iter().copied()
    }

    /// How many conditions there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::ops::Index<&str> for Conditions {
    type Output = str;

    /// The value of condition `key`.
    ///
    /// # Panics
    ///
    /// When there is no such condition, as a map does.
    fn index(&self, key: &str) -> &str {
        match self.get(key) {
            Some(value) => value,
            None => panic!("no condition `{key}`"),
        }
    }
}

impl<'a> IntoIterator for &'a Conditions {
    type Item = (&'static str, &'static str);
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, (&'static str, &'static str)>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().copied()
    }
}

impl fmt::Debug for Conditions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// One `/`-separated piece of a route's path.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment {
    /// Literal text, compared with the percent-decoded path segment.
    Static(&'static str),
    /// `:name`.
    Param(Param),
    /// `:controller`: the name of any controller of the set under `namespace` (which ends with
    /// `/` or is empty); it may span several path segments (`admin/users`).
    Controller { namespace: &'static str },
    /// `:action`; when `optional` it may be left out and the route's action applies.
    Action { optional: bool },
}

impl Segment {
    /// May be left out at the end of a path (`:action` and `:id` of the default route).
    pub(crate) fn is_optional(&self) -> bool {
        match self {
            Segment::Param(p) => p.optional,
            Segment::Action { optional } => *optional,
            _ => false,
        }
    }

    pub(crate) fn param_name(&self) -> Option<&'static str> {
        match self {
            Segment::Static(_) => None,
            Segment::Param(p) => Some(p.name),
            Segment::Controller { .. } => Some("controller"),
            Segment::Action { .. } => Some("action"),
        }
    }
}

/// A dynamic segment `:name`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    /// A regular expression the whole decoded value must match; without one the raw value is
    /// one or more characters other than `/ . ?`.
    pub requirement: Option<&'static str>,
    /// May be left out at the end of the path (`:id` of the default route).
    pub optional: bool,
}

/// Whether the last segment carries `.:format`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// No format segment: `/`.
    None,
    /// `(.:format)`.
    Optional,
    /// `.:format`.
    Required,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_name_the_params_the_action_and_the_first_value() {
        let param = |name| {
            Segment::Param(Param {
                name,
                requirement: None,
                optional: false,
            })
        };
        let cases = [
            (
                vec![
                    Segment::Static("a"),
                    param("id"),
                    Segment::Static("b"),
                    param("x"),
                ],
                Captures {
                    params: 0b1010,
                    action: None,
                    first: Some(1),
                },
            ),
            (
                vec![
                    Segment::Static("a"),
                    Segment::Static("b"),
                    Segment::Action { optional: false },
                    param("id"),
                ],
                Captures {
                    params: 0b1000,
                    action: Some(2),
                    first: Some(2),
                },
            ),
            (
                vec![Segment::Static("a")],
                Captures {
                    params: 0,
                    action: None,
                    first: None,
                },
            ),
        ];
        for (segments, want) in cases {
            assert_eq!(Captures::of(&segments), want, "{segments:?}");
        }
    }
}
