//! axum handlers bound to the actions of a route set (feature `axum`).
//!
//! A route set already says, for every request, which controller and action it is for; what
//! axum needs is the handler of each. [`Handlers::bind`] asks for it once per variant of the
//! set's typed `Action` enum, through a `match` that rustc checks: an action without a handler
//! is error E0004 naming it, a misspelt one is E0599, and nothing is left to check when the
//! application starts. It returns a [`Dispatcher`]: a tower `Service`, which
//! `axum::serve(listener, app.into_make_service())` serves as it would an axum `Router`.
//!
//! The dispatcher recognises each request as the [tower layer](crate::tower) does (method
//! override from `_method` included) and calls the handler of its action, found by the
//! action's number rather than by its name. Handlers are plain axum handlers, each wrapped by
//! [`handler`]. Each reads its params as a type: `routes!` generates one per action
//! (`routes::params::ArticlesShow`, a struct that actions with the same fields share), an extractor whose fields are the params of every route
//! that reaches the action, typed by `types(...)` ([`ActionParams`](crate::ActionParams)).
//! [`Params`] gives the recognised route itself, and `RoutingError` is an extractor for the
//! error handler ([`on_error`](Handlers::on_error)).
//!
//! What each request carries, for handlers and for the layers given to
//! [`Dispatcher::layer`], which run after routing as those of axum's `Router::layer` do:
//! axum's `MatchedPath`, holding the route's pattern (`/articles/:id(.:format)`, behind the
//! set's mount); the [`Routed`] answer (controller, action, route); the method
//! it was routed as, after `_method`, with the method sent kept as an
//! [`OriginalMethod`](crate::OriginalMethod). A layer that must see the request as it was sent
//! (before the form is read for `_method`) goes around the dispatcher instead:
//! `tower::ServiceBuilder`, or an axum `Router` that holds it.
//!
//! Requests no route takes get a 404 through [`on_error`](Handlers::on_error), or go to
//! another service given to [`fallback`](Handlers::fallback): an axum `Router` with routes of
//! its own, or another route set's dispatcher. Nested in an axum `Router` at a prefix
//! ([`Dispatcher::nest_at`]), the route set's helpers write their paths under it.
//!
//! A route whose path names the action (Rails' default route, `/:controller/:action/:id`)
//! reaches an action that other routes name only with a method those routes take: the route
//! set's routing policy, which the dispatcher applies as every dispatcher does
//! ([`RouteSet::recognize_request`], whose docs give the rule). `GET /articles/destroy/1` is
//! a 405 when `articles#destroy` is routed for DELETE, where Rails 2 would have run it. An
//! action no route declares at all (`/articles/nonesuch/1`) is a 404, as Rails answers an
//! unknown action. Beyond the policy, a 405's `Allow` leaves out a method that reaches an
//! action without a handler, and a 405 left with none is a 404.
//!
//! ```
//! use axum::response::Html;
//! use resourceful::axum::{Dispatcher, Handlers, handler};
//!
//! mod routes {
//!     resourceful::routes! { resources(articles, only(index, show), types(id = u64)); }
//! }
//! use routes::{Action, params};
//!
//! async fn index() -> Html<String> {
//!     Html(format!("<a href=\"{}\">first</a>", routes::article_path(1)))
//! }
//!
//! // `id` is a `u64`: `/articles/abc` never gets here, and `params.idd` does not compile.
//! async fn show(params: params::ArticlesShow) -> String {
//!     format!("article {}", params.id)
//! }
//!
//! let app: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
//!     Action::ArticlesIndex => handler(index),
//!     Action::ArticlesShow => handler(show),
//! });
//! // axum::serve(listener, app.into_make_service())
//! ```
//!
//! Leaving out `Action::ArticlesShow` does not compile:
//!
//! ```compile_fail,E0004
//! # use resourceful::axum::{Dispatcher, Handlers, handler};
//! # mod routes { resourceful::routes! { resources(articles, only(index, show)); } }
//! # async fn index() {}
//! let app: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
//!     routes::Action::ArticlesIndex => handler(index),
//! });
//! ```
//!
//! Nor does a misspelt param:
//!
//! ```compile_fail,E0026
//! # mod routes { resourceful::routes! { resources(articles, only(show), types(id = u64)); } }
//! async fn show(routes::params::ArticlesShow { idd, .. }: routes::params::ArticlesShow) {}
//! ```

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use ::axum::Router;
use ::axum::body::Body;
use ::axum::extract::{MatchedPath, OriginalUri, Request};
use ::axum::handler::Handler;
use ::axum::response::{IntoResponse, Response};
use http::header::{ALLOW, CONTENT_LENGTH};
use http::request::Parts;
use http::{HeaderValue, Method};

