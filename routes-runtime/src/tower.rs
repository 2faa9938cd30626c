//! A tower layer that routes every request through a route set (feature `tower`).
//!
//! [`RoutingLayer`] does, in order, what Rails' middleware and router do for a request:
//!
//! 1. **Targets that are not paths.** A request whose target is not a path (`CONNECT
//!    host:port`, `OPTIONS *`) is a 400, and a `CONNECT` to a path is never routed, even by a
//!    route that takes any method: 405 (or 404 where no route takes the path). A `CONNECT`
//!    answered with a 2xx would be a tunnel to hyper.
//! 2. **Method override.** A POST whose body is `application/x-www-form-urlencoded` (in any
//!    case), to a path that some route takes with PUT, PATCH or DELETE, has its first bytes
//!    read (at most [`form_limit`](RoutingLayer::form_limit), 8 KiB by default, within
//!    [`form_deadline`](RoutingLayer::form_deadline), 10 s by default) for a `_method`
//!    field; then its query, then, when enabled, the `X-HTTP-Method-Override` header
//!    ([`MethodOverride`]). The request's method is rewritten (the one sent is kept in its
//!    extensions as an [`OriginalMethod`]), and the body is passed on unchanged: the bytes
//!    read are replayed before the rest ([`Replay`]). A body that is not read in time is a
//!    408 ([`RoutingError::FormTimeout`]); one that goes on past the limit without a
//!    `_method`, to a path no route takes with POST, a 413
//!    ([`RoutingError::FormTooLarge`]); one that a size limit in front of the layer
//!    (tower-http's `RequestBodyLimitLayer`) stops while it is read, a 413 too
//!    ([`RoutingError::BodyTooLarge`]), whether it came in one chunk or many, as the limit
//!    answers one whose `Content-Length` is too large. No other body is touched (and so no
//!    `100 Continue` is sent for it).
//! 3. **Recognition.** The request is recognised as every dispatcher recognises one
//!    ([`RouteSet::recognize_request`]: the default route reaches an action only by that
//!    action's own methods). The result is inserted into the request's extensions as a
//!    [`Routed`], where handlers find the controller, action and params (read from the
//!    request's own URI).
//! 4. **No route.** A 404, 405 (with `Allow`), 400/414 or 408/413 is answered by the layer
//!    ([`RoutingError::to_response`]), or, with [`fallback`](RoutingLayer::fallback), the
//!    request goes to a service of the application's with the [`RoutingError`] in its
//!    extensions; with [`pass_through`](RoutingLayer::pass_through), to the inner service.
//!
//! Media types are case-insensitive: the layer hands on a `Content-Type` whose type and
//! subtype are lowercased (parameters kept as sent), so that extractors comparing them
//! exactly (axum's `Form`) accept the form the layer read.
//!
//! The deadline is kept with Tokio's timer, which is started only if the body is not ready at
//! once: under a runtime other than Tokio, the read has no deadline, and a timeout in front of
//! the layer must bound it.
//!
//! Only form-encoded bodies are read: a multipart form (a file upload) that must act as PUT
//! can put `_method` in its action's query instead.
//!
//! ```
//! use http::{Method, Request, Response};
//! use resourceful::Routed;
//! use resourceful::tower::RoutingLayer;
//! use tower_layer::Layer;
//! use tower_service::Service;
//!
//! mod routes {
//!     resourceful::routes! { resources(articles); }
//! }
//!
//! /// A service that says what it was asked for.
//! #[derive(Clone)]
//! struct Echo;
//! impl<B> Service<Request<B>> for Echo {
//!     type Response = Response<String>;
//!     type Error = std::convert::Infallible;
//!     type Future = std::future::Ready<Result<Response<String>, Self::Error>>;
//!     fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
//!         std::task::Poll::Ready(Ok(()))
//!     }
//!     fn call(&mut self, request: Request<B>) -> Self::Future {
//!         let found = request.extensions().get::<Routed>().unwrap().recognized();
//!         let text = format!("{} {}#{}", request.method(), found.controller(), found.action());
//!         std::future::ready(Ok(Response::new(text)))
//!     }
//! }
//!
//! # fn block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     let waker = std::task::Waker::noop();
//! #     let mut cx = std::task::Context::from_waker(&waker);
//! #     let mut f = std::pin::pin!(f);
//! #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
//! # }
//! let mut service = RoutingLayer::new(&routes::ROUTES).layer(Echo);
//! let form = Request::post("/articles/3")
//!     .header("content-type", "application/x-www-form-urlencoded")
//!     .body(String::from("_method=delete&confirm=yes"))
//!     .unwrap();
//! let response = block_on(service.call(form)).unwrap();
//! assert_eq!(response.body(), "DELETE articles#destroy");
//!
//! let wrong = Request::delete("/articles").body(String::new()).unwrap();
//! let response = block_on(service.call(wrong)).unwrap();
//! assert_eq!(response.status(), 405);
//! assert_eq!(response.headers()["allow"], "GET, HEAD, POST");
//! ```

