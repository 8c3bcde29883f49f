#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for Signet's tests: loopback only, trust auth, a free port, run as the
# `postgres` user (initdb refuses root). Durable, as a deployment runs it: PostgreSQL's defaults (fsync and
# synchronous_commit on) are kept. pg_stat_statements is loaded, so tests can count the statements a
# request costs.
#
#   .ci/postgres.sh start DIR     initdb + start in DIR; prints the URL (postgres://postgres@127.0.0.1:PORT/signet)
#   .ci/postgres.sh restart DIR   stop immediately and start again on the same port (tests of a database restart)
#   .ci/postgres.sh stop DIR      stop immediately
set -euo pipefail

command=${1:?usage: postgres.sh start|stop|restart DIR}
dir=${2:?usage: postgres.sh start|stop|restart DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "postgres.sh: no PostgreSQL binaries under /usr/lib/postgresql" >&2; exit 1; }

# Runs a command as the postgres user, with every signal unblocked and no descriptor but 0, 1 and 2: a test
# runner may start this script with signals blocked, and a postmaster that inherits that mask would ignore
# pg_ctl's shutdown signals; and it may start it while it holds a pipe to another child (a process started at
# the same moment inherits every descriptor not marked close-on-exec). A postmaster that kept such a pipe's
# write end open would keep its reader from ever seeing the end of it: a memory test waiting for its child's
# output hung that way, for as long as PostgreSQL ran, when the database-restart test started beside it.
as_postgres() {
  local runner=(bash -c "$*")
  [ "$(id -u)" -eq 0 ] && runner=(su postgres -s /bin/bash -c "$*")
  python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
os.closerange(3, os.sysconf("SC_OPEN_MAX"))
os.execvp(sys.argv[1], sys.argv[1:])' "${runner[@]}"
}

case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_postgres "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --no-locale" >"$dir/initdb.log" 2>&1
    echo "$port" >"$dir/port"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir/port"
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 \
      -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=200 -c shared_preload_libraries=pg_stat_statements\" start" >/dev/null
    as_postgres "'$bin/createdb' -h 127.0.0.1 -p $port -U postgres signet"
    echo "postgres://postgres@127.0.0.1:$port/signet"
    ;;
  restart)
    port=$(cat "$dir/port")
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -m immediate -w stop" >/dev/null
    sleep "${SIGNET_POSTGRES_DOWN_SECONDS:-2}"
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 \
      -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=200 -c shared_preload_libraries=pg_stat_statements\" start" >/dev/null
    ;;
  stop)
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -m immediate -w stop" >/dev/null || true
    ;;
  *)
    echo "postgres.sh: unknown command $command" >&2
    exit 64
    ;;
esac
