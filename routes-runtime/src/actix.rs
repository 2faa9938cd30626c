//! actix-web handlers bound to the actions of a route set (feature `actix`).
//!
//! [`Handlers::bind`] asks for the handler of each variant of the set's typed `Action` enum
//! through a `match` that rustc checks: an action without a handler is error E0004 naming it,
//! a misspelt one E0599, and nothing is left to check when the application starts. It returns
//! a [`Dispatcher`], which an `App` mounts as actix-web services are mounted:
//! `App::new().service(dispatcher)` serves the route set at the root, and
//! [`Dispatcher::scope`] under a prefix, with the set's helpers writing their paths under it.
//! Build it where the `App` is built (in `HttpServer::new`'s closure, once per worker), as
//! actix-web's own resources are.
//!
//! Handlers are plain actix-web handlers (async functions whose arguments are extractors),
//! each wrapped by [`handler`]: `web::Data<T>`, `web::Json<T>`, `HttpRequest` and the rest
//! work as they do in a `web::resource`. Each action's params are a type: the struct
//! `routes!` generates (`routes::params::ArticlesShow`) is an actix-web extractor, typed by
//! `types(...)`, the same type the axum integration extracts ([`ActionParams`](crate::ActionParams)).
//! [`Params`] gives the recognised route itself, and `RoutingError` is an extractor for the
//! error handler ([`Handlers::on_error`]).
//!
//! Each request is routed as the [tower layer](crate::tower) routes one: a POST is routed as
//! the `_method` of its form body (read within [`form_limit`](Handlers::form_limit) and
//! [`form_deadline`](Handlers::form_deadline), and handed on whole to the handler) or of its
//! query, then the route set recognises it with its routing policy
//! ([`RouteSet::recognize_request`]: the default route reaches an action only by that
//! action's own methods). The handler sees the method routed; the one sent is kept in the
//! request's extensions as an [`OriginalMethod`](crate::OriginalMethod), beside the
//! [`Routed`](crate::Routed) answer.
//!
//! What no route takes is answered with 404, or 405 with `Allow` (HEAD listed beside GET),
//! by [`on_error`](Handlers::on_error)'s handler or else as plain text; a 404 goes first to
//! the [`fallback`](Handlers::fallback) service, or else, before the plain text, to the
//! default service of the `App` or `Scope` that holds the dispatcher (`App::default_service`).
//! actix-web's middlewares (`wrap`) work around it as around any service, and
//! `HttpRequest::match_pattern()`, which tracing and metrics middlewares label requests by,
//! gives the route's pattern (`/articles/:id(.:format)`). Forgery protection is a middleware
//! too: [`ForgeryProtectionLayer`](crate::forgery::ForgeryProtectionLayer) given to
//! `App::wrap`.
//!
//! ```
//! use actix_web::{App, HttpResponse, web};
//! use resourceful::actix::{Dispatcher, Handlers, handler};
//!
//! mod routes {
//!     resourceful::routes! { resources(articles, only(index, show), types(id = u64)); }
//! }
//! use routes::{Action, params};
//!
//! async fn index() -> HttpResponse {
//!     HttpResponse::Ok().body(format!("<a href=\"{}\">first</a>", routes::article_path(1)))
//! }
//!
//! // `id` is a `u64`: `/articles/abc` never gets here, and `params.idd` does not compile.
//! async fn show(params: params::ArticlesShow) -> String {
//!     format!("article {}", params.id)
//! }
//!
//! fn articles() -> Dispatcher {
//!     Handlers::new(&routes::ROUTES).bind(|action| match action {
//!         Action::ArticlesIndex => handler(index),
//!         Action::ArticlesShow => handler(show),
//!     })
//! }
//! let app = App::new()
//!     .route("/health", web::get().to(|| async { "ok" }))
//!     .service(articles());
//! // HttpServer::new(|| App::new().service(articles())).bind(("127.0.0.1", 8080))?.run()
//! ```
//!
//! Leaving out `Action::ArticlesShow` does not compile:
//!
//! ```compile_fail,E0004
//! # use resourceful::actix::{Dispatcher, Handlers, handler};
//! # mod routes { resourceful::routes! { resources(articles, only(index, show)); } }
//! # async fn index() -> &'static str { "" }
//! let app: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
//!     routes::Action::ArticlesIndex => handler(index),
//! });
//! ```

use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;
use std::time::Duration;

