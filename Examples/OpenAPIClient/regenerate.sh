#!/usr/bin/env bash
# How Sources/OpenAPIClient/Generated was made: swift-openapi-generator 1.14.3 run on docs/openapi.yaml with
# openapi-generator-config.yaml (GameSystem operations; types and client, internal). CI does not run this:
# building the generator takes minutes, so its output is committed and CI only compiles it.
#
#   Examples/OpenAPIClient/regenerate.sh           # rewrite Sources/OpenAPIClient/Generated
#   Examples/OpenAPIClient/regenerate.sh --check   # regenerate elsewhere and compare; exit 1 on a difference
#
# The generator is built once in a throw-away package (SIGNET_OPENAPI_GENERATOR_DIR, default
# ${TMPDIR:-/tmp}/signet-openapi-generator), never inside this repository.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version=1.14.3
tool_dir="${SIGNET_OPENAPI_GENERATOR_DIR:-${TMPDIR:-/tmp}/signet-openapi-generator}"
output="$here/Sources/OpenAPIClient/Generated"

mkdir -p "$tool_dir/Sources/Placeholder"
cat > "$tool_dir/Package.swift" <<EOF
// swift-tools-version:6.1
// Throw-away package that builds swift-openapi-generator's command-line tool (Examples/OpenAPIClient/regenerate.sh).
import PackageDescription
let package = Package(
    name: "signet-openapi-generator",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "$version")],
    targets: [.target(name: "Placeholder", path: "Sources/Placeholder")]
)
EOF
echo "// Nothing: the package exists to build swift-openapi-generator." > "$tool_dir/Sources/Placeholder/Placeholder.swift"
echo "regenerate: building swift-openapi-generator $version in $tool_dir (several minutes the first time)" >&2
swift build --package-path "$tool_dir" --product swift-openapi-generator >&2
generator="$(swift build --package-path "$tool_dir" --show-bin-path)/swift-openapi-generator"

generate() {
    "$generator" generate --config "$here/openapi-generator-config.yaml" --output-directory "$1" \
        "$here/../../docs/openapi.yaml" >&2
}

if [ "${1:-}" = "--check" ]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    generate "$scratch"
    if diff -r "$scratch" "$output"; then
        echo "regenerate: Generated/ matches docs/openapi.yaml"
    else
        echo "regenerate: Generated/ differs from what docs/openapi.yaml generates: run regenerate.sh" >&2
        exit 1
    fi
else
    rm -rf "$output"
    mkdir -p "$output"
    generate "$output"
    echo "regenerate: wrote $output"
fi
