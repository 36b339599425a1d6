#!/usr/bin/env bash
# A throwaway Ceph cluster on loopback for Quarry's RADOS store tests and
# benchmarks: one mon, one mgr and three OSDs (bluestore on sparse files,
# one CRUSH host each), a replicated pool of size 3 / min_size 2, and an
# object-class directory that Quarry's build can drop libcls_quarry.so into.
#
#   scripts/ceph-cluster.sh up DIR [--class-dir PATH] [--pool NAME]
#   scripts/ceph-cluster.sh down DIR
#   scripts/ceph-cluster.sh status DIR
#   scripts/ceph-cluster.sh kill-osd DIR N     (SIGKILL, for fault tests)
#   scripts/ceph-cluster.sh start-osd DIR N
#
# Everything (config, keyrings, daemon data, logs, pids, sockets) lives
# under DIR; clients use `-c DIR/ceph.conf`. The mon listens on a free
# loopback port, so clusters in different DIRs can run side by side.
# `up` installs the Debian packages it needs (root only) and returns when
# every placement group is active+clean; `down` stops the daemons by pid
# and removes DIR's contents. Nothing is started under systemd.
set -euo pipefail

readonly OSDS=3
readonly PACKAGES=(ceph-mon ceph-osd ceph-mgr ceph-base librados-dev libradospp-dev
  rados-objclass-dev python3-rados)

die() { echo "ceph-cluster: $*" >&2; exit 1; }

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  [[ $(id -u) -eq 0 ]] || die "missing packages: ${missing[*]} (run as root to install them)"
  echo "ceph-cluster: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" \
    >"${DIR}/apt.log" 2>&1 || { tail -20 "${DIR}/apt.log" >&2; die "apt-get failed"; }
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

ceph_cli() { timeout 60 ceph -c "${DIR}/ceph.conf" "$@"; }

# Runs a daemon in the foreground of a background job, detached from our
# stdout (a -f daemon holding a pipe hangs whoever reads it), pid recorded.
launch() {
  local name=$1; shift
  "$@" -c "${DIR}/ceph.conf" -f >>"${DIR}/log/${name}.out" 2>&1 </dev/null &
  echo $! >"${DIR}/run/${name}.pid"
}

write_conf() {
  local fsid=$1 port2=$2 port1=$3
  cat >"${DIR}/ceph.conf" <<EOF
[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${port2},v1:127.0.0.1:${port1}]
mon initial members = a
auth cluster required = none
auth service required = none
auth client required = none
ms bind ipv6 = false
public network = 127.0.0.0/8
run dir = ${DIR}/run
admin socket = ${DIR}/run/\$name.asok
log file = ${DIR}/log/\$name.log
pid file = ${DIR}/run/\$name.pidfile
keyring = ${DIR}/keyring
osd pool default size = 3
osd pool default min size = 2
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon data avail warn = 1
mon data avail crit = 0
mon allow pool delete = true
mon allow pool size one = false
mon warn on insecure global id reclaim allowed = false
objecter timeout = 2
objecter tick interval = 1
[mon]
mon data = ${DIR}/mon/\$name
[mgr]
mgr data = ${DIR}/mgr/\$name
[osd]
osd data = ${DIR}/osd/\$id
osd objectstore = bluestore
bluestore block create = true
bluestore block size = 2147483648
bluestore fsck on mount = false
osd memory target = 1073741824
osd op num shards = 1
osd op num threads per shard = 2
osd heartbeat grace = 8
osd heartbeat interval = 2
osd class dir = ${CLASS_DIR}
osd class load list = *
osd class default list = *
EOF
  for ((i = 0; i < OSDS; i++)); do
    printf '[osd.%d]\ncrush location = root=default host=node%d\n' "$i" "$i" >>"${DIR}/ceph.conf"
  done
}

start_mon() {
  local fsid=$1 port2=$2 port1=$3
  ceph-authtool --create-keyring "${DIR}/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "${DIR}/keyring" --gen-key -n client.admin --cap mon 'allow *' \
    --cap osd 'allow *' --cap mgr 'allow *' >/dev/null
  monmaptool --create --fsid "$fsid" \
    --addv a "[v2:127.0.0.1:${port2},v1:127.0.0.1:${port1}]" "${DIR}/monmap" >/dev/null
  mkdir -p "${DIR}/mon/ceph-a"
  ceph-mon -c "${DIR}/ceph.conf" --mkfs -i a --monmap "${DIR}/monmap" \
    --keyring "${DIR}/keyring" >>"${DIR}/log/mkfs.out" 2>&1
  launch mon.a ceph-mon -i a
  local t
  for ((t = 0; t < 60; t++)); do
    ceph_cli -s >/dev/null 2>&1 && return 0
    sleep 1
  done
  die "the monitor did not answer within 60 s (see ${DIR}/log/mon.a.log)"
}

