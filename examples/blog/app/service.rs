//! What stands between the internet and the handlers: the `Host` allow-list, protection from
//! forged cross-site requests, a body limit ([`protect`]); and a server that bounds how long a
//! client may take to send its headers and have its request answered, and how many
//! connections it holds ([`serve`]).

use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::{CONNECTION, HOST};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use resourceful::axum::Dispatcher;
use resourceful::forgery::ForgeryProtectionLayer;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tower_service::Service;

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
    /// Connections served at once; more wait in the listener's backlog.
    pub connections: usize,
    /// The largest request body read (413 past it).
    pub body: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read: Duration::from_secs(10),
            request: Duration::from_secs(30),
            connections: 1024,
            // The longest article (20,000 characters) fits, escaped, with room to spare.
            body: 256 * 1024,
        }
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

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests under way finish (for up to 10 s).
pub async fn serve(
    listener: TcpListener,
    router: Dispatcher,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.connections));
    let (stop, stopping) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot,
            () = &mut shutdown => break,
        };
        let Ok(slot) = slot else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(error) => {
                // Out of file descriptors, most likely: wait for some to be freed.
                eprintln!("accept: {error}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let router = router.clone();
        let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            answer(router.clone(), request.map(Body::new), limits.request)
        });
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .max_buf_size(64 * 1024);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let mut connection = pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(stop);
    let all = u32::try_from(limits.connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(10), slots.acquire_many(all)).await;
}

/// The router's answer, or a 408 once `within` has passed (the connection is then closed, as
/// what remains of the request cannot be told from the next).
async fn answer(
    mut router: Dispatcher,
    request: Request,
    within: Duration,
) -> Result<Response, Infallible> {
    match tokio::time::timeout(within, router.call(request)).await {
        Ok(response) => response,
        Err(_) => {
            let mut response = refuse(
                StatusCode::REQUEST_TIMEOUT,
                "The request took too long to arrive or to answer.",
            );
            response
                .headers_mut()
                .insert(CONNECTION, HeaderValue::from_static("close"));
            Ok(response)
        }
    }
}
