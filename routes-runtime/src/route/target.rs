//! What a route answers a request with: an action, a redirect, a mounted service.

/// What a route answers a request with.
///
/// ```
/// use resourceful::RouteTarget;
///
/// mod routes {
///     resourceful::draw! {
///         get("stories/:id", to = redirect("/posts/%{id}", status = 302));
///         mount("/jobs", as = "jobs");
///         get("posts", to = "posts#index");
///     }
/// }
/// let routes = routes::ROUTES.routes();
/// assert_eq!(
///     routes[0].target(),
///     RouteTarget::Redirect { location: "/posts/%{id}", status: 302, url: None }
/// );
/// assert_eq!(routes[1].target(), RouteTarget::Mount);
/// assert_eq!(routes[2].target(), RouteTarget::Action);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteTarget {
    /// Its `controller#action`, which a handler serves.
    Action,
    /// A redirect to `location` (`%{param}` filled with the request's params), which a
    /// dispatcher answers without a handler.
    Redirect {
        /// Where to, as written: a path or a URL, with `%{param}` for a param (for a
        /// redirect declared with options, its `path`, or empty).
        location: &'static str,
        /// 301 unless the route says otherwise.
        status: u16,
        /// The parts of the URL a redirect declared with options gives
        /// (`redirect(subdomain = "api")`), the request giving the others.
        url: Option<&'static RedirectUrl>,
    },
    /// A service mounted at the route's path, taking every path under it; the dispatcher
    /// forwards the request with the mount point stripped from its path.
    Mount,
}

/// The parts of the URL a redirect declared with options gives (`redirect(subdomain = "api",
/// path = "/%{id}")`); the request gives the others, as Rails' `OptionRedirect` builds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RedirectUrl {
    pub(crate) protocol: Option<&'static str>,
    pub(crate) subdomain: Option<&'static str>,
    pub(crate) domain: Option<&'static str>,
    pub(crate) host: Option<&'static str>,
    pub(crate) port: Option<&'static str>,
    pub(crate) path: Option<&'static str>,
}

impl RedirectUrl {
    /// The parts given, by their names in `redirect(...)`, in the order of a URL.
    pub(crate) fn parts(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        [
            ("protocol", self.protocol),
            ("subdomain", self.subdomain),
            ("domain", self.domain),
            ("host", self.host),
            ("port", self.port),
            ("path", self.path),
        ]
        .into_iter()
        .filter_map(|(key, value)| Some((key, value?)))
    }

    /// The parts given; `None` for each the request gives.
    #[doc(hidden)]
    pub const fn new(
        protocol: Option<&'static str>,
        subdomain: Option<&'static str>,
        domain: Option<&'static str>,
        host: Option<&'static str>,
        port: Option<&'static str>,
        path: Option<&'static str>,
    ) -> Self {
        RedirectUrl {
            protocol,
            subdomain,
            domain,
            host,
            port,
            path,
        }
    }
}
