#!/usr/bin/python3
"""Prints the benchmark table from the RESULT lines of one run (bench/run.sh).

Usage: report.py RESULTS_JSONL --size quick|full [--build-dir DIR] [--failed STEP ...]

Each input line is `RESULT {json}` (bench/common/report.h) or the bare JSON.
One table row per (scenario, Quarry system, reference system) measured in
this run; a scenario with no reference (server RSS) or no Quarry figure still
gets a row. The REST systems (quarry-rest-*) are also set against the
embedded store (quarry, step 10; quarry-embedded-step60, the same graph a
minute before the served scans) and every Thrift path (quarry-thrift-*)
measured on the same scenario: what the HTTP transport costs. The ratio is Quarry / reference, inverted for lower-is-better
metrics, so a ratio above 1 always means Quarry did better. Targets are the
issue's (issue 7, stated for the full size).

A read scenario timed in passes (bench/common/passes.h) reports the median
pass as its value; a section after the table lists every pass of every system
and the ratios of the first (coldest) passes, so that a cold start is not hidden
by the median.

Exit status: 0, or 1 if the `items` of two systems disagree on a scenario
(the systems did not return the same results: a bug, not a slowdown), or if
no result was read at all. Standard library only.
"""

import argparse
import json
import os
import platform
import sys
import time

REFERENCES = ("rocksdb", "postgres", "sqlite")

# Display order of scenarios; unknown ones follow, sorted.
SCENARIOS = (
    "ingest", "bulk-import",
    "1hop-uniform-single", "1hop-uniform-batch100",
    "1hop-hub-single", "1hop-hub-batch100", "1hop-uniform-batch100-view",
    "full-scan", "age-off-compaction",
    "server-rss-ingest", "server-rss-scan",
)


def target_for(scenario, quarry_system, reference):
    """The issue's minimum ratio for this pair, or None."""
    if reference == "rocksdb":
        if quarry_system != "quarry":
            return None  # The physical-limit targets are for the embedded graph layer.
        if scenario == "ingest":
            return 0.6
        if scenario == "bulk-import":
            return 0.5
        if scenario.startswith("1hop-"):
            return 0.5
        return None
    if reference in ("postgres", "sqlite"):
        if scenario == "ingest" or scenario.startswith("1hop-"):
            return 3.0
    return None


def read_results(path):
    results = []
    if not os.path.exists(path):
        return results
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("RESULT "):
                line = line[len("RESULT "):]
            if not line.startswith("{"):
                continue
            try:
                r = json.loads(line)
            except ValueError:
                print("report: ignoring a malformed result line: " + line[:200], file=sys.stderr)
                continue
            if isinstance(r, dict) and isinstance(r.get("scenario"), str) and \
                    isinstance(r.get("system"), str) and \
                    isinstance(r.get("value"), (int, float)):
                results.append(r)
    return results


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def ram_bytes():
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def build_type(build_dir):
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    return line.split("=", 1)[1].strip() or "?"
    except OSError:
        pass
    return "?"


def header(size, build_dir):
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    parts = ["size=%s" % size, "nproc=%d" % (os.cpu_count() or 0), "cpu=%s" % cpu_model(),
             "ram=%s" % human_bytes(ram_bytes()), "date=%s" % date]
    if build_dir:
        parts.append("build=%s" % build_type(build_dir))
    return "Quarry benchmark: " + ", ".join(parts)


def human_bytes(n):
    if not isinstance(n, (int, float)) or n <= 0:
        return "-"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return ("%.0f %s" if unit == "B" else "%.1f %s") % (n, unit)
        n /= 1024.0
    return "-"


def human_value(r):
    if r is None:
        return "-"
    v = float(r["value"])
    metric = r.get("metric", "")
    if metric == "bytes":
        return human_bytes(v)
    if metric == "seconds":
        return "%.3g s" % v
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        # 999,730 is "1M", not "1e+03k": three significant digits round it up.
        if abs(v) >= scale * 0.9995:
            return "%.3g%s %s" % (v / scale, suffix, metric)
    return "%.3g %s" % (v, metric)


def ratio(q, ref):
    """Quarry / reference, inverted when lower is better; None if undefined."""
    qv, rv = float(q["value"]), float(ref["value"])
    if q.get("higher_is_better", True):
        return qv / rv if rv > 0 else None
    return rv / qv if qv > 0 else None


def order_key(scenario):
    return (SCENARIOS.index(scenario), "") if scenario in SCENARIOS else (len(SCENARIOS), scenario)


