//! Conditions on the request beside its method and path: `draw!`'s request constraints
//! (`constraints(subdomain = "api")`, `constraints(with = beta_user)`), which only a request
//! can meet. A dispatcher asks which of a route set's conditions a request meets before
//! recognising it; a route whose conditions it does not meet is passed over, as Rails passes
//! it over.

use http::request::Parts;
use http::{HeaderMap, Method, Uri};

use crate::requirement::Requirements;

/// A property of the request a condition tests, as Rails reads it.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestKey {
    /// The host's labels before its domain: `api` of `api.example.com`.
    Subdomain,
    /// The host, without its port.
    Host,
    /// The host's last two labels: `example.com`.
    Domain,
    /// The port, as written or the scheme's.
    Port,
    /// `http://` or `https://`.
    Protocol,
}

/// One condition.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum RequestCheck {
    /// The property is this text.
    Equals(RequestKey, &'static str),
    /// The property matches pattern number `n` of the route set's somewhere, as Ruby's `===`
    /// matches a regex.
    Matches(RequestKey, u16),
    /// The property is not empty (`true`) or is empty (`false`), as Rails' `present?`.
    Present(RequestKey, bool),
    /// The property is one of these texts.
    OneOf(RequestKey, &'static [&'static str]),
    /// A function of the request says whether it is met.
    Predicate(fn(&Parts) -> bool),
}

/// The conditions some routes take, all of which a request must meet.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct RequestConditions(pub &'static [RequestCheck]);

/// What of a request its conditions read: its URI and headers, and, for a function of the
/// request, its parts (made from the rest where a dispatcher has none).
#[derive(Clone, Copy)]
pub(crate) struct Head<'a> {
    pub(crate) method: &'a Method,
    pub(crate) uri: &'a Uri,
    pub(crate) headers: &'a HeaderMap,
    pub(crate) parts: Option<&'a Parts>,
}

impl<'a> Head<'a> {
    pub(crate) fn of(parts: &'a Parts) -> Self {
        Head {
            method: &parts.method,
            uri: &parts.uri,
            headers: &parts.headers,
            parts: Some(parts),
        }
    }

    /// The parts a function of the request is given: the request's own, or made of its
    /// method, URI and headers.
    fn parts(&self) -> std::borrow::Cow<'a, Parts> {
        match self.parts {
            Some(parts) => std::borrow::Cow::Borrowed(parts),
            None => {
                let (mut parts, ()) = http::Request::new(()).into_parts();
                parts.method = self.method.clone();
                parts.uri = self.uri.clone();
                parts.headers = self.headers.clone();
                std::borrow::Cow::Owned(parts)
            }
        }
    }
}

/// What the conditions read of a request.
pub(crate) struct Request<'a> {
    pub(crate) host: &'a str,
    pub(crate) port: Option<&'a str>,
    pub(crate) secure: bool,
}

