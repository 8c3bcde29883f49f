#!/usr/bin/env bash
# Builds the DocC documentation of every library product with swift-docc-plugin and fails on any warning
# (an unresolved symbol link, a bad Topics entry, a documented parameter that does not exist, …). CI runs it
# after the tests, when the debug build it needs is already there.
#
#   scripts/docs-check.sh [Module ...]     # default: every .library product in Package.swift
#
# Each product must have a catalog, Sources/<Module>/<Module>.docc/<Module>.md (its landing page); a product
# without one fails the check. The archives are written to .build/plugins/Swift-DocC/outputs/<Module>.doccarchive
# (never committed). The time taken is printed at the end.
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

# One plugin run for every product: the symbol graphs are built once (a run per product took 4.5 minutes
# on two cores, mostly rebuilding them).
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
start=$SECONDS
if ! swift package --disable-sandbox generate-documentation "${targets[@]}" --warnings-as-errors; then
  echo "docs-check: warnings or errors (above) after $((SECONDS - start)) s" >&2
  exit 1
fi
echo "docs-check: ${#modules[@]} products documented without warnings in $((SECONDS - start)) s"