use crate::tower::{Config, RoutingLayer, Step};

use crate::{Actions, ErrorPath, RouteSet, Routed, RoutingError};

mod endpoint;
mod extract;
mod refusal;
mod table;

use endpoint::{BoxedResponse, Erased};
pub use endpoint::{Endpoint, handler, mount, not_found};
pub use extract::Params;
use extract::as_sent;
use table::matched_paths;

/// The options of the [`Dispatcher`] that [`bind`](Handlers::bind) makes of a route set's
/// handlers; see the [module](self).
pub struct Handlers<S = ()> {
    set: &'static RouteSet,
    on_error: Option<Arc<dyn Erased<S>>>,
    fallback: Option<Arc<dyn Serve<()>>>,
    layer: RoutingLayer,
}

impl<S> fmt::Debug for Handlers<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("routes", &self.set.routes().len())
            .field("on_error", &self.on_error.is_some())
            .field("fallback", &self.fallback.is_some())
            .finish()
    }
}

impl<S: Clone + Send + Sync + 'static> Handlers<S> {
    /// The handlers of the routes of `set` (the `ROUTES` of a `routes!` invocation), to be
    /// given by [`bind`](Self::bind).
    ///
    /// `S` is the state the handlers extract, as in axum's `Router<S>`: rustc infers it from
    /// [`with_state`](Dispatcher::with_state) or from a handler taking `State<S>`. A
    /// dispatcher whose handlers take no state leaves it open (error E0283, "type
    /// annotations needed"): name it, as `let app: Dispatcher = ...` or
    /// `Handlers::<()>::new(&ROUTES)`.
    ///
    /// ```
    /// use resourceful::axum::{Handlers, handler};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles, only(index)); }
    /// }
    /// async fn index() -> &'static str {
    ///     "every article"
    /// }
    /// let app = Handlers::<()>::new(&routes::ROUTES).bind(|action| match action {
    ///     routes::Action::ArticlesIndex => handler(index),
    /// });
    /// # let _: resourceful::axum::Dispatcher = app;
    /// ```
    pub fn new(set: &'static RouteSet) -> Self {
        Handlers {
            set,
            on_error: None,
            fallback: None,
            layer: RoutingLayer::new(set),
        }
    }

    /// Answers the requests no route (or no action) takes with `handler`, which can take the
    /// [`RoutingError`] as an extractor; by default they get
    /// [`RoutingError::to_response`]. A 405's `Allow` is added to the handler's response
    /// when it sets none, as axum adds it to a method router's fallback.
    ///
    /// The same handler serves the 404s and 405s of axum routes beside the route set:
    /// given to that `Router`'s `fallback` and `method_not_allowed_fallback`, it extracts a
    /// `RoutingError` there too (a `MethodNotAllowed` whose methods axum then writes in
    /// `Allow`). See [`fallback`](Self::fallback).
    #[must_use]
    pub fn on_error<H, T>(mut self, handler: H) -> Self
    where
        H: Handler<T, S>,
        T: 'static,
    {
        self.on_error = self::handler(handler).0;
        self
    }

    /// Hands the requests no route takes (the 404s, [`not_found`] actions included) to
    /// `service`, as axum's `Router::fallback_service` does: an axum `Router` with routes of
    /// its own (`/health`, static files), or the [`Dispatcher`] of another route set, so
    /// that route sets and routers chain. The service gets the request as it was sent (its
    /// method before `_method`, no `RoutingError` in its extensions), with its body, and the
    /// dispatcher's layers around it. A 405 stays the route set's, as axum's router answers a
    /// 405 for a path it knows rather than asking its fallback.
    ///
    /// ```
    /// use axum::Router;
    /// use axum::routing::get;
    /// use resourceful::RoutingError;
    /// use resourceful::axum::{Dispatcher, Handlers, handler};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles, only(index)); }
    /// }
    /// /// One page for every 404 and 405, of the route set and of the axum routes alike.
    /// async fn page(error: RoutingError) -> (axum::http::StatusCode, String) {
    ///     (error.status(), format!("{error}\n"))
    /// }
    /// let site = Router::new()
    ///     .route("/health", get(|| async { "ok" }))
    ///     .fallback(page)
    ///     .method_not_allowed_fallback(page);
    /// let app: Dispatcher = Handlers::new(&routes::ROUTES)
    ///     .on_error(page)
    ///     .fallback(site)
    ///     .bind(|action| match action {
    ///         routes::Action::ArticlesIndex => handler(|| async { "every article" }),
    ///     });
    /// ```
    #[must_use]
    pub fn fallback<T>(mut self, service: T) -> Self
    where
        T: tower_service::Service<Request, Error = Infallible> + Clone + Send + Sync + 'static,
        T::Response: IntoResponse + 'static,
        T::Future: Send + 'static,
    {
        self.fallback = Some(Arc::new(Layered(service)));
        self
    }

    /// Honours `X-HTTP-Method-Override` on POST (off by default).
    #[must_use]
    pub fn method_override_header(mut self, honour: bool) -> Self {
        self.layer = self.layer.method_override_header(honour);
        self
    }

    /// Reads at most `bytes` of a form body for `_method` (8 KiB by default).
    #[must_use]
    pub fn form_limit(mut self, bytes: usize) -> Self {
        self.layer = self.layer.form_limit(bytes);
        self
    }

    /// Waits at most `deadline` for the part of a form body read for `_method` (10 s by
    /// default); see [`RoutingLayer::form_deadline`].
    #[must_use]
    pub fn form_deadline(mut self, deadline: std::time::Duration) -> Self {
        self.layer = self.layer.form_deadline(deadline);
        self
    }

    /// The service that serves the route set, with the handler `each` gives for every action:
    /// `each` is called once per variant of `A`, the set's `Action` enum, and is meant to be
    /// a `match` without a wildcard, so that rustc names any action left without a handler.
    ///
    /// # Panics
    ///
    /// When `A` is the `Action` of another route set than the one given to
    /// [`new`](Self::new): a mistake in the program, found when it starts, as axum's own
    /// `Router::route` finds two handlers for one path.
    pub fn bind<A: Actions>(self, mut each: impl FnMut(A) -> Endpoint<S>) -> Dispatcher<S> {
        let Handlers {
            set,
            on_error,
            fallback,
            layer,
        } = self;
        assert!(
            std::ptr::eq(set, A::routes()),
            "Handlers::bind: `{}` is the Action of another route set than the one given to \
             Handlers::new",
            std::any::type_name::<A>()
        );
        let table: Vec<Endpoint<S>> = A::ALL.iter().map(|&action| each(action)).collect();
        let front = Front {
            set,
            config: layer.config(),
            served: table.iter().map(|endpoint| endpoint.0.is_some()).collect(),
            matched: matched_paths(set),
        };
        Dispatcher {
            front: Arc::new(front),
            serve: Arc::new(Dispatch {
                set,
                table,
                on_error,
                fallback,
            }),
            outer: true,
        }
    }
}