start_osd() {
  local id=$1
  launch "osd.${id}" ceph-osd -i "$id"
}

create_osds() {
  local i uuid id
  for ((i = 0; i < OSDS; i++)); do
    uuid=$(uuidgen)
    id=$(ceph_cli osd new "$uuid")
    mkdir -p "${DIR}/osd/${id}"
    ceph-osd -c "${DIR}/ceph.conf" -i "$id" --mkfs --osd-uuid "$uuid" \
      >>"${DIR}/log/mkfs.out" 2>&1 || die "mkfs of osd.${id} failed (see ${DIR}/log/mkfs.out)"
    start_osd "$id"
  done
}

wait_clean() {
  local limit=$1 t stat
  for ((t = 0; t < limit; t++)); do
    stat=$(ceph_cli pg stat 2>/dev/null || true)
    if [[ $stat =~ ^([0-9]+)\ pgs:\ ([0-9]+)\ active\+clean ]] &&
      [[ ${BASH_REMATCH[1]} == "${BASH_REMATCH[2]}" ]] && [[ ${BASH_REMATCH[1]} -gt 0 ]]; then
      return 0
    fi
    sleep 1
  done
  echo "last pg stat: ${stat}" >&2
  die "placement groups not active+clean within ${limit} s (logs in ${DIR}/log)"
}

cmd_up() {
  [[ -e ${DIR}/ceph.conf ]] && die "${DIR} already holds a cluster (run down first)"
  mkdir -p "${DIR}"/{run,log,mon,mgr/ceph-x,osd}
  install_packages
  CLASS_DIR=${CLASS_DIR:-${DIR}/classes}
  mkdir -p "$CLASS_DIR"
  local builtin=/usr/lib/x86_64-linux-gnu/rados-classes
  [[ -d $builtin ]] && for f in "$builtin"/*.so; do ln -sf "$f" "$CLASS_DIR/"; done
  local fsid port2 port1 start=$SECONDS
  fsid=$(uuidgen)
  port2=$(free_port)
  port1=$(free_port)
  write_conf "$fsid" "$port2" "$port1"
  start_mon "$fsid" "$port2" "$port1"
  launch mgr.x ceph-mgr -i x
  create_osds
  ceph_cli osd pool create "$POOL" 8 8 replicated >/dev/null 2>&1
  ceph_cli osd pool set "$POOL" size 3 >/dev/null 2>&1
  ceph_cli osd pool set "$POOL" min_size 2 >/dev/null 2>&1
  ceph_cli osd pool application enable "$POOL" rados >/dev/null 2>&1
  wait_clean 180
  echo "ceph-cluster: up in $((SECONDS - start)) s: conf ${DIR}/ceph.conf, pool ${POOL}," \
    "classes ${CLASS_DIR}"
}

cmd_down() {
  [[ -d ${DIR}/run ]] || { echo "ceph-cluster: nothing running in ${DIR}"; return 0; }
  local f pid
  for f in "${DIR}"/run/*.pid; do
    [[ -e $f ]] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || true
  done
  local t
  for ((t = 0; t < 30; t++)); do
    local alive=0
    for f in "${DIR}"/run/*.pid; do
      [[ -e $f ]] && kill -0 "$(cat "$f")" 2>/dev/null && alive=1
    done
    [[ $alive -eq 0 ]] && break
    sleep 0.5
  done
  for f in "${DIR}"/run/*.pid; do
    [[ -e $f ]] && kill -9 "$(cat "$f")" 2>/dev/null || true
  done
  rm -rf "${DIR:?}"/{run,log,mon,mgr,osd,classes,ceph.conf,keyring,monmap,apt.log}
  echo "ceph-cluster: down"
}

cmd_kill_osd() {
  local pidfile=${DIR}/run/osd.$1.pid
  [[ -e $pidfile ]] || die "no osd.$1 in ${DIR}"
  kill -9 "$(cat "$pidfile")"
}

main() {
  [[ $# -ge 2 ]] || die "usage: $0 up|down|status|kill-osd|start-osd DIR [...]"
  local cmd=$1
  DIR=$(realpath -m "$2")
  shift 2
  POOL=quarry
  CLASS_DIR=""
  while [[ $# -gt 0 && $1 == --* ]]; do
    case $1 in
      --class-dir) CLASS_DIR=$(realpath -m "$2"); shift 2 ;;
      --pool) POOL=$2; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  case $cmd in
    up) cmd_up ;;
    down) cmd_down ;;
    status) ceph_cli -s ;;
    kill-osd) cmd_kill_osd "${1:?osd id}" ;;
    start-osd) start_osd "${1:?osd id}" ;;
    *) die "unknown command ${cmd}" ;;
  esac
}

main "$@"
