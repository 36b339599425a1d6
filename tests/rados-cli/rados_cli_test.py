#!/usr/bin/env python3
"""The CLI on a RADOS graph beside a RocksDB graph (issue 14: the CLI works
unchanged): `quarry schema`, `quarry check` and the read-only opens of
`quarry info` / `quarry exec --read-only`, on the ctest fixture's cluster.

  rados_cli_test.py --quarry BIN [--conf CEPH_CONF]

Each command runs on both stores and the answers are compared: the same
schema changes refused with the same messages and exit code, the same
accepted change, the same elements afterwards, the same key count from
`quarry check`. Then RADOS-only expectations (README, "Quarry on a Ceph
cluster"): a stray omap key planted with the `rados` tool is reported by
`quarry check` naming the tablet object and the key in hex (exit 1, as a
damaged RocksDB graph); read-only opens refuse writes naming the graph.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

SCHEMA = {
    "entities": {"Count": {"vertex": "string", "properties": {"count": "count.long"}}},
    "edges": {"Link": {"source": "string", "destination": "string", "directed": "true",
                       "properties": {"count": "count.long"}}},
    "types": {
        "string": {"class": "java.lang.String"},
        "true": {"class": "java.lang.Boolean", "validateFunctions": [{"class": "IsTrue"}]},
        "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    },
}
# Allowed (store/schema_migration.h): a new group.
EXTENDED = json.loads(json.dumps(SCHEMA))
EXTENDED["entities"]["Extra"] = {"vertex": "string"}
# Refused: a removed property, a removed group.
REFUSED = json.loads(json.dumps(SCHEMA))
REFUSED["entities"]["Count"]["properties"] = {}
del REFUSED["edges"]
GET_ALL = {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"}
ENTITY = "uk.gov.gchq.gaffer.data.element.Entity"
EDGE = "uk.gov.gchq.gaffer.data.element.Edge"


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def run(quarry, *args, expect=0):
    done = subprocess.run([quarry] + list(args), capture_output=True, text=True, timeout=120)
    if expect is not None and done.returncode != expect:
        fail("quarry %s exited %d, expected %d\nstdout: %s\nstderr: %s" %
             (" ".join(args), done.returncode, expect, done.stdout, done.stderr))
    return done


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f)
    return path


def elements(seed):
    rng = random.Random(seed)
    out = []
    for _ in range(200):
        a, b = "v%d" % rng.randrange(30), "v%d" % rng.randrange(30)
        n = {"java.lang.Long": rng.randrange(1, 9)}
        if rng.random() < 0.5:
            out.append({"class": ENTITY, "group": "Count", "vertex": a, "properties": {"count": n}})
        else:
            out.append({"class": EDGE, "group": "Link", "source": a, "destination": b,
                        "directed": True, "properties": {"count": n}})
    return out


def all_elements(quarry, graph, *flags):
    out = run(quarry, "exec", graph, *flags, OPS["get_all"]).stdout
    return sorted(json.dumps(e, sort_keys=True) for e in json.loads(out))


def check_line(stdout):
    lines = stdout.strip().splitlines()
    return lines[-1] if lines else ""


OPS = {}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quarry", required=True)
    parser.add_argument("--conf", default=os.environ.get("QUARRY_RADOS_CONF", ""))
    args = parser.parse_args()
    if not args.conf:
        fail("no cluster: set QUARRY_RADOS_CONF or --conf (ctest -L rados does)")
    q = args.quarry
    with tempfile.TemporaryDirectory(prefix="quarry-rados-cli-") as work:
        schema = write_json(os.path.join(work, "schema.json"), SCHEMA)
        extended = write_json(os.path.join(work, "extended.json"), EXTENDED)
        refused = write_json(os.path.join(work, "refused.json"), REFUSED)
        first = write_json(os.path.join(work, "first.json"), elements(1))
        extra = write_json(os.path.join(work, "extra.json"),
                           elements(2) + [{"class": ENTITY, "group": "Extra", "vertex": "x"}])
        OPS["get_all"] = write_json(os.path.join(work, "get_all.json"), GET_ALL)
        add_op = write_json(os.path.join(work, "add.json"), {
            "class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
            "input": [{"class": ENTITY, "group": "Count", "vertex": "ro",
                       "properties": {"count": {"java.lang.Long": 1}}}]})
        name = "cli%d" % os.getpid()
        props = os.path.join(work, "rados.properties")
        with open(props, "w") as f:
            f.write("quarry.store=rados\nquarry.rados.conf=%s\nquarry.rados.pool=quarry\n"
                    "quarry.rados.tablets=8\n" % args.conf)
        rados_graph, rocks_graph = os.path.join(work, name), os.path.join(work, "rocks")
        run(q, "create", rados_graph, "--schema", schema, "--store-properties", props)
        run(q, "create", rocks_graph, "--schema", schema)
        graphs = (rados_graph, rocks_graph)
        for g in graphs:
            run(q, "add", g, first, "--no-progress")

        # quarry schema: the same refusal, then the same accepted change.
        refusals = [run(q, "schema", g, "--schema", refused, expect=1).stderr for g in graphs]
        if refusals[0] != refusals[1] or "refused" not in refusals[0]:
            fail("the refusals differ:\nrados: %s\nrocks: %s" % tuple(refusals))
        accepted = [run(q, "schema", g, "--schema", extended).stdout.replace(g, "GRAPH")
                    for g in graphs]
        if accepted[0] != accepted[1] or "updated: 2 entity groups (was 1)" not in accepted[0]:
            fail("the accepted changes differ:\nrados: %s\nrocks: %s" % tuple(accepted))
        for g in graphs:
            run(q, "add", g, extra, "--no-progress")
        on_rados, on_rocks = all_elements(q, rados_graph), all_elements(q, rocks_graph)
        if on_rados != on_rocks or not any('"Extra"' in e for e in on_rados):
            fail("after the schema change the stores' elements differ")

        # quarry check: clean, with the RocksDB graph's key count.
        rados_check = check_line(run(q, "check", rados_graph).stdout)
        rocks_check = check_line(run(q, "check", rocks_graph).stdout)
        rocks_keys = rocks_check.split(", ")[1].split(":")[0]
        if rados_check != "checked 8 RADOS tablet object(s), %s: no damage found" % rocks_keys:
            fail("quarry check: %r (the RocksDB graph: %r)" % (rados_check, rocks_check))
        tablet = name + ".tablet.3"
        rados = ["rados", "-c", args.conf, "-p", "quarry"]
        subprocess.run(rados + ["setomapval", tablet, "zz", "v"], check=True)
        damaged = run(q, "check", rados_graph, expect=1)
        if (tablet + ": key 7a7a: belongs to no group of the schema") not in damaged.stdout or \
                "DAMAGED" not in damaged.stdout or "DATA_LOSS" not in damaged.stderr:
            fail("quarry check missed the stray key:\n" + damaged.stdout + damaged.stderr)
        subprocess.run(rados + ["rmomapkey", tablet, "zz"], check=True)
        run(q, "check", rados_graph)

        # Read-only opens: reads as a plain open, writes refused naming the graph.
        info = run(q, "info", rados_graph, "--read-only")
        if "reads see the RADOS pool as it is at each read" not in info.stderr or \
                "Extra" not in info.stdout:
            fail("quarry info --read-only: " + info.stdout + info.stderr)
        if all_elements(q, rados_graph, "--read-only") != on_rados:
            fail("quarry exec --read-only read other elements")
        refused_write = run(q, "exec", rados_graph, "--read-only", add_op, expect=1).stderr
        if "FAILED_PRECONDITION" not in refused_write or \
                ("RADOS graph '%s'" % name) not in refused_write:
            fail("a write through a read-only open: " + refused_write)
        run(q, "exec", rocks_graph, "--read-only", add_op, expect=1)
        if all_elements(q, rados_graph) != on_rados:
            fail("the refused write changed the graph")
    print("rados_cli: quarry schema, check and read-only opens agree with the RocksDB store")


if __name__ == "__main__":
    main()
