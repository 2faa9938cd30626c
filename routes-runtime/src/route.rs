//! Routes as plain constant data: what `routes!` writes into the program for each route.

use std::fmt;

use http::Method;

use crate::methods::MethodSet;

mod target;
pub use crate::pieces::Piece;
pub use target::{RedirectUrl, RouteTarget};

/// Whether a route's last segment carries `.FORMAT`: the macro and the runtime read it alike.
#[doc(hidden)]
pub use routes_syntax::pattern::Format;

/// One route of a [`RouteSet`](crate::RouteSet): its name, methods, pattern and target.
///
/// Routes are constant data built by `routes!`; read them through
/// [`RouteSet::routes`](crate::RouteSet::routes).
///
/// ```
/// use resourceful::{RouteAction, RouteController};
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let show = &routes::ROUTES.routes()[4];
/// assert_eq!(show.name(), Some("article"));
/// assert_eq!(show.methods(), &[http::Method::GET]);
/// assert_eq!(show.pattern(), "/articles/:id(.:format)");
/// assert_eq!(show.controller(), RouteController::Fixed("articles"));
/// assert_eq!(show.action(), RouteAction::Fixed("show"));
/// assert_eq!(show.to_string(), "articles#show");
/// ```
#[derive(Debug)]
pub struct Route {
    /// Empty for a route without a name.
    pub(crate) name: &'static str,
    pub(crate) methods: &'static [Method],
    pub(crate) pattern: &'static str,
    pub(crate) path: &'static PathSpec,
    pub(crate) format: Format,
    pub(crate) controller: &'static str,
    pub(crate) action: &'static str,
    pub(crate) conditions: Conditions,
    /// `defaults(KEY = ...)` for keys the pattern does not have (a format's too): params of
    /// every request the route takes, and conditions of generation (`None`: not given).
    pub(crate) defaults: &'static [(&'static str, Option<&'static str>)],
    pub(crate) layout: Layout,
    /// The number of the route's `controller#action` among the route set's actions (its
    /// typed `Action`), or `u16::MAX` when the path names the controller or the action.
    pub(crate) action_number: u16,
    /// What the route answers with: its action, a redirect, a mounted service.
    pub(crate) target: RouteTarget,
    /// The number of the route set's request conditions the route takes, plus one; 0 for
    /// none.
    pub(crate) request: u8,
}

/// What a route's path is made of: its segments, and for writing it, the literal text around
/// its values.
#[doc(hidden)]
#[derive(Debug)]
pub struct PathSpec {
    /// The text before each value, then after the last: `["/articles/", "/comments/", ""]`.
    pub literals: &'static [&'static str],
    /// The route's segments.
    pub segments: &'static [Segment],
    /// For each value, the place of its segment among `segments`.
    pub params: &'static [u16],
    /// Bit `k`: value `k` must be more than non-empty to route (a requirement, a type whose
    /// values may not read back, a controller of the set, a glob); the other values are only
    /// measured.
    pub checked: u16,
    /// Where a format goes: `.json`, or `?format=json` for a route that takes none.
    pub format: Format,
    /// Bit `k`: value `k` may be left out of the path (when the values after it are too).
    pub optional: u16,
    /// The action an optional `:action` left out stands for (empty without one).
    pub action: &'static str,
    /// How a `draw!` route with optional groups (or a glob, several values in one segment, a
    /// required format) is written, piece by piece; empty for every other route.
    pub pieces: &'static [Piece],
}

/// What the recogniser's answer needs to know of a route, worked out once when the route is
/// built: the answer holds the route's dynamic values (params, `:action`, a glob) as *slots*,
/// one per dynamic segment in path order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The slot of `:action`, if the route has one.
    pub(crate) action: Option<u8>,
    /// Whether the route has a `:controller` segment.
    pub(crate) names_controller: bool,
    /// The format's default among the route's defaults: `Some(None)` when it is given as
    /// none.
    pub(crate) format_default: Option<Option<&'static str>>,
    /// Whether a default for another key has a value: a param of every request.
    pub(crate) other_defaults: bool,
    /// Whether a default gives a param: the format's has a value, or `other_defaults`. Where
    /// it does not and the path gave no format, the params end with the path's values, which
    /// [`ParamIter`](crate::ParamIter) then knows without reading the two above.
    pub(crate) defaults_given: bool,
}