use std::future::{Future, Ready, poll_fn, ready};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use http::request::Parts;
use http::{Method, Request, Response, Uri};
use http_body::Body;
use tower_layer::Layer;
use tower_service::Service;

use crate::{MethodOverride, MethodSet, OriginalMethod, RouteSet, Routed, RoutingError};

mod form_body;

pub use form_body::Replay;
#[cfg(feature = "actix")]
pub(crate) use form_body::read_form_method;
use form_body::{Read, read_form_method as read_form};

/// How many bytes of a form body are read for `_method` unless told otherwise.
pub const DEFAULT_FORM_LIMIT: usize = 8 * 1024;

/// How long the layer waits for the bytes of a form body it reads, unless told otherwise.
pub const DEFAULT_FORM_DEADLINE: Duration = Duration::from_secs(10);

/// Routes requests through a route set; see the [module](self).
#[derive(Debug, Clone)]
pub struct RoutingLayer<U = Answer> {
    config: Config,
    unmatched: U,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Config {
    pub(crate) set: &'static RouteSet,
    pub(crate) overrides: MethodOverride,
    pub(crate) form_limit: usize,
    pub(crate) form_deadline: Duration,
}

impl RoutingLayer {
    /// Routes through `set`, answering the requests no route takes.
    pub fn new(set: &'static RouteSet) -> Self {
        RoutingLayer {
            config: Config {
                set,
                overrides: MethodOverride::default(),
                form_limit: DEFAULT_FORM_LIMIT,
                form_deadline: DEFAULT_FORM_DEADLINE,
            },
            unmatched: Answer,
        }
    }
}

impl<U> RoutingLayer<U> {
    /// Honours `X-HTTP-Method-Override` on POST (off by default; see [`MethodOverride`]).
    pub fn method_override_header(mut self, honour: bool) -> Self {
        self.config.overrides = self.config.overrides.with_header(honour);
        self
    }

    /// Reads at most `bytes` of a form body for `_method` (8 KiB by default; 0 reads none).
    pub fn form_limit(mut self, bytes: usize) -> Self {
        self.config.form_limit = bytes;
        self
    }

    /// Waits at most `deadline`, from the start of the read, for the bytes of a form body read
    /// for `_method` (10 s by default); past it the request is a 408
    /// ([`RoutingError::FormTimeout`]).
    pub fn form_deadline(mut self, deadline: Duration) -> Self {
        self.config.form_deadline = deadline;
        self
    }

    /// The layer's settings, for the axum and actix adapters, which route and dispatch in one
    /// step.
    #[cfg(any(feature = "axum", feature = "actix"))]
    pub(crate) fn config(&self) -> Config {
        self.config
    }

    /// Sends the requests no route takes to `service`, with the [`RoutingError`] in their
    /// extensions, instead of answering them.
    pub fn fallback<F>(self, service: F) -> RoutingLayer<Fallback<F>> {
        RoutingLayer {
            config: self.config,
            unmatched: Fallback(service),
        }
    }

    /// Sends the requests no route takes to the inner service, with the [`RoutingError`] in
    /// their extensions, instead of answering them.
    pub fn pass_through(self) -> RoutingLayer<PassThrough> {
        RoutingLayer {
            config: self.config,
            unmatched: PassThrough,
        }
    }
}

impl<S, U: Clone> Layer<S> for RoutingLayer<U> {
    type Service = Routing<S, U>;

