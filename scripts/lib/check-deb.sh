# check-fresh-debian.sh --deb (branch service, issue 19): installs a Quarry
# .deb on the pristine root $ROOT and checks what an operator relies on.
# Sourced after the root is made; uses $ROOT, $WORK, mount_into and KEEP.

in_root() {  # in_root COMMAND...: runs a shell command in the root, output to the terminal.
  chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive /bin/bash -c "$*"
}

check_step() {  # check_step NAME COMMAND...: runs and records one check.
  local name=$1
  shift
  echo "== chroot: $name"
  set +e
  in_root "$@" 2>&1 | tail -25
  local status=${PIPESTATUS[0]}
  set -e
  RESULTS+=("$(printf '%-44s exit %s' "$name" "$status")")
  if [ "$status" != 0 ]; then FAILED=1; fi
}

check_deb() {
  local deb=$1 name
  name=$(basename "$deb")
  RESULTS=()
  FAILED=0
  cp "$deb" "$ROOT/root/$name"
  mount_into -t proc proc "$ROOT/proc"
  mount_into --rbind /dev "$ROOT/dev"
  mount_into -t sysfs sysfs "$ROOT/sys"
  mount_into -t tmpfs tmpfs "$ROOT/tmp"
  check_step "apt install ./$name" "apt-get update -qq && apt-get install -y -q ./root/$name"
  check_step "quarry --help" "quarry --help"
  check_step "quarry serve --help (--config, --request-log)" \
    "quarry serve --help | grep -E -- '--config FILE|--request-log FILE|--metrics-port'"
  check_step "quarry user, /var/lib/quarry, /etc/quarry" \
    "getent passwd quarry && stat -c '%U %a %n' /var/lib/quarry /var/log/quarry /etc/quarry"
  check_step "man page and unit installed" \
    "ls -l /usr/share/man/man1/quarry.1.gz /lib/systemd/system/quarry@.service \
       /usr/share/doc/quarry/examples/quarry-example.conf"
  check_step "quarry create/exec as user quarry" \
    "printf '%s' '{\"entities\": {\"E\": {\"vertex\": \"v\", \"properties\": {\"n\": \"n\"}}}, \
       \"types\": {\"v\": {\"class\": \"java.lang.String\"}, \
       \"n\": {\"class\": \"java.lang.Long\", \"aggregateFunction\": {\"class\": \"uk.gov.gchq.koryphe.impl.binaryoperator.Sum\"}}}}' \
       >/tmp/schema.json && chmod 644 /tmp/schema.json && \
     runuser -u quarry -- quarry create /var/lib/quarry/smoke --schema /tmp/schema.json && \
     echo '{\"class\": \"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements\"}' | \
       runuser -u quarry -- quarry exec /var/lib/quarry/smoke"
  check_step "apt install systemd man-db (for the unit check only)" \
    "apt-get install -y -q --no-install-recommends systemd man-db >/dev/null && systemd --version | head -1"
  check_step "systemd-analyze verify quarry@smoke.service" \
    "cp /usr/share/doc/quarry/examples/quarry-example.conf /etc/quarry/smoke.conf && \
     systemd-analyze verify quarry@smoke.service && echo verified"
  echo
  echo "== fresh Debian 12 (minbase): $name"
  printf '%s\n' "${RESULTS[@]}"
  if ((FAILED)); then KEEP=${KEEP:-1}; fi
  return $FAILED
}
