//! Protection from cross-site request forgery (feature `tower`): what Rails'
//! `protect_from_forgery` gives, in the shape today's browsers allow, without tokens.
//!
//! A browser tells the server where a request comes from: `Sec-Fetch-Site` (sent by every
//! current browser) says whether the page that made it is of the same origin, and `Origin`
//! (sent with every cross-origin request, and every POST) names that page's origin.
//! [`ForgeryProtectionLayer`] refuses, with 403, a request with an unsafe method (anything but
//! GET, HEAD, OPTIONS and TRACE) that either says comes from another origin:
//!
//! 1. an `Origin` among the [trusted origins](ForgeryProtectionLayer::trust_origin) is let
//!    through;
//! 2. else, with `Sec-Fetch-Site`, only `same-origin` and `none` (typed by the user, a
//!    bookmark) are let through: `same-site` is refused too, since a sibling subdomain is
//!    another application;
//! 3. else, without `Origin` either, the request is not from a browser (or from one too old to
//!    send either header for a form; every browser since 2020 sends `Origin` with a POST):
//!    it is let through, as it could forge nothing a client without a victim's cookies
//!    cannot send itself;
//! 4. else the `Origin` must be the request's own: its scheme the target's where the target
//!    names one (an absolute or HTTP/2 target), else the site's
//!    ([`scheme`](ForgeryProtectionLayer::scheme), `http` unless set), its host and port the
//!    request's (the authority of an absolute or HTTP/2 target, else its one `Host`);
//!    `Origin: null` (a sandboxed frame, a `data:` page, some redirects) never is.
//!
//! Method override changes only a POST, and only into PUT, PATCH or DELETE, all unsafe: so the
//! layer can stand outside the [routing layer](crate::tower) and refuse a cross-site request
//! before its body is read. [`skip_if`](ForgeryProtectionLayer::skip_if) is the opt-out, for
//! requests that another check guards (an API authenticated by a header, say), as Rails'
//! `skip_forgery_protection` is.
//!
//! ```
//! use http::{Request, Response, StatusCode};
//! use resourceful::forgery::ForgeryProtectionLayer;
//! use tower_layer::Layer;
//! use tower_service::Service;
//!
//! /// Says yes to whatever reaches it.
//! #[derive(Clone)]
//! struct Yes;
//! impl<B> Service<Request<B>> for Yes {
//!     type Response = Response<String>;
//!     type Error = std::convert::Infallible;
//!     type Future = std::future::Ready<Result<Response<String>, Self::Error>>;
//!     fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
//!         std::task::Poll::Ready(Ok(()))
//!     }
//!     fn call(&mut self, _: Request<B>) -> Self::Future {
//!         std::future::ready(Ok(Response::new("yes".to_owned())))
//!     }
//! }
//!
//! # fn block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     let waker = std::task::Waker::noop();
//! #     let mut cx = std::task::Context::from_waker(&waker);
//! #     let mut f = std::pin::pin!(f);
//! #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
//! # }
//! let mut service = ForgeryProtectionLayer::new().scheme(http::uri::Scheme::HTTPS).layer(Yes);
//! let post = |origin: &str| {
//!     Request::post("/articles/1")
//!         .header("host", "blog.example")
//!         .header("origin", origin)
//!         .body(())
//!         .unwrap()
//! };
//! let ours = block_on(service.call(post("https://blog.example"))).unwrap();
//! assert_eq!(ours.status(), StatusCode::OK);
//! let theirs = block_on(service.call(post("https://evil.example"))).unwrap();
//! assert_eq!(theirs.status(), StatusCode::FORBIDDEN);
//! ```

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use http::header::{CONTENT_TYPE, HOST, HeaderMap, HeaderName, HeaderValue, ORIGIN};
use http::request::Parts;
use http::uri::Scheme;
use http::{Method, Request, Response, StatusCode, Uri};
use tower_layer::Layer;
use tower_service::Service;

/// The Fetch Metadata header that says how the page that made a request relates to its target.
pub const SEC_FETCH_SITE: HeaderName = HeaderName::from_static("sec-fetch-site");

type Skip = Arc<dyn Fn(&Parts) -> bool + Send + Sync>;

