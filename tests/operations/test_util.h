// Helpers for the operations tests: an executor over the FakeGraph loaded
// with the gaffer-doc operations example, and JSON multiset comparison.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "operations/executor.h"
#include "tests/operations/fake_graph.h"

namespace quarry {

struct DocFixture {
  std::shared_ptr<FakeGraph> graph;
  std::unique_ptr<Executor> executor;
  User user;

  explicit DocFixture(ExecutorLimits limits = {}) {
    graph = FakeGraph::WithDocSchema();
    graph->LoadDocExampleData();
    executor = std::make_unique<Executor>(graph, limits);
  }
  Result<Json> Run(std::string_view text) const { return executor->Execute(user, text); }
};

// Sorted compact dumps: order-insensitive, duplicates counted.
inline std::vector<std::string> SortedDumps(const Json& array) {
  std::vector<std::string> out;
  if (!array.is_array()) return {array.dump()};
  for (const Json& j : array) out.push_back(j.dump());
  std::sort(out.begin(), out.end());
  return out;
}

// True if `actual` (a JSON array) equals `expected` (JSON array text) as a multiset.
inline ::testing::AssertionResult SameMultiset(const Json& actual, std::string_view expected) {
  Json want = Json::parse(expected, nullptr, false);
  if (want.is_discarded()) return ::testing::AssertionFailure() << "bad expected JSON";
  if (SortedDumps(actual) == SortedDumps(want)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "actual " << actual.dump() << "\nexpected " << want.dump();
}

}  // namespace quarry
