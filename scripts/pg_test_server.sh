#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests, from the machine's binaries.
#
#   scripts/pg_test_server.sh start [DIR]   -> prints: export TEST_DATABASE_URL=postgresql+asyncpg://…
#   scripts/pg_test_server.sh stop [DIR]    (DIR defaults to $DIPGM_PG_DIR, set by start)
#
# The cluster runs as an unprivileged user (PostgreSQL refuses to run as root), in a
# temporary directory, listening on 127.0.0.1 only, on a free port. Trust
# authentication: it is reachable only from this machine and lives for one test run.
# Usage in a shell:  eval "$(scripts/pg_test_server.sh start)"  … tests …  then stop.
set -euo pipefail

PG_USER="${PG_TEST_OS_USER:-dipgmpg}"
DB_NAME="dipgm_test"

as_pg() {
    if [ "$(id -u)" = "0" ]; then
        runuser -u "$PG_USER" -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    command -v initdb >/dev/null || { echo "initdb not found on PATH" >&2; exit 2; }
    local dir="${1:-}"
    if [ "$(id -u)" = "0" ] && ! id "$PG_USER" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"
    fi
    if [ -z "$dir" ]; then
        dir="$(mktemp -d /tmp/dipgm-pg.XXXXXX)"
    fi
    mkdir -p "$dir"
    if [ "$(id -u)" = "0" ]; then
        chown "$PG_USER" "$dir"
        chmod 700 "$dir"
    fi
    local port
    port="$(free_port)"
    as_pg initdb -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg pg_ctl -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    as_pg createdb -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
    echo "$port" >"$dir/port"
    echo "export TEST_DATABASE_URL=postgresql+asyncpg://postgres@127.0.0.1:$port/$DB_NAME"
    echo "export DIPGM_PG_DIR=$dir"
}

stop() {
    local dir="${1:-${DIPGM_PG_DIR:-}}"
    if [ -z "$dir" ]; then
        echo "usage: pg_test_server.sh stop DIR (or set DIPGM_PG_DIR)" >&2
        exit 2
    fi
    if [ -d "$dir/data" ]; then
        as_pg pg_ctl -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) shift; stop "$@" ;;
    *) echo "usage: $0 start [DIR] | stop [DIR]" >&2; exit 2 ;;
esac
