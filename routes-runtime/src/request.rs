//! Requests of the `http` crate: the method they are routed as, with Rails' overrides, and
//! recognition from their URI; errors as responses.

use std::sync::OnceLock;

use http::header::{ALLOW, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue};
use http::{Method, Request, Response, Uri};

use crate::encode::form_value;
use crate::recognized::Detached;
use crate::{ParamIter, Recognized, RouteSet, RoutingError};

/// The header some clients send to tunnel a method through a POST (`X-HTTP-Method-Override`).
pub const METHOD_OVERRIDE_HEADER: HeaderName = HeaderName::from_static("x-http-method-override");

/// The method a request is routed as: a POST whose `_method` param is `put`, `patch` or
/// `delete` (in any case) routes as that method, as HTML forms ask Rails to; every other
/// request keeps its own.
///
/// ```
/// use http::Method;
/// use resourceful::effective_method;
///
/// assert_eq!(effective_method(&Method::POST, Some("put")), Method::PUT);
/// assert_eq!(effective_method(&Method::POST, Some("DELETE")), Method::DELETE);
/// assert_eq!(effective_method(&Method::POST, Some("get")), Method::POST);
/// assert_eq!(effective_method(&Method::GET, Some("delete")), Method::GET);
/// assert_eq!(effective_method(&Method::POST, None), Method::POST);
/// ```
pub fn effective_method(method: &Method, override_param: Option<&str>) -> Method {
    if method != Method::POST {
        return method.clone();
    }
    match override_param {
        Some(m) if m.eq_ignore_ascii_case("put") => Method::PUT,
        Some(m) if m.eq_ignore_ascii_case("patch") => Method::PATCH,
        Some(m) if m.eq_ignore_ascii_case("delete") => Method::DELETE,
        _ => Method::POST,
    }
}

/// Where the method of a POST may be overridden from, as Rack's `MethodOverride` does for
/// Rails.
///
/// By default only the `_method` param counts: from the query here, and from a form body in
/// the tower layer. The `X-HTTP-Method-Override` header is opt-in, because a header is not
/// what a browser form can send: turn it on for API clients that tunnel methods through POST.
/// Either way only a POST changes, and only into PUT, PATCH or DELETE
/// ([`effective_method`]); a `_method` param wins over the header.
///
/// ```
/// use http::{Method, Request};
/// use resourceful::MethodOverride;
///
/// let post = |uri: &str| {
///     Request::post(uri).header("x-http-method-override", "PATCH").body(()).unwrap()
/// };
/// let form = MethodOverride::default();
/// assert_eq!(form.method_of(&post("/articles/1?_method=delete")), Method::DELETE);
/// assert_eq!(form.method_of(&post("/articles/1")), Method::POST);
///
/// let api = MethodOverride::default().with_header(true);
/// assert_eq!(api.method_of(&post("/articles/1")), Method::PATCH);
///
/// let get = Request::get("/articles/1?_method=delete").body(()).unwrap();
/// assert_eq!(api.method_of(&get), Method::GET);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MethodOverride {
    header: bool,
}

impl MethodOverride {
    /// Honours the `X-HTTP-Method-Override` header on POST as well (off by default).
    pub const fn with_header(mut self, honour: bool) -> Self {
        self.header = honour;
        self
    }

    /// Whether the header is honoured.
    pub const fn honours_header(&self) -> bool {
        self.header
    }

    /// The method `request` is routed as.
    pub fn method_of<B>(&self, request: &Request<B>) -> Method {
        self.resolve(request.method(), request.uri(), request.headers(), None)
    }

    /// The method a request with this method, URI and headers is routed as, given the
    /// `_method` of its form body if one was read.
    pub fn resolve(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
        form_method: Option<&str>,
    ) -> Method {
        let header = || {
            headers
                .get(&METHOD_OVERRIDE_HEADER)
                .map(HeaderValue::as_bytes)
        };
        self.choose(method, uri.query(), header, form_method)
    }

    /// The method a request is routed as, from its method, its query, its
    /// `X-HTTP-Method-Override` header (read only when honoured) and the `_method` of its form
    /// body if one was read: what [`resolve`](Self::resolve) reads of an `http` request, for
    /// a framework whose request is another type.
    pub(crate) fn choose<'h>(
        &self,
        method: &Method,
        query: Option<&str>,
        header: impl FnOnce() -> Option<&'h [u8]>,
        form_method: Option<&str>,
    ) -> Method {
        if method != Method::POST {
            return method.clone();
        }
        let from_query = query.and_then(|query| form_value(query.as_bytes(), "_method"));
        let from_header = || {
            self.header
                .then(|| std::str::from_utf8(header()?).ok())
                .flatten()
        };
        let choice = form_method.or(from_query.as_deref()).or_else(from_header);
        effective_method(method, choice)
    }
}

