//! How often one client may post: each unsafe request (a form posted, whatever it does, a
//! sign-in too) spends a cell of the client's quota, kept by `governor` (GCRA, one timestamp
//! per client); a client that has none left is answered 429 with `Retry-After`, before its
//! body is read.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::Response;
use governor::clock::Clock;
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use super::{Limits, client_of, refuse};

/// How many checks pass between two sweeps of the clients whose quota is full again, which
/// keeps the table as small as the clients posting now.
const SWEEP_EVERY: u32 = 1024;

/// Tokio's clock, as `governor` reads one: the time since the limiter was made. Every other
/// clock the blog reads is Tokio's too (deadlines, sessions), so that a test on Tokio's paused
/// clock moves them all, and waits for none.
#[derive(Debug, Clone)]
struct TokioClock(tokio::time::Instant);

impl Clock for TokioClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

type Limiter =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, TokioClock, NoOpMiddleware<Duration>>;

pub struct Posting {
    limiter: Limiter,
    clock: TokioClock,
    checks: AtomicU32,
}

impl Posting {
    pub fn new(limits: &Limits) -> Self {
        let quota = Quota::per_minute(limits.posts_per_minute).allow_burst(limits.post_burst);
        let clock = TokioClock(tokio::time::Instant::now());
        Posting {
            limiter: RateLimiter::new(quota, DefaultKeyedStateStore::default(), clock.clone()),
            clock,
            checks: AtomicU32::new(0),
        }
    }

    /// The 429 for a request that finds its client's quota spent; `None` for a safe request,
    /// or one within the quota, which it spends.
    pub fn check(&self, request: &Request) -> Option<Response> {
        let safe = matches!(
            *request.method(),
            Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
        );
        if safe {
            return None;
        }
        // `serve` gives every request its peer's address; a router called without it (in a
        // test) serves one client.
        let client = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(peer)| {
                client_of(peer.ip())
            });
        let checked = self.limiter.check_key(&client);
        if self
            .checks
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(SWEEP_EVERY)
        {
            self.limiter.retain_recent();
        }
        let not_until = checked.err()?;
        let wait = not_until.wait_time_from(self.clock.now());
        // Whole seconds, rounded up: a client that waits as told is let through.
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let message = format!(
            "You have posted too often; try again in {seconds} second{}.",
            if seconds == 1 { "" } else { "s" }
        );
        let mut response = refuse(StatusCode::TOO_MANY_REQUESTS, &message);
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
        Some(response)
    }
}
