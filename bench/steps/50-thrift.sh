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

STEP=50-thrift
# shellcheck source=bench/steps/lib/server.sh
. "$BENCH_REPO/bench/steps/lib/server.sh"

# Every system in the run gets the same cache (bench/common/args.h).
echo "quarry.block.cache.size=${BENCH_CACHE_MIB:-64}m" >"$WORK/store.properties"
new_graph() {
  "$QUARRY" create "$1" --schema "$SCHEMA/elements.json" --schema "$SCHEMA/types.json" \
    --store-properties "$WORK/store.properties" >/dev/null
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
