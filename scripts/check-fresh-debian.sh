#!/usr/bin/env bash
# Runs both README commands as a new user would: on a pristine Debian 12 root
# (debootstrap --variant=minbase, nothing else installed) holding a fresh
# clone of this repository's committed HEAD. A package that the development
# machines happen to have but scripts/setup.sh does not install shows up here
# as a failure, where CI on a developer's machine would pass.
#
# Prints each command's exit status and the time it took, then removes the
# root (set KEEP=1 to keep it for a look). Needs root (debootstrap, chroot,
# mounts) and takes a full build: run it by hand before resolving an issue
# that changes dependencies or the set-up scripts, not in CI.
#
# Usage: scripts/check-fresh-debian.sh [WORKDIR]   (default: a new dir under /var/tmp)
#        scripts/check-fresh-debian.sh --deb quarry_<version>_amd64.deb [WORKDIR]
#
# --deb (branch service, issue 19) checks the Debian package instead: on the
# same pristine root, `apt install ./quarry_...deb` (its declared
# dependencies only), then `quarry --help`, the quarry user and directories
# the package makes, and `systemd-analyze verify` of quarry@.service (with
# systemd installed in the root for the check). No clone, no build.
#
# QUARRY_FRESH_CCACHE=DIR lends the root a compiler cache (e.g. ~/.cache/ccache)
# to cut the build time; every package is still installed from scratch, so the
# check is the same, but the times printed are then those of a warm cache.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
DEB=""
if [ "${1:-}" = "--deb" ]; then
  DEB=$(realpath "${2:?--deb needs the .deb file}")
  shift 2
fi
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ "$(id -u)" != 0 ]; then
  echo "check-fresh-debian: needs root (debootstrap, chroot and mounts)" >&2
  exit 2
fi
if ! command -v debootstrap >/dev/null; then
  echo "== installing debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
fi

WORK=${1:-$(mktemp -d /var/tmp/quarry-fresh-debian.XXXXXX)}
mkdir -p "$WORK"
ROOT=$WORK/root
HEAD=$(git -C "$REPO" rev-parse HEAD)
MOUNTS=()

cleanup() {
  local m
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    m=${MOUNTS[i]}
    umount -l "$m" 2>/dev/null || true
  done
  if [ -z "${KEEP:-}" ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
}
trap cleanup EXIT

mount_into() {  # mount_into ARGS... TARGET
  local target=${*: -1}
  mkdir -p "$target"
  mount "$@"
  MOUNTS+=("$target")
}

echo "== debootstrap bookworm (minbase) into $ROOT"
start=$SECONDS
debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
echo "   done in $((SECONDS - start)) s"
# A real Debian 12 also has the updates and security suites.
cat >"$ROOT/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# Services must not start inside the chroot (postgresql's package tries).
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod +x "$ROOT/usr/sbin/policy-rc.d"

if [ -n "$DEB" ]; then
  # shellcheck source=scripts/lib/check-deb.sh
  . "$REPO/scripts/lib/check-deb.sh"
  check_deb "$DEB"
  exit $?
fi

echo "== cloning $REPO at $HEAD"
git clone -q --no-local "$REPO" "$ROOT/root/quarry"
git -C "$ROOT/root/quarry" checkout -q "$HEAD"

mount_into -t proc proc "$ROOT/proc"
mount_into --rbind /dev "$ROOT/dev"
mount_into -t sysfs sysfs "$ROOT/sys"
mount_into -t tmpfs tmpfs "$ROOT/tmp"
CCACHE_ENV=()
if [ -n "${QUARRY_FRESH_CCACHE:-}" ]; then
  mount_into --bind "$QUARRY_FRESH_CCACHE" "$ROOT/root/.cache/ccache"
  # Paths relative to the checkout, so the host's cache entries match.
  CCACHE_ENV=(CCACHE_BASEDIR=/root CCACHE_NOHASHDIR=1)
  echo "== lending the compiler cache $QUARRY_FRESH_CCACHE (times are warm-cache times)"
fi

declare -A STATUS TIME
for cmd in scripts/run-example.sh scripts/run-tests.sh; do
  echo "== chroot: bash $cmd"
  start=$SECONDS
  set +e
  chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    ${CCACHE_ENV[@]+"${CCACHE_ENV[@]}"} \
    /bin/bash -c "cd /root/quarry && bash $cmd" >"$WORK/$(basename "$cmd" .sh).log" 2>&1
  STATUS[$cmd]=$?
  set -e
  TIME[$cmd]=$((SECONDS - start))
  tail -15 "$WORK/$(basename "$cmd" .sh).log"
  echo "   exit ${STATUS[$cmd]} after ${TIME[$cmd]} s"
done

echo
echo "== fresh Debian 12 (minbase), commit $HEAD${QUARRY_FRESH_CCACHE:+, compiler cache lent}"
failed=0
for cmd in scripts/run-example.sh scripts/run-tests.sh; do
  printf '%-26s exit %s  %dm%02ds\n' "$cmd" "${STATUS[$cmd]}" $((TIME[$cmd] / 60)) \
    $((TIME[$cmd] % 60))
  if [ "${STATUS[$cmd]}" != 0 ]; then failed=1; fi
done
if ((failed)); then KEEP=${KEEP:-1}; fi  # Keep the logs of a failure.
exit $failed
