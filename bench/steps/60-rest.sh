#!/usr/bin/env bash
# Step 60: Gaffer's REST API (bench/rest/). quarry-bench-rest builds the
# bench graph through the embedded store (compacted, as the embedded
# scenarios read it), `quarry serve` serves it on free loopback ports for
# both Thrift and HTTP, and quarry-bench-rest times a 1-hop query (one seed
# and 100 seeds a request) and a full scan over REST execute, REST chunked
# and the Thrift path of the same server. bench/report.py sets each REST
# line against the embedded store's and the Thrift path's.
# bench-targets: quarry quarry-bench-rest
#
# Env (bench/run.sh sets them): BENCH_BIN, BENCH_SIZE, BENCH_WORK (this step
# uses BENCH_WORK/rest), BENCH_REPO. The server is stopped on exit (trap).
set -euo pipefail
: "${BENCH_BIN:?}" "${BENCH_SIZE:?}" "${BENCH_WORK:?}" "${BENCH_REPO:?}"

QUARRY=$BENCH_BIN/cli/quarry
DRIVER=$BENCH_BIN/bench/quarry-bench-rest
WORK=$BENCH_WORK/rest
for f in "$QUARRY" "$DRIVER"; do
  [ -x "$f" ] || { echo "60-rest: $f is not built" >&2; exit 1; }
done

STEP=60-rest
# shellcheck source=bench/steps/lib/server.sh
. "$BENCH_REPO/bench/steps/lib/server.sh"

"$DRIVER" prepare --size "$BENCH_SIZE" --work "$WORK" --repo "$BENCH_REPO"

log=$WORK/serve.log
: >"$log"
"$QUARRY" serve "$WORK/graph" --port 0 --http-port 0 --anonymous-writes >>"$log" 2>&1 &
SERVER_PID=$!
port="" http_port=""
for _ in $(seq 1 400); do
  port=$(sed -n 's/^listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$log")
  http_port=$(sed -n 's/^http listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$log")
  [ -n "$port" ] && [ -n "$http_port" ] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null ||
    grep -q '^State:[[:space:]]*Z' "/proc/$SERVER_PID/status" 2>/dev/null; then
    echo "60-rest: quarry serve exited:" >&2
    cat "$log" >&2
    SERVER_PID=""
    exit 1
  fi
  sleep 0.05
done
if [ -z "$port" ] || [ -z "$http_port" ]; then
  echo "60-rest: quarry serve did not start within 20 s:" >&2
  cat "$log" >&2
  exit 1
fi

"$DRIVER" run --size "$BENCH_SIZE" --port "$port" --http-port "$http_port" \
  --server-pid "$SERVER_PID" --work "$WORK" --repo "$BENCH_REPO"
stop_server
rm -rf "$WORK/graph"
