//! Recognising a request as a dispatcher does: the raw matcher of [`RouteSet::recognize`],
//! then the routing policy that decides what of its answer a server may serve.
//!
//! The policy today is one rule, Rails' default route kept from deleting by GET: a route
//! whose path names the controller or the action (`/:controller/:action/:id`) reaches an
//! action only by a method that the routes naming that action take. Every dispatcher (the
//! tower layer, the axum and actix adapters) asks [`RouteSet::recognize_request`], so that
//! they refuse alike.

use http::request::Parts;
use http::{HeaderMap, Method, Request, Uri};

use crate::RoutingError;
use crate::conditions::Head;
use crate::methods::MethodSet;
use crate::recognized::Recognized;
use crate::request::{MethodOverride, Routed};
use crate::route_set::RouteSet;

/// What routing reads of a request: the method it is routed as, its path (a `?query` is
/// ignored), and for `draw!`'s request constraints (a subdomain, a host, a function of the
/// request) its URI and headers. A dispatcher builds one with [`new`](Self::new) once it has
/// settled the method (after a `_method` override), and gives the request with
/// [`with_parts`](Self::with_parts); an [`http::Request`] converts into one, with `_method`
/// taken from the query of a POST ([`MethodOverride`]'s default). Without the request, a
/// route that constrains it is passed over, as [`RouteSet::recognize`] passes it over.
///
/// ```
/// use http::{HeaderMap, Method, Request, Uri};
/// use resourceful::Incoming;
///
/// let incoming = Incoming::new(&Method::GET, "/articles/1");
/// assert_eq!((incoming.method(), incoming.path()), (&Method::GET, "/articles/1"));
///
/// let request = Request::post("/articles/1?_method=delete").body(()).unwrap();
/// let incoming = Incoming::from(&request);
/// assert_eq!((incoming.method(), incoming.path()), (&Method::DELETE, "/articles/1"));
/// ```
#[derive(Debug, Clone)]
pub struct Incoming<'r> {
    method: Method,
    path: &'r str,
    uri: Option<&'r Uri>,
    headers: Option<&'r HeaderMap>,
    parts: Option<&'r Parts>,
}

impl<'r> Incoming<'r> {
    /// A request for `path`, routed as `method`.
    #[inline]
    pub fn new(method: &Method, path: &'r str) -> Self {
        Incoming {
            method: method.clone(),
            path,
            uri: None,
            headers: None,
            parts: None,
        }
    }

    /// The same request, whose request constraints read `parts` (its URI and headers, and
    /// all of it for a function of the request).
    ///
    /// ```
    /// use http::{Method, Request};
    /// use resourceful::Incoming;
    ///
    /// mod routes {
    ///     resourceful::draw! {
    ///         constraints(subdomain = "api") { get("status", to = "api#status"); }
    ///         get("status", to = "pages#status");
    ///     }
    /// }
    /// let (parts, ()) = Request::get("http://api.example.com/status").body(()).unwrap().into_parts();
    /// let incoming = Incoming::new(&parts.method, parts.uri.path()).with_parts(&parts);
    /// assert_eq!(routes::ROUTES.recognize_request(incoming).unwrap().controller(), "api");
    /// let path_only = Incoming::new(&Method::GET, "/status");
    /// assert_eq!(routes::ROUTES.recognize_request(path_only).unwrap().controller(), "pages");
    /// ```
    #[inline]
    pub fn with_parts(self, parts: &'r Parts) -> Self {
        Incoming {
            uri: Some(&parts.uri),
            headers: Some(&parts.headers),
            parts: Some(parts),
            ..self
        }
    }

    /// The same request, whose request constraints read `uri` and `headers` (a function of
    /// the request is given parts made of them and the method).
    #[inline]
    pub fn with_head(self, uri: &'r Uri, headers: &'r HeaderMap) -> Self {
        Incoming {
            uri: Some(uri),
            headers: Some(headers),
            ..self
        }
    }

    /// What the request constraints read, when the request is known.
    pub(crate) fn head(&self) -> Option<Head<'_>> {
        Some(Head {
            method: &self.method,
            uri: self.uri?,
            headers: self.headers?,
            parts: self.parts,
        })
    }

    /// The method the request is routed as.
    #[inline]
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The path the request is for.
    #[inline]
    pub fn path(&self) -> &'r str {
        self.path
    }
}

impl<'r, B> From<&'r Request<B>> for Incoming<'r> {
    fn from(request: &'r Request<B>) -> Self {
        let method = MethodOverride::default().method_of(request);
        Incoming::new(&method, request.uri().path()).with_head(request.uri(), request.headers())
    }
}

