//! The route set: a table of routes with the recogniser `routes!` generated for it.

use std::fmt;
use std::sync::{OnceLock, PoisonError, RwLock};

use http::Method;

use crate::conditions::RequestConditions;
use crate::error::{RoutingError, UrlError};
use crate::listing::Listing;
use crate::methods::MethodSet;
use crate::recognized::Recognized;
use crate::recognizer::{self, Matcher, Table};
use crate::requirement::Requirements;
use crate::route::{PathSpec, Route};
use crate::url::{self, Checks, StaticUrlOptions, UrlContext, UrlFor, UrlOptions};

/// The typed actions of a route set: the `Action` enum that `routes!` generates beside
/// `ROUTES`, one variant per `controller#action` the set reaches.
///
/// ```
/// use resourceful::Actions;
///
/// mod routes {
///     resourceful::routes! { resources(articles, only(index, show)); }
/// }
/// use routes::Action;
///
/// assert_eq!(Action::ALL, [Action::ArticlesIndex, Action::ArticlesShow]);
/// assert!(std::ptr::eq(Action::routes(), &routes::ROUTES));
/// assert_eq!(Action::ArticlesShow.to_string(), "articles#show");
/// ```
pub trait Actions: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// Every action, in the order of the route set's actions.
    const ALL: &'static [Self];

    /// The route set whose actions these are.
    fn routes() -> &'static RouteSet;

    /// The action `found` reached: none when its path named an action no route declares
    /// (through `:action`), which Rails answers as an unknown action, a 404.
    fn of(found: &Recognized<'_, '_>) -> Option<Self> {
        let number = Self::routes().action_number(found)?;
        Self::ALL.get(number).copied()
    }
}

/// A route table and its recogniser: what `routes!` generates as `ROUTES`.
///
/// ```
/// use http::Method;
///
/// mod routes {
///     resourceful::routes! {
///         default_url_options(host = "example.com");
///         resources(articles);
///     }
/// }
/// use routes::ROUTES;
///
/// let found = ROUTES.recognize(&Method::GET, "/articles/42").unwrap();
/// assert_eq!((found.controller(), found.action()), ("articles", "show"));
/// assert_eq!(routes::article_path(42), "/articles/42");
/// assert_eq!(routes::articles_url(), "http://example.com/articles");
/// assert_eq!(ROUTES.routes().len(), 7);
/// ```
pub struct RouteSet {
    /// The routes, the controllers they name and the matcher: what recognition reads.
    table: Table,
    /// What the paths of the routes are made of, each once (`show`, `update` and `destroy`
    /// share theirs), for the helpers (a route reads its own through `Route::path_spec`).
    paths: &'static [PathSpec],
    /// Every `controller#action` the set reaches, sorted: the variants of its typed `Action`.
    actions: &'static [(&'static str, &'static str)],
    requirements: &'static Requirements,
    declared_url_options: Option<StaticUrlOptions>,
    /// What may be set after start-up, in a static of its own: the set holds nothing that
    /// changes, so that `ROUTES` is immutable, and what code naming it reads of it (its
    /// matcher, its path specs, its table's layout) is constant where the optimiser sees its
    /// value (in its own crate, or with LTO). The test `a_route_set_holds_nothing_that_changes`
    /// keeps it so.
    settings: &'static Settings,
    /// The conditions on the request that routes take (`draw!`'s request constraints).
    conditions: &'static [RequestConditions],
}

/// What may be set on a route set at start-up, which `routes!` writes a static of in
/// `ROUTES`'s initialiser. Each route set needs its own: sets given the same one share their
/// host and mount.
#[doc(hidden)]
pub struct Settings {
    url_options: RwLock<Option<UrlOptions>>,
    /// The path the set is mounted under (Rails' `relative_url_root`), set once at start-up:
    /// a helper reads it with one atomic load, and writes nothing more when it is unset.
    root: OnceLock<Box<str>>,
    /// By action number, the methods of the routes that name the action: what the routing
    /// policy lets the default route reach it by, computed on the first request that asks.
    guards: OnceLock<Box<[Option<MethodSet>]>>,
}

