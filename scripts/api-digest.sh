#!/usr/bin/env bash
# Writes each library product's public API to api/<Module>.txt from the compiler's symbol graphs, or with
# --check fails when the code's public API differs from the committed files (CI does that, so every change
# to the public surface is visible in review).
#   scripts/api-digest.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --skip-synthesized-members >/dev/null 2>&1
graphs="$(swift build --show-bin-path 2>/dev/null)/../symbolgraph"

python3 scripts/api_digest.py "$graphs" "$@"
