// RadosGraph against the fixture's cluster (label rados).
#include "store-rados/rados_graph.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "cls/batch_format.h"
#include "graph-core/clock.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<Element> Seeded(const Graph& graph, const std::string& vertex) {
  std::vector<ElementId> seeds = {EntitySeed{Value::String(vertex)}};
  return Drain(graph.GetElements(seeds, QueryOptions()));
}

TEST_F(RadosGraphTest, CreateOpenAndRefusals) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(graph->key_package().Name(), "byteEntity");
  EXPECT_THAT(CreateRadosGraph(StoreTestSchema(), properties_),
              StatusIs(StatusCode::kAlreadyExists));
  ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(properties_));
  EXPECT_EQ(reopened->schema()->json(), graph->schema()->json());
  EXPECT_EQ(reopened->created_time_ms(), graph->created_time_ms());
  EXPECT_EQ(dynamic_cast<internal::RadosGraph&>(*reopened).tablets().tablets(), 4u);
  EXPECT_THAT(OpenRadosGraph(properties_, VisibilityTestSchema()),
              StatusIs(StatusCode::kFailedPrecondition));
  EXPECT_THAT(OpenRadosGraph(FreshRadosProperties()), StatusIs(StatusCode::kNotFound));
}

TEST_F(RadosGraphTest, IngestAggregatesAcrossRequestsAndReopen) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> first = {CountEntity("a", 2, "f1", "l1"), CountEntity("a", 3, "f2", "l2"),
                                CountEntity("b", 1, "x", "x")};
  ASSERT_OK(graph->AddElements(first, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(auto other, OpenRadosGraph(properties_));  // A second client.
  std::vector<Element> second = {CountEntity("a", 10, "f3", "l3")};
  ASSERT_OK(other->AddElements(second, AddElementsOptions(), nullptr));
  // Sum 2 + 3 + 10; First keeps the newest write, Last the oldest (§4.2).
  EXPECT_THAT(Sorted(Seeded(*graph, "a")),
              ElementsAre(CountEntity("a", 15, "f3", "l1").DebugString()));
  EXPECT_THAT(Sorted(Seeded(*other, "b")),
              ElementsAre(CountEntity("b", 1, "x", "x").DebugString()));
  EXPECT_TRUE(Seeded(*graph, "zz").empty());
}

TEST_F(RadosGraphTest, NonAggregatedInsertsAreEachKept) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("n")}});
  ASSERT_OK(graph->AddElements(std::vector<Element>{event, event}, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(auto other, OpenRadosGraph(properties_));
  ASSERT_OK(other->AddElements(std::vector<Element>{event}, AddElementsOptions(), nullptr));
  EXPECT_EQ(Seeded(*graph, "e").size(), 3u);
  QueryOptions all;
  EXPECT_EQ(Drain(graph->GetAllElements(all)).size(), 3u);
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph->Stats());
  EXPECT_EQ(stats.groups["Event"].estimated_keys, 3u);
  EXPECT_EQ(stats.groups["Count"].estimated_keys, 0u);
}

TEST_F(RadosGraphTest, InvalidRequestStoresNothing) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> batch = {CountEntity("a", 1),
                                Element::Entity("Nope", Value::String("a"), {})};
  AddElementsResult result;
  EXPECT_THAT(graph->AddElements(batch, AddElementsOptions(), &result),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(result.added, 0u);
  EXPECT_TRUE(Seeded(*graph, "a").empty());
  AddElementsOptions skip;
  skip.skip_invalid_elements = true;
  ASSERT_OK(graph->AddElements(batch, skip, &result));
  EXPECT_EQ(result.added, 1u);
  EXPECT_EQ(result.skipped, 1u);
  EXPECT_EQ(Seeded(*graph, "a").size(), 1u);
  // With validation off an unknown group's element is dropped, as Gaffer's
  // AccumuloStore drops it (store-rocks' graph_test has the same check).
  AddElementsOptions unvalidated;
  unvalidated.validate = false;
  AddElementsResult dropped;
  std::vector<Element> unknown = {Element::Entity("Nope", Value::String("a"))};
  ASSERT_OK(graph->AddElements(unknown, unvalidated, &dropped));
  EXPECT_EQ(dropped.added, 0u);
  EXPECT_EQ(dropped.skipped, 1u);
}

