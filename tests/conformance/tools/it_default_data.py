#!/usr/bin/env python3
"""Gaffer's default integration-test graph (AbstractStoreIT.createDefaultEdges
and createDefaultEntities, gchq/Gaffer integration-test) as Gaffer JSON
elements for the schema schemas/it_default.json.

Cases derived from Gaffer's ITs ("derived_it_*.json") embed this list as
their graph_input, so each case file stays self-contained:
    python3 tests/conformance/tools/it_default_data.py > /tmp/input.json
Prints a JSON list: 88 BasicEntity entities and 110 BasicEdge edges
for i in 0..10 (vertex prefixes A-D, 1-Source/2-Dest, 1-SourceDir/2-DestDir).
"""
import json

PREFIXES = ["A", "B", "C", "D"]
SOURCE, DEST = "1-Source", "2-Dest"
SOURCE_DIR, DEST_DIR = "1-SourceDir", "2-DestDir"
LONG = "java.lang.Long"


def edge(source, dest, directed):
    return {"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "BasicEdge",
            "source": source, "destination": dest, "directed": directed,
            "properties": {"intProperty": 1, "count": {LONG: 1}}}


def entity(vertex):
    return {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
            "vertex": vertex,
            "properties": {"count": {LONG: 1}, "setProperty": {"java.util.TreeSet": ["3"]}}}


def default_edges():
    # Gaffer keys them by EdgeId in a map: A<i>-A<i> directed and undirected
    # are two edges, and each appears once.
    out = []
    for i in range(11):
        for prefix in PREFIXES:
            out.append(edge(f"A{i}", f"{prefix}{i}", False))
            out.append(edge(f"A{i}", f"{prefix}{i}", True))
        out.append(edge(f"{SOURCE}{i}", f"{DEST}{i}", False))
        out.append(edge(f"{SOURCE_DIR}{i}", f"{DEST_DIR}{i}", True))
    return out


def default_entities():
    out = []
    for i in range(11):
        for prefix in PREFIXES:
            out.append(entity(f"{prefix}{i}"))
        for name in (SOURCE, DEST, SOURCE_DIR, DEST_DIR):
            out.append(entity(f"{name}{i}"))
    return out


if __name__ == "__main__":
    print(json.dumps(default_entities() + default_edges(), indent=1))
