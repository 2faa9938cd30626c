use std::fmt;
use std::sync::{OnceLock, PoisonError, RwLock};

use http::Method;

use crate::RoutingError;
use crate::listing::Listing;
use crate::matcher::Matcher;
use crate::plan::{self, Generated};
use crate::recognize;
use crate::recognized::Recognized;
use crate::requirement::Requirements;
use crate::route::{Route, Segment};
use crate::url::{self, StaticUrlOptions, UrlFor, UrlOptions};

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
    routes: &'static [Route],
    declared_url_options: Option<StaticUrlOptions>,
    url_options: RwLock<Option<UrlOptions>>,
    compiled: OnceLock<Compiled>,
    /// The recogniser `routes!` wrote for the table's plan, tried before the trie.
    generated: Option<Generated>,
    /// How many routes, from the first, that plan holds.
    covered: usize,
}

/// What the route set derives from its routes on first use.
#[derive(Debug)]
pub(crate) struct Compiled {
    /// Every controller named by a route, most path segments first, then longest first, so
    /// that `:controller` prefers `admin/users` to `admin`.
    controllers: Vec<&'static str>,
    pub(crate) requirements: Requirements,
    /// One more than the most path segments any route takes (a `:controller` counts as deep
    /// as the deepest controller): a path with more segments than this is a 404 before it is
    /// decoded or searched.
    pub(crate) depth_limit: usize,
    pub(crate) matcher: Matcher,
    /// The trie of the routes after those the generated recogniser covers, when it covers
    /// some: a path that no covered route takes with any method is searched for there alone.
    pub(crate) tail: Option<Matcher>,
}

impl Compiled {
    fn new(routes: &'static [Route], covered: usize) -> Self {
        let mut controllers: Vec<&'static str> = routes
            .iter()
            .filter(|r| {
                !r.segments()
                    .iter()
                    .any(|s| matches!(s, Segment::Controller { .. }))
            })
            .map(Route::fixed_controller)
            .filter(|c| !c.is_empty())
            .collect();
        controllers.sort_by(|a, b| {
            let depth = |c: &str| c.matches('/').count();
            depth(b)
                .cmp(&depth(a))
                .then(b.len().cmp(&a.len()))
                .then(a.cmp(b))
        });
        controllers.dedup();
        let requirements = Requirements::compile(routes.iter().flat_map(|r| {
            r.segments().iter().filter_map(|s| match s {
                Segment::Param(p) => p.requirement,
                _ => None,
            })
        }));
        let mut compiled = Compiled {
            controllers,
            requirements,
            depth_limit: 0,
            matcher: Matcher::default(),
            tail: None,
        };
        compiled.depth_limit = routes
            .iter()
            .filter_map(|r| compiled.depth(r))
            .max()
            .unwrap_or(0)
            + 1;
        compiled.matcher = Matcher::new(routes, &compiled);
        if covered > 0
            && let Some(tail) = routes.get(covered..)
        {
            compiled.tail = Some(Matcher::new(tail, &compiled));
        }
        compiled
    }

    /// The most path segments `route` takes, or `None` when it has a `:controller` with no
    /// controller to name.
    fn depth(&self, route: &Route) -> Option<usize> {
        route.segments().iter().try_fold(0, |depth, segment| {
            let more = match segment {
                Segment::Controller { namespace } => self
                    .controllers_under(namespace)
                    .map(|c| c[namespace.len()..].split('/').count())
                    .max()?,
                _ => 1,
            };
            Some(depth + more)
        })
    }

    pub(crate) fn controllers_under<'a>(
        &'a self,
        namespace: &'a str,
    ) -> impl Iterator<Item = &'a &'static str> + 'a {
        self.controllers
            .iter()
            .filter(move |c| c.len() > namespace.len() && c.starts_with(namespace))
    }

    pub(crate) fn is_controller(&self, namespace: &str, name: &str) -> bool {
        self.controllers_under(namespace).any(|c| *c == name)
    }
}

impl RouteSet {
    #[doc(hidden)]
    pub const fn new(
        routes: &'static [Route],
        declared_url_options: Option<StaticUrlOptions>,
    ) -> Self {
        RouteSet::build(routes, declared_url_options, None, 0)
    }

    /// A route set whose lookups first try `generated`, the plan of the first `covered` of
    /// `routes` as `routes!` renders it (see `plan`).
    #[doc(hidden)]
    pub const fn with_generated(
        routes: &'static [Route],
        declared_url_options: Option<StaticUrlOptions>,
        generated: Generated,
        covered: usize,
    ) -> Self {
        RouteSet::build(routes, declared_url_options, Some(generated), covered)
    }

