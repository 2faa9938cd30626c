#!/usr/bin/env bash
# The compile time a user compares: one application of 200 resources (1,480 actions, each
# with a handler) written four ways, and the time to `cargo check` and to `cargo build` it
# again after one handler's body is edited, as an editor and a developer do all day.
#
#   axum    an axum `Router` with the 1,480 routes, `.route(path, get(h).post(h))` per path
#   inline  `routes!` (src/routes.rs) and `Handlers::bind` with an arm per action, in the
#           application's crate
#   split   the same, with `routes!` in a crate of its own that the application depends on
#   draw    the inline app with `draw!` (Rails 3's DSL, its `_path` and `_url` helpers only)
#           in place of `routes!`
#
# Debug profile, dependencies built first; the four apps take turns, one edit each a round
# (ROUNDS, default 7), and each app's time is the median of its rounds, its ratio to axum's
# the median of the rounds' ratios, with their range. With --callgrind, the instructions of
# the `rustc` process of one `cargo check` after the edit instead (the same from run to run,
# where wall clock on a shared machine moves by a fifth).
#
#   compare.sh [--callgrind]      # the sources are written to $COMPARE_DIR (default
#                                 # target/compare), built with its own target directory
#   OPT_MACROS=1 compare.sh       # with the macro crates optimised in the debug profile
#                                 # (`opt-level = 3` for them and their parsing crates)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir="${COMPARE_DIR:-$here/target/compare}"
mkdir -p "$dir"
export CARGO_TARGET_DIR="$dir/target"

# The resources of src/routes.rs: 40 parents with 4 nested resources each; a parent also
# has a collection action `archived` (GET) and a member action `archive` (PUT).
parents=() nested=()
for p in $(seq -w 0 39); do
  parents+=("projects${p}s")
  for i in 0 1 2 3; do nested+=("items${p}${i}s:projects${p}s"); done
done

camel() { # projects00s index -> Projects00sIndex
  local out="" word
  for word in "$@"; do out+="${word^}"; done
  printf '%s' "$out"
}

# One handler per action, numbered; each crate's src/handlers.rs holds them all.
handlers=$(mktemp) arms=$(mktemp) axum_routes=$(mktemp)
trap 'rm -f "$handlers" "$arms" "$axum_routes"' EXIT
n=0
last=""
action() { # controller action: records its handler, named in $last
  last="h$n"
  printf 'pub async fn %s() -> &%sstatic str {\n    "%s#%s"\n}\n' "$last" "'" "$1" "$2" >>"$handlers"
  printf '        Action::%s => handler(handlers::%s),\n' "$(camel "$1" "$2")" "$last" >>"$arms"
  n=$((n + 1))
}
resource() { # controller base extra_collection extra_member
  local c=$1 base=$2 index new create show edit update destroy
  action "$c" index; index=$last
  action "$c" create; create=$last
  action "$c" new; new=$last
  action "$c" show; show=$last
  action "$c" edit; edit=$last
  action "$c" update; update=$last
  action "$c" destroy; destroy=$last
  {
    printf '        .route("%s", get(handlers::%s).post(handlers::%s))\n' "$base" "$index" "$create"
    printf '        .route("%s/new", get(handlers::%s))\n' "$base" "$new"
    printf '        .route("%s/{%s}", get(handlers::%s).put(handlers::%s).delete(handlers::%s))\n' \
      "$base" "$3" "$show" "$update" "$destroy"
    printf '        .route("%s/{%s}/edit", get(handlers::%s))\n' "$base" "$3" "$edit"
  } >>"$axum_routes"
}
for p in "${parents[@]}"; do
  resource "$p" "/$p" id
  action "$p" archived; archived=$last
  action "$p" archive; archive=$last
  printf '        .route("/%s/archived", get(handlers::%s))\n' "$p" "$archived" >>"$axum_routes"
  printf '        .route("/%s/{id}/archive", put(handlers::%s))\n' "$p" "$archive" >>"$axum_routes"
done
for entry in "${nested[@]}"; do
  resource "${entry%%:*}" "/${entry#*:}/{id}/${entry%%:*}" item_id
done

write() { # path, from stdin, only when it changed (so that cargo's fingerprints hold)
  local new
  new=$(cat)
  if [ ! -f "$1" ] || [ "$(cat "$1")" != "$new" ]; then
    mkdir -p "$(dirname "$1")"
    printf '%s\n' "$new" >"$1"
  fi
}
manifest() { # name, extra dependencies
  printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n' "$1"
  printf '[dependencies]\naxum = { version = "0.8", default-features = false }\n%s\n' "$2"
}
resourceful="resourceful = { path = \"$root\", features = [\"axum\"] }"

optimised=""
if [ -n "${OPT_MACROS:-}" ]; then
  optimised='
[profile.dev.package.routes-macros]
opt-level = 3
[profile.dev.package.routes-codegen]
opt-level = 3
[profile.dev.package.routes-syntax]
opt-level = 3
[profile.dev.package.syn]
opt-level = 3
[profile.dev.package.proc-macro2]
opt-level = 3
[profile.dev.package.quote]
opt-level = 3
[profile.dev.package.regex-lite]
opt-level = 3'
fi
write "$dir/Cargo.toml" <<EOF
[workspace]
members = ["axum-app", "inline-app", "split-routes", "split-app", "draw-app"]
resolver = "3"
$optimised
EOF
for app in axum-app inline-app split-app draw-app; do
  write "$dir/$app/src/handlers.rs" <"$handlers"
