//! Side-by-side runs that survive a noisy machine: the contenders of a comparison run in
//! several alternating rounds (ours, then each peer, then ours again...), and each ratio
//! reported is the median of the rounds' ratios, with their range, each round's time being
//! criterion's own median estimate. Rows are printed at the end of a bench, and appended to
//! the file named by `BENCH_REPORT` (tab-separated), which `run.sh` gathers over both profiles.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use criterion::Criterion;

pub mod recognition;

/// Criterion's median for one benchmark of its latest run, in nanoseconds per iteration.
fn median(group: &str, function: &str) -> Option<f64> {
    let home = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR").map(|t| PathBuf::from(t).join("criterion"))
        })
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/criterion"));
    let file = home.join(group).join(function).join("new/estimates.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

fn middle(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs `group` as `rounds` rounds of every contender in turn, as benchmarks `NAME-ROUND`.
/// Each iteration of a contender runs its whole workload.
pub fn run(
    criterion: &mut Criterion,
    group: &str,
    rounds: usize,
    contenders: &mut [(&str, &mut dyn FnMut())],
) {
    let mut g = criterion.benchmark_group(group);
    for round in 1..=rounds {
        for (name, work) in contenders.iter_mut() {
            g.bench_function(format!("{name}-{round}"), |b| b.iter(&mut **work));
        }
    }
    g.finish();
}

/// `ours` against `peer` in a group that [`run`] ran, from criterion's estimates.
pub struct Comparison {
    /// Median over the rounds of our time per iteration, in nanoseconds.
    pub ours: f64,
    /// Median over the rounds of the peer's time per iteration, in nanoseconds.
    pub peer: f64,
    /// Median of the rounds' ratios `ours / peer`.
    pub ratio: f64,
    pub lowest: f64,
    pub highest: f64,
}

/// The comparison of two contenders of a group [`run`] ran (read once the run is over:
/// criterion writes each estimate once its benchmark is done).
pub fn compare(group: &str, rounds: usize, ours: &str, peer: &str) -> Option<Comparison> {
    let (mut our_times, mut peer_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 1..=rounds {
        let o = median(group, &format!("{ours}-{round}"))?;
        let p = median(group, &format!("{peer}-{round}"))?;
        our_times.push(o);
        peer_times.push(p);
        ratios.push(o / p);
    }
    let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = ratios.iter().copied().fold(0.0, f64::max);
    Some(Comparison {
        ours: middle(&mut our_times),
        peer: middle(&mut peer_times),
        ratio: middle(&mut ratios),
        lowest,
        highest,
    })
}

/// The profile this bench was built with, from where cargo put it (`target/PROFILE/deps/`).
pub fn profile() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    exe.parent()
        .and_then(|deps| deps.parent())
        .and_then(|dir| dir.file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "unknown".into())
}

/// The rows of one bench: a comparison per row, times per operation.
pub struct Report {
    bench: &'static str,
    rounds: usize,
    rows: Vec<String>,
    table: String,
}

impl Report {
    pub fn new(bench: &'static str, rounds: usize) -> Self {
        let mut table = String::new();
        writeln!(
            table,
            "\n{bench} ({}; per operation: the median over {rounds} alternating rounds; ratio: \
             median of the rounds' ratios, and their range)",
            profile()
        )
        .unwrap();
        writeln!(
            table,
            "{:<56} {:>11} {:>11} {:>7} {:>13}",
            "comparison", "resourceful", "peer", "ratio", "range"
        )
        .unwrap();
        Report {
            bench,
            rounds,
            rows: Vec::new(),
            table,
        }
    }

    /// Adds `ours` against `peer` of `group`, whose iterations each do `operations` operations
    /// (requests, paths), as the row `label`.
    pub fn add(&mut self, label: &str, group: &str, ours: &str, peer: &str, operations: usize) {
        let Some(c) = compare(group, self.rounds, ours, peer) else {
            writeln!(
                self.table,
                "{label:<56} (no estimates found; was the group filtered out?)"
            )
            .unwrap();
            return;
        };
        let per = |total: f64| total / operations as f64;
        writeln!(
            self.table,
            "{label:<56} {:>8.1} ns {:>8.1} ns {:>6.2}x {:>6.2}-{:.2}x",
            per(c.ours),
            per(c.peer),
            c.ratio,
            c.lowest,
            c.highest
        )
        .unwrap();
        self.rows.push(format!(
            "{}\t{}\t{label}\t{:.1}\t{:.1}\t{:.3}\t{:.3}\t{:.3}",
            profile(),
            self.bench,
            per(c.ours),
            per(c.peer),
            c.ratio,
            c.lowest,
            c.highest
        ));
    }

    /// A line of its own under the table.
    pub fn note(&mut self, line: &str) {
        writeln!(self.table, "{line}").unwrap();
    }

    /// Prints the table, and appends the rows to `BENCH_REPORT` when it is set.
    pub fn finish(self) {
        print!("{}", self.table);
        if let Some(path) = std::env::var_os("BENCH_REPORT") {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .expect("BENCH_REPORT can be written");
            for row in &self.rows {
                writeln!(file, "{row}").expect("BENCH_REPORT can be written");
            }
        }
    }
}