/// A recognised request, kept with its URI: what the tower layer (the `tower` feature's
/// `RoutingLayer`) puts in a request's extensions. It holds a clone of the URI (which shares
/// the request's bytes) and where each value lies in its path, so that keeping it copies no
/// part of the path.
///
/// ```
/// use http::{Method, Uri};
/// use resourceful::Routed;
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let uri: Uri = "/articles/7?page=2".parse().unwrap();
/// let routed = Routed::recognize(&routes::ROUTES, &Method::GET, uri).unwrap();
/// let found = routed.recognized();
/// assert_eq!((found.action(), found.param("id")), ("show", Some("7")));
/// assert_eq!(routed.uri().query(), Some("page=2"));
/// ```
#[derive(Debug, Clone)]
pub struct Routed {
    uri: Uri,
    found: Detached<'static>,
    /// The `format` of the query, decoded the first time [`format`](Self::format) asks for
    /// it, when the path gives none.
    query_format: OnceLock<Option<Box<str>>>,
}

/// The method a request was sent with, when the route set routed it as another (Rails'
/// `_method` override, or `X-HTTP-Method-Override` where honoured): put in the request's
/// extensions beside the [`Routed`] by the tower layer and the axum dispatcher, which rewrite
/// the request's method. What comes after them (handlers, and the layers given to the axum
/// dispatcher) sees the method routed, and finds the one sent here; what stands in front of
/// them sees the request as it was sent.
///
/// ```
/// use http::{Method, Request};
/// use resourceful::OriginalMethod;
///
/// let mut request = Request::put("/articles/1").body(()).unwrap();
/// request.extensions_mut().insert(OriginalMethod(Method::POST));
/// let sent = request.extensions().get::<OriginalMethod>().map(|m| &m.0);
/// assert_eq!(sent, Some(&Method::POST));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OriginalMethod(pub Method);

impl Routed {
    /// Recognises `method` and the path of `uri` in `set`, keeping `uri`: the matcher alone,
    /// as [`RouteSet::recognize`]; a dispatcher asks
    /// [`recognize_request`](Self::recognize_request), which applies the routing policy.
    ///
    /// # Errors
    ///
    /// As [`RouteSet::recognize`].
    pub fn recognize(
        set: &'static RouteSet,
        method: &Method,
        uri: Uri,
    ) -> Result<Self, RoutingError> {
        let found = set.recognize(method, uri.path())?.detach();
        Ok(Routed::new(uri, found))
    }

    /// The answer `found`, read from the path of `uri`.
    pub(crate) fn new(uri: Uri, found: Detached<'static>) -> Self {
        Routed {
            uri,
            found,
            query_format: OnceLock::new(),
        }
    }

    /// The answer, reading the values from the URI's path.
    pub fn recognized(&self) -> Recognized<'static, '_> {
        self.found.attach(self.uri.path())
    }

    /// The controller that handles the request.
    #[inline]
    pub fn controller(&self) -> &'static str {
        self.found.found().controller()
    }

    /// The action that handles the request.
    #[inline]
    pub fn action(&self) -> &str {
        self.found.action(self.uri.path())
    }

    /// The percent-decoded value of path param `name` (`format` included).
    #[inline]
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params()
            .find(|&(param, _)| param == name)
            .map(|(_, value)| value)
    }

    /// The path params in path order, `format` last when present.
    #[inline]
    pub fn params(&self) -> ParamIter<'_> {
        self.found.params(self.uri.path())
    }

    /// The format asked for: the path's (`/articles/1.json`), else the query's `format`
    /// (`/?format=json`, as the `formatted_` helper of a route that takes no format in its
    /// path writes it), as Rails' `params[:format]` gives either.
    ///
    /// ```
    /// use http::{Method, Uri};
    /// use resourceful::Routed;
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); root(controller = "articles"); }
    /// }
    /// let format = |uri: &str| {
    ///     let routed = Routed::recognize(&routes::ROUTES, &Method::GET, uri.parse().unwrap());
    ///     routed.unwrap().format().map(str::to_owned)
    /// };
    /// assert_eq!(format("/articles/1.json?format=xml").as_deref(), Some("json"));
    /// assert_eq!(format(&routes::formatted_root_path("json")).as_deref(), Some("json"));
    /// assert_eq!(format("/articles"), None);
    /// ```
    pub fn format(&self) -> Option<&str> {
        if let Some(format) = self.param("format") {
            return Some(format);
        }
        self.query_format
            .get_or_init(|| {
                let query = self.uri.query()?;
                form_value(query.as_bytes(), "format")
                    .filter(|format| !format.is_empty())
                    .map(String::into_boxed_str)
            })
            .as_deref()
    }

    /// Param `name` parsed as a `T`; see [`Recognized::parse`].
    ///
    /// # Errors
    ///
    /// As [`Recognized::parse`].
    pub fn parse<T: std::str::FromStr>(&self, name: &str) -> Result<T, crate::ParamError> {
        self.recognized().parse(name)
    }

    /// The route taken.
    pub fn route(&self) -> &'static crate::Route {
        self.found.found().route()
    }

    /// The URI the request was recognised from.
    pub fn uri(&self) -> &Uri {
        &self.uri
    }
}