/// Refuses unsafe requests from other origins with 403; see the [module](self).
///
/// ```
/// use http::Request;
/// use resourceful::forgery::ForgeryProtectionLayer;
///
/// let protection = ForgeryProtectionLayer::new()
///     .trust_origin("https://admin.blog.example")
///     .unwrap()
///     .skip_if(|request| request.uri.path().starts_with("/hooks/"));
/// let from_admin = Request::post("/articles")
///     .header("host", "blog.example")
///     .header("sec-fetch-site", "same-site")
///     .header("origin", "https://admin.blog.example")
///     .body(())
///     .unwrap();
/// assert!(protection.check(&from_admin.into_parts().0).is_ok());
/// ```
#[derive(Clone)]
pub struct ForgeryProtectionLayer {
    trusted: Arc<Vec<String>>,
    skip: Option<Skip>,
    /// The scheme the site is served with, for a request whose target does not say.
    scheme: Scheme,
}

impl Default for ForgeryProtectionLayer {
    fn default() -> Self {
        ForgeryProtectionLayer {
            trusted: Arc::default(),
            skip: None,
            scheme: Scheme::HTTP,
        }
    }
}

impl fmt::Debug for ForgeryProtectionLayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ForgeryProtectionLayer")
            .field("trusted", &self.trusted)
            .field("skip", &self.skip.is_some())
            .field("scheme", &self.scheme)
            .finish()
    }
}

impl ForgeryProtectionLayer {
    /// Protection with no trusted origin and no exception, for a site served over plain
    /// `http` (see [`scheme`](Self::scheme)).
    ///
    /// ```
    /// use http::Request;
    /// use resourceful::forgery::ForgeryProtectionLayer;
    ///
    /// let forged = Request::delete("/articles/1")
    ///     .header("sec-fetch-site", "cross-site")
    ///     .body(())
    ///     .unwrap();
    /// assert!(ForgeryProtectionLayer::new().check(&forged.into_parts().0).is_err());
    /// ```
    pub fn new() -> Self {
        ForgeryProtectionLayer::default()
    }

    /// Lets unsafe requests from `origin` through, written as browsers send it:
    /// `scheme://host` or `scheme://host:port` (the scheme `http` or `https`), without a path.
    ///
    /// ```
    /// use resourceful::forgery::ForgeryProtectionLayer;
    ///
    /// let layer = ForgeryProtectionLayer::new();
    /// assert!(layer.clone().trust_origin("https://Admin.Example:8443").is_ok());
    /// let error = layer.trust_origin("admin.example/").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "`admin.example/` is not an origin: write `scheme://host[:port]`, with `http` or \
    ///      `https` and no path"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`InvalidOrigin`] for anything else, which no browser would send.
    pub fn trust_origin(mut self, origin: &str) -> Result<Self, InvalidOrigin> {
        let normal = normalise_origin(origin).ok_or_else(|| InvalidOrigin(origin.to_owned()))?;
        Arc::make_mut(&mut self.trusted).push(normal);
        Ok(self)
    }

    /// The scheme the site is served with (`http` unless set), which an `Origin` must have to
    /// be the request's own: a page of `https://blog.example` is another origin than
    /// `http://blog.example`, though the host is the same. Behind a proxy that ends TLS, the
    /// application sees plain HTTP while browsers send `https` origins: set it to
    /// [`Scheme::HTTPS`] there. A request whose target names its scheme (an absolute-form
    /// target, HTTP/2's `:scheme`) is compared with that one. (A browser that sends
    /// `Sec-Fetch-Site` has compared schemes itself; this matters for older ones.)
    ///
    /// ```
    /// use http::Request;
    /// use http::uri::Scheme;
    /// use resourceful::forgery::ForgeryProtectionLayer;
    ///
    /// let post = |origin: &str| {
    ///     let request = Request::post("/articles")
    ///         .header("host", "blog.example")
    ///         .header("origin", origin)
    ///         .body(())
    ///         .unwrap();
    ///     request.into_parts().0
    /// };
    /// let plain = ForgeryProtectionLayer::new();
    /// assert!(plain.check(&post("http://blog.example")).is_ok());
    /// assert!(plain.check(&post("https://blog.example")).is_err());
    /// let behind_tls = ForgeryProtectionLayer::new().scheme(Scheme::HTTPS);
    /// assert!(behind_tls.check(&post("https://blog.example")).is_ok());
    /// assert!(behind_tls.check(&post("http://blog.example")).is_err());
    /// ```
    #[must_use]
    pub fn scheme(mut self, scheme: Scheme) -> Self {
        self.scheme = scheme;
        self
    }