impl<'a> Request<'a> {
    pub(crate) fn of(uri: &'a Uri, headers: &'a HeaderMap) -> Self {
        // A `Host` that is no authority (`evil.com/x?`) is no host: a redirect then writes a
        // path alone rather than a URL the header would have shaped.
        let authority = uri
            .authority()
            .map(|a| a.as_str())
            .or_else(|| headers.get(http::header::HOST)?.to_str().ok())
            .filter(|a| a.parse::<http::uri::Authority>().is_ok())
            .unwrap_or_default();
        let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !authority.starts_with('[') || host.ends_with(']') => {
                (host, Some(port))
            }
            _ => (authority, None),
        };
        // As Rack reads a proxy's headers (and trusts them, as Rails does: put a proxy that
        // sets them in front): the first of `X-Forwarded-Proto`'s values, or
        // `X-Forwarded-Ssl: on`.
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let forwarded = header("x-forwarded-proto")
            .and_then(|v| v.split(',').next())
            .map(str::trim);
        let secure = uri.scheme_str() == Some("https")
            || forwarded.is_some_and(|p| p.eq_ignore_ascii_case("https"))
            || header("x-forwarded-ssl").is_some_and(|v| v.eq_ignore_ascii_case("on"));
        Request { host, port, secure }
    }

    /// Whether the host is a name (not an address), which has a domain and subdomains.
    pub(crate) fn named(&self) -> bool {
        !self.host.is_empty()
            && !self.host.starts_with('[')
            && !self
                .host
                .split('.')
                .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()))
    }

    fn property(&self, key: RequestKey) -> String {
        let labels: Vec<&str> = self.host.split('.').collect();
        match key {
            RequestKey::Host => self.host.to_owned(),
            RequestKey::Protocol => if self.secure { "https://" } else { "http://" }.to_owned(),
            RequestKey::Port => match self.port {
                Some(port) => port.to_owned(),
                None if self.secure => "443".to_owned(),
                None => "80".to_owned(),
            },
            RequestKey::Domain if self.named() => {
                labels[labels.len().saturating_sub(2)..].join(".")
            }
            RequestKey::Subdomain if self.named() => {
                labels[..labels.len().saturating_sub(2)].join(".")
            }
            RequestKey::Domain | RequestKey::Subdomain => String::new(),
        }
    }
}

/// Bit `k`: the request of `head` meets `conditions[k]` (of the first 64).
pub(crate) fn admitted(
    conditions: &[RequestConditions],
    patterns: &Requirements,
    head: &Head<'_>,
) -> u64 {
    let request = Request::of(head.uri, head.headers);
    let parts = std::cell::OnceCell::new();
    let mut bits = 0;
    for (k, RequestConditions(checks)) in conditions.iter().enumerate().take(64) {
        let met = checks.iter().all(|check| match *check {
            RequestCheck::Equals(key, value) => request.property(key) == value,
            RequestCheck::Matches(key, pattern) => patterns.finds(pattern, &request.property(key)),
            RequestCheck::Present(key, present) => request.property(key).is_empty() != present,
            RequestCheck::OneOf(key, values) => values.contains(&request.property(key).as_str()),
            RequestCheck::Predicate(predicate) => predicate(parts.get_or_init(|| head.parts())),
        });
        if met {
            bits |= 1 << k;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(uri: &str, host: Option<&str>) -> Parts {
        let mut request = http::Request::get(uri);
        if let Some(host) = host {
            request = request.header("host", host);
        }
        request.body(()).unwrap().into_parts().0
    }

    #[test]
    fn properties_read_as_rails_reads_them() {
        let cases = [
            ("/x", Some("api.example.com"), RequestKey::Subdomain, "api"),
            ("/x", Some("a.b.example.com"), RequestKey::Subdomain, "a.b"),
            ("/x", Some("example.com"), RequestKey::Subdomain, ""),
            (
                "/x",
                Some("www.partner.org"),
                RequestKey::Domain,
                "partner.org",
            ),
            ("/x", Some("127.0.0.1:8080"), RequestKey::Domain, ""),
            ("/x", Some("example.com:8080"), RequestKey::Port, "8080"),
            ("/x", Some("example.com"), RequestKey::Port, "80"),
            ("https://example.com/x", None, RequestKey::Port, "443"),
            (
                "https://example.com/x",
                None,
                RequestKey::Protocol,
                "https://",
            ),
            (
                "/x",
                Some("intranet.example.com"),
                RequestKey::Host,
                "intranet.example.com",
            ),
            // An IPv6 address with and without a port, as Rails reads it.
            ("/x", Some("[::1]"), RequestKey::Host, "[::1]"),
            ("/x", Some("[::1]"), RequestKey::Port, "80"),
            ("/x", Some("[::1]:8080"), RequestKey::Host, "[::1]"),
            ("/x", Some("[::1]:8080"), RequestKey::Port, "8080"),
        ];
        for (uri, host, key, want) in cases {
            let parts = parts(uri, host);
            assert_eq!(
                Request::of(&parts.uri, &parts.headers).property(key),
                want,
                "{uri} {host:?} {key:?}"
            );
        }
    }
}
