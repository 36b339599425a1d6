#!/usr/bin/env bash
# Step 30: the PostgreSQL 15 reference (bench/README.md).
#
# Starts a private PostgreSQL 15 server from Debian's package
# (/usr/lib/postgresql/15/bin, not whatever pg_ctl is first on PATH): a fresh
# cluster in $BENCH_WORK/postgres, listening on 127.0.0.1 only on a free port
# and on a unix socket inside that directory (the benchmark connects through
# the socket). Settings: shared_buffers=$BENCH_CACHE_MIB MB (every system's cache),
# synchronous_commit=off (WAL written, not flushed per commit, like Quarry's
# durability "log"), fsync=on, C locale, trust auth (loopback and a private
# socket only). Runs quarry-bench-postgres against it and always stops it.
# As root the server runs as the `postgres` system user (initdb refuses root).
#
# Env (driver contract): BENCH_BIN (build dir), BENCH_SIZE (quick|full),
# BENCH_WORK (scratch dir), BENCH_REPO (repo root); optional BENCH_SEEDS (seeds
# per 1-hop scenario) and QUARRY_PG_BIN (another PostgreSQL bin directory).
set -euo pipefail
: "${BENCH_BIN:?}" "${BENCH_SIZE:?}" "${BENCH_WORK:?}" "${BENCH_REPO:?}"

PG_BIN=${QUARRY_PG_BIN:-/usr/lib/postgresql/15/bin}
BINARY="$BENCH_BIN/bench/quarry-bench-postgres"
for tool in initdb pg_ctl postgres; do
  if [ ! -x "$PG_BIN/$tool" ]; then
    echo "30-postgres: PostgreSQL 15 is not installed ($PG_BIN/$tool is missing);" \
      "install the Debian package postgresql-15 (scripts/setup.sh lists it)" >&2
    exit 1
  fi
done
if [ ! -x "$BINARY" ]; then
  echo "30-postgres: $BINARY is not built (it needs libpq-dev; target quarry-bench-postgres)" >&2
  exit 1
fi

AS=()  # Prefix running a command as the server's user.
if [ "$(id -u)" = 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    echo "30-postgres: running as root but there is no 'postgres' system user to run the" \
      "server as (initdb refuses root)" >&2
    exit 1
  fi
  AS=(runuser -u postgres --)
fi

ROOT="$BENCH_WORK/postgres"
rm -rf "$ROOT"
mkdir -p "$ROOT"
TMP_ROOT=""
if ((${#AS[@]})); then
  chown postgres: "$ROOT"
  # The postgres user must reach the directory; the work dir may sit under a
  # path it cannot traverse (e.g. /root): fall back to a private /tmp dir.
  if ! "${AS[@]}" test -w "$ROOT"; then
    TMP_ROOT=$(mktemp -d /tmp/quarry-bench-pg.XXXXXX)
    chown postgres: "$TMP_ROOT"
    echo "# 30-postgres: $ROOT is not reachable by user postgres; cluster in $TMP_ROOT"
    ROOT="$TMP_ROOT"
  fi
fi
DATA="$ROOT/data"
SOCK="$ROOT/sock"
# A unix socket path is limited to 107 bytes ("/.s.PGSQL.NNNNN" included).
if ((${#SOCK} > 85)); then
  SOCK=$(mktemp -d /tmp/quarry-bench-pgsock.XXXXXX)
  TMP_ROOT="$TMP_ROOT $SOCK"
fi
"${AS[@]}" mkdir -p "$SOCK"
if ((${#AS[@]})); then chown postgres: "$SOCK"; fi

# A free port on 127.0.0.1: nothing accepts a connection on it.
PORT=""
for _ in $(seq 1 200); do
  candidate=$((20000 + RANDOM % 30000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    PORT=$candidate
    break
  fi
done
if [ -z "$PORT" ]; then
  echo "30-postgres: found no free port on 127.0.0.1" >&2
  exit 1
fi

LOG="$ROOT/server.log"
stop_server() {
  if [ -f "$DATA/postmaster.pid" ]; then
    "${AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "$TMP_ROOT" ]; then
    # shellcheck disable=SC2086  # Space-separated list of our own mktemp dirs.
    rm -rf $TMP_ROOT
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

"${AS[@]}" "$PG_BIN/initdb" -D "$DATA" --username=bench --auth=trust --no-locale \
  --encoding=UTF8 --no-sync >"$ROOT/initdb.log" 2>&1 ||
  { echo "30-postgres: initdb failed:" >&2; cat "$ROOT/initdb.log" >&2; exit 1; }
"${AS[@]}" tee -a "$DATA/postgresql.conf" >/dev/null <<CONF

# quarry bench (bench/steps/30-postgres.sh)
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$SOCK'
shared_buffers = ${BENCH_CACHE_MIB:-64}MB
synchronous_commit = off
fsync = on
max_connections = 10
CONF
if ! "${AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start >/dev/null; then
  echo "30-postgres: the server did not start; its log:" >&2
  cat "$LOG" >&2 || true
  exit 1
fi
echo "# 30-postgres: $("$PG_BIN/postgres" --version) on 127.0.0.1:$PORT, socket $SOCK, data $DATA"

SEEDS=()
if [ -n "${BENCH_SEEDS:-}" ]; then SEEDS=(--seeds "$BENCH_SEEDS"); fi
status=0
"$BINARY" --size "$BENCH_SIZE" --conninfo "host='$SOCK' port=$PORT user=bench dbname=postgres" \
  "${SEEDS[@]}" || status=$?
if ((status != 0)); then
  echo "30-postgres: quarry-bench-postgres failed (exit $status); server log tail:" >&2
  tail -n 20 "$LOG" >&2 || true
fi
exit "$status"