/// By action number, the methods of the routes that name the action (controller and action
/// both fixed): none for an action no such route names, or one such a route takes with any
/// method, which a route naming it by its path then reaches by any of its own methods.
pub(crate) fn guards(set: &RouteSet) -> Box<[Option<MethodSet>]> {
    let mut guarded = vec![None; set.actions().len()];
    let mut open = vec![false; guarded.len()];
    for route in set.routes() {
        let Some(number) = route.action_number() else {
            continue;
        };
        if route.methods().is_empty() {
            open[number] = true;
            continue;
        }
        let methods = guarded[number].get_or_insert(MethodSet::EMPTY);
        *methods = methods.union(route.method_set());
    }
    for (methods, open) in guarded.iter_mut().zip(open) {
        if open {
            *methods = None;
        }
    }
    guarded.into_boxed_slice()
}

/// Whether `method` (HEAD counted as GET) is among `allowed`.
pub(crate) fn allows(allowed: MethodSet, method: &Method) -> bool {
    allowed.contains(method) || (method == Method::HEAD && allowed.contains(&Method::GET))
}

impl RouteSet {
    /// Recognises a request as a dispatcher does: [`recognize`](Self::recognize), then the
    /// routing policy, which the tower layer and the axum and actix adapters all apply. Use
    /// it wherever a request is served; `recognize` is the matcher alone, as Rails 2's
    /// `recognize_path` is.
    ///
    /// The policy: a route whose path names the controller or the action (Rails' default
    /// route, `/:controller/:action/:id`) reaches an action that other routes name only by a
    /// method those routes take. `GET /articles/destroy/1`, which Rails 2 ran, so that any
    /// link or crawler could delete, is a 405 whose `Allow` names the methods by which the
    /// default route itself does reach `articles#destroy` there, or a 404 where it takes none
    /// of them (a default route declared `via = get`). An action that no other route names
    /// is reached by the default route's own methods. A 405's `Allow` leaves out a method
    /// that would be refused so in turn, and a 405 left with none is a 404.
    ///
    /// `request` is an [`Incoming`] (a method and a path) or an [`http::Request`], whose POST
    /// is routed as the `_method` of its query says ([`MethodOverride`]; the header is not
    /// honoured here: see [`recognize_with`](Self::recognize_with)).
    ///
    /// ```
    /// use http::{HeaderMap, Method, Request, Uri};
    /// use resourceful::{Incoming, MethodSet, RoutingError};
    ///
    /// mod routes {
    ///     resourceful::routes! {
    ///         resources(articles);
    ///         connect("/:controller/:action/:id");
    ///     }
    /// }
    /// use routes::ROUTES;
    ///
    /// // The matcher alone follows Rails: the default route takes any method.
    /// let raw = ROUTES.recognize(&Method::GET, "/articles/destroy/1").unwrap();
    /// assert_eq!(raw.action(), "destroy");
    ///
    /// // A dispatcher's answer: `articles#destroy` is reached by DELETE only.
    /// let refused = ROUTES.recognize_request(Incoming::new(&Method::GET, "/articles/destroy/1"));
    /// assert_eq!(
    ///     refused.unwrap_err(),
    ///     RoutingError::MethodNotAllowed {
    ///         method: Method::GET,
    ///         path: "/articles/destroy/1".into(),
    ///         allowed: MethodSet::from_iter([Method::DELETE]),
    ///     }
    /// );
    /// let delete = Request::post("/articles/destroy/1?_method=delete").body(()).unwrap();
    /// let found = ROUTES.recognize_request(&delete).unwrap();
    /// assert_eq!((found.action(), found.param("id")), ("destroy", Some("1")));
    ///
    /// // What the resources' own routes take is unchanged.
    /// let shown = ROUTES.recognize_request(Incoming::new(&Method::HEAD, "/articles/1")).unwrap();
    /// assert_eq!(shown.action(), "show");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`recognize`](Self::recognize), and a 405 or 404 for what the policy refuses.
    pub fn recognize_request<'r>(
        &self,
        request: impl Into<Incoming<'r>>,
    ) -> Result<Recognized<'_, 'r>, RoutingError> {
        let request = request.into();
        let admitted = request.head().map_or(0, |head| self.admitted(&head));
        self.recognize_policed(request.method(), request.path(), admitted)
    }

    /// [`recognize_request`](Self::recognize_request) of `method` and `path`, for a request
    /// that meets the set's request conditions of the bits of `admitted`.
    fn recognize_policed<'p>(
        &self,
        method: &Method,
        path: &'p str,
        admitted: u64,
    ) -> Result<Recognized<'_, 'p>, RoutingError> {
        match self.recognize_admitted(method, path, admitted) {
            Ok(found) => match self.refusal(&found, method) {
                None => Ok(found),
                Some(allowed) => Err(RoutingError::refused(method, path, allowed)),
            },
            Err(RoutingError::MethodNotAllowed { allowed, .. }) => {
                let allowed = self.reachable(path, allowed, admitted, |_, _| true);
                Err(RoutingError::refused(method, path, allowed))
            }
            Err(error) => Err(error),
        }
    }

    /// Recognises a request from its parts as [`recognize_request`](Self::recognize_request)
    /// does, with the overrides given (`X-HTTP-Method-Override` among them, when honoured);
    /// `draw!`'s request constraints read `uri` and `headers`.
    ///
    /// ```
    /// use http::{HeaderMap, Method, Uri};
    /// use resourceful::MethodOverride;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// let uri = Uri::from_static("/articles/4");
    /// let mut headers = HeaderMap::new();
    /// headers.insert("x-http-method-override", "DELETE".parse().unwrap());
    /// let api = MethodOverride::default().with_header(true);
    /// let found = routes::ROUTES.recognize_with(&Method::POST, &uri, &headers, api).unwrap();
    /// assert_eq!(found.action(), "destroy");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`recognize_request`](Self::recognize_request).
    pub fn recognize_with<'p>(
        &self,
        method: &Method,
        uri: &'p Uri,
        headers: &HeaderMap,
        overrides: MethodOverride,
    ) -> Result<Recognized<'_, 'p>, RoutingError> {
        let method = overrides.resolve(method, uri, headers, None);
        let head = Head {
            method: &method,
            uri,
            headers,
            parts: None,
        };
        self.recognize_policed(&method, uri.path(), self.admitted(&head))
    }

    /// Of the methods of a 405 for `path`, those by which the policy lets a request through
    /// and `serves` takes what it reaches (an adapter leaves out actions without a handler).
    pub(crate) fn reachable(
        &self,
        path: &str,
        allowed: MethodSet,
        admitted: u64,
        serves: impl Fn(&Recognized<'_, '_>, &Method) -> bool,
    ) -> MethodSet {
        allowed
            .iter()
            .filter(|other| {
                self.recognize_admitted(other, path, admitted)
                    .is_ok_and(|found| {
                        self.refusal(&found, other).is_none() && serves(&found, other)
                    })
            })
            .collect()
    }

    /// By action number, the methods that guard each action ([`guards`]), computed the
    /// first time a request asks.
    fn guards(&self) -> &[Option<MethodSet>] {
        self.guard_cell().get_or_init(|| guards(self))
    }

    /// When the policy refuses `found`, asked for by `method`, the methods that reach its
    /// action there: those of the routes naming the action that the route taken takes too.
    fn refusal(&self, found: &Recognized<'_, '_>, method: &Method) -> Option<MethodSet> {
        let route = found.route();
        if route.controller().fixed().is_some() && route.action().fixed().is_some() {
            return None;
        }
        let number = self.action_number(found)?;
        let guard = (*self.guards().get(number)?)?;
        (!allows(guard, method)).then(|| guard.intersection(route.method_set()))
    }
}

