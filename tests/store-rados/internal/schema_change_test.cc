// Schema changes of a RADOS graph (store-rados/internal/schema_change.h and
// OpenRadosGraph with a schema) against the fixture's cluster. Expected
// results follow the RocksDB store's documented rules
// (store/schema_migration.h) and Gaffer's aggregators; where both stores
// can run the same change, their answers are compared.
#include "store-rados/internal/schema_change.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include "cls/batch_format.h"
#include "store-rados/internal/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::HasSubstr;

std::string Replaced(std::string json, const std::string& from, const std::string& to) {
  const size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) json.replace(at, from.size(), to);
  return json;
}

// Allowed: a new entity group "Extra" and count.long folding with Max
// instead of Sum (a changed aggregator).
std::string ExtendedJson() {
  std::string json = Replaced(StoreTestSchemaJson(), "\"entities\": {",
                              "\"entities\": {\"Extra\": {\"vertex\": \"string\"},");
  return Replaced(json,
                  "\"count.long\": {\"class\": \"java.lang.Long\", \"aggregateFunction\": "
                  "{\"class\": \"Sum\"}}",
                  "\"count.long\": {\"class\": \"java.lang.Long\", \"aggregateFunction\": "
                  "{\"class\": \"Max\"}}");
}

// Refused: Road's groupBy changed.
std::string GroupByChangedJson() {
  return Replaced(StoreTestSchemaJson(), "\"groupBy\": [\"bucket\"]", "\"groupBy\": []");
}

std::vector<Element> SeededA(const Graph& graph) {
  std::vector<ElementId> seeds = {EntitySeed{Value::String("a")}};
  return Drain(graph.GetElements(seeds, QueryOptions()));
}

std::string Xattr(Graph& graph, const std::string& oid, const char* name) {
  librados::bufferlist bl;
  int r = AsRados(graph).io().getxattr(oid, name, bl);
  return r < 0 ? "<error " + std::to_string(r) + ">" : bl.to_str();
}

std::string MetaValue(Graph& graph, const std::string& key) {
  std::map<std::string, librados::bufferlist> values;
  const std::string oid = AsRados(graph).tablets().MetaObject();
  EXPECT_EQ(AsRados(graph).io().omap_get_vals_by_keys(oid, {key}, &values), 0);
  return values.count(key) ? values[key].to_str() : "<absent>";
}

// A RocksDB graph in a fresh directory, for the differential checks.
class RocksBeside {
 public:
  RocksBeside()
      : dir_(std::filesystem::path(::testing::TempDir()) /
             ("schema_change_rocks_" + std::to_string(std::random_device()()))) {}
  ~RocksBeside() { std::filesystem::remove_all(dir_); }
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};

TEST_F(RadosGraphTest, AnAcceptedChangeIsStoredAndFoldsInTheObjectClass) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(graph->AddElements(std::vector<Element>{CountEntity("a", 5)}, {}, nullptr));
  graph.reset();
  ASSERT_OK_AND_ASSIGN(auto changed, OpenRadosGraph(properties_, ParseSchema(ExtendedJson())));
  // The tablets fold with Max now: 5 then 3 is 5 (Sum would give 8), then 9.
  ASSERT_OK(changed->AddElements(std::vector<Element>{CountEntity("a", 3)}, {}, nullptr));
  EXPECT_EQ(Sorted(SeededA(*changed)), Sorted({CountEntity("a", 5)}));
  ASSERT_OK(changed->AddElements(std::vector<Element>{CountEntity("a", 9)}, {}, nullptr));
  EXPECT_EQ(Sorted(SeededA(*changed)), Sorted({CountEntity("a", 9)}));
  // The new group is known to the object class of every tablet.
  std::vector<Element> extra;
  for (int i = 0; i < 20; ++i)
    extra.push_back(Element::Entity("Extra", Value::String("x" + std::to_string(i))));
  ASSERT_OK(changed->AddElements(extra, {}, nullptr));
  // Stored: a plain reopen has the new schema, version 1, pushed to the tablets.
  ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(properties_));
  EXPECT_EQ(reopened->schema()->json(), ParseSchema(ExtendedJson())->json());
  EXPECT_EQ(MetaValue(*reopened, internal::kMetaSchemaVersion), "1");
  EXPECT_EQ(MetaValue(*reopened, internal::kMetaTabletsSchemaVersion), "1");
  const std::string json = ParseSchema(ExtendedJson())->json().dump();
  for (uint32_t t = 0; t < AsRados(*reopened).tablets().tablets(); ++t) {
    const std::string oid = AsRados(*reopened).tablets().TabletObject(t);
    EXPECT_EQ(Xattr(*reopened, oid, cls::kSchemaXattr), json) << oid;
    EXPECT_EQ(Xattr(*reopened, oid, internal::kTabletSchemaVersionXattr), "1") << oid;
  }
  EXPECT_EQ(Drain(reopened->GetAllElements(QueryOptions())).size(), 21u);
}

