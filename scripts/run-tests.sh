#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite (CTest). CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh tests
cd build
exec ctest --output-on-failure -j "${QUARRY_JOBS:-2}"
