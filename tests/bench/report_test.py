#!/usr/bin/python3
"""Tests of bench/report.py: pairing, ratios, targets and the items check."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "..", "..", "bench", "report.py")
sys.dont_write_bytecode = True  # Keep bench/ free of __pycache__.
sys.path.insert(0, os.path.dirname(REPORT))
import report  # noqa: E402


def result(scenario, system, value, higher=True, items=-1, metric="events/s"):
    return {"scenario": scenario, "system": system, "metric": metric, "value": value,
            "higher_is_better": higher, "items": items, "peak_rss_bytes": 1 << 20}


class RatioTest(unittest.TestCase):
    def test_higher_is_better_is_quarry_over_reference(self):
        self.assertAlmostEqual(report.ratio(result("ingest", "quarry", 60),
                                            result("ingest", "rocksdb", 100)), 0.6)

    def test_lower_is_better_is_inverted(self):
        q = result("age-off-compaction", "quarry", 4.0, higher=False, metric="seconds")
        ref = result("age-off-compaction", "rocksdb", 1.0, higher=False, metric="seconds")
        self.assertAlmostEqual(report.ratio(q, ref), 0.25)

    def test_zero_reference_has_no_ratio(self):
        self.assertIsNone(report.ratio(result("ingest", "quarry", 1), result("ingest", "rocksdb", 0)))


class HumanValueTest(unittest.TestCase):
    def test_three_significant_digits_in_the_unit_they_round_to(self):
        def shown(value):
            return report.human_value(result("full-scan", "quarry", value, metric="elements/s"))
        self.assertEqual(shown(999730), "1M elements/s")
        self.assertEqual(shown(999400), "999k elements/s")
        self.assertEqual(shown(1234567), "1.23M elements/s")
        self.assertEqual(shown(999.8), "1k elements/s")
        self.assertEqual(shown(42), "42 elements/s")


class TargetTest(unittest.TestCase):
    def test_issue_targets(self):
        self.assertEqual(report.target_for("ingest", "quarry", "rocksdb"), 0.6)
        self.assertEqual(report.target_for("bulk-import", "quarry", "rocksdb"), 0.5)
        self.assertEqual(report.target_for("1hop-hub-single", "quarry", "rocksdb"), 0.5)
        self.assertEqual(report.target_for("ingest", "quarry-thrift-json-4c", "postgres"), 3.0)
        self.assertEqual(report.target_for("1hop-uniform-batch100", "quarry", "sqlite"), 3.0)
        self.assertIsNone(report.target_for("ingest", "quarry-thrift-json-1c", "rocksdb"))
        self.assertIsNone(report.target_for("full-scan", "quarry", "rocksdb"))

    def test_row_says_pass_or_miss(self):
        row = report.make_row("ingest", "quarry", result("ingest", "quarry", 50),
                              "rocksdb", result("ingest", "rocksdb", 100))
        self.assertEqual(row[5], "0.50")
        self.assertEqual(row[6], ">= 0.6 MISS")
        row = report.make_row("ingest", "quarry", result("ingest", "quarry", 70),
                              "rocksdb", result("ingest", "rocksdb", 100))
        self.assertEqual(row[6], ">= 0.6 PASS")


class ItemsTest(unittest.TestCase):
    def test_agreeing_and_unset_items_pass(self):
        by_system = {"quarry": result("full-scan", "quarry", 1, items=10),
                     "rocksdb": result("full-scan", "rocksdb", 1, items=10),
                     "sqlite": result("full-scan", "sqlite", 1, items=-1)}
        self.assertEqual(report.check_items("full-scan", by_system), [])

    def test_disagreeing_items_are_reported(self):
        by_system = {"quarry": result("full-scan", "quarry", 1, items=10),
                     "postgres": result("full-scan", "postgres", 1, items=11)}
        problems = report.check_items("full-scan", by_system)
        self.assertEqual(len(problems), 1)
        self.assertIn("postgres=11", problems[0])


class PassesTest(unittest.TestCase):
    def test_no_passes_no_lines(self):
        by_system = {"quarry": result("full-scan", "quarry", 5)}
        self.assertEqual(report.passes_lines("full-scan", by_system), [])

    def test_every_pass_listed_and_first_passes_compared(self):
        q = result("1hop-uniform-single", "quarry", 80000)
        q["passes"] = [24000, 80000, 82000]
        ref = result("1hop-uniform-single", "rocksdb", 90000)
        ref["passes"] = [30000, 90000, 91000]
        lines = report.passes_lines("1hop-uniform-single", {"quarry": q, "rocksdb": ref})
        self.assertEqual(lines, [
            "1hop-uniform-single, quarry: 24k, 80k, 82k",
            "1hop-uniform-single, rocksdb: 30k, 90k, 91k",
            "1hop-uniform-single, first passes: quarry/rocksdb 0.80",
        ])


class EndToEndTest(unittest.TestCase):
    def run_report(self, lines):
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            f.write("\n".join(lines) + "\n")
        try:
            return subprocess.run([sys.executable, REPORT, f.name, "--size", "quick"],
                                  capture_output=True, text=True, check=False)
        finally:
            os.unlink(f.name)

    def test_table_pairs_every_quarry_system_with_every_reference(self):
        lines = ["RESULT " + json.dumps(r) for r in (
            result("ingest", "quarry", 80), result("ingest", "rocksdb", 100),
            result("ingest", "quarry-thrift-json-1c", 40), result("ingest", "postgres", 10))]
        lines.append("not a result line")
        out = self.run_report(lines)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        rows = [l for l in out.stdout.splitlines() if l.startswith("| ingest")]
        self.assertEqual(len(rows), 4)
        self.assertIn("size=quick", out.stdout)
        self.assertIn("nproc=", out.stdout)

    def test_served_systems_are_set_against_embedded_and_thrift(self):
        lines = ["RESULT " + json.dumps(r) for r in (
            result("full-scan", "quarry", 100, items=7),
            result("full-scan", "quarry-embedded-step60", 125, items=7),
            result("full-scan", "rocksdb", 200, items=7),
            result("full-scan", "quarry-thrift-paged", 50, items=7),
            result("full-scan", "quarry-rest-execute", 25, items=7))]
        out = self.run_report(lines)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)

        def ratios(system):
            rows = [[c.strip() for c in l.split("|")[1:-1]] for l in out.stdout.splitlines()
                    if l.startswith("| full-scan")]
            return {row[3]: row[5] for row in rows if row[1] == system}
        # REST / rocksdb, / both embedded scans, / Thrift.
        self.assertEqual(ratios("quarry-rest-execute"),
                         {"rocksdb": "0.12", "quarry": "0.25", "quarry-embedded-step60": "0.20",
                          "quarry-thrift-paged": "0.50"})
        # The Thrift path against both embedded scans, not against REST.
        self.assertEqual(ratios("quarry-thrift-paged"),
                         {"rocksdb": "0.25", "quarry": "0.50", "quarry-embedded-step60": "0.40"})

    def test_items_mismatch_fails(self):
        out = self.run_report(["RESULT " + json.dumps(r) for r in (
            result("full-scan", "quarry", 1, items=5), result("full-scan", "rocksdb", 1, items=6))])
        self.assertEqual(out.returncode, 1)
        self.assertIn("items disagree on full-scan", out.stdout)

    def test_no_results_fails(self):
        self.assertEqual(self.run_report([]).returncode, 1)


if __name__ == "__main__":
    unittest.main()
