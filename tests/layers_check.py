#!/usr/bin/python3
"""The layer rules of shared/design.md as a check (ctest `layers_check`).

Data flows one way, each folder one layer:
  graph-core < schema < keypackages < iterators < cls < store-rocks < operations < server < cli
  (cls/, the RADOS object class, is a library store-rados/ uses; store-rados
  sits beside store-rocks)
and examples, bench and tests sit on top. A source file may include headers
of its own folder and of folders below it, never above; RocksDB headers only
in store-rocks/ (and bench/rocksdb/, and their tests); Thrift headers only in
server/ (and bench/thrift/, and their tests); a folder's internal/ headers only
from that folder (and its tests under tests/<folder>/).

Usage: layers_check.py [REPO]   Prints each violation as FILE:LINE: why; exit 1 if any.
"""
import os
import re
import sys

LAYERS = ["graph-core", "schema", "keypackages", "iterators", "cls", "store-rocks", "store-rados",
          "operations", "server", "cli", "web"]
# store-rados sits beside store-rocks: neither may include the other.
SIBLINGS = {("store-rocks", "store-rados"), ("store-rados", "store-rocks")}
# Until the store interface moves out of store-rocks/ (the store/ folder),
# store-rados implements it from there: these headers only.
SIBLING_INTERFACE = {"store-rocks/graph.h", "store-rocks/store_properties.h"}
TOP = {"examples", "bench", "tests", "fuzz"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def rank(folder):
    return LAYERS.index(folder) if folder in LAYERS else len(LAYERS)


def owner(path):
    """The layer a file belongs to: tests/X/... and bench/X belong with X for the rules."""
    parts = path.split(os.sep)
    if parts[0] == "tests" and len(parts) > 1 and parts[1] in LAYERS:
        return parts[1], True
    return parts[0], False


def allowed_library(path, header):
    parts = path.split(os.sep)
    if header.startswith("rocksdb/"):
        return "store-rocks" in parts[:2] or parts[:2] == ["bench", "rocksdb"]
    if header.startswith("thrift/") or header.startswith("gen-cpp/"):
        return "server" in parts[:2] or parts[:2] == ["bench", "thrift"]
    if header.startswith("rados/objclass") or header.startswith("objclass/"):
        return "cls" in parts[:2]  # The object class only (cls/cls_quarry.cc, its tests).
    if header.startswith("rados/"):
        return "store-rados" in parts[:2] or "cls" in parts[:2]
    return True


def check_file(repo, path):
    folder, is_test = owner(path)
    problems = []
    with open(os.path.join(repo, path), errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            header = m.group(2)
            where = "%s:%d: " % (path, number)
            if not allowed_library(path, header):
                problems.append(where + "includes <%s> outside its layer" % header)
                continue
            target = header.split("/")[0]
            if target not in LAYERS and target not in TOP:
                continue
            if "/internal/" in "/" + header and target != folder:
                problems.append(where + "includes %s, another folder's internal header" % header)
            if folder in TOP or target in TOP:
                continue
            if (folder, target) in SIBLINGS and header in SIBLING_INTERFACE:
                continue
            if (folder, target) in SIBLINGS or rank(target) > rank(folder):
                problems.append(where + "%s includes %s from %s, a layer above it" %
                                (folder, header, target))
    return problems


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    problems = []
    for top in LAYERS + sorted(TOP):
        for root, dirs, files in os.walk(os.path.join(repo, top)):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "dist")]
            for name in files:
                if name.endswith((".h", ".cc", ".cpp")):
                    problems.append(check_file(repo, os.path.relpath(os.path.join(root, name),
                                                                     repo)))
    problems = [p for group in problems for p in group]
    for p in problems:
        print(p)
    print("layers_check: %d violations" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