    /// Lets through, unchecked, the requests for which `skip` answers `true`: the opt-out. It
    /// sees the request's parts; behind the routing layer, their extensions hold the
    /// [`Routed`](crate::Routed) request, so the exception can name an action.
    ///
    /// ```
    /// use http::Request;
    /// use resourceful::forgery::ForgeryProtectionLayer;
    ///
    /// let layer = ForgeryProtectionLayer::new()
    ///     .skip_if(|request| request.uri.path().starts_with("/hooks/"));
    /// let hook = Request::post("/hooks/payments")
    ///     .header("sec-fetch-site", "cross-site")
    ///     .body(())
    ///     .unwrap();
    /// assert!(layer.check(&hook.into_parts().0).is_ok());
    /// ```
    pub fn skip_if<F>(mut self, skip: F) -> Self
    where
        F: Fn(&Parts) -> bool + Send + Sync + 'static,
    {
        self.skip = Some(Arc::new(skip));
        self
    }

    /// Whether a request with these parts is let through.
    ///
    /// ```
    /// use http::Request;
    /// use resourceful::forgery::{ForgeryError, ForgeryProtectionLayer};
    ///
    /// let layer = ForgeryProtectionLayer::new();
    /// let request = |method: &str, site: &str| {
    ///     let request = Request::builder()
    ///         .method(method)
    ///         .uri("/articles/1")
    ///         .header("sec-fetch-site", site)
    ///         .body(())
    ///         .unwrap();
    ///     request.into_parts().0
    /// };
    /// assert!(layer.check(&request("GET", "cross-site")).is_ok());
    /// assert!(layer.check(&request("POST", "same-origin")).is_ok());
    /// assert_eq!(
    ///     layer.check(&request("POST", "same-site")),
    ///     Err(ForgeryError::CrossSite { site: "same-site".into() })
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`ForgeryError`], saying which header showed another origin.
    pub fn check(&self, request: &Parts) -> Result<(), ForgeryError> {
        if is_safe(&request.method) || self.skip.as_ref().is_some_and(|skip| skip(request)) {
            return Ok(());
        }
        let origin = request.headers.get(ORIGIN).map(HeaderValue::as_bytes);
        let origin = origin.map(String::from_utf8_lossy);
        if let Some(origin) = &origin
            && let Some(normal) = normalise_origin(origin)
            && self.trusted.contains(&normal)
        {
            return Ok(());
        }
        if let Some(site) = request.headers.get(SEC_FETCH_SITE) {
            return match site.as_bytes() {
                b"same-origin" | b"none" => Ok(()),
                other => Err(ForgeryError::CrossSite {
                    site: String::from_utf8_lossy(other).into_owned(),
                }),
            };
        }
        let Some(origin) = origin else {
            return Ok(());
        };
        let host = own_host(&request.headers, &request.uri);
        let scheme = request.uri.scheme().unwrap_or(&self.scheme);
        let own = host
            .as_deref()
            .and_then(|host| normalise_origin(&format!("{scheme}://{host}")));
        let same = own.is_some_and(|own| normalise_origin(&origin) == Some(own));
        if same {
            Ok(())
        } else {
            Err(ForgeryError::CrossOrigin {
                origin: origin.into_owned(),
                host,
            })
        }
    }
}

impl<S> Layer<S> for ForgeryProtectionLayer {
    type Service = ForgeryProtection<S>;

    fn layer(&self, inner: S) -> Self::Service {
        ForgeryProtection {
            inner,
            layer: self.clone(),
        }
    }
}

/// The service [`ForgeryProtectionLayer`] wraps around another.
///
/// ```
/// use resourceful::forgery::{ForgeryProtection, ForgeryProtectionLayer};
/// use tower_layer::Layer;
///
/// let service: ForgeryProtection<()> = ForgeryProtectionLayer::new().layer(());
/// # let _ = service;
/// ```
#[derive(Clone, Debug)]
pub struct ForgeryProtection<S> {
    inner: S,
    layer: ForgeryProtectionLayer,
}

impl<S, B, ResBody> Service<Request<B>> for ForgeryProtection<S>
where
    S: Service<Request<B>, Response = Response<ResBody>>,
    ResBody: From<String>,
{
    type Response = Response<ResBody>;
    type Error = S::Error;
    type Future = Checked<S::Future, ResBody>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let (parts, body) = request.into_parts();
        match self.layer.check(&parts) {
            Ok(()) => Checked {
                state: State::Passed {
                    future: self.inner.call(Request::from_parts(parts, body)),
                },
            },
            Err(error) => Checked {
                state: State::Refused {
                    response: Some(error.to_response()),
                },
            },
        }
    }
}

pin_project_lite::pin_project! {
    /// The response of [`ForgeryProtection`]: the inner service's, or a 403.
    pub struct Checked<F, B> {
        #[pin]
        state: State<F, B>,
    }
}