TEST_F(RadosGraphTest, RefusedChangesFailAsOnTheRocksStoreAndChangeNothing) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  RocksBeside rocks;
  ASSERT_OK(Graph::Create(rocks.dir(), StoreTestSchema(), StoreProperties()).status());
  for (const auto& proposed : {ParseSchema(GroupByChangedJson()), VisibilityTestSchema()}) {
    Status on_rados = OpenRadosGraph(properties_, proposed).status();
    Status on_rocks = Graph::Open(rocks.dir(), proposed).status();
    EXPECT_EQ(on_rados.code(), StatusCode::kFailedPrecondition) << on_rados.ToString();
    EXPECT_EQ(on_rados.code(), on_rocks.code());
    EXPECT_EQ(on_rados.message(), on_rocks.message());
  }
  EXPECT_THAT(OpenRadosGraph(properties_, ParseSchema(GroupByChangedJson())).status().message(),
              HasSubstr("Road"));
  ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(properties_));
  EXPECT_EQ(reopened->schema()->json(), StoreTestSchema()->json());
  EXPECT_EQ(MetaValue(*reopened, internal::kMetaSchemaVersion), "<absent>");
}

TEST_F(RadosGraphTest, AnAcceptedChangeGivesTheRocksStoresAnswers) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  RocksBeside rocks_dir;
  ASSERT_OK_AND_ASSIGN(auto rocks, Graph::Create(rocks_dir.dir(), StoreTestSchema(), {}));
  const std::vector<Element> before = RandomStoreElements(11, 300, 25);
  ASSERT_OK(graph->AddElements(before, {}, nullptr));
  ASSERT_OK(rocks->AddElements(before, {}, nullptr));
  graph.reset();
  rocks.reset();
  ASSERT_OK_AND_ASSIGN(graph, OpenRadosGraph(properties_, ParseSchema(ExtendedJson())));
  ASSERT_OK_AND_ASSIGN(rocks, Graph::Open(rocks_dir.dir(), ParseSchema(ExtendedJson())));
  std::vector<Element> after = RandomStoreElements(12, 300, 25);
  after.push_back(Element::Entity("Extra", Value::String("v1")));
  ASSERT_OK(graph->AddElements(after, {}, nullptr));
  ASSERT_OK(rocks->AddElements(after, {}, nullptr));
  EXPECT_EQ(Sorted(Drain(graph->GetAllElements(QueryOptions()))),
            Sorted(Drain(rocks->GetAllElements(QueryOptions()))));
}

TEST_F(RadosGraphTest, TheMetadataIsReplacedOnlyOverTheSchemaCheckedAgainst) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  auto& rados = AsRados(*graph);
  const std::string meta = rados.tablets().MetaObject();
  const std::string original = StoreTestSchema()->json().dump();
  const std::string extended = ParseSchema(ExtendedJson())->json().dump();
  ASSERT_OK_AND_ASSIGN(bool first,
                       internal::CommitSchemaChange(rados.io(), meta, original, 0, extended));
  EXPECT_TRUE(first);
  // A second client that checked its change against the original loses.
  const std::string other = ParseSchema(GroupByChangedJson())->json().dump();
  ASSERT_OK_AND_ASSIGN(bool second,
                       internal::CommitSchemaChange(rados.io(), meta, original, 0, other));
  EXPECT_FALSE(second);
  EXPECT_EQ(MetaValue(*graph, internal::kMetaSchema), extended);
  EXPECT_EQ(MetaValue(*graph, internal::kMetaSchemaVersion), "1");
  // Changed back (version 2): the JSON matches the original again, but a
  // client that read it at version 0 still loses.
  ASSERT_OK_AND_ASSIGN(bool back,
                       internal::CommitSchemaChange(rados.io(), meta, extended, 1, original));
  EXPECT_TRUE(back);
  ASSERT_OK_AND_ASSIGN(bool stale,
                       internal::CommitSchemaChange(rados.io(), meta, original, 0, other));
  EXPECT_FALSE(stale);
  EXPECT_EQ(MetaValue(*graph, internal::kMetaSchema), original);
  EXPECT_EQ(MetaValue(*graph, internal::kMetaSchemaVersion), "2");
  // ... and, re-reading, has its change judged against the new schema.
  EXPECT_THAT(OpenRadosGraph(properties_, ParseSchema(GroupByChangedJson())),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "schema change refused"));
}