    fn layer(&self, inner: S) -> Self::Service {
        Routing {
            inner,
            config: self.config,
            unmatched: self.unmatched.clone(),
        }
    }
}

/// The service [`RoutingLayer`] wraps around another.
#[derive(Debug, Clone)]
pub struct Routing<S, U = Answer> {
    inner: S,
    config: Config,
    unmatched: U,
}

/// What becomes of a request no route takes; implemented by [`Answer`], [`Fallback`] and
/// [`PassThrough`].
pub trait Unmatched<S, B>: Clone + Send + 'static
where
    S: Service<Request<B>>,
{
    /// The response's future.
    type Future: Future<Output = Result<S::Response, S::Error>> + Send + 'static;

    /// Handles `request`, whose extensions hold its [`RoutingError`]; `inner` is the wrapped
    /// service, ready.
    fn handle(&mut self, inner: S, request: Request<B>, error: RoutingError) -> Self::Future;
}

/// Answers with [`RoutingError::to_response`]: the status, `Allow` on a 405, the message.
#[derive(Debug, Clone, Copy, Default)]
pub struct Answer;

impl<S, B, ResBody> Unmatched<S, B> for Answer
where
    S: Service<Request<B>, Response = Response<ResBody>>,
    S::Error: Send + 'static,
    ResBody: From<String> + Send + 'static,
{
    type Future = Ready<Result<Response<ResBody>, S::Error>>;

    fn handle(&mut self, _: S, _: Request<B>, error: RoutingError) -> Self::Future {
        ready(Ok(error.to_response()))
    }
}

/// Sends the request to the application's service; see [`RoutingLayer::fallback`].
#[derive(Debug, Clone)]
pub struct Fallback<F>(F);

impl<S, F, B> Unmatched<S, B> for Fallback<F>
where
    S: Service<Request<B>>,
    S::Response: Send + 'static,
    S::Error: Send + 'static,
    F: Service<Request<B>, Response = S::Response, Error = S::Error> + Clone + Send + 'static,
    F::Future: Send + 'static,
    B: Send + 'static,
{
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn handle(&mut self, _: S, request: Request<B>, _: RoutingError) -> Self::Future {
        let mut fallback = self.0.clone();
        Box::pin(async move {
            poll_fn(|cx| fallback.poll_ready(cx)).await?;
            fallback.call(request).await
        })
    }
}

/// Sends the request to the inner service; see [`RoutingLayer::pass_through`].
#[derive(Debug, Clone, Copy, Default)]
pub struct PassThrough;

impl<S, B> Unmatched<S, B> for PassThrough
where
    S: Service<Request<B>>,
    S::Future: Send + 'static,
{
    type Future = S::Future;

    fn handle(&mut self, mut inner: S, request: Request<B>, _: RoutingError) -> Self::Future {
        inner.call(request)
    }
}

impl<S, U, B> Service<Request<B>> for Routing<S, U>
where
    S: Service<Request<Replay<B>>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Response: Send + 'static,
    S::Error: Send + 'static,
    U: Unmatched<S, Replay<B>>,
    B: Body<Data = Bytes> + Send + 'static,
    B::Error: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // The inner service is made ready in `call`, on the clone that serves the request.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let mut inner = self.inner.clone();
        let mut unmatched = self.unmatched.clone();
        let config = self.config;
        Box::pin(async move {
            let (mut parts, body) = request.into_parts();
            let (found, body) = route(config, &mut parts, body).await;
            poll_fn(|cx| inner.poll_ready(cx)).await?;
            match found {
                Ok(found) => {
                    parts.extensions.insert(found);
                    inner.call(Request::from_parts(parts, body)).await
                }
                Err(error) => {
                    parts.extensions.insert(error.clone());
                    let request = Request::from_parts(parts, body);
                    unmatched.handle(inner, request, error).await
                }
            }
        })
    }
}

/// Recognises the request, after its method override (reading its body for `_method` when it
/// could matter), or says why it cannot be routed.
async fn route<B>(
    config: Config,
    parts: &mut Parts,
    body: B,
) -> (Result<Routed, RoutingError>, Replay<B>)
where
    B: Body<Data = Bytes>,
    B::Error: 'static,
{
    match config.before_body(parts) {
        Step::Routed(found) => (found, Replay::new(body)),
        Step::ReadForm { allowed } => config.after_form(parts, body, allowed).await,
    }
}

/// Where routing stands before any of the body is read.
#[allow(
    clippy::large_enum_variant,
    reason = "returned and matched at once; a box would cost every request an allocation"
)]
pub(crate) enum Step {
    /// Routed, or refused, as the request came.
    Routed(Result<Routed, RoutingError>),
    /// A form POST to a path that some route takes with one of the `allowed` methods that
    /// `_method` can name: the form is read first.
    ReadForm { allowed: MethodSet },
}

impl Config {
    /// Routes the request as it came, unless its body must be read for `_method`; lowercases
    /// the `Content-Type`'s media type first.
    pub(crate) fn before_body(self, parts: &mut Parts) -> Step {
        lowercase_media_type(&mut parts.headers);
        if let Some(refused) = unroutable(self.set, &parts.method, &parts.uri) {
            return Step::Routed(Err(refused));
        }
        if parts.method == Method::POST && self.form_limit > 0 && is_form(&parts.headers) {
            let allowed = self.set.allowed_methods(parts.uri.path());
            if [Method::PUT, Method::PATCH, Method::DELETE]
                .iter()
                .any(|method| allowed.contains(method))
            {
                return Step::ReadForm { allowed };
            }
        }
        let method = self
            .overrides
            .resolve(&parts.method, &parts.uri, &parts.headers, None);
        set_method(parts, method);
        Step::Routed(Routed::recognize_parts(self.set, parts))
    }

