#!/usr/bin/env bash
# Quarry's benchmarks (bench/README.md): builds the bench targets in Release,
# runs every step (bench/steps/NN-*.sh) in order and prints one table.
#
# Usage: bash bench/run.sh [--quick|--full] [--build-dir DIR] [--no-build] [--only STEP]
#                          [--cache-mib N]
#   --quick        CI smoke size (default): everything in well under two minutes
#   --full         the issue's size (10M events); run it on a quiet machine
#   --build-dir    build directory (default build-release, configured as Release)
#   --no-build     use the binaries already in the build directory
#   --only STEP    run only the steps whose file name contains STEP (e.g. 10, rocksdb)
#   --cache-mib N  every system's block/page cache in MiB (default 64: smaller than the
#                  full-size data, so reads are not all served from memory)
#
# Each step runs with BENCH_BIN (the build dir), BENCH_SIZE (quick|full),
# BENCH_WORK (a scratch dir, wiped per run; each step uses its own subdir) and
# BENCH_REPO (the repo root) and BENCH_CACHE_MIB in its environment, and prints RESULT lines
# (bench/common/report.h) on stdout. A step may name extra build targets in a
# line `# bench-targets: a b`. A failing step is reported and the run carries
# on; the exit status is then non-zero, as it is when the systems' `items`
# disagree.
set -uo pipefail

size=quick
build_dir=""
no_build=0
only=""
cache_mib=64
while (($#)); do
  case "$1" in
    --quick) size=quick ;;
    --full) size=full ;;
    --build-dir) build_dir="${2:?--build-dir needs a directory}"; shift ;;
    --build-dir=*) build_dir="${1#*=}" ;;
    --no-build) no_build=1 ;;
    --only) only="${2:?--only needs a step name}"; shift ;;
    --only=*) only="${1#*=}" ;;
    --cache-mib) cache_mib="${2:?--cache-mib needs a size in MiB}"; shift ;;
    --cache-mib=*) cache_mib="${1#*=}" ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo" || exit 2
build_dir="${build_dir:-build-release}"
mkdir -p "$build_dir"
build_dir="$(cd "$build_dir" && pwd)"

steps=()
for step in "$repo"/bench/steps/[0-9][0-9]-*.sh; do
  [ -e "$step" ] || continue
  if [ -n "$only" ] && [[ "$(basename "$step")" != *"$only"* ]]; then continue; fi
  steps+=("$step")
done
if ((${#steps[@]} == 0)); then
  echo "bench/run.sh: no step matches '${only}'" >&2
  exit 2
fi

if ((no_build == 0)); then
  targets=(quarry_benches)
  for step in "${steps[@]}"; do
    extra="$(sed -n 's/^# bench-targets:[[:space:]]*//p' "$step")"
    # shellcheck disable=SC2206
    targets+=($extra)
  done
  echo "== building ${targets[*]} in $build_dir (configured as Release if new)"
  if ! QUARRY_BUILD_DIR="$build_dir" QUARRY_BUILD_TYPE=Release scripts/setup.sh "${targets[@]}"; then
    echo "bench/run.sh: the build failed" >&2
    exit 1
  fi
fi

work="$build_dir/bench-work"
rm -rf "$work"
mkdir -p "$work/logs"
results="$work/results.jsonl"
: >"$results"

export BENCH_BIN="$build_dir" BENCH_SIZE="$size" BENCH_WORK="$work" BENCH_REPO="$repo" \
  BENCH_CACHE_MIB="$cache_mib"
failed=()
total_start=$SECONDS
for step in "${steps[@]}"; do
  name="$(basename "$step" .sh)"
  echo "== $name ($size)"
  start=$SECONDS
  # stdout: shown, logged, and its RESULT lines collected; stderr: shown and logged.
  bash "$step" 2> >(tee "$work/logs/$name.err" >&2) | tee "$work/logs/$name.out"
  rc=${PIPESTATUS[0]}
  grep '^RESULT ' "$work/logs/$name.out" >>"$results"
  if ((rc != 0)); then
    echo "!! $name FAILED (exit $rc); its output is in $work/logs/$name.{out,err}" >&2
    failed+=("$name")
  fi
  echo "== $name done in $((SECONDS - start)) s"
done
echo "== all steps done in $((SECONDS - total_start)) s"
echo

/usr/bin/python3 "$repo/bench/report.py" "$results" --size "$size" --build-dir "$build_dir" \
  --failed "${failed[@]}"
report_rc=$?
if ((${#failed[@]} > 0 || report_rc != 0)); then exit 1; fi
exit 0