/// A route set's handlers bound to its actions, as [`Handlers::bind`] returns them: a tower
/// `Service` that recognises each request and calls the handler of its action, found by
/// number. Routing and the handler's call are one step, so that a request costs one future
/// (the handler's own) unless its form is read for `_method`, and its body is passed on as it
/// came when none of it was read.
///
/// `S` is the state the handlers extract; [`with_state`](Self::with_state) gives it and
/// makes the service, to which [`layer`](Dispatcher::layer) then adds layers.
/// `axum::serve(listener, app.into_make_service())` serves it (for axum's `ConnectInfo`,
/// `axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<SocketAddr>(app)`);
/// an axum `Router` nests it at a prefix with [`nest_at`](Dispatcher::nest_at), or takes it
/// as its fallback (`Router::new().route(..).fallback_service(app)`) where routes of axum's
/// own are wanted in front of it.
pub struct Dispatcher<S = ()> {
    front: Arc<Front>,
    serve: Arc<dyn Serve<S>>,
    /// Whether the service routes each request and finishes its response, as axum's router
    /// does ([`ResponseFuture`]); the one a layer wraps does neither, but serves what the
    /// outer one routed.
    outer: bool,
}

impl<S> Clone for Dispatcher<S> {
    fn clone(&self) -> Self {
        Dispatcher {
            front: Arc::clone(&self.front),
            serve: Arc::clone(&self.serve),
            outer: self.outer,
        }
    }
}

