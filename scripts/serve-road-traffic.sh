#!/usr/bin/env bash
# Gaffer's road-traffic REST demo on Quarry: builds if needed, creates the
# road-traffic graph from examples/gaffer-examples/road-traffic, serves it with
# Gaffer's REST API on 127.0.0.1:PORT (/rest, /rest/v2, /rest/latest), loads
# the sample CSV through REST as Gaffer's demo does (an OperationChain of
# GenerateElements with RoadTrafficStringElementGenerator over the CSV lines,
# then AddElements), in batches, and keeps serving until Ctrl-C.
#
# Usage: scripts/serve-road-traffic.sh [PORT]   (default 8080)
#   CSV=path   another road-traffic CSV (default: the 10,390-row sample)
#   BATCH=n    CSV lines per REST request (default 1000)
# Then, e.g.: curl http://127.0.0.1:8080/rest/graph/status
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${1:-8080}
DATA=examples/gaffer-examples/road-traffic
CSV=${CSV:-$DATA/roadTrafficSampleData.csv}
BATCH=${BATCH:-1000}
WORK=build/road-traffic-rest
GRAPH=$WORK/roadTraffic  # The graph id is the directory's name, as gafferpy's demo graph's.
QUARRY=build/cli/quarry
API=http://127.0.0.1:$PORT/rest

scripts/setup.sh example quarry
rm -rf "$GRAPH" && mkdir -p "$WORK"
"$QUARRY" create "$GRAPH" --schema "$DATA/elements.json" --schema "$DATA/types.json"

SERVE_LOG=$WORK/serve.log
# The batches below are posted as the anonymous user: --anonymous-writes
# (a server without a users file is otherwise read-only).
"$QUARRY" serve "$GRAPH" --http-port "$PORT" --anonymous-writes > "$SERVE_LOG" 2>&1 &
SERVER=$!
stop_server() {
  if kill -0 "$SERVER" 2>/dev/null; then
    kill -TERM "$SERVER"
    wait "$SERVER" || true
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM  # Exits through the EXIT trap, which stops the server.

# Python's standard library only: it waits for the server, then posts the batches.
/usr/bin/python3 - "$API" "$CSV" "$BATCH" "$SERVER" <<'PYTHON'
import json
import os
import sys
import time
import urllib.error
import urllib.request

api, csv_path, batch, server_pid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
GENERATOR = "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"


def alive():
    try:
        os.kill(server_pid, 0)
        return True
    except OSError:
        return False


deadline = time.time() + 60
while True:
    try:
        with urllib.request.urlopen(api + "/graph/status", timeout=5) as response:
            if response.status == 200:
                break
    except (urllib.error.URLError, ConnectionError):
        pass
    if not alive() or time.time() > deadline:
        sys.exit("quarry serve did not answer " + api + "/graph/status")
    time.sleep(0.2)


def load(lines):
    chain = {
        "class": "uk.gov.gchq.gaffer.operation.OperationChain",
        "operations": [
            {"class": "uk.gov.gchq.gaffer.operation.impl.generate.GenerateElements",
             "elementGenerator": {"class": GENERATOR},
             "input": lines},
            {"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
             "skipInvalidElements": False}]}
    request = urllib.request.Request(api + "/graph/operations/execute",
                                     data=json.dumps(chain).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=600).read()
    except urllib.error.HTTPError as error:
        sys.exit("loading failed: HTTP %d %s" % (error.code, error.read().decode()[:1000]))


# The header line goes in too, as in Gaffer's demo: the generator skips it.
with open(csv_path, encoding="utf-8") as csv:
    lines = [line.rstrip("\r\n") for line in csv if line.strip()]
started = time.time()
for first in range(0, len(lines), batch):
    load(lines[first:first + batch])
    print("loaded %d/%d CSV lines" % (min(first + batch, len(lines)), len(lines)), flush=True)
with urllib.request.urlopen(urllib.request.Request(
        api + "/graph/operations/execute",
        data=json.dumps({"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [
            {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
            {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]}).encode(),
        headers={"Content-Type": "application/json"})) as response:
    count = response.read().decode()
print("%s elements stored after loading in %.1f s" % (count, time.time() - started))
PYTHON

echo
echo "Serving Gaffer's REST API for graph roadTraffic at $API (also /rest/v2, /rest/latest)"
echo "  curl $API/graph/status"
echo "  Explorer (schema, query builder, table and graph): http://127.0.0.1:$PORT/ui/"
echo "  OpenAPI: $API/openapi.json     server log: $SERVE_LOG"
echo "Ctrl-C to stop."
wait "$SERVER"
