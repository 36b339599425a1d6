#!/usr/bin/env bash
# Step 40: the SQLite reference (bench/README.md): quarry-bench-sqlite on a
# fresh database file in $BENCH_WORK/sqlite (journal_mode=WAL,
# synchronous=NORMAL, a page cache of $BENCH_CACHE_MIB MiB; see bench/sqlite/sqlite_store.h).
#
# Env (driver contract): BENCH_BIN (build dir), BENCH_SIZE (quick|full),
# BENCH_WORK (scratch dir), BENCH_REPO (repo root); optional BENCH_SEEDS (seeds
# per 1-hop scenario).
set -euo pipefail
: "${BENCH_BIN:?}" "${BENCH_SIZE:?}" "${BENCH_WORK:?}" "${BENCH_REPO:?}"

BINARY="$BENCH_BIN/bench/quarry-bench-sqlite"
if [ ! -x "$BINARY" ]; then
  echo "40-sqlite: $BINARY is not built (it needs libsqlite3-dev; target quarry-bench-sqlite)" >&2
  exit 1
fi
DIR="$BENCH_WORK/sqlite"
rm -rf "$DIR"
mkdir -p "$DIR"
SEEDS=()
if [ -n "${BENCH_SEEDS:-}" ]; then SEEDS=(--seeds "$BENCH_SEEDS"); fi
exec "$BINARY" --size "$BENCH_SIZE" --db "$DIR/bench.db" "${SEEDS[@]}"