impl RoutingError {
    /// The value of the `Allow` header a 405 answers with (`GET, HEAD, PUT, PATCH, DELETE`);
    /// `None` for other errors, and for a 405 whose methods are not known.
    pub fn allow_header(&self) -> Option<HeaderValue> {
        let RoutingError::MethodNotAllowed { allowed, .. } = self else {
            return None;
        };
        // Unknown methods are no methods: an empty `Allow` would say none is allowed.
        if allowed.is_empty() {
            return None;
        }
        HeaderValue::from_str(&allowed.to_string()).ok()
    }

    /// A plain-text response: the status, `Allow` on a 405, and the message as the body.
    ///
    /// ```
    /// use http::{Method, StatusCode};
    ///
    /// mod routes {
    ///     resourceful::routes! { resources(articles); }
    /// }
    /// let error = routes::ROUTES.recognize(&Method::DELETE, "/articles").unwrap_err();
    /// let response = error.to_response::<String>();
    /// assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    /// assert_eq!(response.headers()["allow"], "GET, HEAD, POST");
    /// assert_eq!(
    ///     response.body(),
    ///     "method `DELETE` is not allowed for `/articles` (allowed: GET, HEAD, POST)\n"
    /// );
    /// ```
    pub fn to_response<B: From<String>>(&self) -> Response<B> {
        let mut response = Response::new(B::from(format!("{self}\n")));
        *response.status_mut() = self.status();
        let headers = response.headers_mut();
        headers.insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
        if let Some(allow) = self.allow_header() {
            headers.insert(ALLOW, allow);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(method: &str, uri: &str, header: Option<&str>) -> Request<()> {
        let mut builder = Request::builder().method(method).uri(uri);
        if let Some(value) = header {
            builder = builder.header(METHOD_OVERRIDE_HEADER, value);
        }
        builder.body(()).unwrap()
    }

    #[test]
    fn only_a_post_is_overridden_and_the_header_only_when_asked() {
        let form = MethodOverride::default();
        let api = form.with_header(true);
        let cases = [
            ("POST", "/a?_method=put", None, "PUT", "PUT"),
            ("POST", "/a?x=1&_method=Patch", None, "PATCH", "PATCH"),
            ("POST", "/a?_method=get", None, "POST", "POST"),
            ("POST", "/a?_method=head", None, "POST", "POST"),
            ("POST", "/a?_method=connect", None, "POST", "POST"),
            ("GET", "/a?_method=delete", None, "GET", "GET"),
            ("PUT", "/a?_method=delete", None, "PUT", "PUT"),
            ("POST", "/a", Some("DELETE"), "POST", "DELETE"),
            ("POST", "/a", Some("get"), "POST", "POST"),
            ("GET", "/a", Some("DELETE"), "GET", "GET"),
            ("POST", "/a?_method=put", Some("DELETE"), "PUT", "PUT"),
            ("POST", "/a?_method=bogus", Some("DELETE"), "POST", "POST"),
        ];
        for (method, uri, header, by_form, by_api) in cases {
            let request = request(method, uri, header);
            assert_eq!(
                form.method_of(&request),
                by_form,
                "{method} {uri} {header:?}"
            );
            assert_eq!(
                api.method_of(&request),
                by_api,
                "{method} {uri} {header:?}, header on"
            );
        }
        let body = form.resolve(
            &Method::POST,
            &Uri::from_static("/a?_method=put"),
            &HeaderMap::new(),
            Some("delete"),
        );
        assert_eq!(body, Method::DELETE, "a form body's `_method` comes first");
    }

    #[test]
    fn errors_become_responses() {
        let not_allowed = RoutingError::MethodNotAllowed {
            method: Method::POST,
            path: "/a".into(),
            allowed: crate::MethodSet::from_iter([Method::GET, Method::PUT, Method::PATCH]),
        };
        let response: Response<String> = not_allowed.to_response();
        assert_eq!(response.status(), 405);
        assert_eq!(response.headers()[ALLOW], "GET, HEAD, PUT, PATCH");
        assert_eq!(
            response.headers()[CONTENT_TYPE],
            "text/plain; charset=utf-8"
        );
        let not_found = RoutingError::NotFound {
            method: Method::GET,
            path: "/b".into(),
        };
        let response: Response<String> = not_found.to_response();
        assert_eq!(response.status(), 404);
        assert!(response.headers().get(ALLOW).is_none());
        assert_eq!(response.body(), "no route matches `GET /b`\n");
    }
}