TEST_F(RadosGraphTest, LargeRequestsAreCutIntoBatches) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  // More entries than one batch holds, on one key and on many.
  std::vector<Element> elements;
  for (int i = 0; i < 5000; ++i) elements.push_back(CountEntity("hot", 1, "f", "l"));
  for (int i = 0; i < 3000; ++i) elements.push_back(CountEntity("v" + std::to_string(i), 2));
  ASSERT_OK(graph->AddElements(elements, AddElementsOptions(), nullptr));
  EXPECT_THAT(Sorted(Seeded(*graph, "hot")),
              ElementsAre(CountEntity("hot", 5000, "f", "l").DebugString()));
  std::vector<Element> all = Drain(graph->GetAllElements(QueryOptions()));
  EXPECT_EQ(all.size(), 3001u);
}

TEST_F(RadosGraphTest, CallersMetadata) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(graph->PutMetadata("job/1", "a"));
  ASSERT_OK(graph->PutMetadata("job/2", std::string("b\x00c", 3)));
  ASSERT_OK(graph->PutMetadata("named/x", "n"));
  ASSERT_OK_AND_ASSIGN(auto value, graph->GetMetadata("job/2"));
  EXPECT_EQ(value, std::optional<std::string>(std::string("b\x00c", 3)));
  ASSERT_OK_AND_ASSIGN(auto missing, graph->GetMetadata("job/9"));
  EXPECT_EQ(missing, std::nullopt);
  ASSERT_OK_AND_ASSIGN(auto jobs, graph->ListMetadata("job/"));
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].first, "job/1");
  EXPECT_EQ(jobs[1].first, "job/2");
  ASSERT_OK(graph->DeleteMetadata("job/1"));
  ASSERT_OK_AND_ASSIGN(auto after, graph->ListMetadata(""));
  EXPECT_EQ(after.size(), 2u);
  EXPECT_THAT(graph->PutMetadata("", "x"), StatusIs(StatusCode::kInvalidArgument));
}

// Split points do not apply: the refusal names the tablet count.
TEST_F(RadosGraphTest, SplitPointsAreRefusedNamingTheTablets) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  Status s = graph->SetSplitPoints({"a"});
  EXPECT_THAT(s, StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(s.message(), HasSubstr("quarry.rados.tablets = 4"));
  EXPECT_THAT(graph->SplitPointsFromSample({}, 2).status(), StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(graph->MergeShards("a", ""), StatusIs(StatusCode::kUnimplemented));
}

// Gaffer's DeleteElements: every cell of the element's aggregation key, both
// rows of an edge, every insert of a non-aggregated element.
TEST_F(RadosGraphTest, DeleteElementsRemovesEveryCell) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("n")}});
  std::vector<Element> add = {
      CountEntity("a", 2),         CountEntity("a", 3),         CountEntity("b", 1), event, event,
      LinkEdge("a", "b", true, 4), LinkEdge("a", "b", false, 5)};
  ASSERT_OK(graph->AddElements(add, AddElementsOptions(), nullptr));
  // Properties other than groupBy ones do not matter; "zz" is not stored.
  std::vector<Element> gone = {CountEntity("a", 99), event, LinkEdge("a", "b", true, 0),
                               CountEntity("zz", 1)};
  ASSERT_OK(graph->DeleteElements(gone));
  EXPECT_THAT(Sorted(Drain(graph->GetAllElements(QueryOptions()))),
              ::testing::UnorderedElementsAre(CountEntity("b", 1).DebugString(),
                                              LinkEdge("a", "b", false, 5).DebugString()));
  // Neither row of the deleted edge is left (seen from either end).
  std::vector<ElementId> seeds = {EntitySeed{Value::String("b")}};
  EXPECT_EQ(Drain(graph->GetElements(seeds, QueryOptions())).size(), 2u);
  // A group not in the schema deletes nothing.
  std::vector<Element> bad = {CountEntity("b", 1), Element::Entity("Nope", Value::String("b"), {})};
  EXPECT_THAT(graph->DeleteElements(bad), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(Seeded(*graph, "b").size(), 2u);
  // No delete record is left behind.
  auto& rados = dynamic_cast<internal::RadosGraph&>(*graph);
  std::map<std::string, librados::bufferlist> records;
  bool more = false;
  ASSERT_EQ(rados.io().omap_get_vals2(rados.tablets().MetaObject(), "", "quarry.delete_pending", 10,
                                      &records, &more),
            0);
  EXPECT_TRUE(records.empty());
}