/// The format's default among `defaults`, the first entry for `format`: `Some(None)` when it
/// is given as none. The layout of a route holds it, and the typed reader of a route that
/// names one has it written in as a constant, from this same function.
#[doc(hidden)]
pub const fn format_default(
    defaults: &[(&'static str, Option<&'static str>)],
) -> Option<Option<&'static str>> {
    let mut i = 0;
    while i < defaults.len() {
        let (key, value) = defaults[i];
        if is_format(key) {
            return Some(value);
        }
        i += 1;
    }
    None
}

const fn is_format(key: &str) -> bool {
    matches!(key.as_bytes(), b"format")
}

impl Layout {
    const fn of(segments: &[Segment], defaults: &[(&'static str, Option<&'static str>)]) -> Self {
        let mut layout = Layout {
            action: None,
            names_controller: false,
            format_default: format_default(defaults),
            other_defaults: false,
            defaults_given: false,
        };
        let mut i = 0;
        while i < defaults.len() {
            let (key, value) = defaults[i];
            if !is_format(key) && value.is_some() {
                layout.other_defaults = true;
            }
            i += 1;
        }
        layout.defaults_given =
            layout.other_defaults || matches!(layout.format_default, Some(Some(_)));
        let mut slot: u8 = 0;
        let mut i = 0;
        while i < segments.len() {
            match segments[i] {
                Segment::Static(_) => {}
                Segment::Param(_) | Segment::Glob(_) => slot += 1,
                Segment::Action { .. } => {
                    layout.action = Some(slot);
                    slot += 1;
                }
                Segment::Controller { .. } => layout.names_controller = true,
            }
            i += 1;
        }
        layout
    }
}

/// The controller a route sends to: one it names, or the one the path names (Rails'
/// `:controller`).
///
/// ```
/// use resourceful::RouteController;
///
/// mod routes {
///     resourceful::routes! { resources(articles); connect("/:controller/:action/:id", via = get); }
/// }
/// let default = routes::ROUTES.routes().last().unwrap();
/// assert_eq!(default.controller(), RouteController::FromPath { namespace: "" });
/// assert_eq!(default.controller().to_string(), ":controller");
/// assert_eq!(default.controller().fixed(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteController {
    /// Always this controller: `articles`, `admin/users`.
    Fixed(&'static str),
    /// Any controller of the route set under `namespace` (`""`, or `admin/`), as the path
    /// names it.
    FromPath {
        /// The prefix the controller is looked up under: empty, or ending in `/`.
        namespace: &'static str,
    },
}

impl RouteController {
    /// The controller, when the route names one.
    pub fn fixed(self) -> Option<&'static str> {
        match self {
            RouteController::Fixed(controller) => Some(controller),
            RouteController::FromPath { .. } => None,
        }
    }
}

impl fmt::Display for RouteController {
    /// The controller, or `:controller`, as `rails routes` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteController::Fixed(controller) => f.write_str(controller),
            RouteController::FromPath { .. } => f.write_str(":controller"),
        }
    }
}

/// The action a route sends to: one it names, or the one the path names (Rails' `:action`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteAction {
    /// Always this action.
    Fixed(&'static str),
    /// The action the path names; `default` when the path leaves it out.
    FromPath {
        /// The action of a path that leaves `:action` out (`index` in Rails' default route).
        default: &'static str,
    },
}

impl RouteAction {
    /// The action, when the route names one.
    pub fn fixed(self) -> Option<&'static str> {
        match self {
            RouteAction::Fixed(action) => Some(action),
            RouteAction::FromPath { .. } => None,
        }
    }
}

impl fmt::Display for RouteAction {
    /// The action, or `:action`, as `rails routes` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteAction::Fixed(action) => f.write_str(action),
            RouteAction::FromPath { .. } => f.write_str(":action"),
        }
    }
}

