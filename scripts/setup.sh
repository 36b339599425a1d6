#!/usr/bin/env bash
# Installs the Debian packages a README command needs and are missing, then
# configures and builds into build/. Idempotent: a second run with nothing
# changed only checks and returns quickly.
#
# Usage: scripts/setup.sh [example|tests] [ninja targets...]
#   example  what scripts/run-example.sh needs: the toolchain, the libraries
#            Quarry links, Python with Thrift for the example's client; builds
#            only the quarry binary (with the explorer page, bundled by node
#            and npm), the road-traffic generator and the Python Thrift
#            bindings.
#   tests    (the default) what scripts/run-tests.sh needs on top: GoogleTest,
#            python3-requests for the REST end-to-end tests, Chromium with
#            Selenium for the explorer page's browser test, and PostgreSQL and
#            SQLite for the benchmark smoke test; builds everything.
# Extra arguments name ninja targets to build instead of the profile's.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=tests
case "${1:-}" in
  example|tests) PROFILE=$1; shift ;;
esac

# Each package is here because something imports, links or runs it; the
# comment says what. Debian's python3-thrift imports `six` without depending
# on it, so python3-six is named explicitly.
EXAMPLE_PACKAGES=(
  g++ cmake ninja-build pkg-config ccache   # toolchain
  librocksdb-dev                             # store-rocks
  zlib1g-dev                                 # koryphe's Gunzip (graph-core)
  libtbb-dev                                 # parallel shard scans
  libthrift-dev thrift-compiler              # the Thrift server and its generated code
  libboost-dev                               # the REST server (Boost.Beast/Asio)
  libssl-dev                                 # TLS on both transports (server/tls/)
  nlohmann-json3-dev                         # JSON
  python3 python3-thrift python3-six         # the example's Python Thrift client
)
# The explorer page (web/, served at /ui/) is bundled with node and npm at
# build time. Checked by command rather than by package: a node from another
# Debian-format source (which bundles npm) serves as well, and Debian's npm
# package would conflict with it.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  EXAMPLE_PACKAGES+=(nodejs npm)
fi
TEST_PACKAGES=(
  libgtest-dev libgmock-dev                  # the unit and end-to-end tests
  python3-requests                           # REST end-to-end tests
  postgresql-15 libpq-dev libsqlite3-dev     # bench_quick: the SQL reference systems
  chromium chromium-driver python3-selenium  # explorer_browser_test: the /ui/ page in headless Chromium
  librados-dev libradospp-dev rados-objclass-dev  # store-rados/ and cls/ (libcls_quarry.so)
  ceph-mon ceph-osd ceph-mgr ceph-base       # the rados tests' cluster (scripts/ceph-cluster.sh)
  clang libclang-rt-dev                      # harden: libFuzzer for the fuzz_smoke_* tests; scripts/fuzz.sh, check.sh
)
PACKAGES=("${EXAMPLE_PACKAGES[@]}")
if [ "$PROFILE" = tests ]; then PACKAGES+=("${TEST_PACKAGES[@]}"); fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
BUILD_DIR=${QUARRY_BUILD_DIR:-build}
if ((${#missing[@]})); then
  echo "quarry setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  # Packages found now (GoogleTest, libpq...) may have been absent when
  # build/ was configured: configure again so the build sees them.
  RECONFIGURE=1
fi

JOBS=${QUARRY_JOBS:-2}
if [ ! -f "$BUILD_DIR/build.ninja" ] || [ -n "${RECONFIGURE:-}" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="${QUARRY_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
fi
TARGETS=("$@")
if ((${#TARGETS[@]} == 0)) && [ "$PROFILE" = example ]; then
  TARGETS=(quarry quarry-road-traffic-gen quarry_rpc_py)
fi
cmake --build "$BUILD_DIR" -j "$JOBS" ${TARGETS[@]+--target "${TARGETS[@]}"}
