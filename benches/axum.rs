//! A request through the `Dispatcher` that `resourceful::axum::Handlers::bind` returns against
//! one through axum's own `Router` with the same routes and the same handler, in process with
//! `tower::ServiceExt::oneshot`: `cargo bench -p resourceful-benches --bench axum` (or
//! `benches/run.sh`).
//!
//! The routes are the GitHub API's 130 (`github_routes.rs` for resourceful, the same patterns
//! in axum's syntax for axum), every one bound to the same handler, and an iteration sends the
//! 130 requests of `data/github-api-requests.txt`, all GETs that hit. Two handlers: one
//! without extractors, and one that reads every path param and sums the lengths of the values
//! (`resourceful::axum::Params` against axum's `RawPathParams`). Each request is built from a
//! URI parsed beforehand, the same way for both routers.
//!
//! Every axum `Router` is given its state (`with_state(())`), as `axum::serve` does, so that
//! it builds each route once rather than per request.
//!
//! Two more comparisons measure what an axum `Router` in front of the dispatcher costs, as an
//! application has one to serve routes of axum's own beside the route set
//! (`Router::new().route(..).fallback_service(dispatcher)`): a router whose only entry is a
//! fallback running the handler without extractors, recognising nothing (the floor of any
//! service behind a router); and the dispatcher itself behind a router.

use std::convert::Infallible;
use std::hint::black_box;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::RawPathParams;
use axum::routing::get;
use criterion::Criterion;
use http::{Request, StatusCode, Uri};
use resourceful::axum::{Dispatcher, Handlers, Params};
use support::Report;
use tokio::runtime::Runtime;
use tower::ServiceExt;

mod support;

mod github {
    include!("github_routes.rs");
}

/// Alternating rounds per comparison; the ratio reported is their median.
const ROUNDS: usize = 5;

async fn plain() -> &'static str {
    "ok"
}

async fn ours_params(params: Params) -> String {
    let total: usize = params.params().map(|(_, value)| value.len()).sum();
    total.to_string()
}

async fn axum_params(params: RawPathParams) -> String {
    let total: usize = params.iter().map(|(_, value)| value.len()).sum();
    total.to_string()
}

