#!/usr/bin/env bash
# Builds AppClient (a package depending on Signet the way an app does), checks that it pins only what the
# README says (swift-http-types and swift-log), and runs it against a signet-server on a free port.
#   bash Examples/AppClient/check.sh [--build-only | --no-build] PATH/TO/signet-server
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
server_bin=${1:?usage: check.sh [--build-only | --no-build] PATH/TO/signet-server}
allowed="swift-http-types swift-log"
swift package "${scratch[@]}" --package-path "$here" resolve
pins=$(python3 -c 'import json,sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' "$here/Package.resolved")
echo "AppClient pins: ${pins:-nothing}"
for pin in $pins; do
  case " $allowed " in *" $pin "*) ;; *) echo "check.sh: AppClient pins $pin; an app should pin only: $allowed"; exit 1 ;; esac
done
[ "$no_build" = 1 ] || swift build "${scratch[@]}" --package-path "$here" --product AppClient
[ "$build_only" = 1 ] && exit 0
out=$(APP_API_KEY=demo-client APP_SECRET=demo-client-secret \
  "$here/../../scripts/with-server.sh" "$server_bin" "$(swift build "${scratch[@]}" --package-path "$here" --show-bin-path)/AppClient")
echo "$out"
grep -q "points" <<<"$out" || { echo "check.sh: AppClient did not read the player"; exit 1; }
grep -q "shown to the user: " <<<"$out" || { echo "check.sh: AppClient did not show the error"; exit 1; }
