#!/usr/bin/env bash
# The main job on an embedded default: set up and build, then run Gaffer's
# road-traffic example end to end — turn the DfT traffic counts CSV into
# elements, create a graph from the road-traffic schema, load it with ingest
# aggregation, and run a few queries (each printed with its operation JSON).
# Then serve the graph over Thrift on a free loopback port and run the same
# queries, plus a paged one, through the Python client
# examples/road_traffic/python/query_road_traffic.py.
#
# Usage: scripts/run-example.sh [CSV]   (default: the embedded 10,390-row sample)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh example

DATA=examples/gaffer-examples/road-traffic
CSV=${1:-$DATA/roadTrafficSampleData.csv}
WORK=build/example
GRAPH=$WORK/road-traffic-graph
QUARRY=build/cli/quarry
rm -rf "$GRAPH" && mkdir -p "$WORK"

echo "== Schema"
"$QUARRY" create "$GRAPH" --schema "$DATA/elements.json" --schema "$DATA/types.json"

echo "== Generating elements from $CSV"
build/examples/road_traffic/quarry-road-traffic-gen "$CSV" > "$WORK/road-traffic.jsonl"

echo "== Loading"
"$QUARRY" add "$GRAPH" "$WORK/road-traffic.jsonl"

for query in examples/road_traffic/queries/*.json; do
  echo
  echo "== Query $(basename "$query" .json)"
  cat "$query"
  echo "-- result:"
  "$QUARRY" exec "$GRAPH" "$query"
done
echo
"$QUARRY" info "$GRAPH"

echo
echo "== Serving the graph over Thrift; the same queries from Python"
SERVE_LOG=$WORK/serve.log
"$QUARRY" serve "$GRAPH" --port 0 > "$SERVE_LOG" 2>&1 &
SERVER=$!
stop_server() {
  if kill -0 "$SERVER" 2>/dev/null; then
    kill -TERM "$SERVER"
    wait "$SERVER" || true
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM  # Exits through the EXIT trap, which stops the server.
# `quarry serve --port 0` binds a free port and names it on its first line.
PORT=""
for _ in $(seq 1 300); do
  PORT=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$SERVE_LOG")
  if [ -n "$PORT" ]; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then cat "$SERVE_LOG" >&2; exit 1; fi
  sleep 0.1
done
if [ -z "$PORT" ]; then echo "quarry serve did not start:" >&2; cat "$SERVE_LOG" >&2; exit 1; fi
# Wait until it answers a TCP connection.
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do
  kill -0 "$SERVER" 2>/dev/null || { cat "$SERVE_LOG" >&2; exit 1; }
  sleep 0.1
done
head -1 "$SERVE_LOG"
# Debian's python3-thrift is installed for the system Python.
PYTHONPATH=build/server/gen-py /usr/bin/python3 \
  examples/road_traffic/python/query_road_traffic.py --port "$PORT"
stop_server
trap - EXIT INT TERM
