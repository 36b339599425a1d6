#!/usr/bin/python3
"""Prints the README's operations reference from a running Quarry REST API.

Usage: scripts/operations-reference.py [BASE_URL]   (default http://localhost:8080/rest)

It reads what the server itself lists (GET /graph/operations/details and the
/graph/config/*Functions, *Generators lists), so the README names exactly
what Quarry runs. Operations are grouped as the pages of Gaffer's operations
guide group them; functions as Koryphe and Gaffer package them. Run it against
a server whose users file has a user with the admin op auth, given as
QUARRY_AUTH=userId:token, so that the admin operations are listed too.
"""
import os
import sys

import requests

# The operations guide's pages (gaffer-doc v2docs docs/reference/operations-guide/),
# by simple class name. An operation on no page goes by its package.
GUIDE_PAGES = [
    ("Core", ["AddElements", "DeleteElements", "Aggregate", "Count", "CountGroups", "Filter",
              "Limit", "Min", "Max", "Sort", "Reduce", "Map", "Transform", "ToArray", "ToCsv",
              "ToEntitySeeds", "ToList", "ToMap", "ToSet", "ToSingletonList", "ToStream",
              "ToVertices", "GetGraphCreatedTime", "GetSchema", "GetTraits", "DeleteAllData",
              "DiscardOutput", "HasTrait", "Validate", "ValidateOperationChain",
              "CountAllElementsDefaultView"]),
    ("Get", ["GetElements", "GetAdjacentIds", "GetAllElements", "GetWalks"]),
    ("Flow control", ["If", "While", "ForEach", "SetVariable", "GetVariable", "GetVariables"]),
    ("Join", ["Join"]),
    ("Named operations and views", ["AddNamedOperation", "GetAllNamedOperations",
                                    "NamedOperation", "DeleteNamedOperation", "AddNamedView",
                                    "DeleteNamedView", "GetAllNamedViews"]),
    ("Export", ["ExportToSet", "GetSetExport", "ExportToGafferResultCache",
                "GetGafferResultCacheExport", "GetExports", "ExportToLocalFile",
                "ImportFromLocalFile"]),
    ("Generate", ["GenerateElements", "GenerateObjects"]),
    ("Job", ["GetJobDetails", "GetAllJobDetails", "GetJobResults", "CancelScheduledJob"]),
    ("Accumulo store", ["GetElementsBetweenSets", "GetElementsBetweenSetsPairs",
                        "GetElementsWithinSet", "GetElementsInRanges", "SummariseGroupOverRanges",
                        "SplitStoreFromIterable", "SplitStoreFromFile",
                        "SampleElementsForSplitPoints", "GenerateSplitPointsFromSample",
                        "AddElementsFromFile"]),
    ("Misc", ["ScoreOperationChain"]),
]

FUNCTION_LISTS = [
    ("Predicates (filterFunctions)", "/graph/config/filterFunctions"),
    ("Functions (transformFunctions)", "/graph/config/transformFunctions"),
    ("Binary operators (aggregationFunctions)", "/graph/config/aggregationFunctions"),
    ("Element generators", "/graph/config/elementGenerators"),
    ("Object generators", "/graph/config/objectGenerators"),
]


def simple(name):
    return name.rsplit(".", 1)[-1]


def package(name):
    return name.rsplit(".", 1)[0]


def grouped_operations(details):
    by_simple = {simple(d["name"]): d for d in details}
    groups, placed = [], set()
    for title, names in GUIDE_PAGES:
        found = [by_simple[n] for n in names if n in by_simple]
        placed.update(d["name"] for d in found)
        if found:
            groups.append((title, found))
    rest = [d for d in details if d["name"] not in placed]
    for pkg in sorted({package(d["name"]) for d in rest}):
        title = "Quarry" if ".quarry." in pkg else pkg
        groups.append((title, [d for d in rest if package(d["name"]) == pkg]))
    return groups


def by_package(classes):
    out = {}
    for c in classes:
        out.setdefault(package(c), []).append(simple(c))
    return sorted(out.items())


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://localhost:8080/rest"
    auth = tuple(os.environ["QUARRY_AUTH"].split(":", 1)) if "QUARRY_AUTH" in os.environ else None
    get = lambda path: requests.get(base + path, auth=auth, timeout=30).json()
    details = get("/graph/operations/details")
    print("#### Operations (%d)\n" % len(details))
    for title, ops in grouped_operations(details):
        print("**%s.** %s\n" % (title, ", ".join("`%s`" % simple(d["name"]) for d in ops)))
    for title, path in FUNCTION_LISTS:
        classes = get(path)
        print("#### %s (%d)\n" % (title, len(classes)))
        for pkg, names in by_package(classes):
            print("- `%s`: %s" % (pkg, ", ".join(sorted(names))))
        print()


if __name__ == "__main__":
    main()
