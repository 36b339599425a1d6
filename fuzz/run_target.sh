#!/usr/bin/env bash
# Runs one fuzz target for SECONDS over its seed corpus (fuzz/README.md).
# New inputs go to a scratch corpus next to the seeds (SEED_DIR.new), so the
# seeds stay what make_seeds.py wrote; crashes are written as
# crash-*/leak-*/timeout-* under ARTIFACT_DIR (default: the current dir).
# The last libFuzzer status line (cov:, ft:, exec/s) is printed at the end.
#
# Usage: run_target.sh BINARY SEED_DIR SECONDS|0 [ARTIFACT_DIR]
set -uo pipefail
binary=$1 seeds=$2 seconds=$3 artifacts=${4:-.}
mkdir -p "$seeds" "$seeds.new" "$artifacts"
log=$(mktemp)
# -rss_limit_mb: ASan's shadow plus a RocksDB scratch graph; -timeout: one
# input taking this long is a hang.
# SECONDS 0: replay the seeds only (-runs=0), for a build without coverage
# counters, where libFuzzer refuses to mutate.
if [ "$seconds" = 0 ]; then budget=(-runs=0); else budget=(-max_total_time="$seconds"); fi
"$binary" "${budget[@]}" -timeout=10 -rss_limit_mb=3072 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$seeds.new" "$seeds" >"$log" 2>&1
status=$?
grep -E '^#[0-9]+.*(cov|exec/s)' "$log" | tail -1
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log"
if [ $status -ne 0 ]; then
  tail -60 "$log"
  echo "$(basename "$binary"): FAILED (libFuzzer exit $status)"
fi
rm -f "$log"
exit $status
