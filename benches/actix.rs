//! A request through the `Dispatcher` that `resourceful::actix::Handlers::bind` returns against
//! one through actix-web's own router with the same routes and the same handler, both served
//! by an `App` in process through `actix_web::test::init_service`:
//! `cargo bench -p resourceful-benches --bench actix` (or `benches/run.sh actix`).
//!
//! The routes are the GitHub API's 130 (`github_routes.rs` for resourceful, the same patterns
//! in actix-web's syntax, each a `web::resource` of its own, for actix-web), every one bound to
//! the same handler, and an iteration sends the 130 requests of
//! `data/github-api-requests.txt`, all GETs that hit. Two handlers: one without extractors,
//! and one that reads every path param and sums the lengths of the values
//! (`resourceful::actix::Params` against actix-web's `HttpRequest::match_info`). Each request
//! is built from a URI parsed beforehand, the same way for both.
//!
//! A third comparison is the floor of any service in an `App`: one whose only service is its
//! default service, running the handler without extractors, recognising nothing, against
//! actix-web's router.

use std::hint::black_box;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Uri;
use actix_web::test::{TestRequest, init_service, read_body};
use actix_web::{App, Error, HttpRequest, web};
use criterion::Criterion;
use resourceful::actix::{Handlers, Params, handler};
use support::Report;
use tokio::runtime::Runtime;

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

async fn actix_params(request: HttpRequest) -> String {
    let total: usize = request
        .match_info()
        .iter()
        .map(|(_, value)| value.len())
        .sum();
    total.to_string()
}

/// The GitHub routes in actix-web's syntax: `:p1` becomes `{p1}`.
fn actix_patterns() -> Vec<String> {
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

/// What both sides are: an application's service, as `HttpServer` runs one per worker.
trait Served:
    Service<actix_http::Request, Response = ServiceResponse<Self::Body>, Error = Error>
{
    type Body: MessageBody;
}

impl<S, B> Served for S
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = Error>,
    B: MessageBody,
{
    type Body = B;
}

async fn send(app: &impl Served, uri: &Uri) -> ServiceResponse<impl MessageBody> {
    let request = TestRequest::get().uri(&uri.to_string()).to_request();
    match app.call(request).await {
        Ok(response) => response,
        Err(error) => panic!("{uri}: {error}"),
    }
}

/// One iteration: every request of `uris`, one after the other.
async fn send_all(app: &impl Served, uris: &[Uri]) {
    for uri in uris {
        black_box(send(app, black_box(uri)).await);
    }
}

/// Every request answers 200 through both sides, with the same body.
async fn check(name: &str, ours: &impl Served, theirs: &impl Served, uris: &[Uri]) {
    for uri in uris {
        let (a, b) = (send(ours, uri).await, send(theirs, uri).await);
        assert_eq!(a.status(), 200, "{name}: {uri} through resourceful");
        assert_eq!(b.status(), 200, "{name}: {uri} through actix-web");
        let (a, b) = (read_body(a).await, read_body(b).await);
        assert_eq!(a, b, "{name}: {uri} answers differently");
    }
}

/// Runs `ours` and `theirs` in alternating rounds, after checking that they answer alike.
fn compare(
    criterion: &mut Criterion,
    runtime: &Runtime,
    uris: &[Uri],
    group: &str,
    ours: &impl Served,
    theirs: &impl Served,
) {
    runtime.block_on(check(group, ours, theirs, uris));
    let mut ours_run = || runtime.block_on(send_all(ours, uris));
    let mut theirs_run = || runtime.block_on(send_all(theirs, uris));
    support::run(
        criterion,
        group,
        ROUNDS,
        &mut [("resourceful", &mut ours_run), ("actix", &mut theirs_run)],
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
    let patterns = actix_patterns();
    let mut report = Report::new("actix", ROUNDS);
    let c = &mut criterion;

    // Each side's `App`, made into its service as `HttpServer` makes one for each worker.
    macro_rules! ours {
        ($handler:expr) => {
            runtime.block_on(init_service(App::new().service(
                Handlers::new(&github::ROUTES).bind(|_: github::Action| handler($handler)),
            )))
        };
    }
    macro_rules! theirs {
        ($handler:expr) => {
            runtime.block_on(init_service(
                patterns.iter().fold(App::new(), |app, pattern| {
                    app.service(web::resource(pattern).route(web::get().to($handler)))
                }),
            ))
        };
    }
    let theirs_plain = theirs!(plain);
    compare(
        c,
        &runtime,
        &uris,
        "actix-plain",
        &ours!(plain),
        &theirs_plain,
    );
    compare(
        c,
        &runtime,
        &uris,
        "actix-params",
        &ours!(ours_params),
        &theirs!(actix_params),
    );
    let floor = runtime.block_on(init_service(App::new().default_service(web::to(plain))));
    support::run(
        c,
        "actix-floor",
        ROUNDS,
        &mut [
            ("default", &mut || runtime.block_on(send_all(&floor, &uris))),
            ("actix", &mut || {
                runtime.block_on(send_all(&theirs_plain, &uris))
            }),
        ],
    );
    criterion.final_summary();
    report.add(
        "GitHub, actix-web handler without extractors",
        "actix-plain",
        "resourceful",
        "actix",
        uris.len(),
    );
    report.add(
        "GitHub, actix-web handler reading every param",
        "actix-params",
        "resourceful",
        "actix",
        uris.len(),
    );
    report.add(
        "floor: an App's bare default service",
        "actix-floor",
        "default",
        "actix",
        uris.len(),
    );
    report.finish();
}
