// Contract: for random graphs, seeds and options, the union of a package's
// ranges plus its filter selects exactly the rows the independent model
// (seed_model.h, from gaffer-compat.md §9) selects. Run over both packages.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "keypackages/key_package.h"
#include "tests/keypackages/seed_model.h"
#include "tests/keypackages/test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::ModelRow;
using ::quarry::testing::RandomElements;
using ::quarry::testing::Selection;
using ::quarry::testing::StatusIs;
using namespace std::string_literals;

struct StoredRow {
  std::string value;
  size_t element;
};

class KeyPackageRangesTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(package_, MakeKeyPackage(GetParam(), testing::KeyPackageTestSchema()));
  }
  bool byte_entity() const { return package_->Name() == kByteEntityKeyPackageName; }

  // A random graph whose elements all have distinct keys.
  void BuildGraph(RandomElements& gen, int n) {
    for (int i = 0; i < 6; ++i) pool_.push_back(gen.Vertex());
    for (int i = 0; i < n; ++i) {
      Element e = gen.Next(pool_);
      std::vector<KeyValue> kvs;
      ASSERT_OK(package_->Encode(e, 1, &kvs));
      bool clash = false;
      for (const KeyValue& kv : kvs) clash = clash || store_.count(kv.key) > 0;
      if (clash) continue;
      for (KeyValue& kv : kvs) store_[kv.key] = StoredRow{kv.value, elements_.size()};
      for (const ModelRow& r : testing::ModelRowsOf(e, elements_.size())) rows_.push_back(r);
      elements_.push_back(std::move(e));
    }
  }

  SeedOptions RandomOptions(std::mt19937& rng, bool allow_equal) {
    SeedOptions o;
    const int mask = 1 + static_cast<int>(rng() % 3);
    o.include_entities = (mask & 1) != 0;
    o.include_edges = (mask & 2) != 0;
    o.directed_type = static_cast<DirectedType>(rng() % 3);
    o.include_incoming_outgoing = static_cast<IncludeIncomingOutgoing>(rng() % 3);
    o.seed_matching_equal = allow_equal && rng() % 6 == 0;
    return o;
  }

  std::string AnyVertex(RandomElements& gen) {
    return gen.rng()() % 5 == 0 ? gen.Vertex() : pool_[gen.rng()() % pool_.size()];
  }

  // Rows in `ranges` (merged first) that `filter` accepts, as decoded.
  Selection Scan(std::vector<KeyRange> ranges, const std::optional<RowFilter>& filter,
                 bool check_prefix_seek) {
    MergeOverlapping(&ranges);
    Selection out;
    for (const KeyRange& r : ranges) {
      for (auto it = store_.lower_bound(r.start); it != store_.end(); ++it) {
        if (!r.Contains(it->first)) {
          if (r.has_end() && it->first >= r.end) break;
          continue;
        }
        if (filter.has_value()) {
          Result<bool> ok = package_->Accepts(it->first, *filter);
          EXPECT_OK(ok.status());
          if (!ok.ok() || !ok.value()) continue;
        }
        Result<Element> e = package_->Decode(it->first, it->second.value);
        EXPECT_OK(e.status());
        if (!e.ok()) continue;
        EXPECT_EQ(e.value(), elements_[it->second.element]);
        MatchedVertex m = e.value().matched_vertex().value_or(MatchedVertex::kSource);
        EXPECT_TRUE(out.insert({it->second.element, m}).second) << "row returned twice";
        if (check_prefix_seek) {
          EXPECT_EQ(KeyPackage::RowPrefix(it->first), KeyPackage::RowPrefix(r.start));
        }
      }
    }
    return out;
  }

  std::unique_ptr<const KeyPackage> package_;
  std::vector<std::string> pool_;
  std::vector<Element> elements_;
  std::vector<ModelRow> rows_;
  std::map<std::string, StoredRow> store_;
};

TEST_P(KeyPackageRangesTest, SeededScansMatchModel) {
  const uint32_t seed = 9001;
  RandomElements gen(seed);
  BuildGraph(gen, 120);
  int nonempty = 0;
  for (int round = 0; round < 400; ++round) {
    SeedOptions o = RandomOptions(gen.rng(), true);
    std::vector<ElementId> seeds;
    std::vector<KeyRange> ranges;
    for (int i = 1 + static_cast<int>(gen.rng()() % 3); i > 0; --i) {
      if (gen.rng()() % 2 == 0) {
        seeds.push_back(EntitySeed{Value::String(AnyVertex(gen))});
      } else {
        seeds.push_back(MakeEdgeSeed(Value::String(AnyVertex(gen)), Value::String(AnyVertex(gen)),
                                     static_cast<DirectedType>(gen.rng()() % 3)));
      }
      ASSERT_OK(package_->RangesFor(seeds.back(), o, &ranges));
    }
    Selection got = Scan(ranges, package_->FilterFor(ScanKind::kSeeded, o), false);
    Selection want = testing::ModelSeeded(rows_, seeds, o, byte_entity());
    ASSERT_EQ(got, want) << "seed " << seed << " round " << round;
    nonempty += want.empty() ? 0 : 1;
  }
  EXPECT_GT(nonempty, 200) << "the random seeds should mostly hit stored rows";
}

