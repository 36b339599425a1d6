#!/usr/bin/python3
"""Runs the Gaffer conformance cases through `quarry serve`'s REST API.

For each case in tests/conformance/cases (the format is in README.md): create
a graph with the case's schema, serve it over HTTP with a users file holding
a loader (every data auth the case's input names, plus the admin op auth)
and the case's user, load graph_input with one AddElements over REST, run
the optional "setup" operations as the case's user, then POST "operation" to
/rest/graph/operations/execute as the case's user and compare the response
with "expected" as the case says. This is the same comparison as
tests/operations/conformance_test.cc, but over real HTTP and Gaffer's JSON
as a Gaffer client reads it.

Usage: run_rest.py --quarry BIN [--cases DIR] [NAME...]
Exit status 0 when every case passes; each failure is printed with its diff.
"""
import argparse
import base64
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import requests

ADMIN_AUTH = "admin"
SHORT_CLASSES = {
    "Entity": "uk.gov.gchq.gaffer.data.element.Entity",
    "Edge": "uk.gov.gchq.gaffer.data.element.Edge",
    "EntitySeed": "uk.gov.gchq.gaffer.operation.data.EntitySeed",
    "EdgeSeed": "uk.gov.gchq.gaffer.operation.data.EdgeSeed",
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def strings_in(value, out):
    """Every string in a JSON value: candidate visibility labels."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, list):
        for v in value:
            strings_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            strings_in(v, out)


def users_file(case, path):
    """The loader holds every label the input could carry; tokens are the ids."""
    labels = set()
    strings_in(case["graph_input"], labels)
    loader_auths = sorted(a for a in labels if a and len(a) < 64)
    user = case.get("user", {})
    entries = [{"userId": "loader", "dataAuths": loader_auths, "opAuths": [ADMIN_AUTH, "User"]}]
    if user.get("userId", "UNKNOWN") != "loader":
        entries.append({"userId": user.get("userId", "UNKNOWN"),
                        "dataAuths": user.get("dataAuths", []),
                        "opAuths": user.get("opAuths", ["User"])})
    for e in entries:
        e["tokenSha256"] = hashlib.sha256(e["userId"].encode()).hexdigest()
    with open(path, "w") as f:
        json.dump({"users": entries}, f)


def auth_header(user_id):
    token = base64.b64encode(("%s:%s" % (user_id, user_id)).encode()).decode()
    return {"Authorization": "Basic " + token, "Content-Type": "application/json"}


def normalised(value, matched_vertex):
    """`value` with full element class names, no matchedVertex (unless compared) and
    lists of elements sorted (the elements of a walk's hop or vertex have no order)."""
    if isinstance(value, list):
        items = [normalised(v, matched_vertex) for v in value]
        if items and all(isinstance(i, dict) and i.get("class") in SHORT_CLASSES.values()
                         for i in items):
            items.sort(key=lambda i: json.dumps(i, sort_keys=True))
        return items
    if not isinstance(value, dict):
        return value
    out = {k: normalised(v, matched_vertex) for k, v in value.items()}
    if out.get("class") in SHORT_CLASSES:
        out["class"] = SHORT_CLASSES[out["class"]]
    if out.get("class") in (SHORT_CLASSES["Entity"], SHORT_CLASSES["Edge"]):
        out.setdefault("properties", {})
        if not matched_vertex:
            out.pop("matchedVertex", None)
    return out


def canonical(item, matched_vertex, unordered_nested=False):
    """Gaffer's Element.equals as text (see normalised)."""
    if unordered_nested and isinstance(item, list):
        return json.dumps(sorted(canonical(i, matched_vertex) for i in item))
    return json.dumps(normalised(item, matched_vertex), sort_keys=True)


def compare(case, actual):
    """None when `actual` matches; otherwise a description of the difference."""
    mode = case.get("compare", "multiset")
    mv = case.get("compare_matched_vertex", False)
    nested = case.get("unordered_nested", False)
    expected = case["expected"]
    order_key = case.get("ordered_by_property")
    if order_key and isinstance(actual, list):
        keys = [i.get("properties", {}).get(order_key) for i in actual]
        if any(b < a for a, b in zip(keys, keys[1:])):
            return "not ordered by %s: %s" % (order_key, keys)
    if mode == "exact":
        return None if actual == expected else "got %s want %s" % (actual, expected)
    if mode == "group_counts_total":
        total = sum(sum(actual.get(k, {}).values()) for k in ("entityGroups", "edgeGroups"))
        ok = total == expected.get("total") and (
            "limitHit" not in expected or actual.get("limitHit", False) == expected["limitHit"])
        return None if ok else "got %s want %s" % (actual, expected)
    if mode == "ordered":
        got = [canonical(i, mv) for i in (actual if isinstance(actual, list) else [actual])]
        want = [canonical(i, mv) for i in (expected if isinstance(expected, list) else [expected])]
        return None if got == want else "ordered mismatch\ngot:  %s\nwant: %s" % (got, want)
    if mode == "subset" and not isinstance(actual, list):
        actual = [actual]
    if not isinstance(actual, list):
        return "not an array: %s" % json.dumps(actual)
    got = sorted(canonical(i, mv, nested) for i in actual)
    want = sorted(canonical(i, mv, nested) for i in expected)
    if mode == "multiset":
        ok = got == want
    elif mode == "set":
        ok = set(got) == set(want)
    elif mode == "subset":
        ok = len(got) == case.get("expected_size") and all(g in set(want) for g in got)
    else:
        return "unknown compare mode " + mode
    if ok:
        return None
    return "%s mismatch\ngot:\n  %s\nwant:\n  %s" % (mode, "\n  ".join(got), "\n  ".join(want))


class Server:
    """`quarry create` + `quarry serve --http-port` for one case."""

    def __init__(self, quarry, case, schema_path, root):
        self.dir = os.path.join(root, "graph")
        users = os.path.join(root, "users.json")
        users_file(case, users)
        created = subprocess.run([quarry, "create", self.dir, "--schema", schema_path],
                                 capture_output=True, text=True)
        if created.returncode != 0:
            raise RuntimeError("quarry create failed: " + created.stdout + created.stderr)
        self.port = free_port()
        self.log = open(os.path.join(root, "serve.log"), "w")
        self.proc = subprocess.Popen(
            [quarry, "serve", self.dir, "--http-port", str(self.port), "--users", users],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.url = "http://127.0.0.1:%d/rest/graph/operations/execute" % self.port
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                requests.get("http://127.0.0.1:%d/rest/graph/status" % self.port,
                             headers=auth_header("loader"), timeout=2)
                return
            except requests.ConnectionError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("quarry serve did not start; see " + self.log.name)

    def execute(self, user_id, operation):
        r = requests.post(self.url, data=json.dumps(operation), headers=auth_header(user_id),
                          timeout=60)
        if r.status_code != 200:
            raise RuntimeError("HTTP %d for %s: %s" % (r.status_code, user_id, r.text))
        return r.json() if r.text.strip() else None

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def run_case(quarry, cases_dir, name):
    with open(os.path.join(cases_dir, "cases", name + ".json")) as f:
        case = json.load(f)
    root = tempfile.mkdtemp(prefix="quarry_conf_rest_")
    try:
        server = Server(quarry, case, os.path.join(cases_dir, case["schema"]), root)
        try:
            add = {"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
                   "input": case["graph_input"]}
            add.update(case.get("add_elements_options", {}))
            server.execute("loader", add)
            user_id = case.get("user", {}).get("userId", "UNKNOWN")
            for op in case.get("setup", []):
                server.execute(user_id, op)
            actual = server.execute(user_id, case["operation"])
            return compare(case, actual)
        finally:
            server.stop()
    except (RuntimeError, requests.RequestException, ValueError) as e:
        return "error: %s" % e
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quarry", required=True)
    parser.add_argument("--cases", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = args.names or sorted(n[:-5] for n in os.listdir(os.path.join(args.cases, "cases"))
                                 if n.endswith(".json"))
    failed = []
    for name in names:
        problem = run_case(args.quarry, args.cases, name)
        print("%-60s %s" % (name, "ok" if problem is None else "FAILED"), flush=True)
        if problem is not None:
            print("  " + problem.replace("\n", "\n  "), flush=True)
            failed.append(name)
    print("%d cases, %d passed, %d failed" % (len(names), len(names) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
