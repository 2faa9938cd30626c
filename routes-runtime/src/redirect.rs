//! What a `draw!` route declared with `redirect(...)` answers: its status and location, the
//! location's `%{param}` filled with the request's params as Rails fills them (escaped for the
//! part of the URL each is in).

use http::{HeaderMap, StatusCode, Uri};

use crate::conditions::Request;
use crate::encode::{push_form_component, push_fragment, push_glob, requery};
use crate::recognized::Recognized;
use crate::route::{RedirectUrl, RouteTarget};

/// A redirect a route answers with, its location filled in.
///
/// ```
/// use http::{Method, StatusCode};
///
/// mod routes {
///     resourceful::draw! {
///         get("stories/:id", to = redirect("/posts/%{id}?from=%{id}#c%{id}"));
///         get("old", to = redirect("https://example.org/", status = 302));
///     }
/// }
/// let found = routes::ROUTES.recognize(&Method::GET, "/stories/a b").unwrap();
/// let redirect = found.redirect().unwrap();
/// assert_eq!(redirect.status(), StatusCode::MOVED_PERMANENTLY);
/// assert_eq!(redirect.location(), "/posts/a%20b?from=a+b#ca%20b");
/// let found = routes::ROUTES.recognize(&Method::GET, "/old").unwrap();
/// assert_eq!(found.redirect().unwrap().location(), "https://example.org/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    status: StatusCode,
    location: String,
}

impl Redirect {
    /// The redirect's status: 301 unless the route says otherwise.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Where to, as the route writes it with the params filled in: a path (which a
    /// dispatcher sends behind the request's own scheme and host, as Rails does) or a URL.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The response Rails sends: the status, `Location`, and a short HTML page linking to it.
    /// A location that is no header value (a byte a URL cannot hold) is a 500.
    pub fn to_response<B: From<String>>(&self) -> http::Response<B> {
        let Ok(location) = http::HeaderValue::from_str(&self.location) else {
            let mut response = http::Response::new(B::from(String::new()));
            *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            return response;
        };
        let href = crate::form::escape_html(&self.location);
        let body =
            format!("<html><body>You are being <a href=\"{href}\">redirected</a>.</body></html>");
        let mut response = http::Response::new(B::from(body));
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(http::header::LOCATION, location);
        headers.insert(
            http::header::CONTENT_TYPE,
            http::HeaderValue::from_static("text/html; charset=utf-8"),
        );
        response
    }
}

impl Recognized<'_, '_> {
    /// The redirect the route answers the request for `uri` (with `headers`: its `Host`,
    /// `X-Forwarded-Proto`) with, its location the absolute URL Rails
    /// sends: a path behind the request's scheme, host and port; for a redirect declared
    /// with options, the request's URL (its query included) with the parts given replaced.
    ///
    /// ```
    /// use http::{Method, Request};
    ///
    /// mod routes {
    ///     resourceful::draw! {
    ///         get("stories/:id", to = redirect("/posts/%{id}"));
    ///         get("mobile", to = redirect(subdomain = "m"));
    ///     }
    /// }
    /// let (parts, ()) = Request::get("https://example.com:8443/stories/7").body(()).unwrap().into_parts();
    /// let found = routes::ROUTES.recognize_parts(&Method::GET, &parts).unwrap();
    /// let redirect = found.redirect_from(&parts.uri, &parts.headers).unwrap();
    /// assert_eq!(redirect.location(), "https://example.com:8443/posts/7");
    /// let (parts, ()) = Request::get("http://www.example.com/mobile?a=1").body(()).unwrap().into_parts();
    /// let found = routes::ROUTES.recognize_parts(&Method::GET, &parts).unwrap();
    /// let redirect = found.redirect_from(&parts.uri, &parts.headers).unwrap();
    /// assert_eq!(redirect.location(), "http://m.example.com/mobile?a=1");
    /// ```
    pub fn redirect_from(&self, uri: &Uri, headers: &HeaderMap) -> Option<Redirect> {
        let RouteTarget::Redirect { url, location, .. } = self.route().target() else {
            return None;
        };
        let written = self.redirect()?;
        let request_url = Request::of(uri, headers);
        let location = match url {
            None => absolute(&request_url, location, written.location),
            Some(url) => self.with_parts(url, &request_url, uri),
        };
        Some(Redirect {
            status: written.status,
            location,
        })
    }

