#!/usr/bin/env bash
# One of CI's side jobs, in two phases: `build` compiles, `check` runs what was built and checks it.
#   .ci/side-job.sh JOB build|check
# A side job compiles Signet's modules again with a trait set of its own: an example package (each depends on
# Signet by path, with its own traits) or the swift-crypto leg. .ci/run calls this with `.build` replaced by a
# scratch path of the job's own, built from the main build (so only Signet's modules compile again), and with
# CI_TOOLS (a folder holding the built signet and signet-server). Both phases of a job must see one
# environment, or SwiftPM plans the build again (docs/decisions.md, "CI time"): .ci/run starts them alike.
set -euo pipefail
cd "$(dirname "$0")/.."
job=${1:?usage: side-job.sh JOB build|check}
phase=${2:?usage: side-job.sh JOB build|check}
case $phase in build | check) ;; *) echo "side-job.sh: no phase '$phase'" >&2; exit 2 ;; esac
tools=${CI_TOOLS:?side-job.sh: CI_TOOLS must name the folder holding signet and signet-server}
# With SIDE_BIND=1, the job runs in a private mount namespace where SIDE/JOB/scratch, a copy of SIDE/lower (the
# main build, as .ci/run copied it), is mounted at `.build`: the main `.build` outside is untouched, so several
# jobs build at once beside the main steps. (A bind mount, not an overlay: an overlay's files change device and
# inode from one mount to the next, and SwiftPM then plans the build again, 8-15 s per check.)
if [ "${SIDE_BIND:-0}" = 1 ] && [ -z "${SIDE_MOUNTED:-}" ]; then
  side=${SIDE:?side-job.sh: SIDE must name the folder of the side jobs}
  if [ ! -d "$side/$job/scratch" ]; then
    mkdir -p "$side/$job"
    cp -a "$side/lower" "$side/$job/scratch.partial"
    mv "$side/$job/scratch.partial" "$side/$job/scratch"
  fi
  # SwiftPM takes its lock on a scratch path in a file named after the path in the temporary folder, which
  # the jobs would share (and wait on each other); each job has a temporary folder of its own.
  mkdir -p "$side/$job/tmp"
  export TMPDIR="$side/$job/tmp"
  exec unshare -m --propagation private env SIDE_MOUNTED=1 bash -c \
    'mount --bind "$1/$2/scratch" "$PWD/.build" && exec bash .ci/side-job.sh "$2" "$3"' side-job "$side" "$job" "$phase"
fi
# SwiftPM plans a build again when its environment changes, SHLVL included, and the depth at which a job's
# phases start differs (bash skips a fork, and a level, in some positions): one level, whoever started it.
export SHLVL=1
# The example packages' builds use the scratch path at the main one's place (see .ci/run), with the main
# build's settings: SIGNET_CI_BUILD_FLAGS, as every build in CI (a setting of its own would compile everything
# again).
export SIGNET_EXAMPLES_SCRATCH="$PWD/.build"
read -ra ci_flags <<<"${SIGNET_CI_BUILD_FLAGS:?side-job.sh: SIGNET_CI_BUILD_FLAGS must hold the flags of the main build (.ci/run sets it)}"
scratch=(--scratch-path "$SIGNET_EXAMPLES_SCRATCH" "${ci_flags[@]}")
# Where Signet is a dependency (the examples), none of its test targets builds, and none writes an index; the
# swift-crypto leg, which builds two of them, sets it again below.
test_index_store=${SIGNET_CI_TEST_INDEX_STORE:-}
unset SIGNET_CI_TEST_INDEX_STORE