impl<S> fmt::Debug for Dispatcher<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dispatcher").finish_non_exhaustive()
    }
}

impl<S: Clone + Send + Sync + 'static> Dispatcher<S> {
    /// The service, with `state` for the handlers that extract it (axum's `State<S>`), as
    /// axum's `Router::with_state`.
    pub fn with_state(self, state: S) -> Dispatcher {
        Dispatcher {
            front: self.front,
            serve: Arc::new(WithState {
                serve: self.serve,
                state,
            }),
            outer: true,
        }
    }
}

impl Dispatcher {
    /// The service with `layer` (a tower layer, such as
    /// [`ForgeryProtectionLayer`](crate::forgery::ForgeryProtectionLayer), axum's middleware
    /// or tower-http's) around what it does once a request is routed, as axum's
    /// `Router::layer` wraps its routes and fallback: the layer sees the route's
    /// `MatchedPath` and [`Routed`], the method after `_method` (with an
    /// [`OriginalMethod`](crate::OriginalMethod) where it changed), or the
    /// [`RoutingError`] of a request no route takes, which it wraps the error handler and the
    /// [`fallback`](Handlers::fallback) of. The layer added last sees a request first.
    /// Layers are added once the state is given ([`with_state`](Self::with_state)), and see
    /// the response of a HEAD request with its body, which is dropped outside them.
    ///
    /// A layer that must act before the form of a POST is read for `_method` (a timeout, a
    /// limit on the whole body) goes around the dispatcher instead
    /// (`tower::ServiceBuilder::new().layer(l).service(app)`).
    #[must_use]
    pub fn layer<L>(self, layer: L) -> Dispatcher
    where
        L: tower_layer::Layer<Dispatcher>,
        L::Service: tower_service::Service<Request> + Clone + Send + Sync + 'static,
        <L::Service as tower_service::Service<Request>>::Response: IntoResponse + 'static,
        <L::Service as tower_service::Service<Request>>::Error: Into<Infallible> + 'static,
        <L::Service as tower_service::Service<Request>>::Future: Send + 'static,
    {
        let inner = Dispatcher {
            front: Arc::clone(&self.front),
            serve: self.serve,
            outer: false,
        };
        Dispatcher {
            front: self.front,
            serve: Arc::new(Layered(layer.layer(inner))),
            outer: true,
        }
    }

    /// An axum `Router` that serves the route set under `prefix` (its `nest_service`), with
    /// the set mounted there ([`RouteSet::set_relative_url_root`]), so that its helpers,
    /// typed routes and `url_for` write `/blog/articles/1` where the set routes
    /// `/articles/1`, and `MatchedPath` holds `/blog/articles/:id(.:format)`. Routes of
    /// axum's own, and other nested services, are added to the router it returns.
    ///
    /// ```
    /// use axum::routing::get;
    /// use resourceful::axum::{Dispatcher, Handlers, handler};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles, only(index)); }
    /// }
    /// let blog: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
    ///     routes::Action::ArticlesIndex => handler(|| async { "every article" }),
    /// });
    /// let app: axum::Router = blog.nest_at("/blog").route("/health", get(|| async { "ok" }));
    /// assert_eq!(routes::articles_path(), "/blog/articles");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`RouteSet::set_relative_url_root`], when the set is mounted under another prefix.
    pub fn nest_at(self, prefix: &str) -> Router {
        let set = self.front.set;
        set.set_relative_url_root(prefix);
        let front = Front {
            matched: matched_paths(set),
            ..Front::clone(&self.front)
        };
        let dispatcher = Dispatcher {
            front: Arc::new(front),
            serve: self.serve,
            outer: true,
        };
        match set.relative_url_root() {
            Some(root) => Router::new().nest_service(root, dispatcher),
            None => Router::new().fallback_service(dispatcher),
        }
    }

    /// The service as `axum::serve` takes it: a clone of it for each connection.
    pub fn into_make_service(self) -> ::axum::routing::IntoMakeService<Self> {
        ::axum::ServiceExt::<Request>::into_make_service(self)
    }
}

