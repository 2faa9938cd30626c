//! The server: HTTP/1.1 through hyper, each connection within the deadlines of [`Limits`],
//! slots for connections shared out so that one client cannot hold them all, and a 500 for a
//! request whose handler panics.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::panic::AssertUnwindSafe;
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::header::CONNECTION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use futures_util::FutureExt;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{Semaphore, watch};
use tower_service::Service;

use super::deadline::WriteDeadline;
use super::{Limits, client_of, forbid_framing, refuse};

/// A listener on `address` whose backlog holds four times the connections served at once:
/// `serve` accepts and closes at once the connections of a client past its share, and while
/// a client that reopens each as it is closed keeps up to a socket each in the queue, others
/// must still find room there (where the queue is full, the kernel drops their handshake, to
/// be tried again a second later). The kernel caps it at `net.core.somaxconn`.
pub fn listen(address: SocketAddr, limits: &Limits) -> io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // As `TcpListener::bind` does: a restarted server can listen at once.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    let backlog = limits.connections.saturating_mul(4);
    socket.listen(u32::try_from(backlog).unwrap_or(u32::MAX))
}

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests under way finish (for up to 10 s). Each request carries its peer's address
/// (axum's `ConnectInfo<SocketAddr>`).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.connections));
    let clients = Clients::new(limits.per_client);
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
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, most likely: wait for some to be freed.
                eprintln!("accept: {error}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // A client past its share is closed at once, and its slot goes to the next in line:
        // left in the backlog, it would make everyone behind it wait.
        let Some(share) = clients.admit(peer.ip()) else {
            continue;
        };
        let router = router.clone();
        let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let mut request = request.map(Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            answer(router.clone(), request, limits.request)
        });
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let _share = share;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .max_buf_size(64 * 1024);
            let stream = TokioIo::new(WriteDeadline::new(stream, limits.write));
            let connection = builder.serve_connection(stream, service);
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

/// The router's answer; a 500 if it panics (a handler's bug), and the connection goes on to
/// its next request, where hyper would drop it with the requests pipelined behind; or a 408
/// once `within` has passed (the connection is then closed, as what remains of the request
/// cannot be told from the next).
async fn answer(
    mut router: Router,
    request: Request,
    within: Duration,
) -> Result<Response, Infallible> {
    // The panic's message has gone to stderr through the panic hook. Catching it allocates
    // nothing: `catch_unwind` wraps the call and each poll.
    // Neither answer passed through `protect`'s middleware, which sets these on the rest.
    let panicked = || {
        let mut response = refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong on our side.",
        );
        forbid_framing(response.headers_mut());
        response
    };
    let Ok(answering) = std::panic::catch_unwind(AssertUnwindSafe(|| router.call(request))) else {
        return Ok(panicked());
    };
    match tokio::time::timeout(within, AssertUnwindSafe(answering).catch_unwind()).await {
        Ok(Ok(response)) => response,
        Ok(Err(_)) => Ok(panicked()),
        Err(_) => {
            let mut response = refuse(
                StatusCode::REQUEST_TIMEOUT,
                "The request took too long to arrive or to answer.",
            );
            response
                .headers_mut()
                .insert(CONNECTION, HeaderValue::from_static("close"));
            forbid_framing(response.headers_mut());
            Ok(response)
        }
    }
}

/// How many connections each client holds, for those that hold any.
struct Clients {
    per_client: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One connection of a client's share, given back when dropped.
struct Share {
    client: IpAddr,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Clients {
    fn new(per_client: usize) -> Self {
        Clients {
            per_client,
            held: Arc::default(),
        }
    }

    /// A connection for the client at `address`, unless it holds its share already.
    fn admit(&self, address: IpAddr) -> Option<Share> {
        let client = client_of(address);
        let mut held = lock(&self.held);
        let count = held.entry(client).or_insert(0);
        if *count >= self.per_client {
            return None;
        }
        *count += 1;
        Some(Share {
            client,
            held: Arc::clone(&self.held),
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut held = lock(&self.held);
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
    }
}

/// The table; a panic elsewhere while it was held leaves it usable (counts are changed in
/// one step).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