    const fn build(
        routes: &'static [Route],
        declared_url_options: Option<StaticUrlOptions>,
        generated: Option<Generated>,
        covered: usize,
    ) -> Self {
        RouteSet {
            routes,
            declared_url_options,
            url_options: RwLock::new(None),
            compiled: OnceLock::new(),
            generated,
            covered,
        }
    }

    /// What the recogniser `routes!` wrote finds for this request, without the trie: `None`
    /// when there is none, it cannot read the path, or no route of its plan takes the request.
    #[doc(hidden)]
    pub fn __recognize_generated(&self, method: &Method, path: &str) -> Option<Recognized<'_>> {
        match plan::recognize_generated(self, method, path, &mut 0) {
            plan::Lookup::Found(found) => Some(found),
            _ => None,
        }
    }

    pub(crate) fn generated(&self) -> Option<Generated> {
        self.generated
    }

    /// The routes after those the generated recogniser covers.
    pub(crate) fn uncovered(&self) -> &'static [Route] {
        self.routes.get(self.covered..).unwrap_or_default()
    }

    /// [`recognize`](Self::recognize) by the reference recogniser (every route in order), for
    /// differential tests.
    #[doc(hidden)]
    pub fn __recognize_reference(
        &self,
        method: &Method,
        path: &str,
    ) -> Result<Recognized<'_>, RoutingError> {
        recognize::recognize_reference(self, method, path)
    }

    /// [`recognize`](Self::recognize) with the steps it took (segments cut, trie nodes
    /// visited, dynamic segments tested), for tests that bound the work a request can cause.
    #[doc(hidden)]
    pub fn __recognize_work(
        &self,
        method: &Method,
        path: &str,
    ) -> (Result<Recognized<'_>, RoutingError>, usize) {
        let mut work = 0;
        let found = recognize::recognize_counting(self, method, path, &mut work);
        (found, work)
    }

    /// The routes, in the order recognition tries them.
    pub fn routes(&self) -> &[Route] {
        self.routes
    }

    /// The routes as `rails routes` lists them, ready to be filtered like
    /// `rails routes -c articles -g comments`.
    pub fn listing(&self) -> Listing<'_> {
        Listing::new(self.routes)
    }

    /// The route named `name` (`article` for `article_path`).
    pub fn named_route(&self, name: &str) -> Option<&Route> {
        self.routes.iter().find(|r| r.name() == Some(name))
    }

    /// Finds the first route, in declaration order, that takes both `method` and `path`.
    ///
    /// HEAD is routed as GET; a `?query` is ignored; one trailing `/` is tolerated; the last
    /// segment may carry `.FORMAT`. Path params are percent-decoded after the path is split on
    /// `/`. When routes take the path but not the method, the error is
    /// [`RoutingError::MethodNotAllowed`] with exactly their methods; when none takes the path,
    /// [`RoutingError::NotFound`]; a percent-escape that does not decode to UTF-8 is a
    /// [`RoutingError::BadRequest`].
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
    /// use resourceful::RoutingError;
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
    ///         allowed: vec![Method::GET, Method::PUT, Method::PATCH, Method::DELETE],
    ///     }
    /// );
    /// ```
    pub fn recognize(&self, method: &Method, path: &str) -> Result<Recognized<'_>, RoutingError> {
        recognize::recognize(self, method, path)
    }

    /// Builds a path or URL from params, as Rails' `url_for` does: by the route named in
    /// `options`, or else by the first route whose controller and action match and whose
    /// dynamic segments are all given and meet their requirements. Keys no segment uses become
    /// a query string sorted by key.
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
    pub fn url_for(&self, options: &UrlFor) -> Result<String, RoutingError> {
        url::url_for(self, options)
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
            .url_options
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Some(options);
    }

    /// `protocol://host[:port]` from the options set at start-up or else declared in `routes!`.
    pub(crate) fn url_prefix(&self, overrides: Option<&UrlOptions>) -> Option<String> {
        let runtime = self
            .url_options
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        let declared = self.declared_url_options.map(StaticUrlOptions::to_options);
        let base = runtime.as_ref().or(declared.as_ref());
        url::prefix(base, overrides)
    }

    pub(crate) fn compiled(&self) -> &Compiled {
        self.compiled
            .get_or_init(|| Compiled::new(self.routes, self.covered))
    }
}

impl fmt::Debug for RouteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RouteSet")
            .field("routes", &self.routes)
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
