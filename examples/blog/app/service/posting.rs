//! How often one client may post: each unsafe request (a form posted, whatever it does) spends
//! a cell of the client's quota, kept by `governor` (GCRA, one timestamp per client); a client
//! that has none left is answered 429 with `Retry-After`, before its body is read.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::{Limits, client_of, refuse};

/// How many checks pass between two sweeps of the clients whose quota is full again, which
/// keeps the table as small as the clients posting now.
const SWEEP_EVERY: u32 = 1024;

pub struct Posting {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
    checks: AtomicU32,
}

impl Posting {
    pub fn new(limits: &Limits) -> Self {
        let quota = Quota::per_minute(limits.posts_per_minute).allow_burst(limits.post_burst);
        Posting {
            limiter: RateLimiter::keyed(quota),
            clock: DefaultClock::default(),
            checks: AtomicU32::new(0),
        }
    }
}

pub async fn limit(State(posting): State<Arc<Posting>>, request: Request, next: Next) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    if safe {
        return next.run(request).await;
    }
    // `serve` gives every request its peer's address; a router called without it (in a test)
    // serves one client.
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(peer)| {
            client_of(peer.ip())
        });
    let checked = posting.limiter.check_key(&client);
    if posting.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == 0 {
        posting.limiter.retain_recent();
    }
    match checked {
        Ok(()) => next.run(request).await,
        Err(not_until) => {
            let wait = not_until.wait_time_from(posting.clock.now());
            // Whole seconds, rounded up: a client that waits as told is let through.
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            let status = StatusCode::TOO_MANY_REQUESTS;
            let message = format!(
                "You have posted too often; try again in {seconds} second{}.",
                if seconds == 1 { "" } else { "s" }
            );
            let mut response = refuse(status, &message);
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
            response
        }
    }
}
