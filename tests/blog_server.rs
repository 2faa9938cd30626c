//! The blog served as `examples/blog` serves it (`app::service::serve`, behind
//! `app::service::protect`), on a port of 127.0.0.1, against clients that misbehave: one that
//! sends requests and never reads the answers is let go, and the memory they held is freed;
//! one that holds its share of the connections leaves room for others; a handler that panics
//! is a 500, and the requests behind it on the connection are answered.
//!
//! The heap is measured by a counting allocator, so the tests take turns (`SERIAL`).
//!
//! A machine busy with other work (a build beside the tests) may serve each step late: every
//! test waits for the event it checks (a connection closed, memory given back) with a cap far
//! above what it takes, and none asserts that something happens within a second of a
//! deadline. What each bound would be without the protection it tests is said beside it.

#[path = "../examples/blog/app/mod.rs"]
#[allow(dead_code)]
mod app;

#[path = "../examples/load/http.rs"]
#[allow(dead_code)]
mod client;

use std::alloc::{GlobalAlloc, Layout, System};
use std::net::{Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use resourceful::axum::{Dispatcher, Handlers, handler};

use app::service::{Hosts, Limits};
use client::{Conn, client_address, form, request};

struct Counting;

/// Bytes allocated and not yet freed, by every thread.
static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the counter is an atomic,
// which needs no allocation to touch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// The default limits, with a write deadline short enough to wait for, and posting free, as
/// the tests set up their pages through it.
fn limits() -> Limits {
    Limits {
        write: Duration::from_secs(2),
        posts_per_minute: NonZeroU32::MAX,
        post_burst: NonZeroU32::MAX,
        ..Limits::default()
    }
}

/// Serves `router` behind the blog's protections within `limits` on a free port of
/// 127.0.0.1, until the test's runtime ends.
async fn serve(router: Dispatcher, limits: Limits) -> SocketAddr {
    let listener = app::service::server::listen((Ipv4Addr::LOCALHOST, 0).into(), &limits).unwrap();
    let address = listener.local_addr().unwrap();
    let hosts = Hosts::new(Ipv4Addr::LOCALHOST.into(), []);
    let router = app::service::protect(router, hosts, &limits);
    tokio::spawn(app::service::serve(
        listener,
        router,
        limits,
        std::future::pending(),
    ));
    address
}

fn get(address: SocketAddr, target: &str) -> Vec<u8> {
    request("GET", target, &address.to_string(), &[], b"")
}

/// The blog's router on a new database, and the cookie of an editor's session on it.
fn blog() -> (Dispatcher, String) {
    let db = app::Db::open(":memory:", app::Caps::default()).unwrap();
    let password = app::EditorPassword::new("correct horse battery staple");
    let auth = Arc::new(app::Auth::new(
        password,
        &http::uri::Scheme::HTTP,
        app::SessionLimits::default(),
    ));
    let token = auth.sessions.open("Editor", true).unwrap();
    (app::router(db, auth), format!("blog_session={token}"))
}

/// Longest any step may take on a machine busy with other work: a cap on waiting for what
/// should come at once, never a margin that a test checks.
const PATIENCE: Duration = Duration::from_secs(60);

/// Polls `done` every 20 ms until it holds or `PATIENCE` has passed; whether it held.
async fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    while !done() {
        if started.elapsed() > PATIENCE {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

#[tokio::test]
async fn a_client_that_does_not_read_is_let_go_and_its_memory_freed() {
    let _turn = SERIAL.lock().await;
    let limits = limits();
    let (router, editor) = blog();
    let address = serve(router, limits).await;
    let host = address.to_string();
    let origin = format!("http://{host}");
    // The largest page there is: the longest article and a page of the longest comments, of
    // the characters that grow most when escaped (`<` to `&lt;`, `"` to `&quot;`).
    let mut setup = Conn::open(address).await.unwrap();
    let body = format!("title=Large&body={}", "%3C".repeat(20_000));
    let created = setup
        .send(
            &form("/articles", &host, &origin, "", &editor, &body),
            PATIENCE,
        )
        .await
        .unwrap();
    assert_eq!(created.status, 303);
    let article = created.header("location").unwrap().to_owned();
    for _ in 0..20 {
        let body = format!("author=a&body={}", "%22".repeat(2_000));
        let target = format!("{article}/comments");
        let reply = setup
            .send(&form(&target, &host, &origin, "", "", &body), PATIENCE)
            .await
            .unwrap();
        assert_eq!(reply.status, 303);
    }
    let page = setup.send(&get(address, &article), PATIENCE).await.unwrap();
    let size = page.body.len();
    assert!(
        (300_000..400_000).contains(&size),
        "the page is {size} bytes"
    );
    drop(setup);

    // Clients that ask for the page again and again and never read an answer, connected
    // before the heap is measured, so that it counts what the server holds for them.
    let asked = 300;
    let pipelined = get(address, &article).repeat(asked);
    let mut clients = Vec::new();
    for _ in 0..8 {
        clients.push(Conn::open(address).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = live();
    for client in &mut clients {
        client.write(&pipelined).await.unwrap();
    }
    let sent = Instant::now();
    // Stalled: the kernel's buffers are full, and hyper holds the rest of a response each
    // (the attack works); then, past the write deadline, let go, and the memory with them.
    // Without the deadline it would be held for as long as the clients stay connected.
    let mut held = 0;
    let stalled = eventually(|| {
        held = held.max(live() - before);
        held > 8 * size as isize / 2
    })
    .await;
    assert!(
        stalled,
        "the clients held only {held} bytes: the attack did not stall the server"
    );
    let freed = eventually(|| live() - before < size as isize / 4).await;
    assert!(
        freed,
        "{} bytes still held {:?} after the clients stalled the server (at most {held})",
        live() - before,
        sent.elapsed()
    );
    // Closed by the server, each after a few of the pages it asked for: what the kernel's
    // buffers held, and no more.
    for (n, client) in clients.iter_mut().enumerate() {
        let taken = client.drain(PATIENCE).await;
        assert!(
            taken.is_some_and(|bytes| bytes < 20 * size),
            "client {n}: {taken:?} bytes of {asked} pages of {size} before the end"
        );
    }
    drop(clients);
    // What stays is the runtime's own bookkeeping (its timer wheel and task slots grown for
    // the connections), far below one page.
    let freed = eventually(|| live() - before < size as isize / 4).await;
    assert!(
        freed,
        "{} bytes still held after the clients were let go (at most {held} held)",
        live() - before
    );
}

#[tokio::test]
async fn a_client_holding_its_share_of_connections_leaves_room_for_others() {
    let _turn = SERIAL.lock().await;
    // Idle connections are let go after `header_read`: longer than the test waits for
    // anything, so that only the share can make room for another client.
    let limits = Limits {
        connections: 8,
        per_client: 4,
        header_read: 2 * PATIENCE,
        ..limits()
    };
    let (router, _) = blog();
    let address = serve(router, limits).await;
    // One client opens three times its share, every connection idle: the server accepts them
    // in turn, keeps the first four and closes the rest.
    let greedy = client_address(0);
    let mut held = Vec::new();
    for _ in 0..12 {
        held.push(Conn::open_from(greedy, address).await.unwrap());
    }
    for (n, conn) in held.iter_mut().enumerate().skip(limits.per_client) {
        assert!(
            conn.closed_within(PATIENCE).await,
            "connection {n}, past the share"
        );
    }
    // Another client is served, though the greedy one holds every connection it may, and the
    // global limit would let it hold them all (it would then wait for `header_read`).
    let mut other = Conn::open(address).await.unwrap();
    let reply = other.send(&get(address, "/login"), PATIENCE).await;
    assert_eq!(reply.map(|reply| reply.status).ok(), Some(200));
    // The share was kept open all along.
    for (n, conn) in held.iter_mut().enumerate().take(limits.per_client) {
        assert!(
            !conn.closed_within(Duration::from_millis(100)).await,
            "connection {n}, within the share"
        );
    }
    // A connection of the greedy client's share that closes makes room for another of its
    // own, once the server has seen it close.
    held.truncate(limits.per_client - 1);
    let started = Instant::now();
    let status = loop {
        let mut again = Conn::open_from(greedy, address).await.unwrap();
        match again.send(&get(address, "/login"), PATIENCE).await {
            Ok(reply) => break Some(reply.status),
            Err(_) if started.elapsed() < PATIENCE => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(_) => break None,
        }
    };
    assert_eq!(status, Some(200));
}

mod pages {
    resourceful::routes! {
        named(fine, "/fine", controller = "pages", action = "fine", via = get);
        named(broken, "/broken", controller = "pages", action = "broken", via = get);
    }
}

async fn fine() -> &'static str {
    "fine"
}

async fn broken() -> &'static str {
    panic!("a handler's bug")
}

#[tokio::test]
async fn a_handler_that_panics_answers_500_and_the_connection_goes_on() {
    let _turn = SERIAL.lock().await;
    let router = Handlers::new(&pages::ROUTES)
        .bind(|action| match action {
            pages::Action::PagesFine => handler(fine),
            pages::Action::PagesBroken => handler(broken),
        })
        .with_state(());
    let address = serve(router, limits()).await;
    let mut conn = Conn::open(address).await.unwrap();
    let pipelined = [
        get(address, "/fine"),
        get(address, "/broken"),
        get(address, "/fine"),
    ]
    .concat();
    conn.write(&pipelined).await.unwrap();
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let reply = tokio::time::timeout(PATIENCE, conn.read_reply())
            .await
            .expect("an answer in time")
            .expect("an answer");
        if reply.status == 500 {
            assert!(reply.text().contains("Something went wrong on our side."));
            // Made by the server, not the router's middleware, and framed no more than a page.
            assert_eq!(reply.header("x-frame-options"), Some("DENY"));
            assert_eq!(
                reply.header("content-security-policy"),
                Some("frame-ancestors 'none'")
            );
            assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        }
        statuses.push(reply.status);
    }
    assert_eq!(statuses, [200, 500, 200]);
}
