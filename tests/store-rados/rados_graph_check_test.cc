// CheckRadosGraph (store-rados/rados_graph_check.h) against the fixture's
// cluster: a sound graph passes; damage planted with librados is reported
// naming the object and the key in hex, as `quarry check` reports a RocksDB
// graph's files (store-rocks/graph_check.h).
#include "store-rados/rados_graph_check.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cls/batch_format.h"
#include "store-rados/internal/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::SizeIs;

std::string ToHex(const std::string& bytes) {
  std::string out;
  char digits[3];
  for (unsigned char c : bytes) {
    std::snprintf(digits, sizeof(digits), "%02x", c);
    out += digits;
  }
  return out;
}

librados::bufferlist Bl(const std::string& s) {
  librados::bufferlist bl;
  bl.append(s.data(), s.size());
  return bl;
}

// The tablet and omap key of the one cell of group `group` whose key
// contains `vertex`.
std::pair<uint32_t, std::string> FindCell(Graph& graph, const std::string& group,
                                          const std::string& vertex) {
  auto& rados = AsRados(graph);
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    std::map<std::string, librados::bufferlist> cells;
    bool more = false;
    rados.io().omap_get_vals2(rados.tablets().TabletObject(t), "", cls::TabletKeyPrefix(group),
                              1000, &cells, &more);
    for (const auto& [key, value] : cells) {
      if (key.find(vertex) != std::string::npos) return {t, key};
    }
  }
  ADD_FAILURE() << "no " << group << " cell of " << vertex;
  return {0, ""};
}

bool AnyProblemHas(const GraphCheckReport& report, const std::string& a, const std::string& b) {
  for (const std::string& p : report.problems) {
    if (p.find(a) != std::string::npos && p.find(b) != std::string::npos) return true;
  }
  return false;
}

// Four keys: two Count cells and two Event inserts.
std::unique_ptr<Graph> FourKeyGraph(std::unique_ptr<Graph> graph) {
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("n")}});
  EXPECT_OK(graph->AddElements(
      std::vector<Element>{CountEntity("a", 1), CountEntity("b", 2), event, event}, {}, nullptr));
  return graph;
}

TEST_F(RadosGraphTest, ASoundGraphChecksClean) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  graph = FourKeyGraph(std::move(graph));
  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckRadosGraph(properties_));
  EXPECT_TRUE(report.ok()) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.instances_checked, 4u);
  EXPECT_EQ(report.keys_checked, 4u);  // Two Count keys, two Event inserts.
  EXPECT_EQ(report.instance_kind, "RADOS tablet object(s)");
  EXPECT_THAT(CheckRadosGraph(FreshRadosProperties()), StatusIs(StatusCode::kNotFound));
}

TEST_F(RadosGraphTest, DamagedKeysAreNamedByTabletObjectAndHexKey) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  graph = FourKeyGraph(std::move(graph));
  auto& rados = AsRados(*graph);
  librados::IoCtx& io = rados.io();
  // A value that does not decode: a first property of 127 bytes in 3.
  auto [ta, key_a] = FindCell(*graph, "Count", "a");
  ASSERT_EQ(io.omap_set(rados.tablets().TabletObject(ta), {{key_a, Bl("\x7f\xff\xff")}}), 0);
  // A sound cell in a tablet its row does not hash to.
  auto [tb, key_b] = FindCell(*graph, "Count", "b");
  std::map<std::string, librados::bufferlist> cell;
  ASSERT_EQ(io.omap_get_vals_by_keys(rados.tablets().TabletObject(tb), {key_b}, &cell), 0);
  const uint32_t wrong = (tb + 1) % 4;
  ASSERT_EQ(io.omap_set(rados.tablets().TabletObject(wrong), cell), 0);
  // A key of no group.
  const std::string stray = cls::TabletKeyPrefix("Nope") + "x";
  ASSERT_EQ(io.omap_set(rados.tablets().TabletObject(0), {{stray, Bl("v")}}), 0);

  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckRadosGraph(properties_));
  EXPECT_FALSE(report.ok());
  EXPECT_THAT(report.problems, SizeIs(3));
  EXPECT_EQ(report.keys_checked, 6u);
  EXPECT_TRUE(AnyProblemHas(report, rados.tablets().TabletObject(ta) + ": key " + ToHex(key_a),
                            "does not decode"));
  EXPECT_TRUE(AnyProblemHas(report, rados.tablets().TabletObject(wrong) + ": key " + ToHex(key_b),
                            "hashes to tablet " + std::to_string(tb)));
  EXPECT_TRUE(AnyProblemHas(report, rados.tablets().TabletObject(0) + ": key " + ToHex(stray),
                            "no group of the schema"));
}

TEST_F(RadosGraphTest, DamagedObjectsAndMetadataAreReported) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  graph = FourKeyGraph(std::move(graph));
  auto& rados = AsRados(*graph);
  librados::IoCtx& io = rados.io();
  const TabletMap& map = rados.tablets();
  librados::bufferlist other_schema = Bl("{}");
  ASSERT_EQ(io.setxattr(map.TabletObject(1), cls::kSchemaXattr, other_schema), 0);
  ASSERT_EQ(io.remove(map.TabletObject(2)), 0);
  // Tablets say their value format: one that lost it would be folded as
  // version 2 by the object class.
  librados::bufferlist format;
  ASSERT_GT(io.getxattr(map.TabletObject(3), cls::kValueFormatXattr, format), 0);
  EXPECT_EQ(format.to_str(), std::to_string(kValueFormatVersion));
  ASSERT_EQ(io.rmxattr(map.TabletObject(3), cls::kValueFormatXattr), 0);
  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckRadosGraph(properties_));
  EXPECT_EQ(report.instances_checked, 3u);
  EXPECT_TRUE(AnyProblemHas(report, map.TabletObject(1), "xattr quarry.schema"));
  EXPECT_TRUE(AnyProblemHas(report, map.TabletObject(3), "xattr quarry.value_format is ''"))
      << ::testing::PrintToString(report.problems);
  EXPECT_TRUE(AnyProblemHas(report, map.TabletObject(2), "No such file"))
      << ::testing::PrintToString(report.problems);
  // The metadata: a format of another build, then a schema that does not parse.
  ASSERT_EQ(io.omap_set(map.MetaObject(), {{"quarry.key_format", Bl("9")}}), 0);
  ASSERT_OK_AND_ASSIGN(report, CheckRadosGraph(properties_));
  EXPECT_TRUE(AnyProblemHas(report, map.MetaObject(), "quarry.key_format is version 9"));
  EXPECT_EQ(report.instances_checked, 0u);
  ASSERT_EQ(io.omap_set(map.MetaObject(), {{"quarry.key_format", Bl("2")}}), 0);
  const std::string schema = StoreTestSchema()->json().dump();
  ASSERT_EQ(io.omap_set(map.MetaObject(), {{"quarry.schema", Bl("{not json")}}), 0);
  ASSERT_OK_AND_ASSIGN(report, CheckRadosGraph(properties_));
  EXPECT_TRUE(AnyProblemHas(report, map.MetaObject(), "stored schema"));
  // Put back what TearDown's DestroyRadosGraph opens.
  ASSERT_EQ(io.omap_set(map.MetaObject(), {{"quarry.schema", Bl(schema)}}), 0);
  ASSERT_EQ(io.create(map.TabletObject(2), false), 0);
}

}  // namespace
}  // namespace quarry::testing
