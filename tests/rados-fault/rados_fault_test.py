#!/usr/bin/env python3
"""Fault tests of Quarry's RADOS store (issue 14), through `quarry serve`.

  rados_fault_test.py --quarry BIN --test server-kills --conf CEPH_CONF
  rados_fault_test.py --quarry BIN --test two-servers --conf CEPH_CONF
  rados_fault_test.py --quarry BIN --test osd-faults --cluster-script SH --cluster-dir DIR
                      --class-dir DIR

Every write is an AddElements request to a server's REST API. Each request
adds entities of keys unique to it (count 1 each) and 1 to a shared "hot"
key, so the stored counts say exactly what happened to each request:
  * acknowledged (HTTP 200): every key present with count 1 (nothing lost,
    nothing counted twice);
  * not acknowledged (the server died or the request failed): each key 0 or 1
    (a request is atomic per tablet batch, not as a whole), never 2;
  * hot = acknowledged requests + the unacknowledged ones applied;
  * no other key.

server-kills: SIGKILL `quarry serve` mid-ingest 20 times.
sweeps: `quarry compact` and `quarry serve --sweep-interval-s` remove aged-off
  cells (the age-off sweeper).
two-servers: two `quarry serve` processes (two handles of one graph) ingest
  the same keys concurrently; the sums must be exact.
osd-faults: on a cluster of its own (started and always torn down here):
  SIGKILL one OSD mid-ingest (ingest and reads go on, counts exact), restart
  it (active+clean, answers unchanged), then kill two (writes fail within
  quarry.rados.op.timeout.s, reads fail or answer exactly), restart both
  (answers unchanged).
"""
import argparse
import atexit
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