use actix_service::boxed::{self, BoxServiceFactory};
use actix_web::dev::{
    AppService, HttpServiceFactory, ResourceDef, ServiceFactory, ServiceRequest, ServiceResponse,
};
use actix_web::{Error, FromRequest, Handler, Responder, Scope, web};
use futures_core::future::LocalBoxFuture;

use crate::tower::{Config, RoutingLayer};
use crate::{Actions, RouteSet};

mod body;
mod convert;
mod extract;
mod forgery;
mod pattern;
mod service;

pub use extract::{Params, extract};
pub use forgery::ForgeryProtectionService;
pub use service::DispatchService;

/// A service of actix-web's, boxed as its `App` holds them: a fallback, a default service.
type BoxedFactory = BoxServiceFactory<(), ServiceRequest, ServiceResponse, Error, ()>;

/// The response of a handler, or of the dispatcher, boxed: what every call comes to.
type Answer = LocalBoxFuture<'static, Result<ServiceResponse, Error>>;

/// The options of the [`Dispatcher`] that [`bind`](Handlers::bind) makes of a route set's
/// handlers; see the [module](self).
pub struct Handlers {
    set: &'static RouteSet,
    on_error: Option<Rc<dyn Erased>>,
    fallback: Option<Fallback>,
    layer: RoutingLayer,
    patterns: bool,
}

/// Where a dispatcher sends what its route set does not take.
#[derive(Clone)]
enum Fallback {
    /// Another route set's dispatcher, which gets the enclosing default service in turn and
    /// whose patterns are registered with this one's.
    Dispatcher(Box<Dispatcher>),
    /// Any other service: one given to [`Handlers::fallback`], or the default service of the
    /// `App` or `Scope` that holds the dispatcher.
    Service(Rc<BoxedFactory>),
}

impl fmt::Debug for Handlers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("routes", &self.set.routes().len())
            .field("on_error", &self.on_error.is_some())
            .field("fallback", &self.fallback.is_some())
            .finish()
    }
}

impl Handlers {
    /// The handlers of the routes of `set` (the `ROUTES` of a `routes!` invocation), to be
    /// given by [`bind`](Self::bind).
    pub fn new(set: &'static RouteSet) -> Self {
        Handlers {
            set,
            on_error: None,
            fallback: None,
            layer: RoutingLayer::new(set),
            patterns: true,
        }
    }

