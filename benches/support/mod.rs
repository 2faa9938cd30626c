//! Side-by-side runs that survive a noisy machine: each pair of benchmarks is run in several
//! alternating rounds, and the ratio reported is the median of the rounds' ratios, with their
//! range, each from criterion's own median estimate.

use std::path::PathBuf;

use criterion::Criterion;

/// Criterion's median for one benchmark of its latest run, in nanoseconds per iteration.
fn median(group: &str, function: &str) -> Option<f64> {
    let home = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR").map(|t| PathBuf::from(t).join("criterion"))
        })
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/criterion"));
    let file = home.join(group).join(function).join("new/estimates.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The outcome of comparing `ours` with `theirs` over several rounds.
pub struct Comparison {
    pub ours: f64,
    pub theirs: f64,
    pub ratio: f64,
    pub lowest: f64,
    pub highest: f64,
}

fn middle(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs `group` as `rounds` alternating pairs of `ours` then `theirs` (each iteration runs the
/// whole workload), as benchmarks `resourceful-N` and `peer-N`.
pub fn run(
    criterion: &mut Criterion,
    group: &str,
    rounds: usize,
    mut ours: impl FnMut(),
    mut theirs: impl FnMut(),
) {
    let mut g = criterion.benchmark_group(group);
    for round in 1..=rounds {
        g.bench_function(format!("resourceful-{round}"), |b| b.iter(&mut ours));
        g.bench_function(format!("peer-{round}"), |b| b.iter(&mut theirs));
    }
    g.finish();
}

/// The comparison of a group [`run`] ran, from criterion's estimates (read once the run is
/// over: criterion writes them as it goes, but only once per benchmark).
pub fn read(group: &str, rounds: usize) -> Option<Comparison> {
    let (mut our_times, mut their_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 1..=rounds {
        let o = median(group, &format!("resourceful-{round}"))?;
        let t = median(group, &format!("peer-{round}"))?;
        our_times.push(o);
        their_times.push(t);
        ratios.push(o / t);
    }
    let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = ratios.iter().copied().fold(0.0, f64::max);
    Some(Comparison {
        ours: middle(&mut our_times),
        theirs: middle(&mut their_times),
        ratio: middle(&mut ratios),
        lowest,
        highest,
    })
}