TEST_F(RadosGraphTest, DeleteAllElementsKeepsSchemaAndMetadata) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> add = RandomStoreElements(3, 200, 30);
  ASSERT_OK(graph->AddElements(add, AddElementsOptions(), nullptr));
  ASSERT_OK(graph->PutMetadata("job/1", "x"));
  ASSERT_OK(graph->DeleteAllElements());
  EXPECT_TRUE(Drain(graph->GetAllElements(QueryOptions())).empty());
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph->Stats());
  for (const auto& [group, g] : stats.groups) EXPECT_EQ(g.estimated_keys, 0u) << group;
  ASSERT_OK_AND_ASSIGN(auto job, graph->GetMetadata("job/1"));
  EXPECT_EQ(job, "x");
  // Still usable.
  ASSERT_OK(
      graph->AddElements(std::vector<Element>{CountEntity("a", 7)}, AddElementsOptions(), nullptr));
  EXPECT_THAT(Sorted(Seeded(*graph, "a")), ElementsAre(CountEntity("a", 7).DebugString()));
}

void PutU32(uint32_t v, std::string* dst) {
  for (int shift = 24; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(v >> shift));
}

// A client that died after writing a delete's record: the next Open
// finishes the delete, except for a cell re-written since the delete read
// it (another client's write), which is kept.
TEST_F(RadosGraphTest, InterruptedDeleteIsFinishedAtOpenSparingRewrittenCells) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> add;
  for (const char* v : {"a", "b", "c", "d", "e"}) add.push_back(CountEntity(v, 1));
  ASSERT_OK(graph->AddElements(add, AddElementsOptions(), nullptr));
  // The record of a delete of every Count cell (rados_graph_delete.cc's
  // format: tablet, key, value read).
  auto& rados = dynamic_cast<internal::RadosGraph&>(*graph);
  std::string record;
  size_t cells = 0;
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    std::map<std::string, librados::bufferlist> page;
    bool more = false;
    ASSERT_EQ(rados.io().omap_get_vals2(rados.tablets().TabletObject(t), "",
                                        cls::TabletKeyPrefix("Count"), 100, &page, &more),
              0);
    for (auto& [key, value] : page) {
      PutU32(t, &record);
      PutU32(static_cast<uint32_t>(key.size()), &record);
      record += key;
      PutU32(static_cast<uint32_t>(value.length()), &record);
      record += value.to_str();
      ++cells;
    }
  }
  ASSERT_EQ(cells, 5u);
  std::map<std::string, librados::bufferlist> entry;
  entry["quarry.delete_pending.test"].append(record);
  ASSERT_OK(FromRados(rados.io().omap_set(rados.tablets().MetaObject(), entry), "record"));
  // Another client re-writes "c" before anyone reopens the graph.
  ASSERT_OK(
      graph->AddElements(std::vector<Element>{CountEntity("c", 5)}, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(properties_));
  EXPECT_THAT(Sorted(Drain(reopened->GetAllElements(QueryOptions()))),
              ElementsAre(CountEntity("c", 6).DebugString()));
  std::set<std::string> keys;
  ASSERT_EQ(
      rados.io().omap_get_keys2(rados.tablets().MetaObject(), "quarry.delete", 10, &keys, nullptr),
      0);
  for (const std::string& key : keys) EXPECT_FALSE(key.starts_with("quarry.delete_pending"));
}

// The object version of the metadata object and of every tablet: any
// write to an object raises it.
std::vector<uint64_t> ObjectVersions(internal::RadosGraph& rados) {
  std::vector<std::string> oids = {rados.tablets().MetaObject()};
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    oids.push_back(rados.tablets().TabletObject(t));
  }
  std::vector<uint64_t> versions;
  for (const std::string& oid : oids) {
    uint64_t size = 0;
    time_t mtime = 0;
    EXPECT_EQ(rados.io().stat(oid, &size, &mtime), 0) << oid;
    versions.push_back(rados.io().get_last_version());
  }
  return versions;
}

