#!/usr/bin/env bash
# Starts a signet-server (in memory) on a free loopback port, runs COMMAND with SIGNET_BASE_URL set to the
# server's URL, and stops the server; the exit status is COMMAND's.
#   scripts/with-server.sh PATH/TO/signet-server COMMAND [ARGUMENTS...]
set -euo pipefail
server_bin=${1:?usage: with-server.sh PATH/TO/signet-server COMMAND [ARGUMENTS...]}
shift
source "$(dirname "$0")/serve.sh"
log=$(mktemp)
trap 'kill ${server_pid:-} 2>/dev/null || true; rm -f "$log"' EXIT
serve "$log" "$server_bin" --port 0
SIGNET_BASE_URL="$server_url" "$@"