impl Settings {
    /// Nothing set.
    pub const fn new() -> Self {
        Settings {
            url_options: RwLock::new(None),
            root: OnceLock::new(),
            guards: OnceLock::new(),
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new()
    }
}

impl RouteSet {
    /// A route set, as `routes!` writes it; `settings` are its own (see [`Settings`]).
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        routes: &'static [Route],
        paths: &'static [PathSpec],
        actions: &'static [(&'static str, &'static str)],
        requirements: &'static Requirements,
        controllers: &'static [&'static str],
        shift: u32,
        declared_url_options: Option<StaticUrlOptions>,
        settings: &'static Settings,
        matcher: Matcher,
        (deepest, formats): (usize, u64),
    ) -> Self {
        RouteSet {
            table: Table {
                routes,
                controllers,
                shift,
                matcher,
                deepest,
                formats,
                rails: false,
            },
            paths,
            actions,
            requirements,
            declared_url_options,
            settings,
            conditions: &[],
        }
    }

    /// The set, drawn by `draw!`: its paths read as Rails 3 and later read them (normalised,
    /// then matched raw, escapes and all).
    #[doc(hidden)]
    pub const fn drawn(mut self) -> Self {
        self.table.rails = true;
        self
    }

    /// The set, whose routes take the conditions on the request `conditions` (numbered as
    /// their routes number them).
    #[doc(hidden)]
    pub const fn requiring(mut self, conditions: &'static [RequestConditions]) -> Self {
        self.conditions = conditions;
        self
    }

    /// Recognises a request known by its `parts` (its path, host, scheme, headers), routed as
    /// `method`: as [`recognize`](Self::recognize), but for the routes of a `draw!` that
    /// take conditions on the request (`constraints(subdomain = "api")`, a predicate), which
    /// only a request can meet.
    ///
    /// ```
    /// use http::{Method, Request};
    ///
    /// mod routes {
    ///     resourceful::draw! {
    ///         constraints(subdomain = "api") { get("status", to = "api#status"); }
    ///         get("status", to = "pages#status");
    ///     }
    /// }
    /// let request = Request::get("http://api.example.com/status").body(()).unwrap();
    /// let (parts, _) = request.into_parts();
    /// let found = routes::ROUTES.recognize_parts(&Method::GET, &parts).unwrap();
    /// assert_eq!((found.controller(), found.param("subdomain")), ("api", Some("api")));
    /// // The path alone meets no condition on the request.
    /// let found = routes::ROUTES.recognize(&Method::GET, "/status").unwrap();
    /// assert_eq!(found.controller(), "pages");
    /// ```
    pub fn recognize_parts<'p>(
        &self,
        method: &Method,
        parts: &'p http::request::Parts,
    ) -> Result<Recognized<'_, 'p>, RoutingError> {
        let admitted = self.admitted(&crate::conditions::Head::of(parts));
        recognizer::recognize(self.table(), method, parts.uri.path(), admitted)
    }

    /// Whether some route takes only requests that meet conditions beside their method and
    /// path (`draw!`'s request constraints).
    #[cfg(feature = "actix")]
    pub(crate) fn has_request_conditions(&self) -> bool {
        !self.conditions.is_empty()
    }

    /// Bit `k`: the request of `parts` meets the set's conditions number `k`.
    pub(crate) fn admitted(&self, head: &crate::conditions::Head<'_>) -> u64 {
        if self.conditions.is_empty() {
            return 0;
        }
        crate::conditions::admitted(self.conditions, self.requirements, head)
    }

    /// What the generated recogniser reads of the set.
    #[inline(always)]
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// What a path of the set is made of: its `spec`th.
    #[inline(always)]
    pub(crate) fn path_spec(&self, spec: usize) -> &PathSpec {
        &self.paths[spec]
    }

    /// The number of the `controller#action` that `found` reached among the set's actions
    /// (the variants of its typed `Action`): none when the path named an action no route
    /// declares, which Rails answers as an unknown action, a 404.
    pub(crate) fn action_number(&self, found: &Recognized<'_, '_>) -> Option<usize> {
        match found.route().action_number() {
            Some(number) => Some(number),
            None => self.find_action(found.controller(), found.action()),
        }
    }

    /// The number of `controller#action` among the set's actions.
    pub(crate) fn find_action(&self, controller: &str, action: &str) -> Option<usize> {
        self.actions
            .binary_search_by(|&(c, a)| (c, a).cmp(&(controller, action)))
            .ok()
    }

    /// Every `controller#action` the set reaches, in the order of its typed `Action`.
    pub(crate) fn actions(&self) -> &'static [(&'static str, &'static str)] {
        self.actions
    }

    /// Where the routing policy keeps the methods that guard each action.
    pub(crate) fn guard_cell(&self) -> &OnceLock<Box<[Option<MethodSet>]>> {
        &self.settings.guards
    }

    /// What the generated helpers check their values against.
    #[inline(always)]
    pub(crate) fn checks(&self) -> Checks<'_> {
        Checks {
            requirements: self.requirements,
            controllers: self.table.controllers,
        }
    }

    /// The routes, in the order recognition tries them.
    pub fn routes(&self) -> &[Route] {
        self.table.routes
    }

    /// Every controller a route names, most path segments first, then longest first: those
    /// `:controller` matches (`admin/users` before `admin`).
    pub fn controllers(&self) -> &[&'static str] {
        self.table.controllers
    }

    /// The routes as `rails routes` lists them, ready to be filtered like
    /// `rails routes -c articles -g comments`.
    pub fn listing(&self) -> Listing<'_> {
        Listing::new(self.table.routes)
    }

    /// The route named `name` (`article` for `article_path`).
    pub fn named_route(&self, name: &str) -> Option<&Route> {
        self.table.routes.iter().find(|r| r.name() == Some(name))
    }

    /// Finds the first route, in declaration order, that takes both `method` and `path`.
    ///
    /// This is the matcher alone, as Rails' `recognize_path` is: with a catch-all `connect`,
    /// `POST /articles/new` is `articles#new`, and `GET /articles/destroy/1` is
    /// `articles#destroy`. A server asks [`recognize_request`](Self::recognize_request)
    /// instead, which applies the routing policy (the default route reaches an action only by
    /// that action's own methods), as the tower layer and the axum and actix adapters do.
    ///
    /// HEAD is routed as GET; a `?query` is ignored; one trailing `/` is tolerated; the last
    /// segment may carry `.FORMAT`. Path params are percent-decoded after the path is split on
    /// `/`. When routes take the path but not the method, the error is
    /// [`RoutingError::MethodNotAllowed`] with exactly their methods; when none takes the path,
    /// [`RoutingError::NotFound`]; a percent-escape that does not decode to UTF-8 is a
    /// [`RoutingError::BadRequest`].
    ///
    /// The answer borrows `path`: recognising a path without percent-escapes allocates
    /// nothing; one with escapes allocates the buffer its values are decoded into. A 404 or
    /// 405 allocates nothing for a path of up to 54 bytes, which the error holds in place (see
    /// [`ErrorPath`](crate::ErrorPath)), and boxes a longer one.
    ///
    /// Hostile paths are answered, never panicked on, in work linear in the path:
    ///
    /// - a path (before its query) over [`MAX_PATH_LEN`](crate::MAX_PATH_LEN) bytes is
    ///   [`RoutingError::PathTooLong`], before it is read;
    /// - a path with more segments than the deepest route takes is [`RoutingError::NotFound`]
    ///   once one segment too many is cut, before any is decoded;
    /// - an escaped `/` (`%2F`) stays inside its segment, and an escaped `.` (`%2E`) never
    ///   separates a format;
    /// - `.` and `..` segments are not collapsed: `/admin/../articles` is not
    ///   `/articles`, and since a raw `.` is refused by a dynamic segment without a
    ///   requirement, it is a 404 (`%2E%2E`, escaped, is the value `..`);
    /// - NUL and control characters are data: neither trimmed nor read as an end;
    /// - a requirement's regex runs in time linear in the segment (the `regex` crate does
    ///   not backtrack).
    ///
    /// ```
    /// use http::Method;
    /// use resourceful::{MethodSet, RoutingError};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// let ok = routes::ROUTES.recognize(&Method::HEAD, "/articles/new/").unwrap();
    /// assert_eq!(ok.action(), "new");
    ///
    /// let err = routes::ROUTES.recognize(&Method::POST, "/articles/new").unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     RoutingError::MethodNotAllowed {
    ///         method: Method::POST,
    ///         path: "/articles/new".into(),
    ///         allowed: MethodSet::from_iter([Method::GET, Method::PUT, Method::PATCH, Method::DELETE]),
    ///     }
    /// );
    /// ```
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn recognize<'p>(
        &self,
        method: &Method,
        path: &'p str,
    ) -> Result<Recognized<'_, 'p>, RoutingError> {
        // Inlined into the caller with everything but the generated matcher, so that the
        // matcher writes the answer where the caller keeps it.
        recognizer::recognize(self.table(), method, path, 0)
    }

    /// [`recognize`](Self::recognize) for a request that meets the set's request conditions
    /// of the bits of `admitted`.
    pub(crate) fn recognize_admitted<'p>(
        &self,
        method: &Method,
        path: &'p str,
        admitted: u64,
    ) -> Result<Recognized<'_, 'p>, RoutingError> {
        recognizer::recognize(self.table(), method, path, admitted)
    }

    /// The methods routes take `path` with, whatever the request's method: every standard
    /// method when some route takes any. Empty when no route takes the path.
    ///
    /// ```
    /// use http::Method;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// let methods = routes::ROUTES.allowed_methods("/articles/1");
    /// assert_eq!(methods, [Method::GET, Method::PUT, Method::PATCH, Method::DELETE]);
    /// assert!(routes::ROUTES.allowed_methods("/nowhere").is_empty());
    ///
    /// mod legacy {
    ///     resourceful::routes! { connect("/legacy/:id", controller = "legacy", action = "show"); }
    /// }
    /// assert_eq!(legacy::ROUTES.allowed_methods("/legacy/1").len(), 9);
    /// ```
    pub fn allowed_methods(&self, path: &str) -> MethodSet {
        // The matcher reports the methods of the routes that name theirs; a route that takes
        // any method is the only kind that takes TRACE (OPTIONS has a bit of its own, which
        // `via = [options]` names), which finds it.
        if self.recognize(&Method::TRACE, path).is_ok() {
            return MethodSet::from_bits(crate::methods::ANY);
        }
        recognizer::allowed_methods(self.table(), path)
    }

    /// Builds a path or URL from params, as Rails' `url_for` does: by the route named in
    /// `options`, or else, of the routes whose controller and action match and whose dynamic
    /// segments are all given and taken by their requirements and types, by the one that
    /// leaves the fewest keys unused (the first declared among equals). Keys no segment uses
    /// become a query string sorted by key.
    ///
    /// ```
    /// use resourceful::UrlFor;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles) { resources(comments); } }
    /// }
    /// let built = routes::ROUTES.url_for(
    ///     &UrlFor::new()
    ///         .param("controller", "comments")
    ///         .param("action", "show")
    ///         .param("article_id", 1)
    ///         .param("id", 2)
    ///         .param("page", 3)
    ///         .format("json"),
    /// );
    /// assert_eq!(built.unwrap(), "/articles/1/comments/2.json?page=3");
    ///
    /// let helper = routes::hash_for_article_comment_path(1, 2);
    /// assert_eq!(routes::ROUTES.url_for(&helper).unwrap(), "/articles/1/comments/2");
    /// ```
    ///
    /// # Errors
    ///
    /// [`UrlError`]: no route of that name, params that fit no route (naming the keys missing
    /// or refused), or a full URL asked for without a host.
    pub fn url_for(&self, options: &UrlFor) -> Result<String, UrlError> {
        let cx = UrlContext {
            routes: self.table.routes,
            checks: self.checks(),
            host: self.host(),
            root: self.root(),
            rails: self.table.rails,
        };
        cx.generate(options)
    }

    /// Sets the host (and protocol and port) that `_url` helpers and full URLs use, replacing
    /// any `default_url_options` declared in `routes!`.
    ///
    /// ```
    /// use resourceful::UrlOptions;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// routes::ROUTES.set_default_url_options(UrlOptions::new("blog.test").protocol("https").port(8443));
    /// assert_eq!(routes::article_url(3), "https://blog.test:8443/articles/3");
    /// ```
    pub fn set_default_url_options(&self, options: UrlOptions) {
        *self
            .settings
            .url_options
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Some(options);
    }

    /// Mounts the set under `root` (Rails' `relative_url_root`): every path the helpers,
    /// typed routes and [`url_for`](Self::url_for) build starts with it, as links must when an
    /// axum `Router` nests the set (`nest_service("/blog", ...)`, which
    /// `resourceful::axum::Dispatcher::nest_at` does with this) or a proxy serves it under a
    /// prefix. Recognition is unchanged: it reads paths within the mount, as `nest_service`
    /// and such proxies hand them on.
    ///
    /// A missing leading `/` is added and trailing ones are dropped; `""` and `"/"` mount
    /// nothing. Characters a path cannot hold are percent-encoded; a `%` is kept, as the
    /// start of an escape.
    ///
    /// ```
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// routes::ROUTES.set_relative_url_root("/blog/");
    /// assert_eq!(routes::ROUTES.relative_url_root(), Some("/blog"));
    /// assert_eq!(routes::article_path(1), "/blog/articles/1");
    /// let hash = routes::hash_for_articles_path();
    /// assert_eq!(routes::ROUTES.url_for(&hash).unwrap(), "/blog/articles");
    /// // What is recognised is the path within the mount.
    /// let found = routes::ROUTES.recognize(&http::Method::GET, "/articles/1").unwrap();
    /// assert_eq!(found.action(), "show");
    /// ```
    ///
    /// # Panics
    ///
    /// When the set is already mounted under another root: a route set's links have one
    /// root, as Rails' `relative_url_root` is one per application (mounting it twice at the
    /// same root is fine).
    pub fn set_relative_url_root(&self, root: &str) {
        let root = url::normalize_root(root);
        if root.is_empty() {
            assert!(
                self.settings.root.get().is_none_or(|set| set.is_empty()),
                "the route set is already mounted under `{}`",
                self.settings.root.get().map_or("", |set| set)
            );
            return;
        }
        let set = self
            .settings
            .root
            .get_or_init(|| root.clone().into_boxed_str());
        assert!(
            **set == *root,
            "the route set is already mounted under `{set}`, not `{root}`"
        );
    }

    /// The path the set is mounted under, if any; see
    /// [`set_relative_url_root`](Self::set_relative_url_root).
    pub fn relative_url_root(&self) -> Option<&str> {
        self.settings.root.get().map(|root| &**root)
    }

    /// The mount's path, empty when unset: what every path built starts with.
    #[inline(always)]
    pub(crate) fn root(&self) -> &str {
        self.settings.root.get().map_or("", |root| root)
    }

    /// The host full URLs are built with: set at start-up, or else declared in `routes!`.
    pub fn host(&self) -> Option<UrlOptions> {
        let runtime = self
            .settings
            .url_options
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        runtime
            .clone()
            .or_else(|| self.declared_url_options.map(StaticUrlOptions::to_options))
    }
}

