#!/usr/bin/env bash
# The main job on an embedded default: set up, build, and run the road-traffic
# example (for now: load its Gaffer schema and print a summary).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
SHARED=${QUARRY_SHARED_DIR:-../shared}
exec build/schema/quarry_schema_summary \
  "$SHARED/gaffer-examples/road-traffic/elements.json" \
  "$SHARED/gaffer-examples/road-traffic/types.json"
