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
//! [`handler`]; [`Params`] gives them the recognised route and its params (and, through the
//! typed `Route` enum, its typed params), and `RoutingError` is an extractor for the error
//! handler ([`on_error`](Handlers::on_error)). Layers go on the dispatcher once its state is
//! given, as on an axum `Router` ([`Dispatcher::layer`]). Routes of axum's own go in an axum
//! `Router` that takes the dispatcher as its fallback:
//! `Router::new().route("/health", get(health)).fallback_service(app)` serves `/health` and
//! gives the route set the rest. The dispatcher does not sit inside an axum `Router` of its
//! own: reaching a router's fallback costs about what axum's whole routing does, which a
//! request through the dispatcher alone does not pay.
//!
//! A route whose path names the action (Rails' default route, `/:controller/:action/:id`)
//! reaches an action that other routes name only with a method those routes take:
//! `GET /articles/destroy/1` is a 405 when `articles#destroy` is routed for DELETE, where Rails
//! 2 would have run it, which let any link or crawler delete. An action no other route names
//! is reached with the methods of the default route itself; an action no route declares at
//! all (`/articles/nonesuch/1`) is a 404, as Rails answers an unknown action.
//!
//! ```
//! use axum::response::Html;
//! use resourceful::axum::{Dispatcher, Handlers, Params, handler};
//!
//! mod routes {
//!     resourceful::routes! { resources(articles, only(index, show), types(id = u64)); }
//! }
//! use routes::{Action, Route};
//!
//! async fn index() -> Html<String> {
//!     Html(format!("<a href=\"{}\">first</a>", routes::article_path(1)))
//! }
//!
//! async fn show(params: Params) -> String {
//!     match Route::of(&params.recognized()) {
//!         Some(Route::ArticlesShow { id, .. }) => format!("article {id}"),
//!         _ => unreachable!("only articles#show is bound to show"),
//!     }
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

use std::any::Any;
use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use ::axum::extract::{FromRequestParts, Request};
use ::axum::handler::Handler;
use ::axum::response::{IntoResponse, Response};
use http::header::CONTENT_LENGTH;
use http::request::Parts;
use http::{HeaderValue, Method, StatusCode};

use crate::tower::{Config, RoutingLayer, Step};
use crate::{Actions, MethodSet, ParamError, RouteSet, Routed, RoutingError};

/// A handler with its argument types forgotten, so that one table holds them all.
trait Erased<S>: Send + Sync {
    fn call(&self, request: Request, state: S) -> BoxedResponse;
}

struct Typed<H, T> {
    handler: H,
    arguments: PhantomData<fn() -> T>,
}

impl<H, T, S> Erased<S> for Typed<H, T>
where
    H: Handler<T, S>,
    T: 'static,
    S: Send + 'static,
{
    fn call(&self, request: Request, state: S) -> BoxedResponse {
        box_once(self.handler.clone().call(request, state))
    }
}

/// The future of a response, boxed: what every handler's call comes to.
type BoxedResponse = Pin<Box<dyn Future<Output = Response> + Send>>;

/// `future` in a box, unless it already is one of the type returned (as the future of an
/// `async fn` handler is in axum): then as it came, rather than in a second box.
fn box_once<F>(future: F) -> BoxedResponse
where
    F: Future<Output = Response> + Send + 'static,
{
    let mut slot = Some(future);
    let boxed = (&mut slot as &mut dyn Any)
        .downcast_mut::<Option<BoxedResponse>>()
        .and_then(Option::take);
    match (boxed, slot) {
        (Some(boxed), _) => boxed,
        (None, Some(future)) => Box::pin(future),
        (None, None) => unreachable!("the slot is emptied only when it held a boxed future"),
    }
}

/// What an action answers with, for each arm of the `match` given to [`Handlers::bind`]:
/// an axum handler ([`handler`]), or a 404 ([`not_found`]).
pub struct Endpoint<S = ()>(Option<Arc<dyn Erased<S>>>);

impl<S> Clone for Endpoint<S> {
    fn clone(&self) -> Self {
        Endpoint(self.0.clone())
    }
}

