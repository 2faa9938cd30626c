//! axum handlers bound to `controller#action` (feature `axum`).
//!
//! A route set already says, for every request, which controller and action it is for; what
//! axum needs is the handler of each. [`Handlers`] is that one table: `.on("articles#show",
//! show)` for every action, then [`into_router`](Handlers::into_router) checks it against the
//! route set and returns an [`axum::Router`](::axum::Router). Every route without a handler,
//! and every handler bound to no route, is reported at once, as one [`UnboundRoutes`] error,
//! when the application starts.
//!
//! The router recognises each request through the [tower layer](crate::tower) (method
//! override from `_method` included) and calls the handler of its controller and action.
//! Handlers are plain axum handlers; [`Params`] gives them the recognised route and its
//! params, and `RoutingError` is an extractor for the error handler
//! ([`on_error`](Handlers::on_error)). Routes added to the router with axum's own
//! `.route(...)` are served first; the route set serves the rest.
//!
//! A route whose path names the action (Rails' default route, `/:controller/:action/:id`)
//! reaches an action that other routes name only with a method those routes take:
//! `GET /articles/destroy/1` is a 405 when `articles#destroy` is routed for DELETE, where Rails
//! 2 would have run it, which let any link or crawler delete. An action no other route names
//! is reached with the methods of the default route itself.
//!
//! ```
//! use axum::response::Html;
//! use resourceful::axum::{Handlers, Params};
//!
//! mod routes {
//!     resourceful::routes! { resources(articles, only(index, show)); }
//! }
//!
//! async fn index() -> Html<String> {
//!     Html(format!("<a href=\"{}\">first</a>", routes::article_path(1)))
//! }
//!
//! async fn show(params: Params) -> Result<String, resourceful::ParamError> {
//!     let id: u64 = params.parse("id")?;
//!     Ok(format!("article {id}"))
//! }
//!
//! let router: axum::Router = Handlers::new(&routes::ROUTES)
//!     .on("articles#index", index)
//!     .on("articles#show", show)
//!     .into_router()
//!     .expect("every route has a handler");
//!
//! let incomplete = Handlers::<()>::new(&routes::ROUTES).on("articles#indx", index).into_router();
//! assert_eq!(
//!     incomplete.unwrap_err().to_string(),
//!     "2 routes have no handler:\n    \
//!          articles#index  GET /articles(.:format)\n    \
//!          articles#show  GET /articles/:id(.:format)\n\
//!      1 handler is bound to no route:\n    \
//!          articles#indx\n"
//! );
//! ```

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use ::axum::Router;
use ::axum::extract::{FromRequestParts, Request, State};
use ::axum::handler::Handler;
use ::axum::response::{IntoResponse, Response};
use http::request::Parts;
use http::{Method, StatusCode};

use crate::tower::{PassThrough, RoutingLayer};
use crate::{MethodSet, ParamError, RouteSet, Routed, RoutingError};

/// A handler with its argument types forgotten, so that one table holds them all.
trait Erased<S>: Send + Sync {
    fn call(&self, request: Request, state: S) -> Pin<Box<dyn Future<Output = Response> + Send>>;
}

struct Bound<H, T> {
    handler: H,
    arguments: PhantomData<fn() -> T>,
}

impl<H, T, S> Erased<S> for Bound<H, T>
where
    H: Handler<T, S>,
    T: 'static,
    S: Send + 'static,
{
    fn call(&self, request: Request, state: S) -> Pin<Box<dyn Future<Output = Response> + Send>> {
        Box::pin(self.handler.clone().call(request, state))
    }
}

type Table<S> = HashMap<String, Arc<dyn Erased<S>>>;

/// The handlers of a route set's actions, bound by `controller#action`; see the
/// [module](self).
pub struct Handlers<S = ()> {
    set: &'static RouteSet,
    table: Table<S>,
    on_error: Option<Arc<dyn Erased<S>>>,
    layer: RoutingLayer<PassThrough>,
}

impl<S> fmt::Debug for Handlers<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut targets: Vec<&String> = self.table.keys().collect();
        targets.sort();
        f.debug_struct("Handlers")
            .field("targets", &targets)
            .field("on_error", &self.on_error.is_some())
            .finish()
    }
}

