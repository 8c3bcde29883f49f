#!/usr/bin/env bash
# Reports the breaking changes of the public API since BASE (default: the latest release tag, else the
# previous commit): every line of
# api/*.txt that BASE had and the working tree no longer has is a declaration removed or changed, which a
# consumer may have used. It reports and does not fail: a break before 1.0 is allowed when CHANGELOG.md lists
# it under "Breaking" (CONTRIBUTING.md, "Versioning").
#   scripts/api-breaks.sh [BASE]
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-$(git describe --tags --abbrev=0 2>/dev/null || echo HEAD~1)}
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
  echo "api-breaks: no $base to compare with (a shallow clone?); nothing reported"
  exit 0
fi
removed=$(git diff --no-color --unified=0 "$base" -- api/ | grep -E '^(\+\+\+|---|-)' | grep -v '^+++' || true)
if ! grep -q '^-[^-]' <<<"$removed"; then
  echo "api-breaks: no public declaration removed or changed since $(git rev-parse --short "$base")"
  exit 0
fi
echo "api-breaks: public declarations removed or changed since $(git rev-parse --short "$base") (list them in CHANGELOG.md under Breaking):"
awk '/^--- a\// { file = substr($2, 3); next } /^-/ { print "  " file ": " substr($0, 2) }' <<<"$removed"
