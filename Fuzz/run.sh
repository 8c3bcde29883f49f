#!/usr/bin/env bash
# Builds every fuzz harness once (scratch path Fuzz/.build, flags -sanitize=fuzzer -parse-as-library) and runs
# each for SECONDS under libFuzzer, on a temporary copy of its seed corpus (Corpus/<harness>/ stays as committed).
# Prints one line per harness (executions, crashes) and exits non-zero when any harness crashed.
# Crash inputs and logs go to a scratch folder outside the repository, printed at the end.
#   Fuzz/run.sh [SECONDS] [HARNESS...]        (default 10 s, every harness)
# Environment: FUZZ_SCRATCH (where corpora, logs and crash inputs go; default a new /tmp/signet-fuzz.*),
# FUZZ_FLAGS (more libFuzzer flags for every harness, e.g. "-max_len=65536"), FUZZ_JOBS (harnesses run at once;
# default 1), FUZZ_BUILD_ONLY=1 (build the harnesses and stop; CI builds them early, at low priority).
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-10}
[ $# -gt 0 ] && shift
case $seconds in '' | *[!0-9]*) echo "usage: Fuzz/run.sh [SECONDS] [HARNESS...]" >&2; exit 2 ;; esac
if [ $# -gt 0 ]; then
  harnesses=("$@")
else
  harnesses=()
  for corpus in Corpus/*/; do harnesses+=("$(basename "$corpus")"); done
fi
for harness in "${harnesses[@]}"; do
  [ -d "Sources/$harness" ] && [ -d "Corpus/$harness" ] || { echo "run.sh: no harness '$harness'" >&2; exit 2; }
done

# The main package's test index (.ci/run sets it for Signet's test targets); no test target builds here.
unset SIGNET_CI_TEST_INDEX_STORE
scratch=${FUZZ_SCRATCH:-$(mktemp -d /tmp/signet-fuzz.XXXXXX)}
mkdir -p "$scratch"
# No index store: nothing reads one here, and indexing takes about a seventh of a debug build's compile time.
# In CI no debug info either (CI's SIGNET_CI_BUILD_FLAGS, .ci/run, which name --disable-index-store too): a crash
# there still names its functions, and its input is kept to replay here, where a build has line numbers.
read -ra build_flags <<<"${SIGNET_CI_BUILD_FLAGS:---disable-index-store}"
flags=(-Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library "${build_flags[@]}")
started=$SECONDS
echo "fuzz: building ${#harnesses[@]} harnesses (scratch path Fuzz/.build)"
products=()
for harness in "${harnesses[@]}"; do products+=(--product "$harness"); done
if [ ${#harnesses[@]} -eq "$(ls -d Corpus/*/ | wc -l)" ]; then
  swift build "${flags[@]}"
else
  for harness in "${harnesses[@]}"; do swift build "${flags[@]}" --product "$harness"; done
fi
bin=$(swift build "${flags[@]}" --show-bin-path)
if [ "${FUZZ_BUILD_ONLY:-}" = 1 ]; then
  echo "fuzz: built in $((SECONDS - started)) s"
  exit 0
fi
echo "fuzz: built in $((SECONDS - started)) s; running each harness for $seconds s; scratch folder $scratch"

# Swift's own crash backtracer would take the signal before libFuzzer, which then saves no crash input.
export SWIFT_BACKTRACE=enable=no
# One harness: runs it and writes its table line (and, after a crash, what to look at) to $scratch/$1/result.
run_harness() {
  local harness=$1 corpus="$scratch/$1/corpus" artifacts="$scratch/$1/artifacts/" status=0 executions crashes
  rm -rf "$corpus" "$artifacts"
  mkdir -p "$corpus" "$artifacts"
  cp "Corpus/$harness/"* "$corpus/"
  # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
  "$bin/$harness" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=25 -print_final_stats=1 \
    -artifact_prefix="$artifacts" ${FUZZ_FLAGS:-} "$corpus" >"$scratch/$harness/log.txt" 2>&1 || status=$?
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$harness/log.txt" | grep -o '[0-9]*$' | tail -1)
  crashes=$(find "$artifacts" -type f | wc -l)
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi  # died without an artifact: still a crash
  {
    printf '%-22s %12s %8s\n' "$harness" "${executions:-?}" "$crashes"
    if [ "$crashes" -ne 0 ]; then
      grep -m1 -E 'Fatal error|DISAGREEMENT|UNEXPECTED|ERROR: libFuzzer' "$scratch/$harness/log.txt" | sed 's/^/    /' || true
      find "$artifacts" -type f | sed 's/^/    input: /'
      echo "    log: $scratch/$harness/log.txt"
    fi
  } >"$scratch/$harness/result"
  [ "$crashes" -eq 0 ]
}

# FUZZ_JOBS harnesses run at once (default 1); the table prints in harness order once all have run.
jobs=${FUZZ_JOBS:-1}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: FUZZ_JOBS must be a positive number" >&2; exit 2 ;; esac
failed=0
for harness in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_harness "$harness" &
done
wait || true
printf '%-22s %12s %8s\n' harness executions crashes
for harness in "${harnesses[@]}"; do
  cat "$scratch/$harness/result"
  if grep -q '^    log: ' "$scratch/$harness/result"; then failed=1; fi
done
echo "fuzz: done in $((SECONDS - started)) s (scratch folder $scratch)"
exit $failed