def in_house_references(quarry_system, by_system):
    """For a served scan: the embedded scans measured (step 10's, and step
    60's of the graph it serves); for a REST system also the Thrift paths.
    For the RADOS store (rados2, issue 14): the RocksDB store of the same run."""
    if quarry_system == "quarry-rados":
        return ["quarry-rocks"] if "quarry-rocks" in by_system else []
    served_scan = quarry_system == "quarry-thrift-paged"
    if not quarry_system or not (served_scan or quarry_system.startswith("quarry-rest")):
        return []
    refs = [s for s in ("quarry", "quarry-embedded-step60") if s in by_system]
    if served_scan:
        return refs
    return refs + sorted(s for s in by_system if s.startswith("quarry-thrift"))


def rows_for(scenario, by_system):
    quarry = sorted(s for s in by_system if s.startswith("quarry"))
    refs = [s for s in REFERENCES if s in by_system]
    refs += sorted(s for s in by_system if s not in REFERENCES and not s.startswith("quarry"))
    rows = []
    for q in quarry or [None]:
        q_refs = refs + in_house_references(q, by_system)
        for ref in q_refs or [None]:
            rows.append(make_row(scenario, q, by_system.get(q), ref, by_system.get(ref)))
    return rows


def make_row(scenario, q_name, q, ref_name, ref):
    r = ratio(q, ref) if q is not None and ref is not None else None
    target = target_for(scenario, q_name, ref_name) if q_name and ref_name else None
    if target is None:
        target_text = "-"
    elif r is None:
        target_text = ">= %g ?" % target
    else:
        target_text = ">= %g %s" % (target, "PASS" if r >= target else "MISS")
    return [scenario, q_name or "-", human_value(q), ref_name or "-", human_value(ref),
            "%.2f" % r if r is not None else "-", target_text,
            human_bytes(q.get("peak_rss_bytes")) if q else "-",
            human_bytes(ref.get("peak_rss_bytes")) if ref else "-"]


def check_items(scenario, by_system):
    """Messages for systems whose `items` disagree on a scenario."""
    counted = {s: r.get("items") for s, r in by_system.items()
               if isinstance(r.get("items"), int) and r.get("items") >= 0}
    if len(set(counted.values())) <= 1:
        return []
    listed = ", ".join("%s=%d" % (s, n) for s, n in sorted(counted.items()))
    return ["items disagree on %s: %s" % (scenario, listed)]


def short(v):
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if abs(v) >= scale * 0.9995:
            return "%.3g%s" % (v / scale, suffix)
    return "%.3g" % v


def passes_lines(scenario, by_system):
    """Every pass of each system timed in passes, and the first passes' ratios
    of each Quarry system to each reference; [] if no system has passes."""
    timed = {s: r["passes"] for s, r in by_system.items()
             if isinstance(r.get("passes"), list) and r["passes"]}
    if not timed:
        return []
    lines = ["%s, %s: %s" % (scenario, s, ", ".join(short(float(v)) for v in timed[s]))
             for s in sorted(timed)]
    firsts = []
    for q in sorted(s for s in timed if s.startswith("quarry")):
        for ref in sorted(s for s in timed if not s.startswith("quarry")):
            first = {"value": timed[q][0],
                     "higher_is_better": by_system[q].get("higher_is_better", True)}
            r = ratio(first, {"value": timed[ref][0]})
            if r is not None:
                firsts.append("%s/%s %.2f" % (q, ref, r))
    if firsts:
        lines.append("%s, first passes: %s" % (scenario, ", ".join(firsts)))
    return lines


def print_table(rows):
    head = ["scenario", "quarry system", "value", "reference", "value", "ratio", "target",
            "quarry RSS", "ref RSS"]
    widths = [max(len(str(row[i])) for row in [head] + rows) for i in range(len(head))]
    def fmt(row):
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |"
    print(fmt(head))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(fmt(row))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results")
    parser.add_argument("--size", default="quick")
    parser.add_argument("--build-dir", default="")
    parser.add_argument("--failed", nargs="*", default=[])
    args = parser.parse_args()

    results = read_results(args.results)
    scenarios = {}
    for r in results:
        # A repeated (scenario, system) keeps its last line.
        scenarios.setdefault(r["scenario"], {})[r["system"]] = r
    print(header(args.size, args.build_dir))
    if args.size != "full":
        print("(targets are the issue's, stated for the full size; at %s size they are only "
              "indicative)" % args.size)
    rows, problems, passes = [], [], []
    for scenario in sorted(scenarios, key=order_key):
        rows += rows_for(scenario, scenarios[scenario])
        problems += check_items(scenario, scenarios[scenario])
        passes += passes_lines(scenario, scenarios[scenario])
    if rows:
        print_table(rows)
    if passes:
        print("\nTimed passes (the value above is their median), in order:")
        for line in passes:
            print("- " + line)
    for step in args.failed:
        print("FAILED step: " + step)
    for p in problems:
        print("ERROR: " + p)
    if not results:
        print("ERROR: no RESULT lines were produced")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