    /// Reads the form for `_method`, then routes the request with the method it names.
    pub(crate) async fn after_form<B>(
        self,
        parts: &mut Parts,
        body: B,
        allowed: MethodSet,
    ) -> (Result<Routed, RoutingError>, Replay<B>)
    where
        B: Body<Data = Bytes>,
        B::Error: 'static,
    {
        let (read, body) = read_form(body, self.form_limit, self.form_deadline).await;
        let without_body = || {
            self.overrides
                .resolve(&parts.method, &parts.uri, &parts.headers, None)
        };
        let form_method = match self.form_method(read, allowed, without_body) {
            Ok(method) => method,
            Err(refused) => return (Err(refused), body),
        };
        let method = self.overrides.resolve(
            &parts.method,
            &parts.uri,
            &parts.headers,
            form_method.as_deref(),
        );
        set_method(parts, method);
        let found = Routed::recognize_parts(self.set, parts);
        (found, body)
    }
}

impl Config {
    /// The `_method` that reading a form found, or why the request is refused: a form past the
    /// limit without one, to a path no route takes with POST (unless the request means
    /// something as it is: `without_body` is the method it is routed as without the form), a
    /// body read too late, or one past a size limit in front.
    pub(crate) fn form_method(
        self,
        read: Read,
        allowed: MethodSet,
        without_body: impl FnOnce() -> Method,
    ) -> Result<Option<String>, RoutingError> {
        match read {
            Read::Method(method) => Ok(method),
            // A `_method` past the limit would be lost: refused, unless the request means
            // something as it is (a POST routes take, or an override in the query or header).
            Read::Cut => {
                if without_body() == Method::POST && !allowed.contains(&Method::POST) {
                    let limit = self.form_limit;
                    return Err(RoutingError::FormTooLarge { limit });
                }
                Ok(None)
            }
            Read::Late => Err(RoutingError::FormTimeout {
                deadline: self.form_deadline,
            }),
            Read::TooLarge { read } => Err(RoutingError::BodyTooLarge { read }),
        }
    }
}

/// Routes the request as `method`, keeping the method it was sent with as an
/// [`OriginalMethod`] when they differ.
fn set_method(parts: &mut Parts, method: Method) {
    let sent = std::mem::replace(&mut parts.method, method);
    if sent != parts.method {
        parts.extensions.insert(OriginalMethod(sent));
    }
}

/// Why a request is refused before any route is asked: a target that is not a path
/// (authority-form, as `CONNECT host:port` has, or asterisk-form, `OPTIONS *`) is a 400; a
/// `CONNECT` to a path is a 405 with the methods routes take it with (never `CONNECT`, even
/// where a route takes any method), or a 404.
fn unroutable(set: &RouteSet, method: &Method, uri: &Uri) -> Option<RoutingError> {
    let path = uri.path();
    if !path.starts_with('/') {
        return Some(RoutingError::BadRequest {
            path: uri.to_string().into(),
            reason: "the request's target is not a path",
        });
    }
    if method != Method::CONNECT {
        return None;
    }
    let allowed: MethodSet = set
        .allowed_methods(path)
        .iter()
        .filter(|allowed| allowed != Method::CONNECT)
        .collect();
    Some(RoutingError::refused(method, path, allowed))
}

/// Lowercases the type and subtype of the `Content-Type`, which are case-insensitive, so that
/// what comes after the layer can compare them exactly; parameters are left as sent.
fn lowercase_media_type(headers: &mut HeaderMap) {
    let Some(value) = headers.get(CONTENT_TYPE) else {
        return;
    };
    let bytes = value.as_bytes();
    let essence = bytes.iter().position(|&b| b == b';').unwrap_or(bytes.len());
    if !bytes[..essence].iter().any(u8::is_ascii_uppercase) {
        return;
    }
    let mut lowered = bytes.to_vec();
    lowered[..essence].make_ascii_lowercase();
    if let Ok(lowered) = HeaderValue::from_bytes(&lowered) {
        headers.insert(CONTENT_TYPE, lowered);
    }
}

/// Whether the body is form-encoded, whatever the parameters of its type.
fn is_form(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .is_some_and(|value| is_form_type(value.as_bytes()))
}

/// Whether a `Content-Type` of these bytes is form-encoding, whatever its parameters.
pub(crate) fn is_form_type(value: &[u8]) -> bool {
    let essence = value.split(|&b| b == b';').next().unwrap_or_default();
    essence
        .trim_ascii()
        .eq_ignore_ascii_case(b"application/x-www-form-urlencoded")
}
