#!/usr/bin/env bash
# libcls_quarry.so is tied to Ceph 16.2: it calls omap functions ceph-osd
# exports but the public objclass.h does not declare (cls/cls_quarry.cc).
# This check (ctest cls_symbols_check) fails if the installed ceph-osd is
# not 16.2 or does not define, with the same mangled signature, every cls_*
# symbol the built class needs; and if the class exports more than the
# loader's entry points.
#   cls_symbols_check.sh LIBCLS_QUARRY_SO [CEPH_OSD]
set -euo pipefail
lib=$1
osd=${2:-/usr/bin/ceph-osd}
version=$("$osd" --version)
[[ $version == *" 16.2."* ]] || { echo "ceph-osd is not 16.2: $version" >&2; exit 1; }
defined=$(nm -D --defined-only "$osd" | awk '{print $3}' | sort -u)
missing=0
for sym in $(nm -D --undefined-only "$lib" | awk '{print $2}' | grep -E '^(_Z[0-9]+)?cls_' || true); do
  if ! grep -qxF "$sym" <<<"$defined"; then
    echo "ceph-osd does not define $sym ($(c++filt "$sym"))" >&2
    missing=1
  fi
done
[[ $missing -eq 0 ]] || exit 1
needed=$(nm -D --undefined-only "$lib" | awk '{print $2}' | grep -cE 'cls_cxx_map_(get_vals_by_keys|set_vals|remove_range)' || true)
[[ $needed -eq 3 ]] || { echo "expected the 3 private omap symbols, found $needed" >&2; exit 1; }
exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -vE '^__cls_' || true)
[[ -z $exported ]] || { echo "unexpected exports: $exported" >&2; exit 1; }
echo "ok: $(basename "$lib") resolves against $version"