case $job in
  consumer)
    # Consumer and AppClient both depend on Signet with `traits: []`: one graph, so they share one scratch path
    # (AppClient's build reuses the Signet modules Consumer's compiled).
    export SIGNET_CI_EXAMPLE=Consumer
    if [ "$phase" = build ]; then
      swift build "${scratch[@]}" --package-path Examples/Consumer --product Consumer
      # AppClient's resolution and build; its check (below) resolves and builds again, finding both up to date.
      SIGNET_CI_EXAMPLE=AppClient bash Examples/AppClient/check.sh --build-only "$tools/signet-server"
      exit 0
    fi
    # What the build phase built, run directly: `swift run` or `swift build` would plan the build again first
    # (Consumer and AppClient take turns in one scratch path; and SwiftPM plans again in a check's new mount
    # namespace, about 10 s for the larger examples; docs/decisions.md, "CI time").
    consumer_bin=$(swift build "${scratch[@]}" --package-path Examples/Consumer --show-bin-path)
    "$consumer_bin/Consumer"
    echo "side-job: the clients link neither FoundationNetworking nor ICU (ldd of Examples/Consumer, which uses every service client)"
    consumer_libraries=$(ldd "$consumer_bin/Consumer")
    if grep -E 'libFoundation(Networking|Internationalization)?\.so|lib_FoundationICU' <<<"$consumer_libraries"; then
      echo "side-job: Examples/Consumer (the client products only) links the libraries above; it should need FoundationEssentials alone"
      exit 1
    fi
    echo "side-job: the AppClient example (an app's dependency: traits [], at most swift-http-types and swift-log pinned)"
    export SIGNET_CI_EXAMPLE=AppClient
    bash Examples/AppClient/check.sh --no-build "$tools/signet-server"
    ;;
  verified-server | verified-vapor)
    # A Hummingbird app using SignetHummingbird, or a Vapor app using SignetVapor: one good and one bad request.
    # Both phases go through check.sh: --build-only builds, --no-build runs what was built.
    example=$([ "$job" = verified-server ] && echo VerifiedServer || echo VerifiedVapor)
    export SIGNET_CI_EXAMPLE=$example
    phase_flag=$([ "$phase" = build ] && echo --build-only || echo --no-build)
    bash "Examples/$example/check.sh" "$phase_flag" "$tools/signet"
    ;;
  openapi-client)
    # A swift-openapi-generator client signed by SignetOpenAPI (committed code; the generator is not built).
    export SIGNET_CI_EXAMPLE=OpenAPIClient
    if [ "$phase" = build ]; then
      swift build "${scratch[@]}" --package-path Examples/OpenAPIClient --product OpenAPIClient
    else
      scripts/with-server.sh "$tools/signet-server" \
        "$(swift build "${scratch[@]}" --package-path Examples/OpenAPIClient --show-bin-path)/OpenAPIClient"
    fi
    ;;
  swift-crypto)
    # The second crypto backend: SignetCrypto on swift-crypto (BoringSSL here), selected by the package trait.
    # Only the test targets the leg runs and the targets they need compile (a trait is a compilation condition
    # of every target of the package; SIGNET_CI_TEST_TARGETS makes Package.swift declare just those). Naming a
    # trait turns the default ones off, so `default` is named too. The same RFC, streaming and GameSystem tests
    # must pass on it; they read every vector file whose answers depend on the backend (the four RFC files and
    # the three GameSystem files, each counted).
    export SIGNET_CI_TEST_TARGETS=SignetCryptoTests,SignetGameSystemTests
    # What the tests check the backend against, set for the build too: one environment, so `swift test` does
    # not plan the build again (about 15 s).
    export SIGNET_EXPECT_CRYPTO_BACKEND=swift-crypto
    # Its test targets' index, for test discovery, as in the main build (.ci/run).
    export SIGNET_CI_TEST_INDEX_STORE=$test_index_store
    leg=(--traits default,SwiftCryptoBackend "${ci_flags[@]}")
    if [ "$phase" = build ]; then
      swift build --build-tests "${leg[@]}"
    else
      # GameSystemMemoryTests (decoding 16 MiB answers, about 25 s) touch no crypto: they ran in the main tests.
      # The test binary the build made, run as `swift test` runs it (Swift Testing; there is no XCTest test),
      # since `swift test --skip-build` plans first (this check took 27 s that way; 4 s now, its tests' time).
      # A filter or skip that leaves no test exits 69, and a failed test 1. The bin path is the main build's
      # (this job's scratch path sits at the same place).
      : "${test_index_store:?side-job.sh: SIGNET_CI_TEST_INDEX_STORE must name the index store of the main build (.ci/run sets it)}"
      started=$SECONDS
      "${test_index_store%/index/store}/SignetPackageTests.xctest" --testing-library swift-testing \
        --skip GameSystemMemoryTests
      echo "side-job: the test binary ran for $((SECONDS - started)) s"
    fi
    ;;
  *)
    echo "side-job.sh: no job '$job' (consumer, verified-server, verified-vapor, openapi-client, swift-crypto)" >&2
    exit 2
    ;;
esac
