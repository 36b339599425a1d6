#!/usr/bin/env bash
# Installs whatever Debian packages Quarry needs and are missing, then
# configures and builds into build/. Idempotent: a second run with nothing
# changed only checks and returns quickly.
#
# Usage: scripts/setup.sh [ninja targets...]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(g++ cmake ninja-build pkg-config ccache
          librocksdb-dev libthrift-dev thrift-compiler libboost-dev
          nlohmann-json3-dev libtbb-dev libgtest-dev libgmock-dev python3 python3-thrift
          postgresql-15 libpq-dev libsqlite3-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "quarry setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD_DIR=${QUARRY_BUILD_DIR:-build}
JOBS=${QUARRY_JOBS:-2}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="${QUARRY_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
fi
cmake --build "$BUILD_DIR" -j "$JOBS" ${1:+--target "$@"}
