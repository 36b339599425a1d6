#!/usr/bin/env bash
# Step 50: Quarry over Thrift (bench/thrift/). For each ingest variant (JSON
# and typed AddElements, 1 and 4 client threads) a fresh graph is created from
# bench/schema and served by `quarry serve` on a free loopback port;
# quarry-bench-thrift ingests the whole event stream, checks the stored counts
# and reports events/s and the server's peak RSS. Then a server freshly
# restarted on the last loaded graph is scanned through paged execution
# (elements/s and the server's peak RSS).
# bench-targets: quarry quarry-bench-thrift
#
# Env (bench/run.sh sets them): BENCH_BIN (build dir), BENCH_SIZE (quick|full),
# BENCH_WORK (scratch dir; this step uses BENCH_WORK/thrift), BENCH_REPO.
# Every server started here is stopped on exit (trap), whatever happens.
set -euo pipefail
: "${BENCH_BIN:?}" "${BENCH_SIZE:?}" "${BENCH_WORK:?}" "${BENCH_REPO:?}"

QUARRY=$BENCH_BIN/cli/quarry
DRIVER=$BENCH_BIN/bench/quarry-bench-thrift
SCHEMA=$BENCH_REPO/bench/schema
WORK=$BENCH_WORK/thrift
for f in "$QUARRY" "$DRIVER"; do
  [ -x "$f" ] || { echo "50-thrift: $f is not built" >&2; exit 1; }
done
rm -rf "$WORK"
mkdir -p "$WORK"

SERVER_PID=""
PORT=""

stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

# start_server GRAPH_DIR LOG: serves the graph on a free port (--port 0) and
# sets SERVER_PID and PORT from its "listening on ADDR:PORT" line.
start_server() {
  : >"$2"  # Exists before the first read below, whenever the child opens it.
  "$QUARRY" serve "$1" --port 0 >>"$2" 2>&1 &
  SERVER_PID=$!
  local i
  for i in $(seq 1 400); do
    PORT=$(sed -n 's/^listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$2")
    [ -n "$PORT" ] && return 0
    # Exited (a zombie until waited for, so kill -0 alone would not tell).
    if ! kill -0 "$SERVER_PID" 2>/dev/null ||
      grep -q '^State:[[:space:]]*Z' "/proc/$SERVER_PID/status" 2>/dev/null; then
      echo "50-thrift: quarry serve exited:" >&2
      cat "$2" >&2
      wait "$SERVER_PID" 2>/dev/null || true
      SERVER_PID=""
      return 1
    fi
    sleep 0.05
  done
  echo "50-thrift: quarry serve did not start within 20 s:" >&2
  cat "$2" >&2
  return 1
}

new_graph() {
  "$QUARRY" create "$1" --schema "$SCHEMA/elements.json" --schema "$SCHEMA/types.json" >/dev/null
}

last_graph=""
failed=""  # A failed variant is reported at the end; the others still run.
for variant in json:1 json:4 typed:1 typed:4; do
  path=${variant%%:*}
  threads=${variant##*:}
  name=$path-${threads}c
  graph=$WORK/graph-$name
  new_graph "$graph"
  start_server "$graph" "$WORK/serve-$name.log"
  "$DRIVER" ingest --size "$BENCH_SIZE" --port "$PORT" --server-pid "$SERVER_PID" \
    --path "$path" --threads "$threads" || failed="$failed ingest-$name"
  stop_server
  # Keep only the last loaded graph (for the scan) to bound disk use.
  [ -n "$last_graph" ] && rm -rf "$last_graph"
  last_graph=$graph
done

start_server "$last_graph" "$WORK/serve-scan.log"
"$DRIVER" scan --size "$BENCH_SIZE" --port "$PORT" --server-pid "$SERVER_PID" ||
  failed="$failed scan"
stop_server
rm -rf "$last_graph"
if [ -n "$failed" ]; then
  echo "50-thrift: failed:$failed" >&2
  exit 1
fi
