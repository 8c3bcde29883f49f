#!/usr/bin/env bash
# Starts a signet-server (in memory) on a free loopback port, runs COMMAND with SIGNET_BASE_URL set to the
# server's URL, and stops the server; the exit status is COMMAND's.
#   scripts/with-server.sh PATH/TO/signet-server COMMAND [ARGUMENTS...]
set -euo pipefail
server_bin=${1:?usage: with-server.sh PATH/TO/signet-server COMMAND [ARGUMENTS...]}
shift
log=$(mktemp)
"$server_bin" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 120); do
  grep -q "listening on" "$log" && break
  kill -0 $server 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.5
done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1)
[ -n "$url" ] || { echo "with-server.sh: signet-server did not start"; cat "$log"; exit 1; }
SIGNET_BASE_URL="$url" "$@"
