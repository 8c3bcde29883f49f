#!/usr/bin/env bash
# The signing cost of both SignetCrypto backends against the same C floor, in one session (Linux).
#
# A build has exactly one crypto backend (Package.swift chooses it), so this builds signet-bench in release
# twice: libcrypto, the default, in .build; swift-crypto with the SwiftCryptoBackend trait in
# .build-swiftcrypto. It then runs the two signing benchmarks alternately, ROUNDS times each (default 3),
# each measuring its own signer against the libcrypto floor in the same process, and prints both ratios
# side by side (the best of the rounds), which backend is faster, and by how much.
#
#   scripts/bench-backends.sh            # ROUNDS=5 scripts/bench-backends.sh for more rounds
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
swiftcrypto=(--scratch-path .build-swiftcrypto --traits default,SwiftCryptoBackend)

echo "bench-backends: building signet-bench (release) with each backend"
swift build -c release --product signet-bench
swift build -c release --product signet-bench "${swiftcrypto[@]}"
binaries=("$(swift build -c release --show-bin-path)/signet-bench"
          "$(swift build -c release "${swiftcrypto[@]}" --show-bin-path)/signet-bench")

log=$(mktemp /tmp/signet-bench-backends.XXXXXX)
trap 'rm -f "$log"' EXIT
for round in $(seq 1 "$rounds"); do
  for binary in "${binaries[@]}"; do
    output=$("$binary" --signing-only)
    printf '%s\n' "$output" | awk -v round="$round" '
      /SignetCrypto backend/ { backend = $NF }
      /floor: C,/ { floor = $(NF - 3) }
      /sign \(Date\(\) per call\)/ { signer = $(NF - 3) }
      /ratio signer\(Date\(\)\)\/floor, best/ { ratio = $5 }
      END {
        if (backend == "" || floor == "" || signer == "" || ratio == "") { print "unparsed"; exit 1 }
        print backend, floor, signer, ratio
        printf "  round %d  %-13s floor %6d ns  signer %6d ns  ratio %s\n", round, backend, floor, signer, ratio > "/dev/stderr"
      }' >> "$log"
  done
done

echo ""
echo "Signing a POST with a 1 KiB body, both backends against the libcrypto floor (best of $rounds rounds each)"
awk '
  { if (!($1 in ratio) || $4 < ratio[$1]) { ratio[$1] = $4; floor[$1] = $2; signer[$1] = $3 }
    if (!($1 in order)) { order[$1] = ++count; name[count] = $1 } }
  END {
    printf "  %-13s %10s %11s %7s  %s\n", "backend", "floor ns", "signer ns", "ratio", "target <= 1.30"
    for (i = 1; i <= count; i++) {
      b = name[i]
      printf "  %-13s %10d %11d %7.2f  %s\n", b, floor[b], signer[b], ratio[b], ratio[b] <= 1.30 ? "met" : "NOT met"
    }
    if (count == 2) {
      fast = ratio[name[1]] <= ratio[name[2]] ? name[1] : name[2]
      slow = fast == name[1] ? name[2] : name[1]
      printf "  faster: %s, by %.2fx in ratio to the floor (%d ns per signature)\n", fast, ratio[slow] / ratio[fast], signer[slow] - signer[fast]
    }
  }' "$log"
