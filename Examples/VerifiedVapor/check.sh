#!/usr/bin/env bash
# Starts VerifiedVapor (a Vapor app using SignetVapor), sends it one good and one bad signed request (signed
# by `signet sign`, sent by curl), and checks the answers: 200 for the good one, 401 with the reason and
# exactly one Date header for the bad one (Vapor adds its own Date to every response).
#   bash Examples/VerifiedVapor/check.sh [--build-only | --no-build] PATH/TO/signet
# (--build-only: build, and stop there; --no-build: check what an earlier --build-only built, without asking
# SwiftPM, which may plan the build again first. CI builds the examples early and checks them later.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# SIGNET_EXAMPLES_SCRATCH, when set, is the scratch path the build shares (CI points it at the main build's
# .build, so the dependencies built there are not built again); with it, the build takes the main build's
# settings too, SIGNET_CI_BUILD_FLAGS (CI's: no index store, no debug info; other settings would compile
# everything again).
scratch=()
if [ -n "${SIGNET_EXAMPLES_SCRATCH:-}" ]; then
  read -ra main_flags <<<"${SIGNET_CI_BUILD_FLAGS:-}"
  scratch=(--scratch-path "$SIGNET_EXAMPLES_SCRATCH" "${main_flags[@]}")
fi
build_only=0 no_build=0
case "${1:-}" in --build-only) build_only=1; shift ;; --no-build) no_build=1; shift ;; esac
signet=${1:?usage: check.sh [--build-only | --no-build] PATH/TO/signet}
export ORDERS_SECRET="orders-check-secret"
# Built first (its own copy of the dependencies, minutes on a fresh machine, unless SIGNET_EXAMPLES_SCRATCH
# shares them), then started: the wait for "listening on" (scripts/serve.sh) covers the start only.
[ "$no_build" = 1 ] || swift build "${scratch[@]}" --package-path "$here" --product VerifiedVapor
[ "$build_only" = 1 ] && exit 0
log=$(mktemp)
source "$here/../../scripts/serve.sh"
trap 'kill ${server_pid:-} 2>/dev/null || true; rm -f "$log"' EXIT
serve "$log" "$(swift build "${scratch[@]}" --package-path "$here" --show-bin-path)/VerifiedVapor"
url=$server_url

request() {  # request SECRET -> prints the status and body
  local headers=()
  while IFS= read -r line; do headers+=(-H "$line"); done < <(SIGNET_SECRET="$1" "$signet" sign --method GET --target /orders --key orders-app)
  curl -s -i -w '\n%{http_code}' "${headers[@]}" "$url/orders"
}

good=$(request "$ORDERS_SECRET")
bad=$(request "not-the-secret")
echo "good request: $good"
echo "bad request:  $bad"
[ "$(tail -1 <<<"$good")" = 200 ] || { echo "check.sh: the good request was refused"; exit 1; }
[ "$(tail -1 <<<"$bad")" = 401 ] || { echo "check.sh: the bad request was not refused"; exit 1; }
grep -q 'bad-signature' <<<"$bad" || { echo "check.sh: the refusal does not name bad-signature"; exit 1; }
[ "$(grep -ci '^date:' <<<"$bad")" = 1 ] || { echo "check.sh: the refusal does not carry exactly one Date"; exit 1; }
echo "check.sh: VerifiedVapor accepted the good request and refused the bad one"