impl Routed {
    /// Recognises `method` and the path of `uri` in `set` as a dispatcher does
    /// ([`RouteSet::recognize_request`], the routing policy applied), keeping `uri`: what the
    /// tower layer and the axum and actix adapters put in a request's extensions.
    ///
    /// ```
    /// use http::{Method, Uri};
    /// use resourceful::Routed;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); connect("/:controller/:action/:id"); }
    /// }
    /// let uri = |text: &'static str| Uri::from_static(text);
    /// let routed = Routed::recognize_request(&routes::ROUTES, &Method::DELETE, uri("/articles/destroy/2"));
    /// assert_eq!(routed.unwrap().action(), "destroy");
    /// let refused = Routed::recognize_request(&routes::ROUTES, &Method::GET, uri("/articles/destroy/2"));
    /// assert_eq!(refused.unwrap_err().status(), 405);
    /// ```
    ///
    /// # Errors
    ///
    /// As [`RouteSet::recognize_request`].
    pub fn recognize_request(
        set: &'static RouteSet,
        method: &Method,
        uri: Uri,
    ) -> Result<Self, RoutingError> {
        let found = set
            .recognize_request(Incoming::new(method, uri.path()))?
            .detach();
        Ok(Routed::new(uri, found))
    }

    /// As [`recognize_request`](Self::recognize_request), for the request of `parts` routed
    /// as their method, its request constraints read (`draw!`'s subdomains, hosts and
    /// functions of the request): what the tower layer and the axum dispatcher ask.
    ///
    /// # Errors
    ///
    /// As [`RouteSet::recognize_request`].
    pub fn recognize_parts(set: &'static RouteSet, parts: &Parts) -> Result<Self, RoutingError> {
        let incoming = Incoming::new(&parts.method, parts.uri.path()).with_parts(parts);
        let found = set.recognize_request(incoming)?.detach();
        Ok(Routed::new(parts.uri.clone(), found))
    }
}
