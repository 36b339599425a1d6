#!/usr/bin/env bash
# The RADOS store (issue 14) on a 3-OSD loopback Ceph cluster against the
# RocksDB store, same data, same run (bench/rados/): ingest, 1-hop, full
# scan, and the rados/rocks ratios. Then hot keys on the RADOS store (issue
# 18): `quarry serve` over a RADOS graph with quarry-bench-hotkeys' load and
# growth runs, as step 55 runs them on the RocksDB store (system
# quarry-rados-hot; BENCH_RADOS_HOTKEYS=0 skips them). The cluster
# (scripts/ceph-cluster.sh) lives in BENCH_WORK and is always taken down.
# Skipped, saying so, where Ceph or the RADOS store is not built.
# bench-targets: quarry-bench-rados cls_quarry quarry quarry-bench-hotkeys
set -euo pipefail
bin="$BENCH_BIN/bench/quarry-bench-rados"
if [[ ! -x $bin ]] || ! command -v ceph-osd >/dev/null; then
  echo "70-rados: skipped (no RADOS store in this build, or no ceph-osd)"
  exit 0
fi
cluster="$BENCH_WORK/rados-cluster"
STEP=70-rados
QUARRY=$BENCH_BIN/cli/quarry
# shellcheck source=bench/steps/lib/server.sh
. "$BENCH_REPO/bench/steps/lib/server.sh"
# After server.sh, whose EXIT trap this replaces: stop the server, then the cluster.
trap 'stop_server; "$BENCH_REPO/scripts/ceph-cluster.sh" down "$cluster" >/dev/null 2>&1 || true' EXIT
"$BENCH_REPO/scripts/ceph-cluster.sh" up "$cluster" --class-dir "$BENCH_BIN/rados-classes" >&2
BENCH_RADOS_CONF="$cluster/ceph.conf" BENCH_RADOS_RUN_DIR="$cluster/run" "$bin" --size "$BENCH_SIZE" --work "$BENCH_WORK/rados" \
  --repo "$BENCH_REPO"

[ "${BENCH_RADOS_HOTKEYS:-1}" = 0 ] && exit 0
driver=$BENCH_BIN/bench/quarry-bench-hotkeys
for f in "$QUARRY" "$driver"; do
  [ -x "$f" ] || { echo "70-rados: $f is not built" >&2; exit 1; }
done
work=$BENCH_WORK/rados-hot
rm -rf "$work"
mkdir -p "$work"
printf 'quarry.store=rados\nquarry.rados.conf=%s\nquarry.rados.pool=quarry\nquarry.rados.tablets=16\n' \
  "$cluster/ceph.conf" >"$work/rados.properties"
failed=""
# One graph per run (each is a fresh graph in the pool, named after its directory).
for mode in load growth; do
  graph=$work/hot-$mode
  "$QUARRY" create "$graph" --schema "$BENCH_REPO/bench/schema/elements.json" \
    --schema "$BENCH_REPO/bench/schema/types.json" --store-properties "$work/rados.properties" >/dev/null
  start_server "$graph" "$work/serve-$mode.log"
  "$driver" --mode "$mode" --size "$BENCH_SIZE" --port "$PORT" --system quarry-rados-hot ||
    failed="$failed $mode"
  stop_server
done
if [ -n "$failed" ]; then
  echo "70-rados: hot keys failed:$failed" >&2
  exit 1
fi
