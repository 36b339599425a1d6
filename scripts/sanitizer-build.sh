# Sourced by scripts/check.sh and scripts/fuzz.sh: installs clang and
# libFuzzer's runtime when missing and configures a clang build directory
# with sanitizers.
#
# sanitizer_configure MODE: MODE is asan (AddressSanitizer + UBSan, plus
# libFuzzer's coverage so the fuzz targets build in the same directory:
# on a 2-core machine one instrumented compile of the tree, not two),
# ubsan or tsan. Sets SANITIZER_BUILD_DIR (build-MODE, or
# $QUARRY_SANITIZER_BUILD_DIR).

sanitizer_install_clang() {
  local missing=()
  for p in clang libclang-rt-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "quarry: installing ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

sanitizer_configure() {
  local mode=$1 flags extra=()
  case "$mode" in
    asan)
      flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined"
      extra=(-DQUARRY_FUZZ=ON) ;;
    ubsan) flags="-fsanitize=undefined -fno-sanitize-recover=undefined" ;;
    tsan) flags="-fsanitize=thread" ;;
    *) echo "unknown sanitizer '$mode' (asan, ubsan or tsan)" >&2; return 2 ;;
  esac
  SANITIZER_BUILD_DIR=${QUARRY_SANITIZER_BUILD_DIR:-build-$mode}
  sanitizer_install_clang
  if [ ! -f "$SANITIZER_BUILD_DIR/build.ninja" ]; then
    # -O1: sanitizer reports keep usable stacks and the compile stays cheaper.
    CC=clang CXX=clang++ cmake -S . -B "$SANITIZER_BUILD_DIR" -G Ninja \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
      -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer" "${extra[@]}" >/dev/null
  fi
}
