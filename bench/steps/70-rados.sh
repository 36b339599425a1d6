#!/usr/bin/env bash
# The RADOS store (issue 14) on a 3-OSD loopback Ceph cluster against the
# RocksDB store, same data, same run (bench/rados/): ingest, 1-hop, full
# scan, and the rados/rocks ratios. The cluster (scripts/ceph-cluster.sh)
# lives in BENCH_WORK and is always taken down. Skipped, saying so, where
# Ceph or the RADOS store is not built.
# bench-targets: quarry-bench-rados cls_quarry
set -euo pipefail
bin="$BENCH_BIN/bench/quarry-bench-rados"
if [[ ! -x $bin ]] || ! command -v ceph-osd >/dev/null; then
  echo "70-rados: skipped (no RADOS store in this build, or no ceph-osd)"
  exit 0
fi
cluster="$BENCH_WORK/rados-cluster"
trap '"$BENCH_REPO/scripts/ceph-cluster.sh" down "$cluster" >/dev/null 2>&1 || true' EXIT
"$BENCH_REPO/scripts/ceph-cluster.sh" up "$cluster" --class-dir "$BENCH_BIN/rados-classes" >&2
BENCH_RADOS_CONF="$cluster/ceph.conf" BENCH_RADOS_RUN_DIR="$cluster/run" "$bin" --size "$BENCH_SIZE" --work "$BENCH_WORK/rados" \
  --repo "$BENCH_REPO"
