# Sourced by the bench steps that run `quarry serve` (50-thrift, 55-hotkeys,
# 60-rest): one server at a time, always stopped when the step exits.
# REQUIRES: STEP (the step's name for messages) and QUARRY (the quarry binary)
# are set before start_server is called.

SERVER_PID=""
PORT=""

stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

# start_server GRAPH_DIR LOG [QUARRY_BINARY]: serves the graph over Thrift on
# a free port (--port 0) and sets SERVER_PID and PORT from its
# "listening on ADDR:PORT" line; 1 if it exits or is not up within 20 s.
start_server() {
  : >"$2"  # Exists before the first read below, whenever the child opens it.
  # The bench writes as the anonymous user, which a server without a users
  # file allows only with --anonymous-writes (issue 20); an older baseline
  # binary has no such flag and allows it anyway.
  # (The help is read whole first: `grep -q` in a pipe would stop reading
  # early, and under pipefail the writer's SIGPIPE would fail the test.)
  local writes=() help
  help=$("${3:-$QUARRY}" serve --help 2>&1 || true)
  if [[ $help == *--anonymous-writes* ]]; then
    writes=(--anonymous-writes)
  fi
  "${3:-$QUARRY}" serve "$1" --port 0 "${writes[@]}" >>"$2" 2>&1 &
  SERVER_PID=$!
  local i
  for i in $(seq 1 400); do
    PORT=$(sed -n 's/^listening on [^ ]*:\([0-9][0-9]*\).*/\1/p' "$2")
    [ -n "$PORT" ] && return 0
    # Exited (a zombie until waited for, so kill -0 alone would not tell).
    if ! kill -0 "$SERVER_PID" 2>/dev/null ||
      grep -q '^State:[[:space:]]*Z' "/proc/$SERVER_PID/status" 2>/dev/null; then
      echo "$STEP: quarry serve exited:" >&2
      cat "$2" >&2
      wait "$SERVER_PID" 2>/dev/null || true
      SERVER_PID=""
      return 1
    fi
    sleep 0.05
  done
  echo "$STEP: quarry serve did not start within 20 s:" >&2
  cat "$2" >&2
  return 1
}