// A read-only open (quarry info / exec --read-only) writes nothing, not
// even a pending delete's completion, refuses every change naming the
// graph, and reads the pool as it is (no lock, no snapshot).
TEST_F(RadosGraphTest, ReadOnlyOpenWritesNothingAndRefusesEveryChange) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(graph->AddElements(std::vector<Element>{CountEntity("a", 2), CountEntity("b", 1)},
                               AddElementsOptions(), nullptr));
  ASSERT_OK(graph->PutMetadata("named/op", "{}"));
  auto& rados = dynamic_cast<internal::RadosGraph&>(*graph);
  // A delete of a's cell that its client did not finish.
  std::string record;
  for (uint32_t t = 0; t < rados.tablets().tablets(); ++t) {
    std::map<std::string, librados::bufferlist> page;
    bool more = false;
    ASSERT_EQ(rados.io().omap_get_vals2(rados.tablets().TabletObject(t), "",
                                        cls::TabletKeyPrefix("Count"), 100, &page, &more),
              0);
    for (auto& [key, value] : page) {
      if (key.find('a') == std::string::npos) continue;
      PutU32(t, &record);
      PutU32(static_cast<uint32_t>(key.size()), &record);
      record += key;
      PutU32(static_cast<uint32_t>(value.length()), &record);
      record += value.to_str();
    }
  }
  ASSERT_FALSE(record.empty());
  std::map<std::string, librados::bufferlist> entry;
  entry["quarry.delete_pending.test"].append(record);
  ASSERT_OK(FromRados(rados.io().omap_set(rados.tablets().MetaObject(), entry), "record"));
  const std::vector<uint64_t> before = ObjectVersions(rados);

  ASSERT_OK_AND_ASSIGN(auto reader, OpenRadosGraphReadOnly(properties_));
  EXPECT_EQ(Sorted(Drain(reader->GetAllElements(QueryOptions()))),
            Sorted({CountEntity("a", 2), CountEntity("b", 1)}));
  ASSERT_OK_AND_ASSIGN(auto op, reader->GetMetadata("named/op"));
  EXPECT_EQ(op, "{}");
  ASSERT_OK(reader->Stats().status());
  const std::string graph_name = "RADOS graph '" + properties_.raw["quarry.rados.graph"] + "'";
  std::vector<Element> more = {CountEntity("c", 1)};
  const std::vector<std::pair<std::string, Status>> refused = {
      {"AddElements", reader->AddElements(more, AddElementsOptions(), nullptr)},
      {"BulkImport", reader->BulkImport(more, AddElementsOptions(), nullptr)},
      {"DeleteElements", reader->DeleteElements(more)},
      {"DeleteAllElements", reader->DeleteAllElements()},
      {"Compact", reader->Compact()},
      {"PutMetadata", reader->PutMetadata("k", "v")},
      {"DeleteMetadata", reader->DeleteMetadata("named/op")}};
  for (const auto& [method, status] : refused) {
    EXPECT_EQ(status.code(), StatusCode::kFailedPrecondition) << method;
    EXPECT_THAT(status.message(), HasSubstr(graph_name)) << method;
    EXPECT_THAT(status.message(), HasSubstr("read-only: " + method)) << method;
  }
  EXPECT_EQ(ObjectVersions(rados), before);
  // Another client's write is seen at once; a writable open finishes the delete.
  ASSERT_OK(
      graph->AddElements(std::vector<Element>{CountEntity("b", 4)}, AddElementsOptions(), nullptr));
  EXPECT_EQ(Sorted(Seeded(*reader, "b")), Sorted({CountEntity("b", 5)}));
  ASSERT_OK(OpenRadosGraph(properties_).status());
  EXPECT_EQ(Sorted(Drain(reader->GetAllElements(QueryOptions()))), Sorted({CountEntity("b", 5)}));
  EXPECT_THAT(OpenRadosGraphReadOnly(FreshRadosProperties()), StatusIs(StatusCode::kNotFound));
}

