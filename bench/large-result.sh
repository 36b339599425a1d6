#!/usr/bin/env bash
# The server's memory on a result of more than 10M elements (issue 13:
# "server RSS stays bounded on a 10M-element result"). bench/run.sh's full
# size holds 2.1M elements; this builds a graph of 10M distinct edges and
# their source vertices, 10,274,184 elements (bench/common/dataset.h,
# DatasetSpec::Large),
# embedded and untimed, then serves it and pages a GetAllElements through
# Thrift (quarry-bench-thrift scan: every element's count checked against
# the event stream). It prints the scan's rate and the server's peak RSS
# (VmHWM) as RESULT lines, and the RSS before and after the scan.
#
# Usage: bash bench/large-result.sh [--build-dir DIR] [--no-build] [--cache-mib N]
#   --build-dir  Release build directory (default build-release)
#   --no-build   use the binaries already built there
#   --cache-mib  the server's block cache in MiB (default 64, as bench/run.sh)
# Needs about 2 GB of disk under the build directory and 3 GB of memory (the
# client's expected counts); took 2 minutes on a 2-vCPU VM.
set -uo pipefail

build_dir=build-release
no_build=0
cache_mib=64
while (($#)); do
  case "$1" in
    --build-dir) build_dir="${2:?--build-dir needs a directory}"; shift ;;
    --no-build) no_build=1 ;;
    --cache-mib) cache_mib="${2:?--cache-mib needs a size in MiB}"; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "bench/large-result.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# shellcheck source=bench/steps/lib/release_build.sh
. "$(dirname "${BASH_SOURCE[0]}")/steps/lib/release_build.sh"
enter_release_build "$build_dir" "$no_build" \
  quarry quarry-bench-embedded quarry-bench-thrift || exit 1
repo=$PWD
QUARRY=$build_dir/cli/quarry
for f in "$QUARRY" "$build_dir/bench/quarry-bench-embedded" "$build_dir/bench/quarry-bench-thrift"; do
  [ -x "$f" ] || { echo "large-result: $f is not built" >&2; exit 1; }
done

work=$build_dir/large-result-work
rm -rf "$work"
mkdir -p "$work"
STEP=large-result
# shellcheck source=bench/steps/lib/server.sh
. "$repo/bench/steps/lib/server.sh"

echo "== ingesting 10M distinct edges (embedded, not timed here)"
# --only names no scenario: the ingest (and its compaction) alone.
if ! "$build_dir/bench/quarry-bench-embedded" --size large --work "$work/embedded" \
    --repo "$repo" --cache-mib "$cache_mib" --only none >"$work/ingest.out" 2>&1; then
  echo "large-result: the ingest failed:" >&2
  tail -5 "$work/ingest.out" >&2
  exit 1
fi
# The graph keeps the properties it was created with: the same cache.
graph=$work/embedded/ingest

echo "== serving it and paging GetAllElements through Thrift"
start_server "$graph" "$work/serve.log" || exit 1
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$SERVER_PID/status"; }
echo "server RSS after open: $(( $(rss) / 1024 )) MiB"
"$build_dir/bench/quarry-bench-thrift" scan --size large --port "$PORT" \
  --server-pid "$SERVER_PID" | tee "$work/scan.out"
status=${PIPESTATUS[0]}
echo "server RSS after the scan: $(( $(rss) / 1024 )) MiB"
stop_server
rm -rf "$work/embedded"
exit "$status"
