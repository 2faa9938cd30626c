//! What each action of a route set answers with: an axum handler with its argument types
//! forgotten, so that one table holds them all, or a 404.

use std::any::Any;
use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use ::axum::extract::Request;
use ::axum::handler::Handler;
use ::axum::response::{IntoResponse, Response};

/// A handler with its argument types forgotten, so that one table holds them all.
pub(super) trait Erased<S>: Send + Sync {
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
pub(super) type BoxedResponse = Pin<Box<dyn Future<Output = Response> + Send>>;

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

/// What an action answers with, for each arm of the `match` given to [`Handlers::bind`](super::Handlers::bind):
/// an axum handler ([`handler`]), a mounted service ([`mount`]), or a 404 ([`not_found`]).
pub struct Endpoint<S = ()>(pub(super) Option<Arc<dyn Erased<S>>>);

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
/// [`on_error`](super::Handlers::on_error) handler, or the [`fallback`](super::Handlers::fallback). For
/// what a route whose path names the controller or the action (Rails' default route,
/// `/:controller/:action/:id`) reaches and the application does not serve, as
/// `comments#index` from `GET /comments`.
pub fn not_found<S>() -> Endpoint<S> {
    Endpoint(None)
}

/// A service mounted at a `draw!` route's `mount(...)` point, for
/// [`Handlers::bind`](super::Handlers::bind): it is called with the request's path under the
/// mount point (the query kept), as axum's `nest_service` calls one; the [`Routed`] answer in
/// the request's extensions keeps the URI as it was sent, and [`Routed::mount`] the split.
///
/// [`Routed`]: crate::Routed
/// [`Routed::mount`]: crate::Routed::mount
pub fn mount<T, S>(service: T) -> Endpoint<S>
where
    T: tower_service::Service<Request> + Clone + Send + Sync + 'static,
    T::Response: IntoResponse + 'static,
    T::Error: Into<Infallible> + 'static,
    T::Future: Send + 'static,
    S: Send + 'static,
{
    Endpoint(Some(Arc::new(Mounted(service))))
}

/// A service behind a mount point.
struct Mounted<T>(T);

impl<T, S> Erased<S> for Mounted<T>
where
    T: tower_service::Service<Request> + Clone + Send + Sync + 'static,
    T::Response: IntoResponse + 'static,
    T::Error: Into<Infallible> + 'static,
    T::Future: Send + 'static,
    S: Send + 'static,
{
    fn call(&self, mut request: Request, _: S) -> BoxedResponse {
        if let Some(mount) = request
            .extensions()
            .get::<crate::Routed>()
            .and_then(crate::Routed::mount)
        {
            let path_and_query = match request.uri().query() {
                Some(query) => format!("{}?{query}", mount.path()),
                None => mount.path().to_owned(),
            };
            let mut parts = request.uri().clone().into_parts();
            if let Ok(path_and_query) = path_and_query.parse() {
                parts.path_and_query = Some(path_and_query);
                if let Ok(uri) = http::Uri::from_parts(parts) {
                    *request.uri_mut() = uri;
                }
            }
        }
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

/// Wraps an axum handler (an `async fn` whose arguments are extractors) for
/// [`Handlers::bind`](super::Handlers::bind).
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