/// The GitHub routes in axum's syntax: `:p1` becomes `{p1}`.
fn axum_patterns() -> Vec<String> {
    include_str!("data/github-api-routes.txt")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|pattern| {
            pattern
                .split('/')
                .map(|s| match s.strip_prefix(':') {
                    Some(name) => format!("{{{name}}}"),
                    None => s.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect()
}

fn uris() -> Vec<Uri> {
    include_str!("data/github-api-requests.txt")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|path| path.parse().expect("a URI"))
        .collect()
}

/// resourceful's dispatcher with every action of the GitHub table bound to `handler`.
fn ours<H, T>(handler: H) -> Dispatcher
where
    H: axum::handler::Handler<T, ()> + Clone,
    T: 'static,
{
    Handlers::new(&github::ROUTES)
        .bind(|_: github::Action| resourceful::axum::handler(handler.clone()))
}

/// axum's router with the same routes, each bound to `handler`.
fn theirs<H, T>(handler: H) -> Router
where
    H: axum::handler::Handler<T, ()> + Clone,
    T: 'static,
{
    axum_patterns()
        .iter()
        .fold(Router::new(), |router, pattern| {
            router.route(pattern, get(handler.clone()))
        })
        .with_state(())
}

/// What both sides are: a service answering requests in process, cloned for each as
/// `axum::serve` clones it for each connection.
trait App:
    tower::Service<
        Request<Body>,
        Response = axum::response::Response,
        Error = Infallible,
        Future: Send,
    > + Clone
{
}

impl<T> App for T where
    T: tower::Service<
            Request<Body>,
            Response = axum::response::Response,
            Error = Infallible,
            Future: Send,
        > + Clone
{
}

async fn send(app: &impl App, uri: &Uri) -> axum::response::Response {
    let request = Request::builder()
        .uri(uri.clone())
        .body(Body::empty())
        .expect("a request");
    let response = app.clone().oneshot(request).await;
    response.unwrap_or_else(|never| match never {})
}

/// One iteration: every request of `uris`, one after the other.
async fn send_all(app: &impl App, uris: &[Uri]) {
    for uri in uris {
        black_box(send(app, black_box(uri)).await);
    }
}

/// Every request answers 200 through both sides, with the same body.
async fn check(name: &str, ours: &impl App, theirs: &impl App, uris: &[Uri]) {
    for uri in uris {
        let (a, b) = (send(ours, uri).await, send(theirs, uri).await);
        assert_eq!(
            a.status(),
            StatusCode::OK,
            "{name}: {uri} through resourceful"
        );
        assert_eq!(b.status(), StatusCode::OK, "{name}: {uri} through axum");
        let a = axum::body::to_bytes(a.into_body(), 1024).await.unwrap();
        let b = axum::body::to_bytes(b.into_body(), 1024).await.unwrap();
        assert_eq!(a, b, "{name}: {uri} answers differently");
    }
}

/// An `axum::Router` with nothing but a fallback: what putting a service in an axum router's
/// fallback (as `fallback_service(dispatcher)` does) costs before the service does anything.
fn fallback_only<H, T>(handler: H) -> Router
where
    H: axum::handler::Handler<T, ()> + Clone,
    T: 'static,
{
    Router::new().fallback(handler).with_state(())
}

/// The dispatcher behind an axum `Router`, as an application that serves routes of axum's
/// own beside the route set has it (here with none of its own).
fn composed<H, T>(handler: H) -> Router
where
    H: axum::handler::Handler<T, ()> + Clone,
    T: 'static,
{
    Router::new().fallback_service(ours(handler)).with_state(())
}

/// Runs `ours` and `theirs` in alternating rounds, after checking that they answer alike.
fn compare(
    criterion: &mut Criterion,
    runtime: &Runtime,
    uris: &[Uri],
    (group, side): (&str, &str),
    ours: &impl App,
    theirs: &impl App,
) {
    runtime.block_on(check(group, ours, theirs, uris));
    let mut ours_run = || runtime.block_on(send_all(ours, uris));
    let mut theirs_run = || runtime.block_on(send_all(theirs, uris));
    support::run(
        criterion,
        group,
        ROUNDS,
        &mut [(side, &mut ours_run), ("axum", &mut theirs_run)],
    );
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let uris = uris();
    let mut report = Report::new("axum", ROUNDS);
    let c = &mut criterion;
    let theirs_plain = theirs(plain);
    let group = ("axum-plain", "resourceful");
    compare(c, &runtime, &uris, group, &ours(plain), &theirs_plain);
    let group = ("axum-params", "resourceful");
    compare(
        c,
        &runtime,
        &uris,
        group,
        &ours(ours_params),
        &theirs(axum_params),
    );
    let group = ("axum-floor", "fallback");
    compare(
        c,
        &runtime,
        &uris,
        group,
        &fallback_only(plain),
        &theirs_plain,
    );
    let group = ("axum-composed", "composed");
    compare(c, &runtime, &uris, group, &composed(plain), &theirs_plain);
    criterion.final_summary();
    report.add(
        "GitHub, axum handler without extractors",
        "axum-plain",
        "resourceful",
        "axum",
        uris.len(),
    );
    report.add(
        "GitHub, axum handler reading every param",
        "axum-params",
        "resourceful",
        "axum",
        uris.len(),
    );
    report.add(
        "floor: an axum Router's bare fallback",
        "axum-floor",
        "fallback",
        "axum",
        uris.len(),
    );
    report.add(
        "the dispatcher behind an axum Router, no extractors",
        "axum-composed",
        "composed",
        "axum",
        uris.len(),
    );
    report.finish();
}
