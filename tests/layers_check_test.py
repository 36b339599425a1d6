#!/usr/bin/python3
"""Tests of tests/layers_check.py (ctest `layers_check_selftest`): each rule
fails on a small tree made in a temporary directory that breaks it, and a
tree that keeps every rule passes."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layers_check  # noqa: E402

# A tree that keeps every rule: the store interface, a store, the wiring, and
# the layers above using store/ only.
CLEAN = {
    "graph-core/status.h": "#pragma once\n#include <string>\n",
    "iterators/element_iterator.h": '#include "graph-core/status.h"\n',
    "store/graph.h": '#include <map>\n#include "iterators/element_iterator.h"\n',
    "store/store_factory.h": '#include "store/graph.h"\n',
    "store-rocks/rocks_store.h": '#include "store/store_factory.h"\n',
    "store-rocks/internal/rocks_graph.h":
        '#include <rocksdb/db.h>\n#include <oneapi/tbb/task_arena.h>\n'
        '#include "store/graph.h"\n',
    "store-rocks/rocks_store.cc": '#include "store-rocks/internal/rocks_graph.h"\n',
    "stores/builtin_stores.cc": '#include "store-rocks/rocks_store.h"\n',
    "operations/executor.h": '#include "store/graph.h"\n',
    "server/service.cc": '#include "operations/executor.h"\n#include <thrift/TProcessor.h>\n',
    "cli/commands/serve.cc": '#include "store/graph.h"\n#include "server/service.h"\n',
    "cli/quarry_main.cc": '#include "stores/builtin_stores.h"\n',
    "tests/operations/fake_graph.h": '#include "store/graph.h"\n',
    "tests/store-rocks/graph_test.cc": '#include "store-rocks/internal/rocks_graph.h"\n',
    "tests/testutil/stores_main.cc": '#include "stores/builtin_stores.h"\n',
    "bench/rocksdb/raw_db.cc": '#include <rocksdb/db.h>\n',
}


def violations(overrides):
    """layers_check's violations on CLEAN with `overrides` (path -> text)."""
    files = dict(CLEAN)
    files.update(overrides)
    with tempfile.TemporaryDirectory() as repo:
        for path, text in files.items():
            full = os.path.join(repo, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        return layers_check.check_repo(repo)


class LayersCheckTest(unittest.TestCase):
    def assertOneViolation(self, overrides, where, why):
        found = violations(overrides)
        self.assertEqual(len(found), 1, found)
        self.assertTrue(found[0].startswith(where), found)
        self.assertIn(why, found[0])

    def test_a_tree_keeping_every_rule_passes(self):
        self.assertEqual(violations({}), [])

    def test_operations_including_a_concrete_store_fails(self):
        self.assertOneViolation(
            {"operations/executor.h": '#include "store-rocks/rocks_store.h"\n'},
            "operations/executor.h:1:", "only store/ may be included")

    def test_server_including_a_store_rocks_header_fails(self):
        self.assertOneViolation(
            {"server/service.cc": '#include "store-rocks/rocks_properties.h"\n'},
            "server/service.cc:1:", "only store/ may be included")

    def test_cli_outside_the_wiring_point_including_stores_fails(self):
        self.assertOneViolation(
            {"cli/commands/serve.cc": '#include "stores/builtin_stores.h"\n'},
            "cli/commands/serve.cc:1:", "only store/ may be included")

    def test_the_wiring_point_may_not_include_a_store_itself(self):
        self.assertOneViolation(
            {"cli/quarry_main.cc": '#include "store-rocks/rocks_store.h"\n'},
            "cli/quarry_main.cc:1:", "only store/ may be included")

    def test_tests_and_fakes_of_operations_follow_operations(self):
        self.assertOneViolation(
            {"tests/operations/fake_graph.h": '#include "store-rocks/rocks_store.h"\n'},
            "tests/operations/fake_graph.h:1:", "only store/ may be included")

    def test_store_including_rocksdb_fails(self):
        self.assertOneViolation({"store/graph.h": "#include <rocksdb/db.h>\n"},
                                "store/graph.h:1:", "includes <rocksdb/db.h>")

    def test_store_including_tbb_fails(self):
        self.assertOneViolation({"store/graph.h": "#include <oneapi/tbb/task_arena.h>\n"},
                                "store/graph.h:1:", "includes <oneapi/tbb/task_arena.h>")

    def test_store_including_librados_fails(self):
        self.assertOneViolation({"store/graph.h": "#include <rados/librados.hpp>\n"},
                                "store/graph.h:1:", "includes <rados/librados.hpp>")

    def test_store_reaching_tbb_through_a_lower_header_fails(self):
        found = violations({"iterators/element_iterator.h": "#include <tbb/tbb.h>\n"})
        self.assertEqual(len(found), 1, found)
        self.assertIn("store/graph.h:2:", found[0])
        self.assertIn("reaches <tbb/tbb.h> through iterators/element_iterator.h", found[0])

    def test_store_including_a_store_above_it_fails(self):
        self.assertOneViolation({"store/store_factory.h": '#include "store-rocks/rocks_store.h"\n'},
                                "store/store_factory.h:1:", "a layer above it")

    def test_rocksdb_outside_store_rocks_fails(self):
        self.assertOneViolation({"operations/executor.h": "#include <rocksdb/db.h>\n"},
                                "operations/executor.h:1:", "outside its layer")

    def test_thrift_outside_server_fails(self):
        self.assertOneViolation({"cli/quarry_main.cc": "#include <thrift/Thrift.h>\n"},
                                "cli/quarry_main.cc:1:", "outside its layer")

    def test_another_folders_internal_header_fails(self):
        self.assertOneViolation(
            {"stores/builtin_stores.cc": '#include "store-rocks/internal/rocks_graph.h"\n'},
            "stores/builtin_stores.cc:1:", "another folder's internal header")

    def test_including_a_layer_above_fails(self):
        self.assertOneViolation({"iterators/element_iterator.h": '#include "store/graph.h"\n'},
                                "iterators/element_iterator.h:1:", "a layer above it")


if __name__ == "__main__":
    unittest.main()
