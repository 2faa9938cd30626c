#!/usr/bin/env bash
# The compile time a user compares: one application of 200 resources (1,480 actions, each
# with a handler) written three ways, and the time to `cargo check` and to `cargo build` it
# again after one handler's body is edited, as an editor and a developer do all day.
#
#   axum    an axum `Router` with the 1,480 routes, `.route(path, get(h).post(h))` per path
#   inline  `routes!` (src/routes.rs) and `Handlers::bind` with an arm per action, in the
#           application's crate
#   split   the same, with `routes!` in a crate of its own that the application depends on
#
# Debug profile, dependencies built first, median of five edits each; with --callgrind, the
# instructions of the `rustc` process of one `cargo check` after the edit instead (the same
# from run to run, where wall clock on a shared machine moves by a fifth).
#
#   compare.sh [--callgrind]      # the sources are written to $COMPARE_DIR (default
#                                 # target/compare), built with its own target directory
#   OPT_MACROS=1 compare.sh       # with the macro crates optimised in the debug profile, as
#                                 # README's Install section shows
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
members = ["axum-app", "inline-app", "split-routes", "split-app"]
resolver = "3"
$optimised
EOF
for app in axum-app inline-app split-app; do
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

edits=0
edit() { # app: a new body for the first handler
  edits=$((edits + 1))
  sed -i "2s/.*/    \"edited $edits\"/" "$1/src/handlers.rs"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { # app, cargo command
  local app=$1
  shift
  for _ in 1 2 3 4 5; do
    edit "$app"
    start=$(date +%s.%N)
    cargo "$@" -q -p "$app"
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}
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

echo "200 resources, 1,480 actions with a handler each; one handler's body edited:"
for app in axum-app inline-app split-app; do
  if [ "${1:-}" = --callgrind ]; then
    echo "$app: cargo check $(instructions "$app") instructions"
  else
    echo "$app: cargo check $(timed "$app" check)s, cargo build $(timed "$app" build)s"
  fi
done