SCHEMA = {
    "entities": {"Count": {"vertex": "string", "properties": {"count": "count.long"}}},
    "types": {
        "string": {"class": "java.lang.String"},
        "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    },
}
ADD = "uk.gov.gchq.gaffer.operation.impl.add.AddElements"
GET_ALL = "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"
KEYS_PER_REQUEST = 60
OP_TIMEOUT_S = 5


SERVERS = []  # Every server started: killed at exit, whatever happens.


def kill_servers():
    for server in SERVERS:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()


atexit.register(kill_servers)


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def entity(vertex, count=1):
    return {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "Count",
            "vertex": vertex, "properties": {"count": {"java.lang.Long": count}}}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(port, body, timeout):
    request = urllib.request.Request(
        "http://127.0.0.1:%d/rest/graph/operations/execute" % port,
        data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read() or b"null")


def create_graph(quarry, work, name, conf, tablets=8):
    props = os.path.join(work, name + ".properties")
    with open(props, "w") as f:
        f.write("quarry.store=rados\nquarry.rados.conf=%s\nquarry.rados.pool=quarry\n"
                "quarry.rados.graph=%s\nquarry.rados.tablets=%d\n"
                "quarry.rados.op.timeout.s=%d\n" % (conf, name, tablets, OP_TIMEOUT_S))
    schema = os.path.join(work, "schema.json")
    with open(schema, "w") as f:
        json.dump(SCHEMA, f)
    graph_dir = os.path.join(work, name)
    subprocess.run([quarry, "create", graph_dir, "--schema", schema, "--store-properties", props],
                   check=True, stdout=subprocess.DEVNULL)
    return graph_dir


class Server:
    def __init__(self, quarry, graph_dir, log, flags=("--sweep-interval-s", "0")):
        self.port = free_port()
        self.proc = subprocess.Popen(
            [quarry, "serve", graph_dir, "--http-port", str(self.port), "--anonymous-writes"] +
            list(flags), stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        SERVERS.append(self)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.proc.poll() is not None:
                fail("quarry serve exited with %s (log: %s)" % (self.proc.returncode, log.name))
            try:
                urllib.request.urlopen("http://127.0.0.1:%d/rest/graph/status" % self.port,
                                       timeout=2).read()
                return
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                time.sleep(0.05)
        fail("quarry serve did not answer within 30 s")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()


class Ledger:
    """What each request was told, by request id."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acked, self.unacked = set(), set()
        self.next_id = 0

    def new_id(self, tag):
        with self.lock:
            self.next_id += 1
            return "%s%d" % (tag, self.next_id)

    def record(self, rid, ok):
        with self.lock:
            (self.acked if ok else self.unacked).add(rid)


def send_request(port, ledger, tag, timeout):
    """One AddElements of fresh keys; returns (ok, seconds)."""
    rid = ledger.new_id(tag)
    elements = [entity("%s-k%d" % (rid, j)) for j in range(KEYS_PER_REQUEST)] + [entity("hot")]
    start = time.time()
    try:
        post(port, {"class": ADD, "input": elements}, timeout)
        ok = True
    except (urllib.error.URLError, ConnectionError, socket.timeout, OSError):
        ok = False
    ledger.record(rid, ok)
    return ok, time.time() - start


def read_counts(port, timeout=60):
    result = post(port, {"class": GET_ALL}, timeout)
    counts = {}
    for e in result:
        c = e["properties"]["count"]
        counts[e["vertex"]] = c["java.lang.Long"] if isinstance(c, dict) else c
    return counts


def read_counts_of(port, group):
    return [e for e in post(port, {"class": GET_ALL}, 60) if e.get("group") == group]


def check(counts, ledger, what):
    applied = 0
    for rid in ledger.acked | ledger.unacked:
        keys = [counts.get("%s-k%d" % (rid, j), 0) for j in range(KEYS_PER_REQUEST)]
        if rid in ledger.acked and keys != [1] * KEYS_PER_REQUEST:
            fail("%s: acknowledged request %s has counts %s" % (what, rid, sorted(set(keys))))
        if any(k > 1 for k in keys):
            fail("%s: request %s counted twice" % (what, rid))
        applied += rid in ledger.unacked and any(keys)
    known = {"hot"} | {"%s-k%d" % (r, j) for r in ledger.acked | ledger.unacked
                       for j in range(KEYS_PER_REQUEST)}
    unknown = set(counts) - known
    if unknown:
        fail("%s: keys no request wrote: %s" % (what, sorted(unknown)[:5]))
    hot = counts.get("hot", 0)
    lo, hi = len(ledger.acked), len(ledger.acked) + len(ledger.unacked)
    if not lo <= hot <= hi:
        fail("%s: hot = %d, outside [%d, %d]" % (what, hot, lo, hi))
    print("%s: %d acknowledged requests exact, %d unacknowledged (%d applied at least in part), "
          "hot = %d" % (what, len(ledger.acked), len(ledger.unacked), applied, hot), flush=True)


def server_kills(args, work, log):
    graph = create_graph(args.quarry, work, "faultkill%d" % os.getpid(), args.conf)
    ledger = Ledger()
    rng = random.Random(14)
    for round_ in range(20):
        server = Server(args.quarry, graph, log)
        stop = threading.Event()

        def ingest():
            while not stop.is_set():
                send_request(server.port, ledger, "s%d-" % round_, 30)

        clients = [threading.Thread(target=ingest) for _ in range(2)]
        for c in clients:
            c.start()
        time.sleep(rng.uniform(0.2, 0.7))
        stop.set()  # Each client ends after the request it has in flight...
        server.kill()  # ... which the kill interrupts.
        for c in clients:
            c.join()
    server = Server(args.quarry, graph, log)
    check(read_counts(server.port), ledger, "after 20 server kills")
    if len(ledger.acked) < 20 or len(ledger.unacked) > 40:
        fail("%d requests acknowledged, %d not, in 20 rounds of 2 clients"
             % (len(ledger.acked), len(ledger.unacked)))
    server.stop()


def two_servers(args, work, log):
    graph = create_graph(args.quarry, work, "faulttwo%d" % os.getpid(), args.conf)
    second = graph + "-handle2"  # A second handle of the same graph.
    os.makedirs(second)
    shutil.copy(os.path.join(graph, "quarry.rados.properties"), second)
    servers = [Server(args.quarry, graph, log), Server(args.quarry, second, log)]
    requests, shared = 40, 60
    errors = []

    def ingest(server):
        for _ in range(requests):
            elements = [entity("shared-%d" % j) for j in range(shared)] + [entity("hot", 2)]
            try:
                post(server.port, {"class": ADD, "input": elements}, 60)
            except Exception as e:  # noqa: BLE001 - any failure fails the test
                errors.append(repr(e))

    clients = [threading.Thread(target=ingest, args=(s,)) for s in servers for _ in range(2)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    if errors:
        fail("requests failed: %s" % errors[:3])
    expected = len(clients) * requests
    for server in servers:
        counts = read_counts(server.port)
        wrong = {k: v for k, v in counts.items() if v != (2 * expected if k == "hot" else expected)}
        if wrong or len(counts) != shared + 1:
            fail("two servers: wrong sums %s (%d keys)" % (sorted(wrong.items())[:5], len(counts)))
    print("two servers: %d requests through 2 servers, every sum exact (%d per key)"
          % (expected, expected), flush=True)
    for s in servers:
        s.stop()


def aged_entities(path, prefix, n, time_ms):
    with open(path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"class": "uk.gov.gchq.gaffer.data.element.Entity",
                                "group": "Aged", "vertex": "%s%d" % (prefix, i),
                                "properties": {"time": {"java.lang.Long": time_ms}}}) + "\n")


def info_keys(quarry, graph):
    out = subprocess.run([quarry, "info", graph], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        if line.startswith("totals:"):
            return int(line.split("~")[1].split()[0])
    fail("no totals line in quarry info: " + out)


def sweeps(args, work, log):
    """`quarry compact` and `quarry serve --sweep-interval-s` remove aged-off
    cells from a RADOS graph (they are hidden from scans at once)."""
    schema = os.path.join(work, "aged.json")
    with open(schema, "w") as f:
        json.dump({"entities": {"Aged": {"vertex": "string", "properties": {"time": "aged"}}},
                   "types": {"string": {"class": "java.lang.String"},
                             "aged": {"class": "java.lang.Long",
                                      "aggregateFunction": {"class": "Max"},
                                      "validateFunctions": [{"class": "AgeOff",
                                                             "ageOffTime": 60000}]}}}, f)
    props = os.path.join(work, "sweep.properties")
    with open(props, "w") as f:
        f.write("quarry.store=rados\nquarry.rados.conf=%s\nquarry.rados.tablets=4\n" % args.conf)
    graph = os.path.join(work, "faultsweep%d" % os.getpid())
    subprocess.run([args.quarry, "create", graph, "--schema", schema, "--store-properties", props],
                   check=True, stdout=subprocess.DEVNULL)
    now = int(time.time() * 1000)
    fresh, old = os.path.join(work, "fresh.json"), os.path.join(work, "old.json")
    aged_entities(fresh, "new", 10, now + 3600 * 1000)
    aged_entities(old, "old", 30, now - 3600 * 1000)

    def add_old():
        subprocess.run([args.quarry, "add", graph, old, "--no-validate", "--no-progress"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    subprocess.run([args.quarry, "add", graph, fresh, "--no-progress"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    add_old()
    if info_keys(args.quarry, graph) != 40:
        fail("expected 40 stored keys before the sweep")
    out = subprocess.run([args.quarry, "compact", graph], check=True, capture_output=True,
                         text=True).stdout
    if "Aged: 30 invalid" not in out or info_keys(args.quarry, graph) != 10:
        fail("quarry compact did not sweep the 30 aged-off cells: " + out)
    add_old()
    server = Server(args.quarry, graph, log, ["--sweep-interval-s", "1"])
    if len(read_counts_of(server.port, "Aged")) != 10:
        fail("a scan showed aged-off elements")
    deadline = time.time() + 30
    while info_keys(args.quarry, graph) != 10:
        if time.time() > deadline:
            fail("quarry serve's periodic sweep did not remove the aged-off cells")
        time.sleep(0.5)
    server.stop()
    print("sweeps: quarry compact and quarry serve's periodic sweep removed 30 aged-off cells "
          "each, keeping 10", flush=True)


def cluster(args, *command):
    subprocess.run([args.cluster_script, command[0], args.cluster_dir] + list(command[1:]),
                   check=True, stdout=subprocess.DEVNULL)


def ceph(conf, *command):
    return subprocess.run(["timeout", "20", "ceph", "-c", conf] + list(command),
                          capture_output=True, text=True).stdout


def wait_clean(conf, limit):
    """Until every placement group is active+clean; the time it happened."""
    deadline = time.time() + limit
    stat = ""
    while time.time() < deadline:
        stat = ceph(conf, "pg", "stat")
        words = stat.split()
        if len(words) > 3 and words[1] == "pgs:" and words[0] == words[2] and \
                words[3].startswith("active+clean"):
            return time.time()
        time.sleep(1)
    fail("placement groups not active+clean within %d s: %s" % (limit, stat))


def wait_osds_up(conf, up, limit):
    """Until `up` OSDs are up and no placement group is peering."""
    deadline = time.time() + limit
    stat = ""
    while time.time() < deadline:
        stat = ceph(conf, "osd", "stat")
        if (" %d up" % up) in stat and "peering" not in ceph(conf, "pg", "stat"):
            return
        time.sleep(1)
    fail("not %d OSDs up within %d s: %s" % (up, limit, stat))


def osd_faults(args, work, log):
    conf = os.path.join(args.cluster_dir, "ceph.conf")
    subprocess.run([args.cluster_script, "down", args.cluster_dir], stdout=subprocess.DEVNULL)
    cluster(args, "up", "--class-dir", args.class_dir)
    try:
        graph = create_graph(args.quarry, work, "faultosd%d" % os.getpid(), conf)
        server = Server(args.quarry, graph, log)
        ledger = Ledger()
        stop = threading.Event()
        slowest = [0.0]

        def ingest():
            while not stop.is_set():
                ok, seconds = send_request(server.port, ledger, "o", 60)
                slowest[0] = max(slowest[0], seconds)

        client = threading.Thread(target=ingest)
        client.start()
        time.sleep(1.5)
        cluster(args, "kill-osd", "0")
        killed_at = time.time()
        wait_osds_up(conf, 2, 60)
        time.sleep(6)
        acked_before = len(ledger.acked)
        time.sleep(3)
        stop.set()
        client.join()
        if len(ledger.acked) <= acked_before or ledger.unacked:
            fail("ingest did not go on after one OSD died: %d acked, %d failed"
                 % (len(ledger.acked), len(ledger.unacked)))
        print("one OSD killed: ingest went on (slowest request %.1f s)" % slowest[0], flush=True)
        counts = read_counts(server.port)  # Reads work with one OSD down.
        check(counts, ledger, "one OSD down")
        cluster(args, "start-osd", "0")
        clean_at = wait_clean(conf, 120)
        print("osd.0 restarted: active+clean %.0f s after the kill" % (clean_at - killed_at),
              flush=True)
        if read_counts(server.port) != counts:
            fail("answers changed after the OSD came back")
        cluster(args, "kill-osd", "0")
        cluster(args, "kill-osd", "1")
        wait_osds_up(conf, 1, 60)
        ok, seconds = send_request(server.port, ledger, "x", OP_TIMEOUT_S + 60)
        if ok:
            fail("a write succeeded with two of three OSDs down")
        if seconds > OP_TIMEOUT_S + 15:
            fail("a write took %.1f s to fail (op timeout %d s)" % (seconds, OP_TIMEOUT_S))
        print("two OSDs killed: the write failed in %.1f s" % seconds, flush=True)
        try:
            during = read_counts(server.port, OP_TIMEOUT_S + 60)
            if during != counts:
                fail("a read with two OSDs down gave a wrong answer")
            print("two OSDs killed: a read still answered, exactly", flush=True)
        except (urllib.error.URLError, ConnectionError, socket.timeout, OSError) as e:
            print("two OSDs killed: a read failed cleanly (%s)" % type(e).__name__, flush=True)
        cluster(args, "start-osd", "0")
        cluster(args, "start-osd", "1")
        wait_clean(conf, 180)
        final = read_counts(server.port)
        check(final, ledger, "after both OSDs came back")
        server.stop()
    finally:
        subprocess.run([args.cluster_script, "down", args.cluster_dir], stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quarry", required=True)
    parser.add_argument("--test", required=True, choices=["server-kills", "two-servers",
                                                          "osd-faults", "sweeps"])
    parser.add_argument("--conf", default=os.environ.get("QUARRY_RADOS_CONF", ""))
    parser.add_argument("--cluster-script")
    parser.add_argument("--cluster-dir")
    parser.add_argument("--class-dir")
    args = parser.parse_args()
    if args.test != "osd-faults" and not args.conf:
        print("QUARRY_RADOS_CONF unset: run under ctest -L rados; skipped")
        return 0
    work = tempfile.mkdtemp(prefix="quarry-rados-fault-")
    log_path = os.path.join(work, "serve.log")
    start = time.time()
    with open(log_path, "w") as log:
        {"server-kills": server_kills, "two-servers": two_servers, "osd-faults": osd_faults,
         "sweeps": sweeps}[args.test](args, work, log)
    print("%s: passed in %.0f s" % (args.test, time.time() - start))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
