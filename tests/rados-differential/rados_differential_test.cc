// The randomised differential test of issue 14: seeded random schema-valid
// elements (with repeats that aggregate, non-aggregated inserts, both edge
// directednesses, aged-off elements), written to a RocksDB graph and to a
// RADOS graph, then random GetElements / GetAllElements /
// GetElementsInRanges with random views and seed options: both stores must
// return the same multiset of elements. Label rados (the fixture's cluster).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include "graph-core/clock.h"
#include "graph-core/json_value.h"
#include "store-rados/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

// Views over StoreTestSchema: none, group subsets, query-time aggregation
// (groupBy []), pre- and post-aggregation filters, and age-off's group.
const char* const kViews[] = {
    nullptr,
    R"({"entities": {"Count": {}}})",
    R"({"edges": {"Road": {"groupBy": []}}, "entities": {"Aged": {}}})",
    R"({"edges": {"Link": {"preAggregationFilterFunctions": [{"selection": ["weight"],
        "predicate": {"class": "IsMoreThan", "value": {"java.lang.Long": 4}}}]}},
        "entities": {"Event": {}}})",
    R"({"entities": {"Count": {"postAggregationFilterFunctions": [{"selection": ["count"],
        "predicate": {"class": "IsMoreThan", "value": {"java.lang.Long": 9}}}]}},
        "edges": {"Road": {}}})",
    R"({"entities": {"Count": {"groupBy": []}, "Event": {"groupBy": []}},
        "edges": {"Link": {}, "Road": {}}})",
};

// Aged's AgeOff keeps 1000 ms: elements timed `kAgingMs` before the write
// are stored, and aged off once the queries start.
constexpr int64_t kAgingMs = 700;

std::vector<Element> DifferentialElements(uint32_t seed, int64_t now) {
  std::vector<Element> out = RandomStoreElements(seed, 600, 40);
  for (int i = 0; i < 20; ++i) {
    // Half far in the future (kept), half about to age off.
    int64_t time = i % 2 == 0 ? now + 3600 * 1000 : now - kAgingMs;
    out.push_back(Element::Entity("Aged", Value::String("v" + std::to_string(i % 7)),
                                  {{"time", Value::Int64(time)}, {"count", Value::Int64(i)}}));
  }
  return out;
}

class RadosDifferentialTest : public RadosGraphTest {
 protected:
  void SetUp() override {
    RadosGraphTest::SetUp();
    if (IsSkipped()) return;
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_differential_" + std::to_string(std::random_device()()));
    auto rocks = Graph::Create(dir_, StoreTestSchema(), StoreProperties());
    ASSERT_OK(rocks.status());
    rocks_ = std::move(rocks).value();
    rados_ = CreateGraph(StoreTestSchema(), properties_);
    ASSERT_NE(rados_, nullptr);
  }
  void TearDown() override {
    rocks_.reset();
    rados_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
    RadosGraphTest::TearDown();
  }

  // Writes `elements` to both graphs in the same requests. Unvalidated:
  // the aging elements would otherwise be refused by whichever store a
  // slow (loaded) machine reaches after they aged off; the scan-time
  // age-off, not ingest validation, is what is compared.
  void AddToBoth(const std::vector<Element>& elements, std::mt19937* rng) {
    AddElementsOptions unvalidated;
    unvalidated.validate = false;
    for (size_t start = 0; start < elements.size();) {
      size_t n = std::min<size_t>(elements.size() - start, 1 + (*rng)() % 150);
      std::span<const Element> chunk(elements.data() + start, n);
      ASSERT_OK(rocks_->AddElements(chunk, unvalidated, nullptr));
      ASSERT_OK(rados_->AddElements(chunk, unvalidated, nullptr));
      start += n;
    }
  }

  QueryOptions RandomOptions(std::mt19937* rng) {
    QueryOptions options;
    const char* view = kViews[(*rng)() % std::size(kViews)];
    if (view != nullptr) {
      auto parsed = ParseView(Json::parse(view), "view");
      EXPECT_OK(parsed.status());
      if (parsed.ok()) options.view = *parsed;
    }
    options.include_incoming_outgoing = static_cast<IncludeIncomingOutgoing>((*rng)() % 3);
    options.directed_type = static_cast<DirectedType>((*rng)() % 3);
    return options;
  }

  std::vector<ElementId> RandomSeeds(std::mt19937* rng) {
    std::vector<ElementId> seeds;
    auto vertex = [&] { return Value::String("v" + std::to_string((*rng)() % 45)); };
    for (int n = 1 + (*rng)() % 5; n > 0; --n) {
      if ((*rng)() % 4 == 0) {
        seeds.push_back(MakeEdgeSeed(vertex(), vertex(), DirectedType::kEither));
      } else {
        seeds.push_back(EntitySeed{vertex()});
      }
    }
    return seeds;
  }

  std::filesystem::path dir_;
  std::unique_ptr<Graph> rocks_;
  std::unique_ptr<Graph> rados_;
};

