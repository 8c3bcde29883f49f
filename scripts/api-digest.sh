#!/usr/bin/env bash
# Writes each library product's public API to api/<Module>.txt from the compiler's symbol graphs, or with
# --check fails when the code's public API differs from the committed files (CI does that, so every change
# to the public surface is visible in review).
#   scripts/api-digest.sh [--check]
#
# The graphs are extracted (swift-symbolgraph-extract, two modules at a time) from the modules of the
# debug build, which `swift build` brings up to date first (SIGNET_SKIP_BUILD=1 skips that: CI calls this right
# after its one build); `swift package dump-symbol-graph` would build the package again with other settings,
# and the next `swift build` would then rebuild it once more. They land in .build/<triple>/symbolgraph, where
# scripts/docs-check.sh reads them.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SIGNET_SKIP_BUILD:-}" = 1 ] || swift build >/dev/null
bin=$(swift build --show-bin-path)
graphs="$bin/../symbolgraph"
mkdir -p "$graphs"
triple=$(basename "$(dirname "$bin")")
# Every C module of the build can be imported by a Swift module's interface: its module map is named so that
# the extractor finds it (SwiftPM's generated ones under the build, the packages' own under their sources).
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(
  { find "$bin" -maxdepth 2 -name module.modulemap -path '*.build/*'
    find Sources .build/checkouts -name module.modulemap -not -path '*/Tests/*'; } 2>/dev/null | sort -u)
mapfile -t modules < <(python3 -c 'import sys; sys.path.insert(0, "scripts"); import api_digest; print("\n".join(api_digest.library_modules()))')
log=$(mktemp /tmp/signet-api-digest.XXXXXX)
trap 'rm -f "$log"' EXIT
extract() {
  swift-symbolgraph-extract -module-name "$1" -target "$triple" -I "$bin/Modules" \
    -module-cache-path "$bin/ModuleCache" "${maps[@]}" -minimum-access-level public -skip-synthesized-members \
    -omit-extension-block-symbols -output-dir "$graphs"
}
export -f extract
export bin graphs triple
# xargs passes each module name to a shell that has extract and the module-map flags.
if ! printf '%s\n' "${modules[@]}" | xargs -P 2 -I{} bash -c "$(declare -p maps); extract {}" >"$log" 2>&1; then
  echo "api-digest: swift-symbolgraph-extract failed:" >&2
  cat "$log" >&2
  exit 1
fi

python3 scripts/api_digest.py "$graphs" "$@"