impl fmt::Debug for RouteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RouteSet")
            .field("routes", &self.table.routes)
            .finish_non_exhaustive()
    }
}

/// Prints the table as `rails routes` does: name, methods, pattern, `controller#action`.
///
/// ```
/// mod routes {
///     resourceful::routes! { resource(account); }
/// }
/// let table = routes::ROUTES.to_string();
/// let lines: Vec<&str> = table.lines().collect();
/// assert_eq!(lines[0], "      Prefix Verb      URI Pattern             Controller#Action");
/// assert_eq!(lines[1], " new_account GET       /account/new(.:format)  accounts#new");
/// assert_eq!(lines[4], "             PUT|PATCH /account(.:format)      accounts#update");
/// ```
impl fmt::Display for RouteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.listing().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::{RouteSet, Settings};
    use crate::found::Found;
    use crate::path::Segments;
    use crate::recognizer::{NONE, Table};
    use crate::requirement::Requirements;

    /// Every field of the set and of its table is `Copy`, so none holds a cell (`UnsafeCell`
    /// never is): `ROUTES` stays immutable, and what code naming it reads of it may be folded.
    /// A field added without a look at this fails to compile here, the patterns being
    /// exhaustive.
    #[test]
    fn a_route_set_holds_nothing_that_changes() {
        fn copy<T: Copy>(_: &T) {}
        fn nothing(_: &Segments<'_>, _: u16, _: &mut Found) -> (u32, u16) {
            (NONE, 0)
        }
        static REQUIREMENTS: Requirements = Requirements::new(&[], &[]);
        static SETTINGS: Settings = Settings::new();
        let set = RouteSet::new(
            &[],
            &[],
            &[],
            &REQUIREMENTS,
            &[],
            0,
            None,
            &SETTINGS,
            nothing,
            (0, 0),
        );
        let RouteSet {
            table,
            paths,
            actions,
            requirements,
            declared_url_options,
            settings,
            conditions,
        } = &set;
        let Table {
            routes,
            controllers,
            shift,
            matcher,
            deepest,
            formats,
            rails,
        } = table;
        copy(paths);
        copy(actions);
        copy(requirements);
        copy(declared_url_options);
        copy(settings);
        copy(conditions);
        copy(routes);
        copy(controllers);
        copy(shift);
        copy(matcher);
        copy(deepest);
        copy(formats);
        copy(rails);
        assert!(std::ptr::eq(*settings, &SETTINGS));
        assert_eq!(set.relative_url_root(), None);
    }
}
