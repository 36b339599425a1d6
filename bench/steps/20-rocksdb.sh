#!/usr/bin/env bash
# Raw RocksDB references (bench/rocksdb/): the physical limit of Quarry's design.
# bench-targets: quarry-bench-rocksdb
set -euo pipefail
exec "$BENCH_BIN/bench/quarry-bench-rocksdb" --size "$BENCH_SIZE" \
  --work "$BENCH_WORK/rocksdb" --repo "$BENCH_REPO"