done
manifest axum-app "" | write "$dir/axum-app/Cargo.toml"
write "$dir/axum-app/src/lib.rs" <<EOF
mod handlers;

use axum::Router;
use axum::routing::{get, put};

pub fn app() -> Router {
    Router::new()
$(cat "$axum_routes")
}
EOF
manifest inline-app "$resourceful" | write "$dir/inline-app/Cargo.toml"
routes_body=$(sed -n '/^resourceful::routes!/,$p' "$here/src/routes.rs")
write "$dir/inline-app/src/lib.rs" <<EOF
mod handlers;

use resourceful::axum::{Dispatcher, Handlers, handler};

pub mod routes {
    $routes_body
}

pub fn app() -> Dispatcher {
    use routes::Action;
    Handlers::new(&routes::ROUTES).bind(|action| match action {
$(cat "$arms")
    })
}
EOF
# The same resources in `draw!`: each parent's custom actions in its block.
draw_body=$(sed -e 's/^resourceful::routes! {/resourceful::draw! {/' \
  -e 's/resources(\(projects[0-9]*s\), collection(archived: get), member(archive: put)) {/resources(\1) {\n        collection { get(archived); }\n        member { put(archive); }/' \
  <<<"$routes_body")
manifest draw-app "$resourceful" | write "$dir/draw-app/Cargo.toml"
write "$dir/draw-app/src/lib.rs" <<EOF
mod handlers;

use resourceful::axum::{Dispatcher, Handlers, handler};

pub mod routes {
    $draw_body
}

pub fn app() -> Dispatcher {
    use routes::Action;
    Handlers::new(&routes::ROUTES).bind(|action| match action {
$(cat "$arms")
    })
}
EOF
manifest split-routes "$resourceful" | write "$dir/split-routes/Cargo.toml"
write "$dir/split-routes/src/lib.rs" <<<"$routes_body"
manifest split-app "$resourceful
split-routes = { path = \"../split-routes\" }" | write "$dir/split-app/Cargo.toml"
write "$dir/split-app/src/lib.rs" <<EOF
mod handlers;

use resourceful::axum::{Dispatcher, Handlers, handler};
use split_routes as routes;

pub fn app() -> Dispatcher {
    use routes::Action;
    Handlers::new(&routes::ROUTES).bind(|action| match action {
$(cat "$arms")
    })
}
EOF

cd "$dir"
cargo build -q --workspace >/dev/null
cargo check -q --workspace >/dev/null

edit() { # app: a new body for the first handler (a new text each time: edits are made in
  # subshells, which could not count them)
  sed -i "2s/.*/    \"edited $(date +%s%N)\"/" "$1/src/handlers.rs"
}
time_once() { # app, cargo command: the seconds of that command after one edit of the app
  local app=$1 start end
  shift
  edit "$app"
  start=$(date +%s.%N)
  cargo "$@" -q -p "$app"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
# Median and range of a list of numbers.
stats() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {printf "%s %s %s\n", a[int((NR+1)/2)], a[1], a[NR]}'; }
instructions() { # app: the rustc of one `cargo check` after an edit, under callgrind
  edit "$1"
  local log command out
  log=$(cargo check -v -p "$1" 2>&1)
  command=$(sed -n "s/^ *Running \`\(.*rustc .*--crate-name ${1//-/_} .*\)\`\$/\1/p" <<<"$log")
  out=$(mktemp)
  edit "$1"
  eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file=$out $command" \
    >/dev/null 2>&1
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out" | awk '{printf "%.2f G", $1 / 1e9}'
  rm -f "$out"
}

apps=(axum-app inline-app split-app draw-app)
echo "200 resources, 1,480 actions with a handler each; one handler's body edited:"
if [ "${1:-}" = --callgrind ]; then
  for app in "${apps[@]}"; do
    echo "$app: cargo check $(instructions "$app") instructions"
  done
  exit
fi
# The apps take turns, one edit each per round, so that a machine that slows down for a while
# slows all four; each ratio to axum's is taken within a round.
rounds=${ROUNDS:-7}
for command in check build; do
  # One round untimed first: the first edit after switching between `check` and `build` (or
  # after the set-up) took an app up to five times its usual time, once a run.
  for app in "${apps[@]}"; do time_once "$app" "$command" >/dev/null; done
  declare -A times=()
  for _ in $(seq "$rounds"); do
    for app in "${apps[@]}"; do
      times[$app]+="$(time_once "$app" "$command") "
    done
  done
  read -ra axum <<<"${times[axum-app]}"
  line="cargo $command, median of $rounds rounds:"
  for app in "${apps[@]}"; do
    read -r median _ _ < <(stats <<<"${times[$app]}")
    line+=" $app $(printf "%.2f" "$median")s"
    if [ "$app" != axum-app ]; then
      read -ra own <<<"${times[$app]}"
      ratios=""
      for i in "${!own[@]}"; do
        ratios+="$(echo "scale=4; ${own[$i]} / ${axum[$i]}" | bc) "
      done
      read -r ratio low high < <(stats <<<"$ratios")
      line+=" ($(printf '%.2fx [%.2f-%.2f]' "$ratio" "$low" "$high") axum's)"
    fi
    line+=";"
  done
  echo "${line%;}"
done