impl<S> fmt::Debug for Endpoint<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Some(_) => "Endpoint(handler)",
            None => "Endpoint(not_found)",
        })
    }
}

/// An action that answers as if no route had taken the request: a 404, through the
/// [`on_error`](Handlers::on_error) handler. For what a route whose path names the controller
/// or the action (Rails' default route, `/:controller/:action/:id`) reaches and the
/// application does not serve, as `comments#index` from `GET /comments`.
pub fn not_found<S>() -> Endpoint<S> {
    Endpoint(None)
}

/// Wraps an axum handler (an `async fn` whose arguments are extractors) for
/// [`Handlers::bind`].
pub fn handler<H, T, S>(handler: H) -> Endpoint<S>
where
    H: Handler<T, S>,
    T: 'static,
    S: Send + 'static,
{
    Endpoint(Some(Arc::new(Typed {
        handler,
        arguments: PhantomData,
    })))
}

/// The options of the [`Dispatcher`] that [`bind`](Handlers::bind) makes of a route set's
/// handlers; see the [module](self).
pub struct Handlers<S = ()> {
    set: &'static RouteSet,
    on_error: Option<Arc<dyn Erased<S>>>,
    layer: RoutingLayer,
}

impl<S> fmt::Debug for Handlers<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("routes", &self.set.routes().len())
            .field("on_error", &self.on_error.is_some())
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
            layer: RoutingLayer::new(set),
        }
    }

    /// Answers the requests no route (or no action) takes with `handler`, which can take the
    /// [`RoutingError`] as an extractor; by default they get
    /// [`RoutingError::to_response`].
    #[must_use]
    pub fn on_error<H, T>(mut self, handler: H) -> Self
    where
        H: Handler<T, S>,
        T: 'static,
    {
        self.on_error = self::handler(handler).0;
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
            layer,
        } = self;
        assert!(
            std::ptr::eq(set, A::routes()),
            "Handlers::bind: `{}` is the Action of another route set than the one given to \
             Handlers::new",
            std::any::type_name::<A>()
        );
        Dispatcher {
            outermost: true,
            serve: Arc::new(Dispatch {
                set,
                config: layer.config(),
                table: A::ALL.iter().map(|&action| each(action)).collect(),
                guarded: guarded_actions(set),
                on_error,
            }),
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
/// `axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<SocketAddr>(app)`),
/// and an axum `Router` takes it as its fallback
/// (`Router::new().route(..).fallback_service(app)`) where routes of axum's own are wanted
/// in front of it.
pub struct Dispatcher<S = ()> {
    serve: Arc<dyn Serve<S>>,
    /// Whether the service is the outermost, which finishes the response as axum's router
    /// does ([`ResponseFuture`]); the one inside a layer is not.
    outermost: bool,
}

impl<S> Clone for Dispatcher<S> {
    fn clone(&self) -> Self {
        Dispatcher {
            serve: Arc::clone(&self.serve),
            outermost: self.outermost,
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
            serve: Arc::new(WithState {
                serve: self.serve,
                state,
            }),
            outermost: true,
        }
    }
}

impl Dispatcher {
    /// The service behind `layer` (a tower layer, such as
    /// [`ForgeryProtectionLayer`](crate::forgery::ForgeryProtectionLayer), axum's middleware
    /// or tower-http's), as axum's `Router::layer`: the layer added last sees a request first.
    /// Layers are added once the state is given ([`with_state`](Self::with_state)), and see
    /// the response of a HEAD request with its body, which is dropped outside them.
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
            serve: self.serve,
            outermost: false,
        };
        Dispatcher {
            serve: Arc::new(Layered(layer.layer(inner))),
            outermost: true,
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
        let method = request.method();
        let finish = if !self.outermost {
            Finish::AsIs
        } else if method == Method::HEAD {
            Finish::Head
        } else if method == Method::CONNECT {
            Finish::Connect
        } else {
            Finish::AsIs
        };
        let response = Arc::clone(&self.serve).serve(request.map(::axum::body::Body::new), ());
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
                *response.body_mut() = ::axum::body::Body::empty();
            }
            Finish::Connect if response.status().is_success() => {
                *response.body_mut() = ::axum::body::Body::empty();
            }
            Finish::Connect => {}
        }
        Poll::Ready(Ok(response))
    }
}