impl<B> tower_service::Service<http::Request<B>> for Dispatcher
where
    B: http_body::Body<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<::axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<B>) -> ResponseFuture {
        let request = request.map(Body::new);
        if !self.outer {
            let response = Arc::clone(&self.serve).serve(request, ());
            return ResponseFuture {
                response,
                finish: Finish::AsIs,
            };
        }
        let finish = match *request.method() {
            Method::HEAD => Finish::Head,
            Method::CONNECT => Finish::Connect,
            _ => Finish::AsIs,
        };
        let response = Arc::clone(&self.front).route(request, Arc::clone(&self.serve));
        ResponseFuture { response, finish }
    }
}

/// The future of a [`Dispatcher`]'s response. As axum's router does, it answers a HEAD
/// request without the body, and with the body's `Content-Length` when its size is known and
/// the handler set none, and a successful CONNECT without a body. Other responses keep their
/// body, from whose size the server (hyper) writes the `Content-Length` itself.
pub struct ResponseFuture {
    response: BoxedResponse,
    finish: Finish,
}

/// What is left to do to a response when its handler is done.
#[derive(Clone, Copy)]
enum Finish {
    AsIs,
    /// Drop the body, keeping its length.
    Head,
    /// Drop the body of a success: a tunnel's response has none.
    Connect,
}

impl fmt::Debug for ResponseFuture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResponseFuture").finish_non_exhaustive()
    }
}

impl Future for ResponseFuture {
    type Output = Result<Response, Infallible>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut response = std::task::ready!(self.response.as_mut().poll(cx));
        match self.finish {
            Finish::AsIs => {}
            Finish::Head => {
                if !response.headers().contains_key(CONTENT_LENGTH)
                    && let Some(size) = http_body::Body::size_hint(response.body()).exact()
                {
                    response
                        .headers_mut()
                        .insert(CONTENT_LENGTH, HeaderValue::from(size));
                }
                *response.body_mut() = Body::empty();
            }
            Finish::Connect if response.status().is_success() => {
                *response.body_mut() = Body::empty();
            }
            Finish::Connect => {}
        }
        Poll::Ready(Ok(response))
    }
}

/// What a [`Dispatcher`] does with a request once it is routed, given the state.
trait Serve<S>: Send + Sync {
    fn serve(self: Arc<Self>, request: Request, state: S) -> BoxedResponse;
}

/// A service called as axum's `Route` calls one, on a clone of it: a dispatcher behind a
/// layer, or a fallback.
struct Layered<T>(T);

impl<T> Serve<()> for Layered<T>
where
    T: tower_service::Service<Request> + Clone + Send + Sync + 'static,
    T::Response: IntoResponse + 'static,
    T::Error: Into<Infallible> + 'static,
    T::Future: Send + 'static,
{
    fn serve(self: Arc<Self>, request: Request, (): ()) -> BoxedResponse {
        let mut service = self.0.clone();
        Box::pin(async move {
            if let Err(error) = std::future::poll_fn(|cx| service.poll_ready(cx)).await {
                match Into::<Infallible>::into(error) {}
            }
            match service.call(request).await {
                Ok(response) => response.into_response(),
                Err(error) => match Into::<Infallible>::into(error) {},
            }
        })
    }
}

/// A dispatcher with its state given.
struct WithState<S> {
    serve: Arc<dyn Serve<S>>,
    state: S,
}

impl<S: Clone + Send + Sync + 'static> Serve<()> for WithState<S> {
    fn serve(self: Arc<Self>, request: Request, (): ()) -> BoxedResponse {
        Arc::clone(&self.serve).serve(request, self.state.clone())
    }
}

/// How a [`Dispatcher`] routes a request, before any layer: what it puts in the request's
/// extensions tells the rest ([`Dispatch`]) which handler to call.
#[derive(Clone)]
struct Front {
    set: &'static RouteSet,
    /// The routing layer's settings, by which the request is routed.
    config: Config,
    /// By action number, whether the action has a handler (else it is [`not_found`]).
    served: Vec<bool>,
    /// By route number, the `MatchedPath` of the route's pattern.
    matched: Vec<Option<MatchedPath>>,
}