TEST_F(RadosDifferentialTest, SameAnswersAsTheRocksDbStore) {
  size_t compared = 0;  // Queries whose answer was not empty.
  auto same = [&compared](std::vector<Element> rocks, std::vector<Element> rados) {
    compared += rocks.empty() ? 0 : 1;
    return Sorted(std::move(rocks)) == Sorted(std::move(rados));
  };
  for (uint32_t seed : {1u, 2u}) {
    std::mt19937 rng(seed);
    const int64_t now = NowMillis();
    AddToBoth(DifferentialElements(seed, now), &rng);
    // Past the age-off of the aging half (hidden at scan time, both stores).
    while (NowMillis() < now - kAgingMs + 1100) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (int q = 0; q < 40; ++q) {
      QueryOptions options = RandomOptions(&rng);
      int kind = rng() % 5;
      std::string what = "seed " + std::to_string(seed) + " query " + std::to_string(q);
      if (kind == 0) {
        EXPECT_TRUE(
            same(Drain(rocks_->GetAllElements(options)), Drain(rados_->GetAllElements(options))))
            << what << " GetAllElements";
      } else if (kind == 1) {
        std::vector<std::pair<ElementId, ElementId>> ranges = {
            {EntitySeed{Value::String("v1")}, EntitySeed{Value::String("v2")}}};
        EXPECT_TRUE(same(Drain(rocks_->GetElementsInRanges(ranges, options)),
                         Drain(rados_->GetElementsInRanges(ranges, options))))
            << what << " GetElementsInRanges";
      } else {
        std::vector<ElementId> seeds = RandomSeeds(&rng);
        EXPECT_TRUE(same(Drain(rocks_->GetElements(seeds, options)),
                         Drain(rados_->GetElements(seeds, options))))
            << what << " GetElements";
      }
    }
  }
  EXPECT_GT(compared, 40u);  // Most random queries find something.
  // The data is not trivial: aggregation folded repeats, age-off hid some.
  std::vector<Element> all = Drain(rados_->GetAllElements(QueryOptions()));
  EXPECT_GT(all.size(), 100u);
  EXPECT_LT(all.size(), 1240u);
}

// Deletes, the age-off sweeper and PreviewValidation: the same effects on
// both stores.
TEST_F(RadosDifferentialTest, DeletesAndAgeOffMatchTheRocksDbStore) {
  std::mt19937 rng(7);
  const int64_t now = NowMillis();
  std::vector<Element> elements = DifferentialElements(7, now);
  AddToBoth(elements, &rng);
  // Aged elements of vertices of their own, aged off already (ingest
  // validation off to store them): the sweeper's work.
  std::vector<Element> aged;
  for (int i = 0; i < 15; ++i) {
    aged.push_back(
        Element::Entity("Aged", Value::String("old" + std::to_string(i)),
                        {{"time", Value::Int64(now - 5000)}, {"count", Value::Int64(i)}}));
  }
  AddElementsOptions unvalidated;
  unvalidated.validate = false;
  ASSERT_OK(rocks_->AddElements(aged, unvalidated, nullptr));
  ASSERT_OK(rados_->AddElements(aged, unvalidated, nullptr));
  while (NowMillis() < now - kAgingMs + 1100) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  auto compare_all = [&](const std::string& what) {
    for (int q = 0; q < 8; ++q) {
      QueryOptions options = RandomOptions(&rng);
      EXPECT_EQ(Sorted(Drain(rocks_->GetAllElements(options))),
                Sorted(Drain(rados_->GetAllElements(options))))
          << what << " GetAllElements " << q;
      std::vector<ElementId> seeds = RandomSeeds(&rng);
      EXPECT_EQ(Sorted(Drain(rocks_->GetElements(seeds, options))),
                Sorted(Drain(rados_->GetElements(seeds, options))))
          << what << " GetElements " << q;
    }
  };
  // Random deletes, in several requests, some of elements never stored.
  for (int request = 0; request < 4; ++request) {
    std::vector<Element> gone;
    for (int n = 0; n < 40; ++n) gone.push_back(elements[rng() % elements.size()]);
    gone.push_back(Element::Entity("Count", Value::String("never"), {}));
    ASSERT_OK(rocks_->DeleteElements(gone));
    ASSERT_OK(rados_->DeleteElements(gone));
  }
  const size_t left = Drain(rados_->GetAllElements(QueryOptions())).size();
  EXPECT_GT(left, 50u);
  compare_all("after deletes");
  // The proposed schema drops every count of 5 or more.
  std::string json = StoreTestSchemaJson();
  const std::string sum = R"("aggregateFunction": {"class": "Sum"}})";
  size_t at = json.find(sum, json.find("\"count.long\": {"));
  json.replace(at, sum.size(),
               R"("aggregateFunction": {"class": "Sum"}, "validateFunctions": [{"class":
               "IsLessThan", "value": {"java.lang.Long": 5}}]})");
  auto proposed = ParseSchema(json);
  ASSERT_OK_AND_ASSIGN(auto rocks_preview, rocks_->PreviewValidation(proposed));
  ASSERT_OK_AND_ASSIGN(auto rados_preview, rados_->PreviewValidation(proposed));
  EXPECT_EQ(rocks_preview, rados_preview);
  EXPECT_GT(rados_preview["Count"], 0u);
  // The sweeper removes what compaction removes: the aged-off cells.
  ASSERT_OK(rocks_->Compact());
  ASSERT_OK(rados_->Compact());
  ASSERT_OK_AND_ASSIGN(GraphStats stats, rados_->Stats());
  EXPECT_EQ(stats.groups["Aged"].estimated_keys, RawKeyCount(*rocks_, "Aged"));
  EXPECT_EQ(stats.groups["Aged"].deleted_by_validation, 15u);
  compare_all("after compaction");
  ASSERT_OK(rocks_->DeleteAllElements());
  ASSERT_OK(rados_->DeleteAllElements());
  EXPECT_TRUE(Drain(rados_->GetAllElements(QueryOptions())).empty());
  AddToBoth(RandomStoreElements(8, 100, 20), &rng);
  compare_all("after delete-all and new writes");
}

}  // namespace
}  // namespace quarry::testing
