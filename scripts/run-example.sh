#!/usr/bin/env bash
# The main job on an embedded default: set up and build, then run Gaffer's
# road-traffic example end to end — turn the DfT traffic counts CSV into
# elements, create a graph from the road-traffic schema, load it with ingest
# aggregation, and run a few queries (each printed with its operation JSON).
#
# Usage: scripts/run-example.sh [CSV]   (default: the embedded 10,390-row sample)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

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
