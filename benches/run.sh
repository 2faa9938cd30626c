#!/usr/bin/env bash
# Every benchmark, under cargo's release profile and under fat LTO (`release-lto` in the root
# Cargo.toml), then every ratio with its range in one table. BENCHMARKS.md reports a run.
#
#   benches/run.sh                # everything, both profiles (about 20 minutes on 2 cores)
#   benches/run.sh recognize      # one bench, both profiles (recognize, scaling, generate, axum,
#                                 # actix)
#   PROFILES=release benches/run.sh
#
# Each comparison runs as alternating rounds in one process (see benches/support/mod.rs); the
# ratio is the median of the rounds' ratios, and the range their lowest and highest. The raw
# criterion output of a run goes to $OUT/PROFILE-BENCH.log.
set -euo pipefail

# `run.sh --table FILE...` prints the table of ratios of earlier runs' ratios.tsv files.
table() {
  awk -F'\t' '
    { key = $2 "\t" $3; if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      cell[key, $1] = sprintf("%.2fx [%.2f-%.2f] %.0f/%.0f ns", $6, $7, $8, $4, $5)
      if (!($1 in prof)) { prof[$1] = 1; profs[++m] = $1 } }
    END {
      printf "%-10s %-58s", "bench", "comparison"
      for (j = 1; j <= m; j++) printf " %-36s", profs[j]
      printf "\n"
      for (i = 1; i <= n; i++) {
        split(order[i], k, "\t"); printf "%-10s %-58s", k[1], k[2]
        for (j = 1; j <= m; j++) printf " %-36s", ((order[i], profs[j]) in cell) ? cell[order[i], profs[j]] : "-"
        printf "\n"
      }
    }' "$@"
}
if [ "${1:-}" = --table ]; then shift; table "$@"; exit; fi
cd "$(dirname "$0")/.."

benches=("$@")
if [ ${#benches[@]} -eq 0 ]; then benches=(recognize scaling generate axum actix); fi
profiles=(${PROFILES:-release release-lto})
target=${CARGO_TARGET_DIR:-$PWD/target}
out=${OUT:-$target/bench-report}
mkdir -p "$out"
report="$out/ratios.tsv"
: > "$report"

echo "machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "toolchain: $(rustc -V)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for profile in "${profiles[@]}"; do
  for bench in "${benches[@]}"; do
    echo "== $profile: $bench (started $(date +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
    # Criterion keeps its estimates per profile, so that one profile's run never reads the
    # other's.
    # `release` is what `cargo bench` builds by default (its `bench` profile, which is
    # release's settings); any other name is passed as `--profile`.
    flags=()
    if [ "$profile" != release ]; then flags=(--profile "$profile"); fi
    CRITERION_HOME="$target/criterion-$profile" BENCH_REPORT="$report" \
      cargo bench -p resourceful-benches "${flags[@]}" --bench "$bench" \
      > "$out/$profile-$bench.log" 2>&1 \
      || { tail -n 30 "$out/$profile-$bench.log"; exit 1; }
    # The bench's own table: the lines after criterion's last benchmark.
    sed -n '/^[a-z]* (release/,$p' "$out/$profile-$bench.log"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "Every ratio (resourceful / peer; below 1 is faster than the peer), median [range]:"
table "$report"
