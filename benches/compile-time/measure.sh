#!/usr/bin/env bash
# Times a debug build of this crate with and without its routes! of 200 resources, after its
# dependencies are built: the median of five builds of each, in seconds.
#
#   measure.sh              # wall clock
#   measure.sh --callgrind  # the instructions rustc runs for one rebuild with the routes, under
#                           # callgrind (valgrind): slower, but the same from run to run
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo build -q --features routes >/dev/null
cargo build -q >/dev/null
if [ "${1:-}" = --callgrind ]; then
  # The rustc command of the rebuild, as cargo runs it, then that command alone under callgrind.
  touch src/lib.rs
  command=$(cargo build -v --features routes 2>&1 | sed -n 's/^ *Running `\(.*rustc .*--crate-name compile_time.*\)`$/\1/p')
  touch src/lib.rs
  out=$(mktemp)
  eval "valgrind --tool=callgrind --callgrind-out-file=$out $command" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' |
    awk '{printf "rebuild with routes! of 200 resources: %.2f G instructions\n", $1 / 1e9}'
  rm -f "$out"
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
with=$(time_build --features routes)
without=$(time_build)
echo "debug build, routes! of 200 resources: ${with}s; the same crate without it: ${without}s"
