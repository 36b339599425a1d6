#!/usr/bin/python3
"""The layer rules of shared/design.md as a check (ctest `layers_check`).

Data flows one way, each folder one layer:
  graph-core < schema < keypackages < iterators < cls < store
    < store-rocks | store-rados < stores < operations < server < cli
(cls/, the RADOS object class, is built from the layers below it and used by
store-rados/)
and examples, bench, fuzz and tests sit on top. A source file may include
headers of its own folder and of folders below it, never above, and:
- RocksDB headers only in store-rocks/ (and bench/rocksdb/, and their tests);
  Thrift headers only in server/ (and bench/thrift/); librados only in
  store-rados/.
- store/, the store interface, reaches no RocksDB, TBB or librados header,
  not even through the project headers it includes.
- operations/, server/ and cli/ (and their tests and fakes) program against
  store/ only: they include nothing from a concrete store (store-rocks/,
  store-rados/) nor the wiring of stores (stores/), except the one place that
  wires the stores into the quarry binary (WIRING_POINTS).
- a folder's internal/ headers only from that folder (and its tests under
  tests/<folder>/).

Usage: layers_check.py [REPO]   Prints each violation as FILE:LINE: why; exit 1 if any.
"""
import os
import re
import sys

LAYERS = ["graph-core", "schema", "keypackages", "iterators", "cls", "store", "store-rocks",
          "store-rados", "stores", "operations", "server", "cli", "web"]
# store-rados sits beside store-rocks: neither may include the other.
SIBLINGS = {("store-rocks", "store-rados"), ("store-rados", "store-rocks")}
TOP = {"examples", "bench", "tests", "fuzz"}
# Layers that see stores only through store/ (store/graph.h, store/store_factory.h).
ABOVE_THE_STORE = {"operations", "server", "cli"}
CONCRETE_STORES = {"store-rocks", "store-rados", "stores"}
# The files of ABOVE_THE_STORE that may include stores/ (never a store itself).
WIRING_POINTS = {os.path.join("cli", "quarry_main.cc")}
# System headers store/ must not reach, directly or through project headers.
STORE_INTERFACE_BANS = ("rocksdb/", "tbb/", "oneapi/", "rados/", "radosstriper/", "objclass/")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCE_SUFFIXES = (".h", ".cc", ".cpp")


def rank(folder):
    return LAYERS.index(folder) if folder in LAYERS else len(LAYERS)


def owner(path):
    """The layer a file belongs to: tests/X/... belongs with X for the rules."""
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


def includes(repo, path):
    """(line number, '<' or '"', header) of each #include in a file."""
    out = []
    with open(os.path.join(repo, path), errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                out.append((number, m.group(1), m.group(2)))
    return out


def banned_reach(repo, path, seen):
    """The first banned system header `path` reaches, as a chain, or None."""
    for _, _, header in includes(repo, path):
        if header.startswith(STORE_INTERFACE_BANS):
            return [header]
        project = os.path.normpath(header)
        if project in seen or not os.path.isfile(os.path.join(repo, project)):
            continue
        seen.add(project)
        chain = banned_reach(repo, project, seen)
        if chain:
            return [header] + chain
    return None


def check_store_interface(repo, header):
    """store/ may not reach RocksDB, TBB or librados, even indirectly."""
    if header.startswith(STORE_INTERFACE_BANS):
        return "store/ (the store interface) includes <%s>" % header
    project = os.path.normpath(header)
    # store/'s own headers are checked themselves: follow the layers below.
    if not project.startswith("store" + os.sep) and os.path.isfile(os.path.join(repo, project)):
        chain = banned_reach(repo, project, {project})
        if chain:
            return "store/ (the store interface) reaches <%s> through %s" % (
                chain[-1], " -> ".join([header] + chain[:-1]))
    return None


def check_file(repo, path):
    folder, is_test = owner(path)
    problems = []
    for number, _, header in includes(repo, path):
        where = "%s:%d: " % (path, number)
        if folder == "store":
            why = check_store_interface(repo, header)
            if why:
                problems.append(where + why)
                continue
        if not allowed_library(path, header):
            problems.append(where + "includes <%s> outside its layer" % header)
            continue
        target = header.split("/")[0]
        if target not in LAYERS and target not in TOP:
            continue
        if "/internal/" in "/" + header and target != folder:
            problems.append(where + "includes %s, another folder's internal header" % header)
        if folder in ABOVE_THE_STORE and target in CONCRETE_STORES and not (
                target == "stores" and path in WIRING_POINTS):
            problems.append(where + "%s includes %s: above the store, only store/ may be "
                            "included (the stores are wired in at %s)" %
                            (folder, header, ", ".join(sorted(WIRING_POINTS))))
            continue
        if folder in TOP or target in TOP:
            continue
        if (folder, target) in SIBLINGS or rank(target) > rank(folder):
            problems.append(where + "%s includes %s from %s, a layer above it" %
                            (folder, header, target))
    return problems


def check_repo(repo):
    """Every violation in the tree at `repo`, as 'FILE:LINE: why' strings."""
    problems = []
    for top in LAYERS + sorted(TOP):
        for root, dirs, files in os.walk(os.path.join(repo, top)):
            dirs[:] = sorted(d for d in dirs if d not in ("node_modules", "dist"))
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    path = os.path.relpath(os.path.join(root, name), repo)
                    problems.extend(check_file(repo, path))
    return problems


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    problems = check_repo(repo)
    for p in problems:
        print(p)
    print("layers_check: %d violations" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
