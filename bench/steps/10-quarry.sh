#!/usr/bin/env bash
# Embedded Quarry (bench/quarry/): ingest, 1-hop, full scan, age-off, bulk import.
# bench-targets: quarry-bench-embedded
set -euo pipefail
exec "$BENCH_BIN/bench/quarry-bench-embedded" --size "$BENCH_SIZE" \
  --work "$BENCH_WORK/quarry" --repo "$BENCH_REPO"
