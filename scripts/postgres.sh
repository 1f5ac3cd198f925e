#!/usr/bin/env bash
# Starts a throw-away PostgreSQL (Debian's postgresql, installed if missing)
# on 127.0.0.1, on a free port, in a temporary folder, running as an
# unprivileged user, for Galloper's PostgreSQL tests. Prints the
# environment the tests read:
#   GALLOPER_TEST_POSTGRES=postgres://galloper@127.0.0.1:PORT/galloper?sslmode=disable
#   GALLOPER_TEST_POSTGRES_DIR=DIR   (stop with: scripts/postgres.sh stop DIR)
set -euo pipefail
RUNAS=${POSTGRES_RUNAS:-nobody}

if [ "${1:-}" = "stop" ]; then
  D=$2
  bin=$(cat "$D/bin")
  setpriv --reuid="$RUNAS" --regid="$(id -gn "$RUNAS")" --clear-groups \
    "$bin/pg_ctl" -D "$D/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$D"
  exit 0
fi

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(find_bin)
if [ -z "$bin" ]; then
  echo "installing Debian's postgresql" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin=$(find_bin)
fi
[ -n "$bin" ] || { echo "no PostgreSQL server found under /usr/lib/postgresql" >&2; exit 1; }

port=${POSTGRES_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
D=$(mktemp -d /tmp/galloper-postgres.XXXXXX)
G=$(id -gn "$RUNAS")
echo "$bin" > "$D/bin"
mkdir -p "$D/run"
chown -R "$RUNAS:$G" "$D"
as() { setpriv --reuid="$RUNAS" --regid="$G" --clear-groups "$@"; }

# A test server: trust on loopback only, no fsync (a lost test database is
# no loss), small shared memory, no socket outside the folder.
as "$bin/initdb" -D "$D/data" -U galloper -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$D/initdb.log" 2>&1
as "$bin/pg_ctl" -D "$D/data" -l "$D/postgres.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $D/run -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB" \
  start >/dev/null
as "$bin/createdb" -h 127.0.0.1 -p "$port" -U galloper galloper
echo "GALLOPER_TEST_POSTGRES=postgres://galloper@127.0.0.1:$port/galloper?sslmode=disable"
echo "GALLOPER_TEST_POSTGRES_DIR=$D"
