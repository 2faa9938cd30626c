//! Lookup time against table size: tables of 10, 100, 1,000 and 10,000 routes declared
//! through `routes!` (written by build.rs), 100 hits each, against matchit plus the method
//! check, in two releases: the newest, and 0.8, which axum 0.8 routes with (see
//! `support/recognition.rs`): `cargo bench -p resourceful-benches --bench scaling`
//! (or `benches/run.sh`). A table grows five routes to a resource (index, create, new, show,
//! edit). The note under the table compares the growth of each side with that of log n.

use std::time::Duration;

use criterion::Criterion;
use resourceful::RouteSet;
use support::Report;
use support::recognition::{Matchit, Matchit08, ROUNDS, Request, check, pair, sample_path};

mod support;

mod tables {
    pub mod s10 {
        include!(concat!(env!("OUT_DIR"), "/scaling_10.rs"));
    }
    pub mod s100 {
        include!(concat!(env!("OUT_DIR"), "/scaling_100.rs"));
    }
    pub mod s1000 {
        include!(concat!(env!("OUT_DIR"), "/scaling_1000.rs"));
    }
    pub mod s10000 {
        include!(concat!(env!("OUT_DIR"), "/scaling_10000.rs"));
    }
}

/// 100 hits spread over the table.
fn requests(set: &RouteSet) -> Vec<Request> {
    let routes = set.routes();
    (0..100)
        .map(|i| {
            let route = &routes[(i * 7919) % routes.len()];
            Request {
                method: route.methods()[0].clone(),
                path: sample_path(route),
            }
        })
        .collect()
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let tables: [(&str, &RouteSet); 4] = [
        ("scaling-10", &tables::s10::ROUTES),
        ("scaling-100", &tables::s100::ROUTES),
        ("scaling-1000", &tables::s1000::ROUTES),
        ("scaling-10000", &tables::s10000::ROUTES),
    ];
    let mut report = Report::new("scaling", ROUNDS);
    for (name, set) in tables {
        let requests = requests(set);
        let peers = (&Matchit::new(set.routes()), &Matchit08::new(set.routes()));
        let [hits, ..] = check(name, set, peers, &requests);
        assert_eq!(hits, requests.len(), "{name}: every request is a hit");
        pair(&mut criterion, name, set, peers, &requests);
    }
    criterion.final_summary();
    let mut growth = [String::new(), String::new()];
    let mut base: Option<(f64, f64)> = None;
    for (name, set) in tables {
        let n = set.routes().len();
        report.add(
            &format!("{n} routes, 100 hits, vs matchit + methods"),
            name,
            "resourceful",
            "matchit-methods",
            100,
        );
        report.add(
            &format!("{n} routes, 100 hits, vs matchit 0.8 + methods"),
            name,
            "resourceful",
            "matchit08-methods",
            100,
        );
        let Some(c) = support::compare(name, ROUNDS, "resourceful", "matchit-methods") else {
            continue;
        };
        let (ours, peer) = *base.get_or_insert((c.ours, c.peer));
        let log = (n as f64).log10();
        growth[0].push_str(&format!(" {n}: {:.2}x", c.ours / ours));
        growth[1].push_str(&format!(" {n}: {:.2}x (log n: {log:.0}x)", c.peer / peer));
    }
    report.note(&format!("growth from 10 routes, resourceful:{}", growth[0]));
    report.note(&format!("growth from 10 routes, matchit:    {}", growth[1]));
    report.finish();
}
