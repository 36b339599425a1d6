#!/usr/bin/env bash
# Step 55 (hotkeys, issue 18): hot-key aggregating ingest with concurrent
# reads through `quarry serve`. For each write-time folding setting a fresh
# graph of bench/schema is created and served; quarry-bench-hotkeys runs W
# writers (each AddElements adds count=1 to the same 200 edges) and R readers
# (GetAllElements and seeded GetElements) for a fixed time, with idle reads
# before and after, and checks the final counts are exact.
#   system `quarry-thrift-hot`: default properties plus
#     quarry.max.successive.merges=adaptive (write-time folding turned on by
#     the first hot scan, store-rocks/hot_key_options.h) and the default
#     group commit (quarry.write.coalesce, store-rocks/internal/write_coalescer.h);
#   system `quarry-thrift-plain`: the store's default properties (no
#     quarry.max.successive.merges: adaptive on the merge operand signal
#     alone, hot_key_options.h);
#   reference `nocoalesce` (hotkeys2): the same with quarry.write.coalesce=false,
#     the write path before group commit, so the table's ratio is its effect
#     in the same run (the "throughput >= 0.8x of today's").
# BENCH_HOTKEYS_BOUNDS (e.g. "0 4 16 64") measures other folding bounds
# instead (system quarry-thrift-hot-msmN; 0 is reference `nofold`), `niceN`
# the writer thread's quarry.write.nice=N. The bound "baseline"
# serves the graph with the quarry binary BENCH_HOTKEYS_BASELINE names (e.g.
# an older build, to measure before/after in one run; reference `baseline`).
# Then the growth runs (quarry-bench-hotkeys --mode growth, issue 18's first
# table): on a fresh graph per setting, reads alone right after each edge has
# absorbed 1, 10, 100 (full: and 1,000) writes. BENCH_HOTKEYS_GROWTH names the
# settings (default "nofold plain default": no write-time folding, the
# reference; the store's defaults; and "adaptive"); "" skips them.
# bench-targets: quarry quarry-bench-hotkeys
#
# Env (bench/run.sh sets them): BENCH_BIN, BENCH_SIZE (quick|full),
# BENCH_WORK (this step uses BENCH_WORK/hotkeys), BENCH_REPO.
set -euo pipefail
: "${BENCH_BIN:?}" "${BENCH_SIZE:?}" "${BENCH_WORK:?}" "${BENCH_REPO:?}"

QUARRY=$BENCH_BIN/cli/quarry
DRIVER=$BENCH_BIN/bench/quarry-bench-hotkeys
SCHEMA=$BENCH_REPO/bench/schema
WORK=$BENCH_WORK/hotkeys
for f in "$QUARRY" "$DRIVER"; do
  [ -x "$f" ] || { echo "55-hotkeys: $f is not built" >&2; exit 1; }
done
rm -rf "$WORK"
mkdir -p "$WORK"

STEP=55-hotkeys
# shellcheck source=bench/steps/lib/server.sh
. "$BENCH_REPO/bench/steps/lib/server.sh"

bounds=${BENCH_HOTKEYS_BOUNDS:-"nocoalesce default plain"}
growth=${BENCH_HOTKEYS_GROWTH-"nofold plain default"}
failed=""
# run_growth SETTING: a fresh graph, served, and the growth driver against it.
run_growth() {
  local setting=$1 graph=$WORK/growth-$1 props=$WORK/growth-$1.properties system
  case "$setting" in
    default) system=quarry-thrift-hot; echo "quarry.max.successive.merges=adaptive" >"$props" ;;
    plain) system=quarry-thrift-plain; : >"$props" ;;
    nofold) system=nofold; echo "quarry.max.successive.merges=0" >"$props" ;;
    *) echo "55-hotkeys: unknown growth setting '$setting' (nofold, plain, default)" >&2; return 1 ;;
  esac
  "$QUARRY" create "$graph" --schema "$SCHEMA/elements.json" --schema "$SCHEMA/types.json" \
    --store-properties "$props" >/dev/null
  start_server "$graph" "$WORK/serve-growth-$setting.log" || return 1
  local rc=0
  "$DRIVER" --mode growth --size "$BENCH_SIZE" --port "$PORT" --system "$system" || rc=1
  stop_server
  rm -rf "$graph"
  return $rc
}
for bound in $bounds; do
  graph=$WORK/graph-$bound
  create=("$QUARRY" create "$graph" --schema "$SCHEMA/elements.json" --schema "$SCHEMA/types.json")
  serve_with=$QUARRY
  props=$WORK/store-$bound.properties
  case "$bound" in
    baseline) system=baseline; serve_with=${BENCH_HOTKEYS_BASELINE:?baseline needs BENCH_HOTKEYS_BASELINE} ;;
    default) system=quarry-thrift-hot ;;
    plain) system=quarry-thrift-plain ;;
    nocoalesce) system=nocoalesce ;;
    nice*) system=quarry-thrift-hot-$bound ;;
    0) system=nofold ;;
    *) system=quarry-thrift-hot-msm$bound ;;
  esac
  if [ "$bound" != baseline ] && [ "$bound" != plain ]; then
    case "$bound" in
      default | nocoalesce | nice*) echo "quarry.max.successive.merges=adaptive" >"$props" ;;
      *) echo "quarry.max.successive.merges=$bound" >"$props" ;;
    esac
    # hotkeys2: `nocoalesce` is the write path before group commit (today's).
    [ "$bound" = nocoalesce ] && echo "quarry.write.coalesce=false" >>"$props"
    [[ $bound == nice* ]] && echo "quarry.write.nice=${bound#nice}" >>"$props"
    create+=(--store-properties "$props")
  fi
  "${create[@]}" >/dev/null
  start_server "$graph" "$WORK/serve-$bound.log" "$serve_with"
  "$DRIVER" --size "$BENCH_SIZE" --port "$PORT" --system "$system" || failed="$failed $system"
  stop_server
  rm -rf "$graph"
done
for setting in $growth; do
  run_growth "$setting" || failed="$failed growth-$setting"
done
if [ -n "$failed" ]; then
  echo "55-hotkeys: failed:$failed" >&2
  exit 1
fi
