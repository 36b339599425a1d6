// Value format 2 graphs (tests/fixtures/value_format_v2, see its README),
// written by the last build before value format 3 and opened by this one.
// They read as graphs this build creates from the same schema and elements;
// they keep value format 2, so their values (old, and new ones written now)
// lead with the timestamp, while a graph created now leaves it out unless
// the schema names a timestampProperty; and new writes aggregate exactly
// onto their old values, across a reopen.
#include <rocksdb/db.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "graph-core/json_element.h"
#include "keypackages/value_format.h"
#include "store-rocks/metadata_format.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Drain;
using ::quarry::testing::Rocks;
using ::quarry::testing::Sorted;

struct Fixture {
  const char* dir;
  const char* schema;
  const char* elements;
  const char* group;  // An aggregated group whose raw values are checked.
};

class ValueFormat2GraphTest : public ::testing::TestWithParam<Fixture> {
 protected:
  void SetUp() override {
    const std::filesystem::path fixtures =
        std::filesystem::path(QUARRY_TEST_FIXTURES_DIR) / "value_format_v2";
    tmp_ = std::filesystem::temp_directory_path() /
           ("quarry_value_v2_" + std::to_string(std::random_device()()));
    std::filesystem::create_directories(tmp_);
    old_dir_ = tmp_ / "old";
    std::filesystem::copy(fixtures / GetParam().dir, old_dir_);  // Open writes; never the fixture.
    ASSERT_OK_AND_ASSIGN(schema_, Schema::FromFiles({(fixtures / GetParam().schema).string()}));
    std::ifstream elements_file(fixtures / GetParam().elements);
    std::stringstream elements_text;
    elements_text << elements_file.rdbuf();
    Json elements = Json::parse(elements_text.str());
    for (size_t i = 0; i < elements.size(); ++i) {
      ASSERT_OK_AND_ASSIGN(Element e, ElementFromJson(elements[i], "elements.json"));
      elements_.push_back(std::move(e));
    }
    ASSERT_OK_AND_ASSIGN(fresh_, Graph::Create(tmp_ / "fresh", schema_, StoreProperties()));
    Add(*fresh_);
  }
  void TearDown() override {
    fresh_.reset();
    std::filesystem::remove_all(tmp_);
  }
  void Add(Graph& g) {
    AddElementsResult added;
    ASSERT_OK(g.AddElements(elements_, AddElementsOptions(), &added));
  }
  // Sorted debug strings of a full scan and of each vertex's seeded read.
  static std::vector<std::vector<std::string>> Queries(Graph& g) {
    std::vector<std::vector<std::string>> out = {Sorted(Drain(g.GetAllElements({})))};
    for (const char* vertex : {"a", "b", "c"}) {
      std::vector<ElementId> seeds = {EntitySeed{Value::String(vertex)}};
      out.push_back(Sorted(Drain(g.GetElements(seeds, {}))));
    }
    return out;
  }
  // The raw values of `group`'s column family.
  static std::vector<std::string> RawValues(Graph& g, const std::string& group) {
    internal::RocksGraph& rocks = Rocks(g);
    std::unique_ptr<rocksdb::Iterator> it(
        rocks.instance().db()->NewIterator(rocksdb::ReadOptions(), rocks.group(group)->cfs[0]));
    std::vector<std::string> out;
    for (it->SeekToFirst(); it->Valid(); it->Next()) out.push_back(it->value().ToString());
    return out;
  }
  static std::string StoredValueFormat(Graph& g) {
    Result<std::string> v = Rocks(g).instance().GetMeta(kMetaValueFormat);
    return v.ok() ? *v : v.status().ToString();
  }

  std::filesystem::path tmp_, old_dir_;
  std::shared_ptr<const Schema> schema_;
  std::vector<Element> elements_;
  std::unique_ptr<Graph> fresh_;
};

TEST_P(ValueFormat2GraphTest, OpensAndReadsAsAGraphOfThisBuild) {
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> old, Graph::Open(old_dir_));
  EXPECT_EQ(Queries(*old), Queries(*fresh_));
  EXPECT_EQ(StoredValueFormat(*old), "2");
  EXPECT_EQ(StoredValueFormat(*fresh_), std::to_string(kValueFormatVersion));
}

TEST_P(ValueFormat2GraphTest, KeepsItsTimestampsAndAggregatesNewWritesOntoOldValues) {
  const bool has_timestamp_property = schema_->timestamp_property().has_value();
  {
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> old, Graph::Open(old_dir_));
    Add(*old);  // Every element a second time: aggregated onto the stored values.
    Add(*fresh_);
    // Version 2 values, old and new, lead with the 8-byte timestamp: a
    // millisecond time of this century.
    for (const std::string& value : RawValues(*old, GetParam().group)) {
      ASSERT_OK_AND_ASSIGN(int64_t ts, ValueTimestamp(value));
      if (!has_timestamp_property) {
        EXPECT_GT(ts, int64_t{946684800000});   // 2000-01-01
        EXPECT_LT(ts, int64_t{4102444800000});  // 2100-01-01
      }
    }
    // This build's graph leaves it out, unless the schema names a
    // timestampProperty.
    const uint32_t fresh_format = fresh_->key_package().value_format();
    EXPECT_EQ(ValuesCarryTimestamp(*schema_, fresh_format), has_timestamp_property);
  }
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> reopened, Graph::Open(old_dir_));
  EXPECT_EQ(StoredValueFormat(*reopened), "2");
  EXPECT_EQ(reopened->key_package().value_format(), 2u);
  EXPECT_EQ(Queries(*reopened), Queries(*fresh_));
}

// Worked out by hand from plain/elements.json: Place a holds count 1 + 2
// and note "second" (First keeps the most recently written value, as the
// AccumuloStore does); adding count 3 makes it 6. Visit keeps its three
// inserts apart.
TEST(ValueFormat2PlainGraphTest, AggregatesAsGafferWould) {
  const std::filesystem::path fixtures =
      std::filesystem::path(QUARRY_TEST_FIXTURES_DIR) / "value_format_v2";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("quarry_value_v2_plain_" + std::to_string(std::random_device()()));
  std::filesystem::copy(fixtures / "plain", dir);
  {
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> old, Graph::Open(dir));
    std::vector<Element> again = {
        Element::Entity("Place", Value::String("a"),
                        {{"count", Value::Int32(3)}, {"note", Value::String("second")}})};
    AddElementsResult added;
    ASSERT_OK(old->AddElements(again, AddElementsOptions(), &added));
    std::vector<Element> places;
    size_t visits = 0;
    for (Element& e : Drain(old->GetAllElements({}))) {
      visits += e.group() == "Visit";
      if (e.group() == "Place" && e.vertex() == Value::String("a")) places.push_back(std::move(e));
    }
    ASSERT_EQ(places.size(), 1u);
    EXPECT_EQ(places[0].properties().Get("count"), Value::Int32(6));
    EXPECT_EQ(places[0].properties().Get("note"), Value::String("second"));
    EXPECT_EQ(visits, 3u);
  }
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, ValueFormat2GraphTest,
    ::testing::Values(Fixture{"plain", "schema.json", "elements.json", "Place"},
                      Fixture{"timestamped", "schema_timestamped.json", "elements_timestamped.json",
                              "Event"}),
    [](const ::testing::TestParamInfo<Fixture>& info) { return std::string(info.param.dir); });

}  // namespace
}  // namespace quarry
