#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the toolchain's `docc` and fails on any warning
# (an unresolved symbol link, a bad Topics entry, a documented parameter that does not exist, …). CI runs it
# after scripts/api-digest.sh, whose symbol graphs it reads.
#
#   scripts/docs-check.sh [Module ...]     # default: every .library product in Package.swift
#
# Each product must have a catalog, Sources/<Module>/<Module>.docc/<Module>.md (its landing page); a product
# without one fails the check. The archives go to a scratch folder, removed at the end. The time taken is printed.
#
# To read the documentation locally instead: swift package --disable-sandbox preview-documentation --target Signet
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
  modules=("$@")
else
  # The library products, read from the package's own description so that a new product is checked too.
  mapfile -t modules < <(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            print(target)
')
fi

missing=()
for module in "${modules[@]}"; do
  [ -f "Sources/$module/$module.docc/$module.md" ] || missing+=("$module")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "docs-check: no documentation catalog for ${missing[*]} (expected Sources/<Module>/<Module>.docc/<Module>.md)" >&2
  exit 1
fi

# DocC straight from the toolchain (`docc convert`) on the symbol graphs scripts/api-digest.sh dumped (CI runs
# it first), so the graphs are built once for both checks; without them, they are dumped here.
graphs="$(swift build --show-bin-path 2>/dev/null)/../symbolgraph"
if [ ! -f "$graphs/${modules[0]}.symbols.json" ]; then
  swift package dump-symbol-graph --skip-synthesized-members >/dev/null 2>&1 || true
fi
docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
out=$(mktemp -d /tmp/signet-docs.XXXXXX)
trap 'rm -rf "$out"' EXIT
start=$SECONDS
failed=()
for module in "${modules[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    echo "docs-check: no symbol graph for $module in $graphs" >&2
    failed+=("$module")
    continue
  fi
  mkdir -p "$out/graphs/$module"
  cp "$graphs/$module.symbols.json" "$out/graphs/$module/"
  cp "$graphs/$module"@*.symbols.json "$out/graphs/$module/" 2>/dev/null || true
  if ! "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$out/graphs/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
      --output-dir "$out/$module.doccarchive" --warnings-as-errors >"$out/$module.log" 2>&1; then
    cat "$out/$module.log" >&2
    failed+=("$module")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "docs-check: warnings or errors (above) in ${failed[*]} after $((SECONDS - start)) s" >&2
  exit 1
fi
echo "docs-check: ${#modules[@]} products documented without warnings in $((SECONDS - start)) s"