// The sweeper removes aged-off cells (already hidden from scans) and counts
// them; valid cells stay.
TEST_F(RadosGraphTest, CompactSweepsAgedOffCells) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  const int64_t now = NowMillis();
  std::vector<Element> add;
  for (int i = 0; i < 30; ++i) {
    int64_t time = i % 3 == 0 ? now + 3600 * 1000 : now - 5000;  // 10 kept, 20 aged off.
    add.push_back(Element::Entity("Aged", Value::String("v" + std::to_string(i)),
                                  {{"time", Value::Int64(time)}, {"count", Value::Int64(1)}}));
  }
  AddElementsOptions no_validation;
  no_validation.validate = false;  // Already aged off at ingest.
  ASSERT_OK(graph->AddElements(add, no_validation, nullptr));
  ASSERT_OK_AND_ASSIGN(GraphStats before, graph->Stats());
  EXPECT_EQ(before.groups["Aged"].estimated_keys, 30u);
  EXPECT_EQ(Drain(graph->GetAllElements(QueryOptions())).size(), 10u);
  ASSERT_OK(graph->Compact());
  ASSERT_OK_AND_ASSIGN(GraphStats after, graph->Stats());
  EXPECT_EQ(after.groups["Aged"].estimated_keys, 10u);
  EXPECT_EQ(after.groups["Aged"].deleted_by_validation, 20u);
  EXPECT_EQ(Drain(graph->GetAllElements(QueryOptions())).size(), 10u);
}

TEST_F(RadosGraphTest, PreviewValidationCountsWithoutDeleting) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> add = {CountEntity("a", 2), CountEntity("a", 4), CountEntity("b", 3),
                              CountEntity("c", 9), LinkEdge("a", "b", true, 1)};
  ASSERT_OK(graph->AddElements(add, AddElementsOptions(), nullptr));
  std::string json = StoreTestSchemaJson();
  const std::string sum = R"("aggregateFunction": {"class": "Sum"}})";
  size_t at = json.find(sum, json.find("\"count.long\": {"));
  json.replace(at, sum.size(),
               R"("aggregateFunction": {"class": "Sum"}, "validateFunctions": [{"class":
               "IsLessThan", "value": {"java.lang.Long": 5}}]})");
  // Count a = 6 and c = 9 fail; b = 3 and the edge's weight 1 pass.
  ASSERT_OK_AND_ASSIGN(auto counts, graph->PreviewValidation(ParseSchema(json)));
  EXPECT_EQ(counts["Count"], 2u);
  EXPECT_EQ(counts["Link"], 0u);
  EXPECT_EQ(Drain(graph->GetAllElements(QueryOptions())).size(), 4u);
  EXPECT_THAT(graph->PreviewValidation(VisibilityTestSchema()).status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(RadosGraphTest, CheckpointExportsAndRestores) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(graph->AddElements(RandomStoreElements(5, 300, 30), AddElementsOptions(), nullptr));
  ASSERT_OK(graph->PutMetadata("named/op", "{}"));
  const std::string dir = ::testing::TempDir() + "rados_checkpoint_" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  ASSERT_OK(graph->Checkpoint(dir));
  EXPECT_THAT(graph->Checkpoint(dir), StatusIs(StatusCode::kAlreadyExists));
  StoreProperties copy = FreshRadosProperties();
  ASSERT_OK(RestoreRadosCheckpoint(dir, copy));
  created_.push_back(copy);
  EXPECT_THAT(RestoreRadosCheckpoint(dir, copy), StatusIs(StatusCode::kAlreadyExists));
  ASSERT_OK_AND_ASSIGN(auto restored, OpenRadosGraph(copy));
  EXPECT_EQ(Sorted(Drain(restored->GetAllElements(QueryOptions()))),
            Sorted(Drain(graph->GetAllElements(QueryOptions()))));
  ASSERT_OK_AND_ASSIGN(auto op, restored->GetMetadata("named/op"));
  EXPECT_EQ(op, "{}");
  // The copy is independent of the original.
  ASSERT_OK(graph->DeleteAllElements());
  EXPECT_FALSE(Drain(restored->GetAllElements(QueryOptions())).empty());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace quarry::testing
