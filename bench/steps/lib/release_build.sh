# Sourced by the bench scripts that build their own binaries (ab-reads.sh,
# large-result.sh): run from the repository root with an absolute Release
# build directory.
#
# enter_release_build DIR NO_BUILD [TARGET...]: cd to the repository root
# (the parent of bench/), set build_dir to DIR made absolute (created if
# missing) and, unless NO_BUILD is 1, build the targets there in Release
# with scripts/setup.sh. Returns 1 if the build fails.
enter_release_build() {
  local dir=$1 no_build=$2
  shift 2
  cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || return 2
  mkdir -p "$dir"
  build_dir="$(cd "$dir" && pwd)"
  if ((no_build == 0)); then
    echo "== building $* in $build_dir (Release)"
    QUARRY_BUILD_DIR="$build_dir" QUARRY_BUILD_TYPE=Release scripts/setup.sh "$@" || return 1
  fi
}