/// What a [`Dispatcher`] does with a request, given the state.
trait Serve<S>: Send + Sync {
    fn serve(self: Arc<Self>, request: Request, state: S) -> BoxedResponse;
}

/// A dispatcher behind a layer: the layered service, called as axum's `Route` calls one, on
/// a clone of it.
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

impl<S: Clone + Send + Sync + 'static> Serve<S> for Dispatch<S> {
    fn serve(self: Arc<Self>, request: Request, state: S) -> BoxedResponse {
        let (mut parts, body) = request.into_parts();
        match self.config.before_body(&mut parts) {
            Step::Routed(found) => self.dispatch(Request::from_parts(parts, body), found, state),
            Step::ReadForm { allowed } => Box::pin(async move {
                let (found, body) = self.config.after_form(&mut parts, body, allowed).await;
                let body = body.unwrap_or(|body| body, ::axum::body::Body::new);
                let request = Request::from_parts(parts, body);
                self.dispatch(request, found, state).await
            }),
        }
    }
}

/// What a [`Dispatcher`] does with a request: route it, then call the handler.
struct Dispatch<S> {
    set: &'static RouteSet,
    /// The routing layer's settings, by which the request is routed.
    config: Config,
    /// The handler of each action, by its number.
    table: Vec<Endpoint<S>>,
    /// By action number, the methods that the routes naming the action take, for a request
    /// that reaches it through a route whose path names the controller or action; none where
    /// such a route takes any method.
    guarded: Vec<Option<MethodSet>>,
    on_error: Option<Arc<dyn Erased<S>>>,
}

impl<S: Send + 'static> Dispatch<S> {
    /// Calls the handler of the action `found` names, with the [`Routed`] in the request's
    /// extensions, or the error handler with the [`RoutingError`].
    fn dispatch(
        &self,
        mut request: Request,
        found: Result<Routed, RoutingError>,
        state: S,
    ) -> BoxedResponse {
        let error = match found {
            Ok(routed) => {
                let recognized = routed.recognized();
                let route = recognized.route();
                let by_name =
                    route.controller().fixed().is_none() || route.action().fixed().is_none();
                let number = self.set.action_number(&recognized);
                let refused = number
                    .filter(|_| by_name)
                    .and_then(|number| self.guarded.get(number).copied().flatten())
                    .filter(|allowed| !allows(*allowed, request.method()));
                let handler = number
                    .and_then(|number| self.table.get(number))
                    .and_then(|endpoint| endpoint.0.as_ref());
                let error = match (refused, handler) {
                    (Some(allowed), _) => RoutingError::MethodNotAllowed {
                        method: request.method().clone(),
                        path: request.uri().path().to_owned(),
                        allowed,
                    },
                    (None, Some(handler)) => {
                        request.extensions_mut().insert(routed);
                        return handler.call(request, state);
                    }
                    (None, None) => RoutingError::NotFound {
                        method: request.method().clone(),
                        path: request.uri().path().to_owned(),
                    },
                };
                request.extensions_mut().insert(routed);
                error
            }
            Err(error) => error,
        };
        match &self.on_error {
            Some(handler) => {
                request.extensions_mut().insert(error);
                handler.call(request, state)
            }
            None => Box::pin(std::future::ready(error.into_response())),
        }
    }
}

/// Whether `method` (HEAD counted as GET) is among `allowed`.
fn allows(allowed: MethodSet, method: &Method) -> bool {
    allowed.contains(method) || (method == Method::HEAD && allowed.contains(&Method::GET))
}

/// By action number, the methods the routes that name the action (controller and action
/// both fixed) take; none for an action no such route names, or one that some such route
/// takes with any method.
fn guarded_actions(set: &RouteSet) -> Vec<Option<MethodSet>> {
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
        let methods = guarded[number].get_or_insert_with(MethodSet::default);
        *methods = methods.union(route.method_set());
    }
    for (methods, open) in guarded.iter_mut().zip(open) {
        if open {
            *methods = None;
        }
    }
    guarded
}

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
