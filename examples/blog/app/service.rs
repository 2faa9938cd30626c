//! What stands between the internet and the handlers: the `Host` allow-list, protection from
//! forged cross-site requests, a body limit ([`protect`]); and a server that bounds how long a
//! client may take to send its headers, have its request answered and take its response, and
//! how many connections it holds, in all and from one address ([`serve`]).

mod deadline;
mod server;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::StatusCode;
use axum::http::header::HOST;
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
    /// The largest request body read (413 past it).
    pub body: usize,
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
/// another site whose name resolves to this server (DNS rebinding) reads nothing from it.
#[derive(Debug, Clone)]
pub struct Hosts(Vec<String>);

impl Hosts {
    /// The address the server is bound to and `localhost`, then `more`.
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
        Hosts(names)
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

/// The blog's routes behind the checks every request passes first: `Host`, then the origin
/// of unsafe requests, then the size of the body.
pub fn protect(routes: Dispatcher, hosts: Hosts, limits: &Limits) -> Dispatcher {
    routes
        .layer(DefaultBodyLimit::max(limits.body))
        .layer(ForgeryProtectionLayer::new())
        .layer(middleware::from_fn_with_state(Arc::new(hosts), check_host))
}

async fn check_host(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(HOST)
        .and_then(|host| host.to_str().ok());
    match host {
        Some(host) if hosts.allows(host) => next.run(request).await,
        Some(_) => refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "This server does not serve that host name.",
        ),
        None => refuse(StatusCode::BAD_REQUEST, "A request must name its host."),
    }
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, Html(views::error(status, message))).into_response()
}