pin_project_lite::pin_project! {
    #[project = StateProjection]
    enum State<F, B> {
        Passed { #[pin] future: F },
        Refused { response: Option<Response<B>> },
    }
}

impl<F, B, E> Future for Checked<F, B>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = Result<Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project().state.project() {
            StateProjection::Passed { future } => future.poll(cx),
            StateProjection::Refused { response } => match response.take() {
                Some(response) => Poll::Ready(Ok(response)),
                None => Poll::Pending,
            },
        }
    }
}

/// Why a request was refused as forged: which header showed that it comes from another
/// origin. The status is 403.
///
/// ```
/// use resourceful::forgery::ForgeryError;
///
/// let error = ForgeryError::CrossOrigin {
///     origin: "null".into(),
///     host: Some("blog.example".into()),
/// };
/// assert_eq!(error.to_string(), "cross-origin request refused: origin `null` is not `blog.example`");
/// assert_eq!(error.to_response::<String>().status(), 403);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForgeryError {
    /// `Sec-Fetch-Site` says the request comes from another site, or another origin of the
    /// same site.
    CrossSite {
        /// The header's value (`cross-site`, `same-site`).
        site: String,
    },
    /// `Origin` names an origin that is not the request's own host.
    CrossOrigin {
        /// The header's value.
        origin: String,
        /// The request's own host and port, when it has one.
        host: Option<String>,
    },
}

impl ForgeryError {
    /// A plain-text 403 saying why.
    ///
    /// ```
    /// use resourceful::forgery::ForgeryError;
    ///
    /// let error = ForgeryError::CrossSite { site: "cross-site".into() };
    /// let response = error.to_response::<String>();
    /// assert_eq!(response.status(), 403);
    /// assert_eq!(
    ///     response.body(),
    ///     "cross-origin request refused: `Sec-Fetch-Site` is `cross-site`\n"
    /// );
    /// ```
    pub fn to_response<B: From<String>>(&self) -> Response<B> {
        let mut response = Response::new(B::from(format!("{self}\n")));
        *response.status_mut() = StatusCode::FORBIDDEN;
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        response
    }
}

impl fmt::Display for ForgeryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForgeryError::CrossSite { site } => {
                write!(
                    f,
                    "cross-origin request refused: `Sec-Fetch-Site` is `{site}`"
                )
            }
            ForgeryError::CrossOrigin { origin, host } => match host {
                Some(host) => write!(
                    f,
                    "cross-origin request refused: origin `{origin}` is not `{host}`"
                ),
                None => write!(
                    f,
                    "cross-origin request refused: origin `{origin}` and no host to compare"
                ),
            },
        }
    }
}

impl std::error::Error for ForgeryError {}

/// A string given as a trusted origin that is not one.
///
/// ```
/// use resourceful::forgery::ForgeryProtectionLayer;
///
/// let error = ForgeryProtectionLayer::new().trust_origin("ftp://files.example").unwrap_err();
/// assert_eq!(error.origin(), "ftp://files.example");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidOrigin(String);

impl InvalidOrigin {
    /// What was given.
    pub fn origin(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InvalidOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an origin: write `scheme://host[:port]`, with `http` or `https` and no \
             path",
            self.0
        )
    }
}

impl std::error::Error for InvalidOrigin {}

/// The methods a form cannot use to change anything (RFC 9110's safe methods).
pub(crate) fn is_safe(method: &Method) -> bool {
    matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

/// `scheme://host[:port]` in lowercase, without the scheme's default port; `None` for what
/// is not an HTTP origin (`null` included).
fn normalise_origin(origin: &str) -> Option<String> {
    let uri: Uri = origin.parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let default = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let authority = uri.authority()?;
    let path_free = uri.path_and_query().is_none_or(|pq| pq.as_str() == "/");
    if !path_free || origin.ends_with('/') || authority.as_str().contains('@') {
        return None;
    }
    let host = authority.host().to_ascii_lowercase();
    Some(match authority.port_u16() {
        Some(port) if port != default => format!("{scheme}://{host}:{port}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// The request's own host and port, as RFC 9112 (§3.2.2) reads them: its target's authority
/// when it has one (an absolute-form target, HTTP/2's `:authority`), whatever `Host` says;
/// else its one `Host`. Two `Host` headers name no host: the request is compared with none.
fn own_host(headers: &HeaderMap, uri: &Uri) -> Option<String> {
    if let Some(authority) = uri.authority() {
        return Some(authority.as_str().to_owned());
    }
    let mut hosts = headers.get_all(HOST).iter();
    match (hosts.next(), hosts.next()) {
        (Some(host), None) => host.to_str().ok().map(str::to_owned),
        _ => None,
    }
}