    /// The request's URL with the parts of `url` (`ActionDispatch::Http::URL.url_for` of the
    /// request's parts merged with the redirect's).
    fn with_parts(&self, url: &RedirectUrl, request: &Request<'_>, uri: &Uri) -> String {
        let protocol = match url.protocol {
            Some(p) => format!("{}://", p.trim_end_matches("//").trim_end_matches(':')),
            None if request.secure => "https://".to_owned(),
            None => "http://".to_owned(),
        };
        // A host given with a scheme or a port gives only its name.
        let host = match url.host {
            Some(host) => {
                let host = host.split_once("://").map_or(host, |(_, h)| h);
                match host.rsplit_once(':') {
                    Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
                    _ => host,
                }
            }
            None => request.host,
        };
        let host = named_host(host, url.subdomain, url.domain);
        let port = url.port.or(request.port).filter(|port| {
            !((protocol == "http://" && *port == "80")
                || (protocol == "https://" && *port == "443"))
        });
        let mut path = String::new();
        match url.path {
            Some(written) => self.fill(&mut path, written, push_glob),
            // The request's path as Rails routes it: normalised.
            None => path.push_str(&crate::path::rails::normalize(uri.path())),
        }
        if url.host.is_none() && url.domain.is_none() {
            if path.is_empty() {
                path.push('/');
            } else if !path.starts_with('/') {
                path.insert(0, '/');
            }
        }
        let query = requery(uri.query().unwrap_or_default());
        // Without a host (none sent, or one that is no authority), the path alone.
        let mut out = String::new();
        if !host.is_empty() {
            out = format!("{protocol}{host}");
            if let Some(port) = port {
                out.push(':');
                out.push_str(port);
            }
        }
        out.push_str(&path);
        if !query.is_empty() {
            out.push('?');
            out.push_str(&query);
        }
        out
    }

    /// The redirect the route answers with, when it is declared with `redirect(...)`.
    pub fn redirect(&self) -> Option<Redirect> {
        let RouteTarget::Redirect {
            location, status, ..
        } = self.route().target()
        else {
            return None;
        };
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::MOVED_PERMANENTLY);
        let (rest, fragment) = match location.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (location, None),
        };
        let (path, query) = match rest.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (rest, None),
        };
        let mut out = String::with_capacity(location.len());
        self.fill(&mut out, path, push_glob);
        if let Some(query) = query {
            out.push('?');
            self.fill(&mut out, query, push_form_component);
        }
        if let Some(fragment) = fragment {
            out.push('#');
            self.fill(&mut out, fragment, push_fragment);
        }
        Some(Redirect {
            status,
            location: out,
        })
    }

    /// Appends `text` with each `%{name}` replaced by the param `name`, escaped by `escape`; a
    /// param the request has not is left as it is written.
    fn fill(&self, out: &mut String, text: &str, escape: fn(&mut String, &str)) {
        let mut rest = text;
        while let Some(at) = rest.find("%{") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            match after.find('}') {
                Some(end)
                    if after[..end]
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_') =>
                {
                    let name = &after[..end];
                    match self.param(name) {
                        Some(value) => escape(out, value),
                        None => out.push_str(&rest[at..at + 3 + end]),
                    }
                    rest = &after[end + 1..];
                }
                _ => {
                    out.push_str("%{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
    }
}

/// `filled` (the route's `written` location with its params filled in) as the absolute URL
/// Rails sends. Whether it is a URL or a path is decided by what the route wrote, not by the
/// values filled in (a `%{param}` holding `//evil.com` writes no other host): a URL is sent as
/// it is (`//host/...` taking the request's scheme); a path, its leading `/`s squeezed to one,
/// behind the request's scheme, host and port (a port left out where it is the scheme's).
fn absolute(request: &Request<'_>, written: &str, filled: String) -> String {
    let scheme = if request.secure { "https" } else { "http" };
    if written.starts_with("//") {
        return format!("{scheme}:{filled}");
    }
    let has_scheme = written.split_once("://").is_some_and(|(s, _)| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    });
    if has_scheme {
        return filled;
    }
    let path = format!("/{}", filled.trim_start_matches('/'));
    // Without a host (none sent, or one that is no authority), the path alone.
    if request.host.is_empty() {
        return path;
    }
    let port = request.port.filter(|port| {
        !((scheme == "http" && *port == "80") || (scheme == "https" && *port == "443"))
    });
    let mut out = format!("{scheme}://{}", request.host);
    if let Some(port) = port {
        out.push(':');
        out.push_str(port);
    }
    out.push_str(&path);
    out
}

/// The host a redirect goes to, as Rails' `normalize_host` makes it: `host` with its
/// subdomains replaced by `subdomain` and its domain (its last two labels) by `domain`, where
/// given; an address is left as it is.
fn named_host(host: &str, subdomain: Option<&str>, domain: Option<&str>) -> String {
    let address = host.starts_with('[')
        || host.rsplit('.').take(4).count() == 4
            && host
                .rsplit('.')
                .take(4)
                .all(|l| !l.is_empty() && l.len() <= 3 && l.bytes().all(|b| b.is_ascii_digit()));
    if address || (subdomain.is_none() && domain.is_none()) {
        return host.to_owned();
    }
    let labels: Vec<&str> = host.split('.').collect();
    let split = labels.len().saturating_sub(2);
    let mut out = match subdomain {
        Some(subdomain) => subdomain.to_owned(),
        None => labels[..split].join("."),
    };
    if !out.is_empty() {
        out.push('.');
    }
    match domain {
        Some(domain) => out.push_str(domain),
        None => out.push_str(&labels[split..].join(".")),
    }
    out
}
