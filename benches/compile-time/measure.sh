#!/usr/bin/env bash
# Times a debug build of this crate with and without its routes! of 200 resources, after its
# dependencies are built: the median of five builds of each, in seconds.
#
#   measure.sh              # wall clock
#   measure.sh --callgrind  # the instructions rustc runs for one rebuild with the routes, under
#                           # callgrind (valgrind): slower, but the same from run to run
#   FEATURES=axum measure.sh  # with resourceful's axum integration on (the extractors' impls)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
extra="${FEATURES:+,$FEATURES}"
cargo build -q --features "routes$extra" >/dev/null
cargo build -q ${FEATURES:+--features "$FEATURES"} >/dev/null
if [ "${1:-}" = --callgrind ]; then
  # The rustc command of the rebuild as cargo runs it (no wrapper in front, or callgrind would
  # count the wrapper), then that command alone under callgrind.
  if [ -n "${RUSTC_WRAPPER:-}${RUSTC_WORKSPACE_WRAPPER:-}" ]; then
    echo "measure.sh --callgrind: unset RUSTC_WRAPPER and RUSTC_WORKSPACE_WRAPPER first" >&2
    exit 1
  fi
  touch src/lib.rs
  log=$(cargo build -v --features "routes$extra" 2>&1) || { echo "$log" >&2; exit 1; }
  command=$(sed -n 's/^ *Running `\(.*rustc .*--crate-name compile_time.*\)`$/\1/p' <<<"$log")
  if [ -z "$command" ]; then
    echo "measure.sh --callgrind: cargo did not rebuild the crate" >&2
    exit 1
  fi
  out=$(mktemp)
  trap 'rm -f "$out" "$out.log" "$out.err"' EXIT
  # rustc itself runs again whatever the file times say; its incremental cache is warm.
  # rustc writes its artifacts and any error as JSON to stderr, as cargo asked it to.
  if ! eval "valgrind --tool=callgrind --callgrind-out-file=$out --log-file=$out.log $command" \
    >/dev/null 2>"$out.err"; then
    cat "$out.err" "$out.log" >&2
    exit 1
  fi
  count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log")
  if [ -z "$count" ]; then
    cat "$out.log" >&2
    exit 1
  fi
  awk -v n="$count" 'BEGIN {printf "rebuild with routes! of 200 resources: %.2f G instructions\n", n / 1e9}'
  exit
fi
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_build() {
  for _ in 1 2 3 4 5; do
    touch src/lib.rs
    start=$(date +%s.%N)
    cargo build -q "$@"
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}
with=$(time_build --features "routes$extra")
without=$(time_build ${FEATURES:+--features "$FEATURES"})
echo "debug build, routes! of 200 resources: ${with}s; the same crate without it: ${without}s"
