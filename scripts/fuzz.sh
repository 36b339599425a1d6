#!/usr/bin/env bash
# Builds every fuzz target (fuzz/, coverage-guided, AddressSanitizer +
# UBSan, clang) and runs each for SECONDS (default 60) over its seed corpus
# (fuzz/make_seeds.py). Runs under `nice -n 19`. Crash, leak and timeout
# inputs go to build-asan/fuzz-artifacts/TARGET/; the summary line per
# target gives libFuzzer's coverage (cov:, ft:) and executions per second.
# Exit 1 if any target failed.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-build.sh

SECONDS_EACH=${1:-60}
shift || true
TARGETS=("$@")
if ((${#TARGETS[@]} == 0)); then
  TARGETS=(schema_json_fuzzer element_json_fuzzer operation_json_fuzzer serialiser_fuzzer
           key_package_fuzzer visibility_fuzzer regex_fuzzer date_fuzzer
           thrift_elements_fuzzer http_request_fuzzer)
fi
sanitizer_configure asan
nice ninja -C "$SANITIZER_BUILD_DIR" -j "${QUARRY_JOBS:-2}" "${TARGETS[@]}"
SEEDS=$SANITIZER_BUILD_DIR/fuzz-seeds
python3 fuzz/make_seeds.py "$SEEDS" .
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=()
for target in "${TARGETS[@]}"; do
  echo "== $target (${SECONDS_EACH}s)"
  if ! nice -n 19 bash fuzz/run_target.sh "$SANITIZER_BUILD_DIR/fuzz/$target" "$SEEDS/$target" \
      "$SECONDS_EACH" "$SANITIZER_BUILD_DIR/fuzz-artifacts/$target"; then
    failed+=("$target")
  fi
done
if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: all ${#TARGETS[@]} targets ran ${SECONDS_EACH}s clean"
