// ElementFilterIterator's hand-off of decoded elements (decode once per
// cell): what it hands up must be exactly what KeyPackage::Decode returns for
// the current cell, and the scan's output must not change because of it.
#include "iterators/element_filter_iterator.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "iterators/scan_element_iterator.h"
#include "tests/iterators/scan_test_data.h"
#include "tests/iterators/test_schemas.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

constexpr unsigned kSeed = 20261121;

KvMap RoadData(const KeyPackage& package) {
  std::mt19937 rng(kSeed);
  return EncodeAll(package, RandomRoadTrafficElements(rng, 60), rng);
}

// RoadUse validated (undirected or negative-count RoadUse edges are
// invalid); other groups untested.
std::unique_ptr<ElementFilterIterator> ValidateRoadUse(std::unique_ptr<KvIterator> source,
                                                       const KeyPackage& package,
                                                       bool matched_vertex) {
  ElementFilterOptions options;
  options.matched_vertex = matched_vertex;
  options.groups["RoadUse"] = ElementTests{true, ElementFilter()};
  return std::make_unique<ElementFilterIterator>(std::move(source), package, options);
}

TEST(ElementFilterIteratorTest, HandsUpTheDecodedElementOfTestedCellsOnly) {
  for (bool matched_vertex : {true, false}) {
    SCOPED_TRACE("seed " + std::to_string(kSeed) + " matched_vertex " +
                 std::to_string(matched_vertex));
    auto package = Package("byteEntity", RoadTrafficSchema());
    KvMap data = RoadData(*package);
    auto it = ValidateRoadUse(std::make_unique<MemoryKvIterator>(&data), *package, matched_vertex);
    int tested = 0, untested = 0;
    for (it->Seek(KeyRange::All()); it->Valid(); it->Next()) {
      ASSERT_OK_AND_ASSIGN(Element expected, package->Decode(it->key(), it->value()));
      Element* decoded = it->DecodedElement();
      if (expected.group() != "RoadUse") {
        EXPECT_EQ(decoded, nullptr);
        ++untested;
        continue;
      }
      ASSERT_NE(decoded, nullptr);
      EXPECT_EQ(*decoded, expected);
      // The matched vertex stays as decoded, whatever the option.
      EXPECT_EQ(decoded->matched_vertex(), expected.matched_vertex());
      EXPECT_TRUE(decoded->directed());
      ++tested;
    }
    EXPECT_OK(it->status());
    EXPECT_GT(tested, 0);
    EXPECT_GT(untested, 0);
  }
}

// Two filter layers and the output stage share one decode; the output is
// what decoding every kept cell gives.
TEST(ElementFilterIteratorTest, StackedLayersAndOutputStageSeeTheCellsOwnElement) {
  auto package = Package("classic", RoadTrafficSchema());
  KvMap data = RoadData(*package);
  Result<ElementFilter> more_than_two = ParseElementFilter(Json::parse(R"([{"selection": ["count"],
                         "predicate": {"class": "IsMoreThan", "value": {"Long": 2}}}])"),
                                                           "filter");
  ASSERT_OK(more_than_two.status());
  ElementFilterOptions upper;
  upper.matched_vertex = false;
  upper.groups["RoadUse"] = ElementTests{false, *more_than_two};
  auto stack = std::make_unique<ElementFilterIterator>(
      ValidateRoadUse(std::make_unique<MemoryKvIterator>(&data), *package, false), *package, upper);
  ScanElementIterator scan(std::move(stack), *package, {}, /*matched_vertex=*/false);
  scan.Seek(KeyRange::All());

  std::vector<Element> expected;
  for (const auto& [key, value] : data) {
    ASSERT_OK_AND_ASSIGN(Element e, package->Decode(key, value));
    e.set_matched_vertex(std::nullopt);
    if (e.group() == "RoadUse") {
      const Value& count = e.properties().Get("count");
      if (!e.directed() || count.is_null() || count.AsInt64() <= 2) continue;
    }
    expected.push_back(std::move(e));
  }
  std::vector<Element> got;
  for (; scan.Valid(); scan.Next()) {
    EXPECT_EQ(scan.element().matched_vertex(), std::nullopt);
    got.push_back(scan.element());
  }
  EXPECT_OK(scan.status());
  EXPECT_EQ(got, expected) << "seed " << kSeed;
}

}  // namespace
}  // namespace quarry::testing
