#!/usr/bin/env bash
# Checks docs/openapi.yaml against the running reference server: starts signet-server on a free port,
# runs schemathesis on every operation (GameSystem requests signed by hooks.py), then
# conformance.py (the refusals a fuzzer does not reach: unsigned, badly signed, oversized, replayed,
# idempotency conflicts, every diagnosis), and stops the server. summary.py prints what the run checked.
#
#   scripts/schemathesis/run.sh [PATH/TO/signet-server]
#
# Without an argument the binary is taken from `swift build --show-bin-path` (build it first with
# `swift build --product signet-server`). Needs python3 with schemathesis (`pip install schemathesis`),
# PyYAML and jsonschema. Environment: SCHEMATHESIS_MAX_EXAMPLES (default 25 per operation),
# SCHEMATHESIS_SEED (default 1; `random` for a new one each run), SCHEMATHESIS_REPORT_DIR (reports
# are kept there when set). With SIGNET_POSTGRES_URL set (as .ci/run sets it), signet-server keeps its
# GameSystem state in that database, so the run checks that mode; otherwise state is in memory.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

binary="${1:-}"
if [ -z "$binary" ]; then
  binary="$(swift build --show-bin-path)/signet-server"
fi
if [ ! -x "$binary" ]; then
  echo "schemathesis: no signet-server at $binary (swift build --product signet-server)" >&2
  exit 2
fi
command -v schemathesis >/dev/null 2>&1 || { echo "schemathesis: not installed (pip install schemathesis)" >&2; exit 2; }

work="$(mktemp -d)"
pids=()
stop_servers() {
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap stop_servers EXIT

# Starts signet-server with the given options on a free port and sets `started_url` to its base URL.
# (Not run in a $(…) subshell: the pid must reach `pids` for the EXIT trap to stop the server.)
start_server() {
  local name="$1"; shift
  : >"$work/$name.out"   # exists before the server starts writing to it, so the loop below can read it
  "$binary" --port 0 "$@" >"$work/$name.out" 2>"$work/$name.err" &
  local pid=$!
  pids+=("$pid")
  started_url=""
  for _ in $(seq 100); do
    started_url="$(sed -n 's/^signet-server listening on \(http:[^ ]*\).*/\1/p' "$work/$name.out")"
    [ -n "$started_url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/$name.err" >&2; return 1; }
    sleep 0.1
  done
  [ -n "$started_url" ] || { echo "schemathesis: $name did not start" >&2; return 1; }
  started_url="${started_url%/}"
}

start_server main --players 64
url="$started_url"
start_server newline --separator newline
newline_url="$started_url"
state="in memory"; [ -n "${SIGNET_POSTGRES_URL:-}" ] && state="in PostgreSQL (SIGNET_POSTGRES_URL)"
echo "schemathesis: reference server at $url (and $newline_url with --separator newline), state $state"

seed="${SCHEMATHESIS_SEED:-1}"
seed_option=(--seed "$seed")
[ "$seed" = "random" ] && seed_option=()
report_dir="${SCHEMATHESIS_REPORT_DIR:-$work/report}"
case "$report_dir" in /*) ;; *) report_dir="$root/$report_dir" ;; esac

# Hard bounds, so a hung server cannot hold CI: the run takes about 20 s here.
bounded=()
command -v timeout >/dev/null 2>&1 && bounded=(timeout 170)

status=0
# Run from the scratch folder: schemathesis and hypothesis leave caches (.schemathesis/, .hypothesis/) in the
# working directory. One worker: with two, hypothesis describes its filters with `ast.parse` in both threads at
# once, and CPython 3.11's parser is not safe for that ("SystemError: AST constructor recursion depth mismatch",
# seen under load); the run then fails with a runtime error of the tool, not of the server.
(cd "$work" && SCHEMATHESIS_HOOKS="$here/hooks.py" "${bounded[@]}" schemathesis --no-color run "$root/docs/openapi.yaml" \
  --url "$url" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --phases examples,coverage,fuzzing \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" \
  "${seed_option[@]}" \
  --workers 1 \
  --request-timeout 10 \
  --generation-database none \
  --suppress-health-check all \
  --report junit,ndjson --report-dir "$report_dir") \
  || status=$?

report="$(ls -t "$report_dir"/ndjson-*.ndjson 2>/dev/null | head -n 1 || true)"
[ -n "$report" ] && python3 "$here/summary.py" "$report"

"${bounded[@]/170/60}" python3 "$here/conformance.py" docs/openapi.yaml "$url" --newline-separator-url "$newline_url" || status=$?
exit "$status"
