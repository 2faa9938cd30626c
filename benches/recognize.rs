//! Recognition, side by side with matchit on the same tables and the same requests, in two
//! releases: the newest, and 0.8, the one axum 0.8 routes with: `cargo bench -p resourceful-benches --bench recognize` (or `benches/run.sh`).
//!
//! - GitHub API (130 routes, 130 GET requests that all hit): against bare `matchit::Router::at`,
//!   and against matchit plus the method check below.
//! - GitHub again, typed: `github::recognize`, which answers with the route's `Route` variant
//!   (its params as fields, not read), against `matchit::Router::at` with its answer not read,
//!   against `ROUTES.recognize`, the untyped answer, not read either, and against the untyped
//!   answer with its params read (as the first GitHub rows read them): what a handler given
//!   the typed route saves itself.
//! - A Rails-shaped application (`rails_app.rs`: hits, 405s and 404s): against matchit plus
//!   the method check.
//! - A table of globs (a repository browser, docs, assets, downloads, beside a resource):
//!   against matchit's catch-all `{*p}` plus the method check, on paths of two to eight
//!   segments under a glob.
//!
//! The scaling tables are `scaling.rs`, whose 10,000-route table takes rustc minutes to
//! optimise: a bench of its own compiles beside this one.
//!
//! matchit gets each route's pattern in its own syntax (params named by position, since it
//! requires one name per position) and, per pattern, the routes that share it with their
//! methods, so that "plus the method check" does the same work as recognition: find the path,
//! then the first route that takes the method, else count the allowed methods. It has no
//! optional `.format`, so format-free requests are used throughout. Both sides consume the
//! params the same way: they sum the lengths of the values, which are checked to agree.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use http::Method;
use support::Report;
use support::recognition::{Matchit, Matchit08, ROUNDS, Request, check, ours, pair, sample_path};

mod support;

mod github {
    include!("github_routes.rs");
}

mod app {
    include!("rails_app.rs");
}

mod globs {
    resourceful::routes! {
        resources(projects, only(index, show));
        with_options(controller = "repositories", via = get) {
            named(repository_browse, "/projects/:project_id/repository/browse/*path",
                  action = "browse");
            named(repository_entry, "/projects/:project_id/repository/entry/*path",
                  action = "entry");
            named(repository_raw, "/projects/:project_id/repository/raw/*path", action = "raw");
            named(repository_diff, "/projects/:project_id/repository/diff/*path",
                  action = "diff");
            named(repository_annotate, "/projects/:project_id/repository/annotate/*path",
                  action = "annotate");
        }
        named(docs_page, "/docs/:version/*page", controller = "docs", action = "show", via = get);
        named(asset, "/assets/*path", controller = "assets", action = "show", via = get);
        named(download, "/downloads/*file", controller = "downloads", action = "show",
              via = get);
    }
}

/// Requests under each glob, two to eight segments deep, with the resource's routes and a few
/// paths no route takes.
fn glob_requests() -> Vec<Request> {
    let mut paths: Vec<String> = Vec::new();
    let files = [
        "README",
        "app/models/user.rb",
        "app/controllers/admin/users_controller.rb",
        "lib/tasks/db/seed/data/users.yml",
        "vendor/plugins/x/lib/y/z.rb",
    ];
    for (n, action) in ["browse", "entry", "raw", "diff", "annotate"]
        .iter()
        .enumerate()
    {
        for file in files {
            paths.push(format!("/projects/{}/repository/{action}/{file}", 10 + n));
        }
    }
    for page in [
        "routing",
        "routing/globs",
        "guides/v2/routing/defaults.html",
    ] {
        paths.push(format!("/docs/v2/{page}"));
    }
    for asset in [
        "application.js",
        "javascripts/app.js",
        "stylesheets/themes/dark/main.css",
    ] {
        paths.push(format!("/assets/{asset}"));
    }
    for file in [
        "resourceful-0.1.tar.gz",
        "releases/0.1/resourceful-0.1.tar.gz",
    ] {
        paths.push(format!("/downloads/{file}"));
    }
    paths.extend(["/projects", "/projects/12"].map(str::to_owned));
    paths.extend(["/nope/x", "/projects/12/repository/nope/x"].map(str::to_owned));
    paths
        .into_iter()
        .map(|path| Request {
            method: Method::GET,
            path,
        })
        .collect()
}