impl Front {
    /// Routes `request` (reading its form for `_method` where it must), then hands it to
    /// `serve`.
    fn route(self: Arc<Self>, request: Request, serve: Arc<dyn Serve<()>>) -> BoxedResponse {
        let (mut parts, body) = request.into_parts();
        match self.config.before_body(&mut parts) {
            Step::Routed(found) => {
                self.settle(&mut parts, found);
                serve.serve(Request::from_parts(parts, body), ())
            }
            Step::ReadForm { allowed } => Box::pin(async move {
                let (found, body) = self.config.after_form(&mut parts, body, allowed).await;
                let body = body.unwrap_or(|body| body, Body::new);
                self.settle(&mut parts, found);
                serve.serve(Request::from_parts(parts, body), ()).await
            }),
        }
    }

    /// Puts what routing found in the request's extensions: the [`Routed`] answer and the
    /// route's `MatchedPath`, or the [`RoutingError`] (beside the answer, where the route
    /// reached an action without a handler).
    fn settle(&self, parts: &mut Parts, found: Result<Routed, RoutingError>) {
        let error = match found {
            Ok(routed) => {
                let refused = self.refuse(&routed, parts);
                if refused.is_none() {
                    let route = routed.recognized().index();
                    if let Some(Some(matched)) = self.matched.get(route) {
                        parts.extensions.insert(matched.clone());
                    }
                }
                parts.extensions.insert(routed);
                match refused {
                    None => return,
                    Some(error) => error,
                }
            }
            Err(error) => self.reachable(error, parts),
        };
        let mut error = error;
        // Nested in an axum `Router` (`nest_at`), the set routes the path within its mount:
        // the error names the one the client sent, as axum keeps it.
        if let Some(OriginalUri(sent)) = parts.extensions.get::<OriginalUri>()
            && let Some(path) = error.path_mut()
            && sent.path().ends_with(path.as_str())
        {
            *path = ErrorPath::new(sent.path());
        }
        parts.extensions.insert(error);
    }
}

/// What a [`Dispatcher`] does with a routed request: call the handler of its action, or the
/// error handler, or the fallback.
struct Dispatch<S> {
    set: &'static RouteSet,
    /// The handler of each action, by its number.
    table: Vec<Endpoint<S>>,
    on_error: Option<Arc<dyn Erased<S>>>,
    fallback: Option<Arc<dyn Serve<()>>>,
}

impl<S: Send + 'static> Serve<S> for Dispatch<S> {
    fn serve(self: Arc<Self>, mut request: Request, state: S) -> BoxedResponse {
        let extensions = request.extensions();
        let error = match extensions.get::<RoutingError>() {
            Some(error) => error.clone(),
            None => {
                // A redirect is answered here, without a handler.
                let redirect = extensions.get::<Routed>().and_then(|routed| {
                    // Nested (`nest_at`), the path is the one under the prefix: the request's
                    // URL, which a redirect by options keeps, is the one sent (Rails' path
                    // with its `SCRIPT_NAME`).
                    let uri = extensions
                        .get::<OriginalUri>()
                        .map_or(request.uri(), |OriginalUri(sent)| sent);
                    routed.recognized().redirect_from(uri, request.headers())
                });
                if let Some(redirect) = redirect {
                    return Box::pin(std::future::ready(redirect.to_response()));
                }
                let handler = extensions
                    .get::<Routed>()
                    .and_then(|routed| self.set.action_number(&routed.recognized()))
                    .and_then(|number| self.table.get(number))
                    .and_then(|endpoint| endpoint.0.as_ref());
                if let Some(handler) = handler {
                    return handler.call(request, state);
                }
                // Only a layer that took the answer out of the request gets here.
                let error = RoutingError::NotFound {
                    method: request.method().clone(),
                    path: ErrorPath::new(request.uri().path()),
                };
                request.extensions_mut().insert(error.clone());
                error
            }
        };
        if let (RoutingError::NotFound { .. }, Some(fallback)) = (&error, &self.fallback) {
            as_sent(&mut request);
            return Arc::clone(fallback).serve(request, ());
        }
        let Some(handler) = &self.on_error else {
            return Box::pin(std::future::ready(error.into_response()));
        };
        let response = handler.call(request, state);
        match error.allow_header() {
            None => response,
            Some(allow) => Box::pin(async move {
                let mut response = response.await;
                if !response.headers().contains_key(ALLOW) {
                    response.headers_mut().insert(ALLOW, allow);
                }
                response
            }),
        }
    }
}
