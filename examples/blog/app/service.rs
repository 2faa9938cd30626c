//! What stands between the internet and the handlers: the `Host` allow-list, protection from
//! forged cross-site requests, a limit on how often one client may post and a body limit
//! ([`protect`]); and a server that bounds how long a client may take to send its headers,
//! have its request answered and take its response, and how many connections it holds, in
//! all and from one address, and answers a handler that panics with a 500 ([`serve`]).

mod deadline;
mod posting;
pub mod server;

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::{
    CONNECTION, CONTENT_LENGTH, CONTENT_SECURITY_POLICY, HOST, HeaderMap, HeaderName,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::uri::Scheme;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use resourceful::axum::Dispatcher;
use resourceful::forgery::ForgeryProtectionLayer;

pub use server::serve;

use super::views;

/// The bounds the server puts on clients.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// From a connection's first byte, or the end of its last response, to the end of a
    /// request's headers: past it the connection is closed (a client trickling its headers,
    /// or holding an idle connection, is let go).
    pub header_read: Duration,
    /// From a request's headers to its response: past it, 408.
    pub request: Duration,
    /// From the first byte of a response written to the last handed to the kernel: past it
    /// the connection is closed, so that a client that does not read its responses is let go,
    /// with the memory they hold.
    pub write: Duration,
    /// Connections served at once; more wait in the listener's backlog.
    pub connections: usize,
    /// Connections served at once from one client (an IPv4 address, or an IPv6 /64); more
    /// are closed as they come, so that no client can take every slot.
    pub per_client: usize,
    /// The largest request body read (413 past it, before it is read when it is declared).
    pub body: usize,
    /// Unsafe requests (forms posted) one client may make in a minute, once the first
    /// `post_burst` are spent; past it, 429 with `Retry-After`.
    pub posts_per_minute: NonZeroU32,
    pub post_burst: NonZeroU32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read: Duration::from_secs(10),
            request: Duration::from_secs(30),
            // A page is at most a few hundred kB, most of which the kernel takes at once.
            write: Duration::from_secs(10),
            connections: 1024,
            // A browser opens six to a host; this leaves room for a few behind one address.
            per_client: 64,
            // The longest article (20,000 characters) fits, escaped, with room to spare.
            body: 256 * 1024,
            // One post every two seconds, after ten at once: more than anyone writes by hand.
            posts_per_minute: const { NonZeroU32::new(30).unwrap() },
            post_burst: const { NonZeroU32::new(10).unwrap() },
        }
    }
}

/// The client a peer address belongs to: the address itself for IPv4, its /64 for IPv6 (the
/// block one subscriber is usually given), so that a client cannot become many by changing
/// its address within what it owns.
pub fn client_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// The host names the blog answers to: anything else in `Host` is refused, so that a page of
/// another site whose name resolves to this server (DNS rebinding) reads nothing from it;
/// and the scheme it is published under: `http`, or `https` behind a proxy that ends TLS.
#[derive(Debug, Clone)]
pub struct Hosts(Vec<String>, Scheme);

impl Hosts {
    /// The address the server is bound to and `localhost`, then `more`, over plain HTTP.
    pub fn new(bound: IpAddr, more: impl IntoIterator<Item = String>) -> Self {
        let bound = match bound {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        let mut names = vec![bound, "localhost".to_owned()];
        names.extend(
            more.into_iter()
                .map(|name| name.trim().to_ascii_lowercase()),
        );
        names.retain(|name| !name.is_empty());
        Hosts(names, Scheme::HTTP)
    }

    /// The same names, published under `scheme`: the origin the forgery check expects of a
    /// form, and the scheme of an absolute-form target.
    pub fn published_over(self, scheme: Scheme) -> Self {
        Hosts(self.0, scheme)
    }

    pub fn scheme(&self) -> &Scheme {
        &self.1
    }

    /// Whether `host` (a `Host` header: a name, maybe with a port) is one of them.
    pub fn allows(&self, host: &str) -> bool {
        let name = match host.rsplit_once(':') {
            // A port follows the name, or the brackets of an IPv6 address.
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        };
        self.0
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(name))
    }
}