impl Route {
    /// A route, as `routes!` writes it: an empty `name` for an unnamed route, and for a route
    /// whose path names them, the controller's namespace and the default action.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        name: &'static str,
        methods: &'static [Method],
        pattern: &'static str,
        path: &'static PathSpec,
        format: Format,
        (controller, action, action_number): (&'static str, &'static str, u16),
        conditions: &'static [(&'static str, &'static str)],
        defaults: &'static [(&'static str, Option<&'static str>)],
    ) -> Self {
        Route {
            name,
            methods,
            pattern,
            path,
            format,
            controller,
            action,
            conditions: Conditions(conditions),
            defaults,
            layout: Layout::of(path.segments, defaults),
            action_number,
            target: RouteTarget::Action,
            request: 0,
        }
    }

    /// The route, answering with a redirect to `location` (`draw!`'s `redirect(...)`).
    #[doc(hidden)]
    pub const fn redirecting(self, location: &'static str, status: u16) -> Self {
        Route {
            target: RouteTarget::Redirect {
                location,
                status,
                url: None,
            },
            ..self
        }
    }

    /// The route, answering with a redirect to the request's URL with the parts of `url`
    /// (`draw!`'s `redirect(subdomain = ..., path = ...)`).
    #[doc(hidden)]
    pub const fn redirecting_to(self, url: &'static RedirectUrl, status: u16) -> Self {
        Route {
            target: RouteTarget::Redirect {
                location: match url.path {
                    Some(path) => path,
                    None => "",
                },
                status,
                url: Some(url),
            },
            ..self
        }
    }

    /// The route, as the mount point of a service (`draw!`'s `mount`).
    #[doc(hidden)]
    pub const fn mounting(self) -> Self {
        Route {
            target: RouteTarget::Mount,
            ..self
        }
    }

    /// The route, taking only requests that meet the route set's conditions number
    /// `condition` (`draw!`'s request constraints).
    #[doc(hidden)]
    pub const fn requiring(self, condition: u8) -> Self {
        Route {
            request: condition + 1,
            ..self
        }
    }

    /// What the route answers with: its action, a redirect, a mounted service.
    pub fn target(&self) -> RouteTarget {
        self.target
    }

    /// The route's name (`article` for the helpers `article_path`, `article_url`, ...), if it
    /// has one.
    pub fn name(&self) -> Option<&'static str> {
        (!self.name.is_empty()).then_some(self.name)
    }

    /// The methods the route answers; empty when it answers any method (`any`).
    pub fn methods(&self) -> &'static [Method] {
        self.methods
    }

    /// The methods the route answers as a set (every standard method for `any`).
    pub fn method_set(&self) -> MethodSet {
        if self.methods.is_empty() {
            return MethodSet::from_bits(crate::methods::ANY);
        }
        self.methods.iter().cloned().collect()
    }

    /// The pattern as `rails routes` prints it: `/articles/:id(.:format)`.
    pub fn pattern(&self) -> &'static str {
        self.pattern
    }

    /// The controller the route sends to.
    pub fn controller(&self) -> RouteController {
        match self.path.segments.iter().find_map(Segment::namespace) {
            Some(namespace) => RouteController::FromPath { namespace },
            None => RouteController::Fixed(self.controller),
        }
    }

    /// The action the route sends to.
    pub fn action(&self) -> RouteAction {
        match self.layout.action {
            Some(_) => RouteAction::FromPath {
                default: self.action,
            },
            None => RouteAction::Fixed(self.action),
        }
    }

    /// Conditions declared with `conditions(...)`, beside the method.
    pub fn conditions(&self) -> &Conditions {
        &self.conditions
    }

    /// `defaults(KEY = ...)` for keys that are not segments of the pattern, and a format's
    /// default: `(key, value)`, a value of `None` for a key that must not be given to build a
    /// URL with this route. Those with a value are params of every request the route takes.
    ///
    /// ```
    /// mod routes {
    ///     resourceful::routes! {
    ///         connect("/raw/*path", controller = "files", action = "raw", defaults(format = "txt"));
    ///     }
    /// }
    /// let raw = &routes::ROUTES.routes()[0];
    /// assert_eq!(raw.defaults(), [("format", Some("txt"))]);
    /// ```
    pub fn defaults(&self) -> &'static [(&'static str, Option<&'static str>)] {
        self.defaults
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
        self.params().map(|param| param.name)
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

    /// Whether the route takes only requests that meet conditions beside their method and
    /// path (`draw!`'s request constraints: a subdomain, a host, a function of the request).
    /// [`RouteSet::recognize`](crate::RouteSet::recognize), which sees only a path, passes
    /// such a route over; [`RouteSet::recognize_parts`](crate::RouteSet::recognize_parts)
    /// reads the request.
    pub fn is_request_constrained(&self) -> bool {
        self.request != 0
    }

    /// Whether the route takes a `.format` at the end of its path.
    pub fn takes_format(&self) -> bool {
        self.format != Format::None
    }

    /// The params (a glob included) in path order.
    pub(crate) fn params(&self) -> impl Iterator<Item = &'static Param> + '_ {
        self.path
            .segments
            .iter()
            .filter_map(|segment| match segment {
                Segment::Param(param) | Segment::Glob(param) => Some(param),
                _ => None,
            })
    }

    pub(crate) fn segments(&self) -> &'static [Segment] {
        self.path.segments
    }

    /// What the route's path is made of.
    pub(crate) fn path_spec(&self) -> &'static PathSpec {
        self.path
    }

    /// See [`Route::action_number`](#structfield.action_number).
    pub(crate) fn action_number(&self) -> Option<usize> {
        (self.action_number != u16::MAX).then_some(usize::from(self.action_number))
    }

    pub(crate) fn format(&self) -> Format {
        self.format
    }

    /// The controller `routes!` gave the route: empty when the path names it.
    pub(crate) fn fixed_controller(&self) -> &'static str {
        self.controller
    }

    /// The action `routes!` gave the route: the default when the path names it.
    pub(crate) fn default_action(&self) -> &'static str {
        self.action
    }
}