// Ranges for one EntitySeed stay within the vertex's prefix, so a prefix
// bloom filter on RowPrefix can answer them.
TEST_P(KeyPackageRangesTest, EntitySeedRangesStayWithinRowPrefix) {
  const uint32_t seed = 77;
  RandomElements gen(seed);
  BuildGraph(gen, 80);
  for (int round = 0; round < 100; ++round) {
    SeedOptions o = RandomOptions(gen.rng(), false);
    std::vector<KeyRange> ranges;
    std::string v = AnyVertex(gen);
    ASSERT_OK(package_->RangesFor(EntitySeed{Value::String(v)}, o, &ranges));
    for (const KeyRange& r : ranges) {
      ASSERT_TRUE(InRowPrefixDomain(r.start)) << r.DebugString();
      Scan({r}, package_->FilterFor(ScanKind::kSeeded, o), true);
    }
  }
}

TEST_P(KeyPackageRangesTest, AllElementsReturnsEachStoredElementOnce) {
  const uint32_t seed = 4242;
  RandomElements gen(seed);
  BuildGraph(gen, 150);
  for (int round = 0; round < 12; ++round) {
    SeedOptions o = RandomOptions(gen.rng(), false);
    std::optional<RowFilter> filter = package_->FilterFor(ScanKind::kAllElements, o);
    ASSERT_TRUE(filter.has_value());
    std::multiset<size_t> got;
    for (const auto& [key, row] : store_) {
      ASSERT_OK_AND_ASSIGN(bool keep, package_->Accepts(key, *filter));
      if (!keep) continue;
      got.insert(row.element);
      ASSERT_OK_AND_ASSIGN(Element e, package_->Decode(key, row.value));
      EXPECT_EQ(e, elements_[row.element]);
    }
    EXPECT_EQ(got, testing::ModelAllElements(elements_, o))
        << "seed " << seed << " round " << round;
  }
}

TEST_P(KeyPackageRangesTest, InRangesMatchModel) {
  const uint32_t seed = 31337;
  RandomElements gen(seed);
  BuildGraph(gen, 120);
  int nonempty = 0;
  for (int round = 0; round < 200; ++round) {
    SeedOptions o = RandomOptions(gen.rng(), false);
    std::vector<std::pair<std::string, std::string>> pairs;
    std::vector<KeyRange> ranges;
    for (int i = 1 + static_cast<int>(gen.rng()() % 2); i > 0; --i) {
      pairs.emplace_back(AnyVertex(gen), AnyVertex(gen));
      ASSERT_OK(package_->RangesBetween(EntitySeed{Value::String(pairs.back().first)},
                                        EntitySeed{Value::String(pairs.back().second)}, o,
                                        &ranges));
    }
    Selection got = Scan(ranges, package_->FilterFor(ScanKind::kRanges, o), false);
    Selection want = testing::ModelInRanges(rows_, pairs, o);
    ASSERT_EQ(got, want) << "seed " << seed << " round " << round;
    nonempty += want.empty() ? 0 : 1;
  }
  EXPECT_GT(nonempty, 100) << "the random pairs should mostly span stored rows";
}

// §9.6: EntitySeed(A) twice, plus EdgeSeed(A, B) whose ranges lie inside
// A's, scan each row once.
TEST_P(KeyPackageRangesTest, BatchRangesAreMerged) {
  std::vector<ElementId> seeds = {
      EntitySeed{Value::String("A")}, EntitySeed{Value::String("A")},
      MakeEdgeSeed(Value::String("A"), Value::String("B"), DirectedType::kEither)};
  SeedOptions edges_only;
  edges_only.include_entities = false;
  std::vector<KeyRange> ranges;
  ASSERT_OK(package_->RangesForBatch(seeds, edges_only, &ranges));
  ASSERT_EQ(ranges.size(), 1u);
  EXPECT_EQ(KeyPackage::RowPrefix(ranges[0].start), "A\0"s);
  std::vector<KeyRange> single;
  ASSERT_OK(package_->RangesFor(seeds[0], edges_only, &single));
  EXPECT_EQ(ranges, single);
}

TEST_P(KeyPackageRangesTest, NeitherEntitiesNorEdgesIsInvalid) {
  SeedOptions o;
  o.include_entities = false;
  o.include_edges = false;
  std::vector<KeyRange> ranges;
  EXPECT_THAT(package_->RangesFor(EntitySeed{Value::String("A")}, o, &ranges),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(
      package_->RangesFor(
          MakeEdgeSeed(Value::String("A"), Value::String("B"), DirectedType::kEither), o, &ranges),
      StatusIs(StatusCode::kInvalidArgument));
}

TEST_P(KeyPackageRangesTest, UnserialisableSeedIsInvalid) {
  std::vector<KeyRange> ranges;
  EXPECT_THAT(package_->RangesFor(EntitySeed{Value::Int64(5)}, SeedOptions{}, &ranges),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(package_->RangesFor(EntitySeed{Value()}, SeedOptions{}, &ranges),
              StatusIs(StatusCode::kInvalidArgument));
}

INSTANTIATE_TEST_SUITE_P(Packages, KeyPackageRangesTest,
                         ::testing::Values(std::string("byteEntity"), std::string("classic")));

}  // namespace
}  // namespace quarry
