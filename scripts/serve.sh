# Sourced by the scripts that run a server for a check (scripts/with-server.sh, Examples/*/check.sh).
# serve LOG COMMAND [ARGUMENTS...]: starts COMMAND in the background with its output in LOG, waits (at most
# 60 s) for it to print "listening on", and sets server_pid and server_url (http://127.0.0.1:PORT). If it
# exits or never says where it listens, LOG is printed and the calling script exits 1. The caller kills
# server_pid when done (a trap on EXIT that reads ${server_pid:-}).
serve() {
  local log=$1
  shift
  "$@" >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    grep -q "listening on" "$log" && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.5
  done
  server_url=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1)
  [ -n "$server_url" ] || { echo "$(basename "$1") did not start"; cat "$log"; exit 1; }
}