// Two servers each add a different group at once: whichever commits first
// wins; the other re-reads, finds its schema lacks the winner's group (a
// removed group, refused) and changes nothing.
TEST_F(RadosGraphTest, OfTwoClientsChangingTheSchemaAtOnceOneWins) {
  const std::string with_x = Replaced(StoreTestSchemaJson(), "\"entities\": {",
                                      "\"entities\": {\"X\": {\"vertex\": \"string\"},");
  const std::string with_y = Replaced(StoreTestSchemaJson(), "\"entities\": {",
                                      "\"entities\": {\"Y\": {\"vertex\": \"string\"},");
  for (int round = 0; round < 4; ++round) {
    StoreProperties props = FreshRadosProperties();
    ASSERT_NE(CreateGraph(StoreTestSchema(), props), nullptr);
    Status x, y;
    std::thread tx([&] { x = OpenRadosGraph(props, ParseSchema(with_x)).status(); });
    std::thread ty([&] { y = OpenRadosGraph(props, ParseSchema(with_y)).status(); });
    tx.join();
    ty.join();
    ASSERT_NE(x.ok(), y.ok()) << x.ToString() << " / " << y.ToString();
    const Status& lost = x.ok() ? y : x;
    EXPECT_THAT(lost, StatusIsWithMessage(StatusCode::kFailedPrecondition,
                                          x.ok() ? "group 'X'" : "group 'Y'"));
    ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(props));
    EXPECT_EQ(reopened->schema()->json(), ParseSchema(x.ok() ? with_x : with_y)->json());
    EXPECT_EQ(MetaValue(*reopened, internal::kMetaSchemaVersion), "1");
  }
}

TEST_F(RadosGraphTest, TabletsNeverTakeAnOlderSchemaVersion) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  auto& rados = AsRados(*graph);
  const std::string newer = ParseSchema(ExtendedJson())->json().dump();
  const std::string older = StoreTestSchema()->json().dump();
  ASSERT_OK(internal::PushSchemaToTablets(rados.io(), rados.tablets(), newer, 2));
  ASSERT_OK(internal::PushSchemaToTablets(rados.io(), rados.tablets(), older, 1));
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    const std::string oid = rados.tablets().TabletObject(t);
    EXPECT_EQ(Xattr(*graph, oid, cls::kSchemaXattr), newer) << oid;
    EXPECT_EQ(Xattr(*graph, oid, internal::kTabletSchemaVersionXattr), "2") << oid;
  }
}

TEST_F(RadosGraphTest, AnInterruptedPushIsFinishedByTheNextWritableOpen) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  auto& rados = AsRados(*graph);
  const std::string original = StoreTestSchema()->json().dump();
  const std::string extended = ParseSchema(ExtendedJson())->json().dump();
  // The client stopped after the metadata write, before the tablets.
  ASSERT_OK_AND_ASSIGN(
      bool stored, internal::CommitSchemaChange(rados.io(), rados.tablets().MetaObject(), original,
                                                0, extended));
  ASSERT_TRUE(stored);
  const std::string tablet0 = rados.tablets().TabletObject(0);
  ASSERT_OK(OpenRadosGraphReadOnly(properties_).status());  // Writes nothing.
  EXPECT_EQ(Xattr(*graph, tablet0, cls::kSchemaXattr), original);
  ASSERT_OK_AND_ASSIGN(auto writer, OpenRadosGraph(properties_));
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    EXPECT_EQ(Xattr(*graph, rados.tablets().TabletObject(t), cls::kSchemaXattr), extended);
  }
  EXPECT_EQ(MetaValue(*graph, internal::kMetaTabletsSchemaVersion), "1");
  ASSERT_OK(writer->AddElements(std::vector<Element>{Element::Entity("Extra", Value::String("y"))},
                                {}, nullptr));
}

}  // namespace
}  // namespace quarry::testing
