#!/usr/bin/env bash
# Writes each library product's public API to api/<Module>.txt from the compiler's symbol graphs, or with
# --check fails when the code's public API differs from the committed files (CI does that, so every change
# to the public surface is visible in review).
#   scripts/api-digest.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
graphs="$(swift build --show-bin-path 2>/dev/null)/../symbolgraph"
log=$(mktemp /tmp/signet-api-digest.XXXXXX)
trap 'rm -f "$log"' EXIT
# On a build without the test bundles (a fresh clone after `swift build`), dump-symbol-graph also tries the
# test runner modules SignetPackageTests and SignetPackageDiscoveredTests, cannot load them and exits 1.
# Those are not library products: such failures are ignored, any other fails the script. api_digest.py then
# refuses a missing graph for every module that has an api/ file.
if ! swift package dump-symbol-graph --skip-synthesized-members >"$log" 2>&1; then
  other=$(grep '^error:' "$log" | grep -v -E "symbol graph for 'SignetPackage(Discovered)?Tests'" || true)
  if [ -n "$other" ]; then
    echo "api-digest: swift package dump-symbol-graph failed:" >&2
    echo "$other" >&2
    exit 1
  fi
fi

python3 scripts/api_digest.py "$graphs" "$@"