/// What the checks in front of the router know: the names the blog answers to, the largest
/// body it reads, the forgery check and what each client has posted.
struct Front {
    hosts: Hosts,
    body: usize,
    forgery: ForgeryProtectionLayer,
    posting: posting::Posting,
}

/// The blog's routes behind the checks every request passes first, in one middleware (each
/// layer of axum's `from_fn` costs every request a boxed future): the request's host, the
/// forgery check (whose `Origin` must be the request's host, under the scheme `hosts` names),
/// the declared length of its body, the posting limit;
/// then the size of the body as it is read. They go around the dispatcher, not inside it
/// (`Dispatcher::layer`, which runs once a request is routed), so that a request they refuse
/// is neither routed nor has its form read for `_method`.
pub fn protect(routes: Dispatcher, hosts: Hosts, limits: &Limits) -> Router {
    let front = Front {
        body: limits.body,
        forgery: ForgeryProtectionLayer::new().scheme(hosts.scheme().clone()),
        hosts,
        posting: posting::Posting::new(limits),
    };
    Router::new()
        .fallback_service(routes)
        .layer(DefaultBodyLimit::max(limits.body))
        .layer(middleware::from_fn_with_state(
            Arc::new(front),
            check_request,
        ))
}

async fn check_request(State(front): State<Arc<Front>>, request: Request, next: Next) -> Response {
    let mut response = checked(&front, request, next).await;
    forbid_framing(response.headers_mut());
    response
}

/// What every response carries, here and on the server's own 500 and 408 (`server::answer`):
/// no page of the blog may be shown in a frame (a page of another site that framed one could
/// have its visitor click "Delete" there, a request the forgery check sees coming from the
/// blog itself), and no response is read as another type than the one it declares.
fn forbid_framing(headers: &mut HeaderMap) {
    const FRAMING: [(HeaderName, &str); 3] = [
        (X_FRAME_OPTIONS, "DENY"),
        (CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    for (name, value) in FRAMING {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

async fn checked(front: &Front, request: Request, next: Next) -> Response {
    if let Some(refused) = check_host(&front.hosts, &request) {
        return refused;
    }
    let (parts, body) = request.into_parts();
    // Before the posting limit, so that a forged request spends nothing of its victim's.
    if let Err(forged) = front.forgery.check(&parts) {
        return refuse(StatusCode::FORBIDDEN, &forged.to_string());
    }
    let request = Request::from_parts(parts, body);
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > front.body as u64) {
        // Refused before any of the body is read, so that a client that asked first
        // (`Expect: 100-continue`) is never told to send it; the connection is closed
        // rather than read to its end.
        let mut response = refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("A request body may hold at most {} bytes.", front.body),
        );
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    if let Some(refused) = front.posting.check(&request) {
        return refused;
    }
    next.run(request).await
}

/// The host a request names, as RFC 9112 (§3.2) reads it, must be one the blog answers to:
/// an absolute-form target (`GET http://host/ HTTP/1.1`) names its host in its authority,
/// and its `Host` is ignored (as the forgery check ignores it); otherwise the `Host` header
/// names it. A request with no `Host`, or more than one, is a 400.
fn check_host(hosts: &Hosts, request: &Request) -> Option<Response> {
    let mut named = request.headers().get_all(HOST).iter();
    let (Some(host), None) = (named.next(), named.next()) else {
        let message = "A request must name its host, once.";
        return Some(refuse(StatusCode::BAD_REQUEST, message));
    };
    // An authority-form target (`CONNECT host:port`) names no host of the blog's: its `Host`
    // is checked, and the routing layer refuses the target.
    let (Some(scheme), Some(authority)) = (request.uri().scheme_str(), request.uri().authority())
    else {
        let allowed = host.to_str().is_ok_and(|host| hosts.allows(host));
        return (!allowed).then(misdirected);
    };
    // A target under another scheme than the blog's is another origin's.
    let ours =
        scheme.eq_ignore_ascii_case(hosts.scheme().as_str()) && hosts.allows(authority.as_str());
    (!ours).then(misdirected)
}

fn misdirected() -> Response {
    refuse(
        StatusCode::MISDIRECTED_REQUEST,
        "This server does not serve that host name.",
    )
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, Html(views::error(status, message))).into_response()
}