    /// Answers the requests no route (or no action) takes with `handler`, an actix-web
    /// handler that can take the [`RoutingError`](crate::RoutingError) as an extractor; by
    /// default they get [`RoutingError::to_response`](crate::RoutingError::to_response)'s
    /// status, `Allow` and text. A 405's `Allow` is added to the handler's response where it
    /// sets none. A 404 goes to the [`fallback`](Self::fallback) first, where there is one.
    ///
    /// ```
    /// use actix_web::HttpResponse;
    /// use resourceful::RoutingError;
    /// use resourceful::actix::{Dispatcher, Handlers, handler};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles, only(index)); }
    /// }
    /// async fn page(error: RoutingError) -> HttpResponse {
    ///     let status = actix_web::http::StatusCode::from_u16(error.status().as_u16()).unwrap();
    ///     HttpResponse::build(status).body(format!("<h1>{error}</h1>"))
    /// }
    /// let app: Dispatcher = Handlers::new(&routes::ROUTES)
    ///     .on_error(page)
    ///     .bind(|action| match action {
    ///         routes::Action::ArticlesIndex => handler(|| async { "every article" }),
    ///     });
    /// ```
    #[must_use]
    pub fn on_error<F, Args>(mut self, handler: F) -> Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.on_error = self::handler(handler).0;
        self
    }

    /// Hands the requests no route takes (the 404s, [`not_found`] actions included) to
    /// `service`: `web::to(handler)`, another route set's [`Dispatcher`], or any service
    /// factory actix-web's `App::default_service` takes. It gets the request as it was sent
    /// (its method before `_method`, nothing of routing in its extensions). Without one, a
    /// 404 goes to [`on_error`](Self::on_error)'s handler, or else to the default service of
    /// the `App` or `Scope` that holds the dispatcher. A 405 stays the route set's.
    #[must_use]
    pub fn fallback<F, S>(mut self, service: F) -> Self
    where
        F: actix_service::IntoServiceFactory<S, ServiceRequest> + 'static,
        S: ServiceFactory<
                ServiceRequest,
                Config = (),
                Response = ServiceResponse,
                Error = Error,
                InitError = (),
            > + 'static,
    {
        let mut slot = Some(service);
        let dispatcher = (&mut slot as &mut dyn std::any::Any)
            .downcast_mut::<Option<Dispatcher>>()
            .and_then(Option::take);
        self.fallback = match (dispatcher, slot) {
            (Some(dispatcher), _) => Some(Fallback::Dispatcher(Box::new(dispatcher))),
            (None, Some(service)) => Some(Fallback::Service(Rc::new(boxed::factory(
                service.into_factory(),
            )))),
            (None, None) => None,
        };
        self
    }

    /// Honours `X-HTTP-Method-Override` on POST (off by default).
    #[must_use]
    pub fn method_override_header(mut self, honour: bool) -> Self {
        self.layer = self.layer.method_override_header(honour);
        self
    }

    /// Reads at most `bytes` of a form body for `_method` (8 KiB by default; 0 reads none).
    #[must_use]
    pub fn form_limit(mut self, bytes: usize) -> Self {
        self.layer = self.layer.form_limit(bytes);
        self
    }

    /// Waits at most `deadline` for the part of a form body read for `_method` (10 s by
    /// default); past it the request is a 408.
    #[must_use]
    pub fn form_deadline(mut self, deadline: Duration) -> Self {
        self.layer = self.layer.form_deadline(deadline);
        self
    }

    /// Registers the pattern of each route with actix-web (on by default), so that
    /// `HttpRequest::match_pattern()` gives it to the middlewares that label requests by it.
    /// Registering compiles a regular expression per pattern when each worker's `App` is
    /// built: a table of thousands of routes whose middlewares read no pattern can do
    /// without.
    #[must_use]
    pub fn match_patterns(mut self, register: bool) -> Self {
        self.patterns = register;
        self
    }

    /// The service that serves the route set, with the handler `each` gives for every action:
    /// `each` is called once per variant of `A`, the set's `Action` enum, and is meant to be
    /// a `match` without a wildcard, so that rustc names any action left without a handler.
    ///
    /// # Panics
    ///
    /// When `A` is the `Action` of another route set than the one given to
    /// [`new`](Self::new): a mistake in the program, found when it starts.
    pub fn bind<A: Actions>(self, mut each: impl FnMut(A) -> Endpoint) -> Dispatcher {
        let Handlers {
            set,
            on_error,
            fallback,
            layer,
            patterns,
        } = self;
        assert!(
            std::ptr::eq(set, A::routes()),
            "Handlers::bind: `{}` is the Action of another route set than the one given to \
             Handlers::new",
            std::any::type_name::<A>()
        );
        let table = A::ALL.iter().map(|&action| each(action).0).collect();
        Dispatcher {
            front: Rc::new(Front {
                config: layer.config(),
                table,
                on_error,
                patterns,
            }),
            fallback,
        }
    }
}

/// What an action answers with, for each arm of the `match` given to [`Handlers::bind`]: an
/// actix-web handler ([`handler`]), or a 404 ([`not_found`]).
#[derive(Clone)]
pub struct Endpoint(Option<Rc<dyn Erased>>);

impl fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Some(_) => "Endpoint(handler)",
            None => "Endpoint(not_found)",
        })
    }
}

/// Wraps an actix-web handler (an async function whose arguments are extractors, returning a
/// `Responder`) for [`Handlers::bind`], as `web::to` wraps one for a route.
pub fn handler<F, Args>(handler: F) -> Endpoint
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    Endpoint(Some(Rc::new(Typed {
        handler,
        arguments: PhantomData,
    })))
}

/// An action that answers as if no route had taken the request: a 404, through the fallback
/// or the error handler. For what a route whose path names the controller or the action
/// (Rails' default route) reaches and the application does not serve.
pub fn not_found() -> Endpoint {
    Endpoint(None)
}

/// A handler with its argument types forgotten, so that one table holds them all.
trait Erased {
    fn call(&self, request: ServiceRequest) -> Answer;
}

struct Typed<F, Args> {
    handler: F,
    arguments: PhantomData<fn() -> Args>,
}

impl<F, Args> Erased for Typed<F, Args>
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    fn call(&self, request: ServiceRequest) -> Answer {
        let handler = self.handler.clone();
        Box::pin(async move {
            let (request, mut payload) = request.into_parts();
            let response = match Args::from_request(&request, &mut payload).await {
                Ok(arguments) => handler
                    .call(arguments)
                    .await
                    .respond_to(&request)
                    .map_into_boxed_body(),
                Err(error) => actix_web::HttpResponse::from_error(error),
            };
            Ok(ServiceResponse::new(request, response))
        })
    }
}