impl<S: Clone + Send + Sync + 'static> Handlers<S> {
    /// An empty table for the routes of `set`.
    pub fn new(set: &'static RouteSet) -> Self {
        Handlers {
            set,
            table: HashMap::new(),
            on_error: None,
            layer: RoutingLayer::new(set).pass_through(),
        }
    }

    /// Binds `handler` to the action `target`, written `controller#action` as
    /// `rails routes` prints it (`admin/users#index`). A second binding replaces the first.
    pub fn on<H, T>(mut self, target: &str, handler: H) -> Self
    where
        H: Handler<T, S>,
        T: 'static,
    {
        let bound = Bound {
            handler,
            arguments: PhantomData,
        };
        self.table.insert(target.to_owned(), Arc::new(bound));
        self
    }

    /// Answers the requests no route (or no handler) takes with `handler`, which can take the
    /// [`RoutingError`] as an extractor; by default they get
    /// [`RoutingError::to_response`].
    pub fn on_error<H, T>(mut self, handler: H) -> Self
    where
        H: Handler<T, S>,
        T: 'static,
    {
        self.on_error = Some(Arc::new(Bound {
            handler,
            arguments: PhantomData,
        }));
        self
    }

    /// Honours `X-HTTP-Method-Override` on POST (off by default).
    pub fn method_override_header(mut self, honour: bool) -> Self {
        self.layer = self.layer.method_override_header(honour);
        self
    }

    /// Reads at most `bytes` of a form body for `_method` (8 KiB by default).
    pub fn form_limit(mut self, bytes: usize) -> Self {
        self.layer = self.layer.form_limit(bytes);
        self
    }

    /// Waits at most `deadline` for the part of a form body read for `_method` (10 s by
    /// default); see [`RoutingLayer::form_deadline`].
    pub fn form_deadline(mut self, deadline: std::time::Duration) -> Self {
        self.layer = self.layer.form_deadline(deadline);
        self
    }

    /// Checks the table against the route set and returns the router that serves it.
    ///
    /// # Errors
    ///
    /// [`UnboundRoutes`], listing every route whose `controller#action` has no handler and
    /// every handler whose target no route has. Routes whose path names the controller or
    /// the action (`/:controller/:action/:id`) are not listed: what they reach is known only
    /// per request, and one that reaches no handler is a 404.
    pub fn into_router(self) -> Result<Router<S>, UnboundRoutes> {
        self.check()?;
        let Handlers {
            set,
            table,
            on_error,
            layer,
        } = self;
        let dispatch = Arc::new(Dispatch {
            guarded: guarded_targets(set),
            table,
            on_error,
        });
        let handler = move |State(state): State<S>, request: Request| {
            let dispatch = Arc::clone(&dispatch);
            async move { dispatch.call(request, state).await }
        };
        Ok(Router::new().fallback(Handler::<_, S>::layer(handler, layer)))
    }

    fn check(&self) -> Result<(), UnboundRoutes> {
        let mut missing: Vec<(String, String)> = Vec::new();
        for route in self.set.routes() {
            let (Some(controller), Some(action)) =
                (route.controller().fixed(), route.action().fixed())
            else {
                continue;
            };
            let target = format!("{controller}#{action}");
            if self.table.contains_key(&target) {
                continue;
            }
            let methods: Vec<&str> = route.methods().iter().map(|m| m.as_str()).collect();
            let methods = if methods.is_empty() {
                "ANY".to_owned()
            } else {
                methods.join("|")
            };
            let line = format!("{methods} {}", route.pattern());
            match missing.iter_mut().find(|(t, _)| *t == target) {
                Some((_, lines)) => {
                    lines.push_str(", ");
                    lines.push_str(&line);
                }
                None => missing.push((target, line)),
            }
        }
        let mut unknown: Vec<String> = self
            .table
            .keys()
            .filter(|target| !self.set.could_route_to(target))
            .cloned()
            .collect();
        unknown.sort();
        if missing.is_empty() && unknown.is_empty() {
            Ok(())
        } else {
            Err(UnboundRoutes { missing, unknown })
        }
    }
}

/// What the router's fallback does with a request the layer has routed.
struct Dispatch<S> {
    table: Table<S>,
    /// The methods of each `controller#action` that routes naming it take; a request that
    /// reaches it through a route whose path names the controller or action must use one.
    guarded: HashMap<String, MethodSet>,
    on_error: Option<Arc<dyn Erased<S>>>,
}

impl<S> Dispatch<S> {
    async fn call(&self, mut request: Request, state: S) -> Response {
        let error = match request.extensions().get::<Routed>() {
            Some(routed) => {
                let found = routed.recognized();
                let target = format!("{}#{}", found.controller(), found.action());
                let route = found.route();
                let by_name =
                    route.controller().fixed().is_none() || route.action().fixed().is_none();
                let refused = by_name
                    .then(|| self.guarded.get(&target))
                    .flatten()
                    .filter(|allowed| !allows(**allowed, request.method()));
                match (refused, self.table.get(&target)) {
                    (Some(allowed), _) => RoutingError::MethodNotAllowed {
                        method: request.method().clone(),
                        path: request.uri().path().to_owned(),
                        allowed: *allowed,
                    },
                    (None, Some(handler)) => return handler.call(request, state).await,
                    (None, None) => RoutingError::NotFound {
                        method: request.method().clone(),
                        path: request.uri().path().to_owned(),
                    },
                }
            }
            None => match request.extensions().get::<RoutingError>() {
                Some(error) => error.clone(),
                None => {
                    return (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "the request did not pass through resourceful's routing layer",
                    )
                        .into_response();
                }
            },
        };
        match &self.on_error {
            Some(handler) => {
                request.extensions_mut().insert(error);
                handler.call(request, state).await
            }
            None => error.into_response(),
        }
    }
}