/// `controller#action`, as `rails routes` prints a route's target.
impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.controller(), self.action())
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
    /// `/` or is empty) that its requirement (by number) takes; it may span several path
    /// segments (`admin/users`).
    Controller {
        namespace: &'static str,
        requirement: Option<u16>,
    },
    /// `:action`; when `optional` it may be left out and the route's action applies.
    Action {
        optional: bool,
        requirement: Option<u16>,
    },
    /// `*name`: the rest of the path, possibly empty, each segment decoded and joined by `/`.
    Glob(Param),
}

impl Segment {
    /// The name of the value the segment holds: its param's, `controller` or `action` (and
    /// for a static segment, its text).
    pub(crate) fn value_name(&self) -> &'static str {
        match self {
            Segment::Static(text) => text,
            Segment::Param(param) | Segment::Glob(param) => param.name,
            Segment::Controller { .. } => "controller",
            Segment::Action { .. } => "action",
        }
    }

    fn namespace(&self) -> Option<&'static str> {
        match self {
            Segment::Controller { namespace, .. } => Some(namespace),
            _ => None,
        }
    }
}

/// A dynamic segment `:name`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    /// The index of its requirement in the route set's requirements: a regular expression the
    /// whole decoded value must match. Without one the raw value is one or more characters
    /// other than `/ . ?`.
    pub requirement: Option<u16>,
    /// The type the value must parse as (`types(id = u64)`): its name and a test.
    pub parses: Option<Parses>,
    /// May be left out at the end of the path (`:id` of the default route, or one given
    /// `defaults(...)`).
    pub optional: bool,
    /// The value recognition gives when the path leaves the param out (`defaults(id = "1")`),
    /// and which a link leaves out when it is the last value given.
    pub default: Option<&'static str>,
}

/// A param's declared type: its name, for messages, and whether a value parses as it.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Parses {
    pub type_name: &'static str,
    pub test: fn(&str) -> bool,
}

impl PartialEq for Parses {
    fn eq(&self, other: &Self) -> bool {
        self.type_name == other.type_name
    }
}

impl Eq for Parses {}

#[cfg(test)]
mod tests;