/// A route set's handlers bound to its actions, as [`Handlers::bind`] returns them: an
/// actix-web service factory that recognises each request and calls the handler of its
/// action, found by number. `App::service(dispatcher)` serves it at the root of the
/// application (or of the `Scope` it is given to), `App::default_service(dispatcher)` behind
/// the application's own routes, [`scope`](Self::scope) under a prefix; another dispatcher
/// takes it as its [`fallback`](Handlers::fallback).
#[derive(Clone)]
pub struct Dispatcher {
    front: Rc<Front>,
    fallback: Option<Fallback>,
}

impl fmt::Debug for Dispatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dispatcher").finish_non_exhaustive()
    }
}

/// What every worker's service of a dispatcher shares: how it routes, and what it calls.
struct Front {
    config: Config,
    /// The handler of each action, by its number; none for [`not_found`].
    table: Box<[Option<Rc<dyn Erased>>]>,
    on_error: Option<Rc<dyn Erased>>,
    /// Whether the patterns of its routes are registered with actix-web.
    patterns: bool,
}

impl Dispatcher {
    /// An actix-web `Scope` that serves the route set under `prefix`, with the set mounted
    /// there ([`RouteSet::set_relative_url_root`]), so that its helpers, typed routes and
    /// `url_for` write `/blog/articles/1` where the set routes `/articles/1`, and
    /// `match_pattern()` gives `/blog/articles/:id(.:format)`. Give it to the `App` itself
    /// (the mount is the whole prefix); add the scope's own `app_data`, `wrap` and routes to
    /// the scope it returns.
    ///
    /// ```
    /// use actix_web::{App, web};
    /// use resourceful::actix::{Dispatcher, Handlers, handler};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles, only(index)); }
    /// }
    /// let blog: Dispatcher = Handlers::new(&routes::ROUTES).bind(|action| match action {
    ///     routes::Action::ArticlesIndex => handler(|| async { "every article" }),
    /// });
    /// let app = App::new()
    ///     .service(blog.scope("/blog"))
    ///     .route("/health", web::get().to(|| async { "ok" }));
    /// assert_eq!(routes::articles_path(), "/blog/articles");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`RouteSet::set_relative_url_root`], when the set is mounted under another prefix.
    pub fn scope(self, prefix: &str) -> Scope {
        let set = self.front.config.set;
        set.set_relative_url_root(prefix);
        web::scope(set.relative_url_root().unwrap_or_default()).service(self)
    }
}

impl Dispatcher {
    /// Sends a 404 that nothing else of the chain of dispatchers takes (no fallback, no error
    /// handler) to `default`, the enclosing default service.
    fn adopt(&mut self, default: &Rc<BoxedFactory>) {
        match &mut self.fallback {
            Some(Fallback::Dispatcher(next)) => next.adopt(default),
            Some(Fallback::Service(_)) => {}
            None if self.front.on_error.is_none() => {
                self.fallback = Some(Fallback::Service(Rc::clone(default)));
            }
            None => {}
        }
    }

    /// The route sets of the chain whose patterns are registered, this one's first.
    fn sets(&self) -> Vec<&'static RouteSet> {
        let mut sets = Vec::new();
        if self.front.patterns {
            sets.push(self.front.config.set);
        }
        if let Some(Fallback::Dispatcher(next)) = &self.fallback {
            sets.extend(next.sets());
        }
        sets
    }
}

impl HttpServiceFactory for Dispatcher {
    fn register(mut self, config: &mut AppService) {
        // A 404 that no fallback or error handler takes goes where the enclosing `App` or
        // `Scope` sends what its routes do not take.
        self.adopt(&config.default_service());
        let resource = ResourceDef::prefix("");
        let map = pattern::resource_map(&self.sets(), &resource);
        config.register_service(resource, None, self, Some(Rc::new(map)));
    }
}

impl ServiceFactory<ServiceRequest> for Dispatcher {
    type Response = ServiceResponse;
    type Error = Error;
    type Config = ();
    type Service = DispatchService;
    type InitError = ();
    type Future = LocalBoxFuture<'static, Result<DispatchService, ()>>;

    fn new_service(&self, (): ()) -> Self::Future {
        let front = Rc::clone(&self.front);
        let fallback = self.fallback.clone();
        Box::pin(async move {
            let fallback = match fallback {
                Some(Fallback::Dispatcher(next)) => {
                    Some(Rc::new(boxed::service(next.new_service(()).await?)))
                }
                Some(Fallback::Service(factory)) => Some(Rc::new(factory.new_service(()).await?)),
                None => None,
            };
            Ok(DispatchService::new(front, fallback))
        })
    }
}