/// Whether `method` (HEAD counted as GET) is among `allowed`.
fn allows(allowed: MethodSet, method: &Method) -> bool {
    allowed.contains(method) || (method == Method::HEAD && allowed.contains(&Method::GET))
}

/// The methods each `controller#action` is routed with by the routes that name both; left
/// out are targets some such route takes with any method.
fn guarded_targets(set: &RouteSet) -> HashMap<String, MethodSet> {
    let mut guarded: HashMap<String, MethodSet> = HashMap::new();
    let mut open: Vec<String> = Vec::new();
    for route in set.routes() {
        let (Some(controller), Some(action)) = (route.controller().fixed(), route.action().fixed())
        else {
            continue;
        };
        let target = format!("{controller}#{action}");
        if route.methods().is_empty() {
            open.push(target);
            continue;
        }
        let methods = guarded.entry(target).or_default();
        *methods = methods.union(route.method_set());
    }
    for target in open {
        guarded.remove(&target);
    }
    guarded
}

impl RouteSet {
    /// Whether some route can reach `controller#action`: one that names both, or one whose
    /// path names the controller or the action and can name these.
    fn could_route_to(&self, target: &str) -> bool {
        let Some((controller, action)) = target.split_once('#') else {
            return false;
        };
        self.routes().iter().any(|route| {
            let controller_fits = match route.controller().fixed() {
                None => self.controllers().contains(&controller),
                Some(fixed) => fixed == controller,
            };
            let action_fits = route.action().fixed().is_none_or(|fixed| fixed == action);
            controller_fits && action_fits
        })
    }
}

/// Routes without a handler and handlers without a route, found by
/// [`Handlers::into_router`]: one error for all of them, for the start-up log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnboundRoutes {
    missing: Vec<(String, String)>,
    unknown: Vec<String>,
}

impl UnboundRoutes {
    /// The `controller#action` of every route that has no handler, in the route set's order.
    pub fn missing(&self) -> impl Iterator<Item = &str> {
        self.missing.iter().map(|(target, _)| target.as_str())
    }

    /// Every target given a handler that no route has (a misspelling, most likely).
    pub fn unknown(&self) -> impl Iterator<Item = &str> {
        self.unknown.iter().map(String::as_str)
    }
}

impl fmt::Display for UnboundRoutes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize, one: &'static str, many: &'static str| {
            if n == 1 { one } else { many }
        };
        if !self.missing.is_empty() {
            let n = self.missing.len();
            writeln!(
                f,
                "{n} {} no handler:",
                plural(n, "route has", "routes have")
            )?;
            for (target, routes) in &self.missing {
                writeln!(f, "    {target}  {routes}")?;
            }
        }
        if !self.unknown.is_empty() {
            let n = self.unknown.len();
            writeln!(
                f,
                "{n} {} bound to no route:",
                plural(n, "handler is", "handlers are")
            )?;
            for target in &self.unknown {
                writeln!(f, "    {target}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for UnboundRoutes {}

/// The recognised route and its params: an extractor for handlers behind [`Handlers`] or the
/// [tower layer](crate::tower). It reads the values from the request's own URI.
#[derive(Debug, Clone)]
pub struct Params(pub Routed);

// `Params` reads as the `Routed` it holds: `params.parse::<u64>("id")`, `params.action()`.

impl std::ops::Deref for Params {
    type Target = Routed;

    fn deref(&self) -> &Routed {
        &self.0
    }
}

impl Params {
    /// The value of param `name`.
    ///
    /// # Errors
    ///
    /// [`ParamError::Missing`] (a 500) when the route has no such param.
    pub fn get(&self, name: &str) -> Result<&str, ParamError> {
        if let Some(value) = self.0.param(name) {
            return Ok(value);
        }
        let route = self.0.route();
        Err(ParamError::Missing {
            name: name.to_owned(),
            pattern: route.pattern(),
            params: route.param_names().collect(),
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Response> {
        match parts.extensions.get::<Routed>() {
            Some(found) => Ok(Params(found.clone())),
            None => Err((
                StatusCode::INTERNAL_SERVER_ERROR,
                "`Params` needs resourceful's routing layer in front of the handler",
            )
                .into_response()),
        }
    }
}

impl IntoResponse for ParamError {
    fn into_response(self) -> Response {
        (self.status(), format!("{self}\n")).into_response()
    }
}

impl IntoResponse for RoutingError {
    fn into_response(self) -> Response {
        self.to_response::<::axum::body::Body>()
    }
}

/// The error of a request no route took, for the handler given to [`Handlers::on_error`].
impl<S: Send + Sync> FromRequestParts<S> for RoutingError {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(parts
            .extensions
            .get::<RoutingError>()
            .cloned()
            .unwrap_or_else(|| RoutingError::NotFound {
                method: parts.method.clone(),
                path: parts.uri.path().to_owned(),
            }))
    }
}