fn github_requests() -> Vec<Request> {
    include_str!("data/github-api-requests.txt")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|path| Request {
            method: Method::GET,
            path: path.to_owned(),
        })
        .collect()
}

/// Every action of the app, then wrong methods on nested members (405s), then unknown paths
/// (404s).
fn app_requests() -> Vec<Request> {
    let routes = app::ROUTES.routes();
    let mut requests: Vec<Request> = routes
        .iter()
        .filter(|r| r.controller().fixed().is_some())
        .map(|route| Request {
            method: route.methods().first().cloned().unwrap_or(Method::GET),
            path: sample_path(route),
        })
        .collect();
    for route in routes {
        let path = sample_path(route);
        if route.action().fixed() == Some("show") && path.matches('/').count() >= 4 {
            requests.push(Request {
                method: Method::POST,
                path,
            });
        }
    }
    for path in [
        "/nope",
        "/nope/12",
        "/articles/12/comments/34/extra",
        "/users/12/posts/34/x/y",
        "/account/x/y/z",
        "/admin/nope/12/x",
        "/products/12/reviews/34/edit/x",
        "/forums/1/topics/2/replies/3/x",
        "/a/b/c/d",
        "/articles/12/comments/34/approve/now",
        "/teams/12/members/34/edit/extra",
        "/documents/12/versions/34/x",
        "/warehouses/12/bins/34/x/y",
        "/orders/12/line_items/34/x",
        "/events/12/tickets/34/edit",
    ] {
        requests.push(Request {
            method: Method::GET,
            path: path.to_owned(),
        });
    }
    requests
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut report = Report::new("recognize", ROUNDS);

    // GitHub: every request is a GET hit, so bare matchit does the same work but the method.
    let set = &github::ROUTES;
    let requests = github_requests();
    let matchit = Matchit::github();
    let matchit08 = Matchit08::github();
    let [hits, ..] = check("github", set, (&matchit, &matchit08), &requests);
    assert_eq!(hits, requests.len(), "every GitHub request is a hit");
    for request in &requests {
        assert_eq!(
            ours(set, &request.method, &request.path),
            matchit.bare(&request.path)
        );
    }
    support::run(
        &mut criterion,
        "github",
        ROUNDS,
        &mut [
            ("resourceful", &mut || {
                for r in &requests {
                    black_box(ours(set, &r.method, black_box(&r.path)));
                }
            }),
            ("matchit-bare", &mut || {
                for r in &requests {
                    black_box(matchit.bare(black_box(&r.path)));
                }
            }),
            ("matchit-methods", &mut || {
                for r in &requests {
                    black_box(matchit.with_methods(&r.method, black_box(&r.path)));
                }
            }),
            ("matchit08-bare", &mut || {
                for r in &requests {
                    black_box(matchit08.bare(black_box(&r.path)));
                }
            }),
            ("matchit08-methods", &mut || {
                for r in &requests {
                    black_box(matchit08.with_methods(&r.method, black_box(&r.path)));
                }
            }),
        ],
    );
    report.add(
        &format!("GitHub, {} routes, vs bare matchit", set.routes().len()),
        "github",
        "resourceful",
        "matchit-bare",
        requests.len(),
    );
    report.add(
        &format!(
            "GitHub, {} routes, vs matchit + methods",
            set.routes().len()
        ),
        "github",
        "resourceful",
        "matchit-methods",
        requests.len(),
    );
    report.add(
        &format!("GitHub, {} routes, vs bare matchit 0.8", set.routes().len()),
        "github",
        "resourceful",
        "matchit08-bare",
        requests.len(),
    );
    report.add(
        &format!(
            "GitHub, {} routes, vs matchit 0.8 + methods",
            set.routes().len()
        ),
        "github",
        "resourceful",
        "matchit08-methods",
        requests.len(),
    );

    // Typed: the generated `recognize`, answering with a `Route` variant; neither side reads
    // the params it holds.
    for request in &requests {
        let typed = github::recognize(&request.method, &request.path).expect("a GitHub route");
        let found = set.recognize(&request.method, &request.path).unwrap();
        assert_eq!(github::Route::of(&found), Some(typed));
        assert!(matchit.at(&request.path).is_some());
    }
    support::run(
        &mut criterion,
        "github-typed",
        ROUNDS,
        &mut [
            ("resourceful-typed", &mut || {
                for r in &requests {
                    let _ = black_box(github::recognize(&r.method, black_box(&r.path)));
                }
            }),
            ("matchit-at", &mut || {
                for r in &requests {
                    let _ = black_box(matchit.at(black_box(&r.path)));
                }
            }),
            ("resourceful-untyped", &mut || {
                for r in &requests {
                    let _ = black_box(set.recognize(&r.method, black_box(&r.path)));
                }
            }),
            ("resourceful-params", &mut || {
                for r in &requests {
                    black_box(ours(set, &r.method, black_box(&r.path)));
                }
            }),
        ],
    );
    report.add(
        &format!(
            "GitHub, {} routes, typed Route vs bare matchit, answers unread",
            set.routes().len()
        ),
        "github-typed",
        "resourceful-typed",
        "matchit-at",
        requests.len(),
    );
    report.add(
        &format!(
            "GitHub, {} routes, typed Route vs untyped Recognized, answers unread",
            set.routes().len()
        ),
        "github-typed",
        "resourceful-typed",
        "resourceful-untyped",
        requests.len(),
    );
    report.add(
        &format!(
            "GitHub, {} routes, typed Route vs untyped Recognized with its params read",
            set.routes().len()
        ),
        "github-typed",
        "resourceful-typed",
        "resourceful-params",
        requests.len(),
    );

    // The Rails-shaped app: hits, 405s and 404s.
    let set = &app::ROUTES;
    let requests = app_requests();
    let peers = (&Matchit::new(set.routes()), &Matchit08::new(set.routes()));
    let [hits, wrong, missing] = check("rails-app", set, peers, &requests);
    pair(&mut criterion, "rails-app", set, peers, &requests);
    report.add(
        &format!(
            "Rails app, {} routes, {hits}/{wrong}/{missing} hit/405/404",
            set.routes().len()
        ),
        "rails-app",
        "resourceful",
        "matchit-methods",
        requests.len(),
    );
    report.add(
        &format!(
            "Rails app, {} routes, {hits}/{wrong}/{missing}, vs matchit 0.8 + methods",
            set.routes().len()
        ),
        "rails-app",
        "resourceful",
        "matchit08-methods",
        requests.len(),
    );

    // Globs: a glob's value is the rest of the path, slashes and dots included.
    let set = &globs::ROUTES;
    let requests = glob_requests();
    let peers = (&Matchit::new(set.routes()), &Matchit08::new(set.routes()));
    let [hits, wrong, missing] = check("globs", set, peers, &requests);
    assert_eq!((wrong, missing), (0, 2), "every glob request is a hit");
    pair(&mut criterion, "globs", set, peers, &requests);
    report.add(
        &format!(
            "globs, {} routes, {hits}/{missing} hit/404",
            set.routes().len()
        ),
        "globs",
        "resourceful",
        "matchit-methods",
        requests.len(),
    );
    report.add(
        &format!(
            "globs, {} routes, {hits}/{missing}, vs matchit 0.8 + methods",
            set.routes().len()
        ),
        "globs",
        "resourceful",
        "matchit08-methods",
        requests.len(),
    );

    criterion.final_summary();
    report.finish();
}
