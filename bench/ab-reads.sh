#!/usr/bin/env bash
# Embedded Quarry's reads against raw RocksDB's, alternated: the read ratios
# of issue 13 on a machine whose speed drifts between steps.
#
# bench/run.sh runs each system's step once, one after the other, so a read
# scenario of Quarry and the same scenario of raw RocksDB are minutes apart;
# on a shared VM the machine's speed moves by up to 40% in that time and the
# ratio with it. This script ingests each system's data once (as the steps
# do, `--only` keeping age-off and bulk import out), then runs N rounds of
# reads only (`--phase reads`), Quarry and raw RocksDB back to back, the
# order reversing every round. It prints each round's ratio and the median.
#
# Usage: bash bench/ab-reads.sh [--size quick|full] [--rounds N] [--only PREFIXES]
#                               [--build-dir DIR] [--no-build] [--cache-mib N] [--sqlite]
#   --size       data size (default full)
#   --rounds     rounds of reads after the ingest (default 5)
#   --only       scenario prefixes, comma-separated (default 1hop,full-scan)
#   --build-dir  Release build directory (default build-release)
#   --no-build   use the binaries already built there
#   --cache-mib  every system's block cache in MiB (default 64)
#   --sqlite     SQLite too (its reads are every 1-hop scenario and the full
#                scan, whatever --only says; its ingest takes minutes)
set -uo pipefail

size=full
rounds=5
only="1hop,full-scan"
build_dir=build-release
no_build=0
cache_mib=64
systems=(quarry rocksdb)
while (($#)); do
  case "$1" in
    --size) size="${2:?--size needs quick or full}"; shift ;;
    --rounds) rounds="${2:?--rounds needs a number}"; shift ;;
    --only) only="${2:?--only needs scenario prefixes}"; shift ;;
    --build-dir) build_dir="${2:?--build-dir needs a directory}"; shift ;;
    --no-build) no_build=1 ;;
    --cache-mib) cache_mib="${2:?--cache-mib needs a size in MiB}"; shift ;;
    --sqlite) systems+=(sqlite) ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "bench/ab-reads.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "bench/ab-reads.sh: --rounds needs a positive whole number, not '$rounds'" >&2
  exit 2
fi

# shellcheck source=bench/steps/lib/release_build.sh
. "$(dirname "${BASH_SOURCE[0]}")/steps/lib/release_build.sh"
enter_release_build "$build_dir" "$no_build" \
  quarry-bench-embedded quarry-bench-rocksdb quarry-bench-sqlite || exit 1
repo=$PWD
declare -A binary=([quarry]="$build_dir/bench/quarry-bench-embedded"
                   [rocksdb]="$build_dir/bench/quarry-bench-rocksdb"
                   [sqlite]="$build_dir/bench/quarry-bench-sqlite")
for system in "${systems[@]}"; do
  [ -x "${binary[$system]}" ] || { echo "ab-reads: ${binary[$system]} is not built" >&2; exit 1; }
done

work="$build_dir/ab-reads-work"
rm -rf "$work"
mkdir -p "$work"
results="$work/results.jsonl"

# run SYSTEM ROUND [extra flags...]: one run of one binary; its RESULT lines
# go to $results tagged with the round.
run() {
  local system=$1 round=$2
  shift 2
  local flags=(--size "$size" --cache-mib "$cache_mib")
  if [ "$system" = sqlite ]; then
    mkdir -p "$work/sqlite"
    flags+=(--db "$work/sqlite/bench.db")
  else
    flags+=(--work "$work/$system" --repo "$repo" --only "$only")
  fi
  echo "== round $round: $system $*"
  if ! "${binary[$system]}" "${flags[@]}" "$@" >"$work/$system-$round.out" \
      2>"$work/$system-$round.err"; then
    echo "ab-reads: $system failed in round $round:" >&2
    tail -5 "$work/$system-$round.err" >&2
    exit 1
  fi
  sed -n "s/^RESULT //p" "$work/$system-$round.out" |
    ROUND=$round python3 -c 'import json, os, sys
for line in sys.stdin:
    r = json.loads(line); r["round"] = int(os.environ["ROUND"]); print(json.dumps(r))' \
      >>"$results"
}

for system in "${systems[@]}"; do run "$system" 0; done
for ((round = 1; round <= rounds; round++)); do
  order=("${systems[@]}")
  if ((round % 2 == 0)); then
    order=()
    for ((i = ${#systems[@]} - 1; i >= 0; i--)); do order+=("${systems[$i]}"); done
  fi
  for system in "${order[@]}"; do run "$system" "$round" --phase reads; done
done

python3 - "$results" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
scenarios = []
for r in rows:
    if r["system"] == "quarry" and r["round"] > 0 and r["scenario"] not in scenarios:
        scenarios.append(r["scenario"])
references = [s for s in ("rocksdb", "sqlite") if any(r["system"] == s for r in rows)]
def value(system, scenario, rnd):
    for r in rows:
        if (r["system"], r["scenario"], r["round"]) == (system, scenario, rnd):
            return r
    return None
rounds = sorted({r["round"] for r in rows if r["round"] > 0})
bad = False
for ref in references:
    print(f"\nQuarry / {ref}, reads alternated (round 0, after ingest, not counted)")
    print("| scenario | " + " | ".join(f"round {n}" for n in rounds) + " | median ratio |")
    print("|---|" + "---|" * (len(rounds) + 1))
    for s in scenarios:
        cells, ratios = [], []
        for n in rounds:
            q, k = value("quarry", s, n), value(ref, s, n)
            if q is None or k is None:
                cells.append("-")
                continue
            if q["items"] != k["items"]:
                bad = True
                print(f"ab-reads: {s} round {n}: quarry returned {q['items']} items, "
                      f"{ref} {k['items']}", file=sys.stderr)
            ratio = q["value"] / k["value"] if q["higher_is_better"] else k["value"] / q["value"]
            ratios.append(ratio)
            cells.append(f"{q['value']:.4g} / {k['value']:.4g} = {ratio:.2f}")
        median = f"{statistics.median(ratios):.2f}" if ratios else "-"
        print(f"| {s} | " + " | ".join(cells) + f" | **{median}** |")
sys.exit(1 if bad else 0)
EOF
