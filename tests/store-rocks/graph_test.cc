// Graph: directory lifecycle, write path, aggregation semantics, errors.
#include "store/graph.h"

#include <rocksdb/write_batch.h>

#include "graph-core/clock.h"
#include "store-rocks/metadata_format.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::DrainStatus;
using ::quarry::testing::GraphTest;
using ::quarry::testing::LinkEdge;
using ::quarry::testing::RawKeyCount;
using ::quarry::testing::Rocks;
using ::quarry::testing::Sorted;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::StoreTestSchema;
using ::quarry::testing::StoreTestSchemaJson;

TEST_F(GraphTest, CreateTwiceIsAlreadyExistsAndOpenMissingIsNotFound) {
  EXPECT_THAT(Graph::Open(dir_.string()), StatusIs(StatusCode::kNotFound));
  Create(StoreTestSchema());
  graph_.reset();
  EXPECT_THAT(Graph::Create(dir_.string(), StoreTestSchema(), StoreProperties()),
              StatusIs(StatusCode::kAlreadyExists));
}

TEST_F(GraphTest, MetadataHoldsEverythingNeededToReopen) {
  StoreProperties props;
  props.key_package = "classic";
  Create(StoreTestSchema(), props);
  auto& db = Rocks(*graph_).instance();
  ASSERT_OK_AND_ASSIGN(std::string package, db.GetMeta(kMetaKeyPackage));
  EXPECT_EQ(package, "classic");
  ASSERT_OK_AND_ASSIGN(std::string key_format, db.GetMeta(kMetaKeyFormat));
  EXPECT_EQ(key_format, "2");  // Key format 2: the insert id joined the key (issue 13).
  ASSERT_OK_AND_ASSIGN(std::string value_format, db.GetMeta(kMetaValueFormat));
  EXPECT_EQ(value_format, "3");  // Value format 3: no timestamp without a timestampProperty.
  ASSERT_OK_AND_ASSIGN(std::string props_text, db.GetMeta(kMetaStoreProperties));
  EXPECT_NE(props_text.find("quarry.keypackage=classic"), std::string::npos);
  ASSERT_OK_AND_ASSIGN(std::string schema_json, db.GetMeta(kMetaSchema));
  EXPECT_EQ(schema_json, StoreTestSchema()->json().dump());
  Add({CountEntity("a", 3)});
  // Reopened without schema or properties: everything comes from metadata.
  Reopen();
  EXPECT_EQ(graph_->key_package().Name(), "classic");
  EXPECT_NE(graph_->schema()->Group("Road"), nullptr);
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 3)}));
}

// A graph of value format 1 (absent properties written as length 0) opens;
// its version is raised to 2 since format 2 values may now be written. A
// version 2 graph stays 2: its values lead with a timestamp that version 3
// leaves out (tests/store-rocks/value_format_v2_graph_test.cc reads real
// ones). A version this build does not know is refused.
TEST_F(GraphTest, ValueFormatOneOpensAndIsRaisedUnknownVersionsAreRefused) {
  Create(StoreTestSchema());
  ASSERT_OK(Rocks(*graph_).instance().PutMeta(kMetaValueFormat, "1"));
  Reopen();
  ASSERT_OK_AND_ASSIGN(std::string value_format,
                       Rocks(*graph_).instance().GetMeta(kMetaValueFormat));
  EXPECT_EQ(value_format, "2");
  EXPECT_EQ(graph_->key_package().value_format(), 2u);
  Reopen();
  ASSERT_OK_AND_ASSIGN(value_format, Rocks(*graph_).instance().GetMeta(kMetaValueFormat));
  EXPECT_EQ(value_format, "2");
  ASSERT_OK(Rocks(*graph_).instance().PutMeta(kMetaValueFormat, "4"));
  graph_.reset();
  EXPECT_THAT(Graph::Open(dir_.string()), StatusIsWithMessage(StatusCode::kFailedPrecondition,
                                                              "quarry.value_format is version 4"));
}

TEST_F(GraphTest, KeyPackageMismatchAtOpenIsFailedPrecondition) {
  Create(StoreTestSchema());
  graph_.reset();
  ASSERT_OK_AND_ASSIGN(StoreProperties classic,
                       StoreProperties::Parse("quarry.keypackage=classic", "test"));
  EXPECT_THAT(Graph::Open(dir_.string(), nullptr, &classic),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "key-package mismatch"));
  // Properties that do not name a package keep the stored one.
  ASSERT_OK_AND_ASSIGN(StoreProperties other,
                       StoreProperties::Parse("quarry.compression=none", "test"));
  ASSERT_OK_AND_ASSIGN(auto g, Graph::Open(dir_.string(), nullptr, &other));
  EXPECT_EQ(g->key_package().Name(), "byteEntity");
}

TEST_F(GraphTest, OpenWithAnAllowedNewSchemaStoresIt) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 1)});
  graph_.reset();
  std::string json = StoreTestSchemaJson();
  json.replace(json.find("\"entities\": {"), 13,
               "\"entities\": {\"Extra\": {\"vertex\": \"string\"},");
  auto extended = testing::ParseSchema(json);
  ASSERT_OK_AND_ASSIGN(graph_, Graph::Open(dir_.string(), extended));
  Add({Element::Entity("Extra", Value::String("x"))});
  Reopen();  // The stored schema is now the extended one.
  EXPECT_NE(graph_->schema()->Group("Extra"), nullptr);
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 2u);
}

TEST_F(GraphTest, OpenWithARefusedSchemaChangeIsFailedPrecondition) {
  Create(StoreTestSchema());
  graph_.reset();
  std::string json = StoreTestSchemaJson();
  const std::string group_by = "\"groupBy\": [\"bucket\"]";
  json.replace(json.find(group_by), group_by.size(), "\"groupBy\": []");
  EXPECT_THAT(Graph::Open(dir_.string(), testing::ParseSchema(json)),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "Road"));
  // The stored schema is untouched.
  Reopen();
  EXPECT_EQ(graph_->schema()->Group("Road")->group_by().size(), 1u);
}

TEST_F(GraphTest, DataDirectoriesMustStartWithTheGraphDir) {
  StoreProperties props;
  props.raw["quarry.data.dirs"] = testing::CommaList({dir_.string() + "/a", dir_.string() + "/b"});
  EXPECT_THAT(Graph::Create(dir_.string(), StoreTestSchema(), props),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "must be the graph dir"));
  props.raw["quarry.data.dirs"] =
      testing::CommaList({dir_.string(), dir_.string() + "/b", dir_.string() + "/b/"});
  EXPECT_THAT(Graph::Create(dir_.string(), StoreTestSchema(), props),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "listed twice"));
}

TEST_F(GraphTest, RepeatedInsertsAggregateIntoOneKey) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 2), CountEntity("b", 1)});
  Add({CountEntity("a", 5)});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({CountEntity("a", 7), CountEntity("b", 1)}));
  EXPECT_EQ(RawKeyCount(*graph_, "Count"), 2u);
  // Merged values survive compaction and reopening.
  ASSERT_OK(graph_->Compact());
  Reopen();
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({CountEntity("a", 7), CountEntity("b", 1)}));
}

// FirstLastIT (gaffer-compat.md §4.2): inserting 1, 2, 3 one at a time gives
// First = 3 (newest) and Last = 1 (oldest) on the AccumuloStore.
TEST_F(GraphTest, FirstKeepsNewestAndLastKeepsOldestAsAccumuloDoes) {
  Create(StoreTestSchema());
  for (std::string v : {"1", "2", "3"}) Add({CountEntity("a", 1, v, v)});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 3, "3", "1")}));
  ASSERT_OK(graph_->Compact());
  Add({CountEntity("a", 1, "4", "4")});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 4, "4", "1")}));
}

TEST_F(GraphTest, NonAggregatedGroupKeepsEveryInsert) {
  Create(StoreTestSchema());
  Element e = Element::Entity("Event", Value::String("a"), {{"note", Value::String("x")}});
  Add({e, e});
  Add({e});
  Reopen();
  Add({e});
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 4u);
  EXPECT_EQ(RawKeyCount(*graph_, "Event"), 4u);
  EXPECT_EQ(
      Drain(graph_->GetElements(std::vector<ElementId>{EntitySeed{Value::String("a")}}, {})).size(),
      4u);
}

// Gaffer never aggregates a group whose schema says "aggregate": false, at
// ingest or at query time: a view groupBy override, or a visibility property
// (which otherwise makes query-time aggregation merge cells), leaves its
// duplicates separate.
TEST_F(GraphTest, QueryTimeGroupByNeverMergesANonAggregatedGroup) {
  Create(testing::ParseSchema(R"json({
  "entities": {
    "Event": {"vertex": "string", "properties": {"vis": "vis", "note": "string"},
              "aggregate": false},
    "Seen": {"vertex": "string", "properties": {"vis": "vis", "count": "count.long"}}
  },
  "visibilityProperty": "vis",
  "types": {
    "string": {"class": "java.lang.String"},
    "vis": {"class": "java.lang.String", "aggregateFunction": {"class": "Min"}},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}}
  }
})json"));
  auto event = [](const char* vis) {
    return Element::Entity("Event", Value::String("a"),
                           {{"vis", Value::String(vis)}, {"note", Value::String("x")}});
  };
  auto seen = [](const char* vis) {
    return Element::Entity("Seen", Value::String("a"),
                           {{"vis", Value::String(vis)}, {"count", Value::Int64(1)}});
  };
  Add({event("A"), event("B"), event("A"), seen("A"), seen("B")});
  QueryOptions options;
  ASSERT_OK_AND_ASSIGN(options.auths, Authorizations::Create({"A", "B"}));
  ASSERT_OK_AND_ASSIGN(options.view, ParseView(Json::parse(R"({"entities":{"Event":{"groupBy":[]},
                                                               "Seen":{"groupBy":[]}}})"),
                                               "view"));
  std::vector<Element> out = Drain(graph_->GetAllElements(options));
  // Seen aggregates across visibilities (one element, count 2); Event keeps all three.
  size_t events = 0;
  for (const Element& e : out) {
    if (e.group() == "Event") ++events;
    if (e.group() == "Seen") EXPECT_EQ(e.properties().Get("count"), Value::Int64(2));
  }
  EXPECT_EQ(events, 3u);
  EXPECT_EQ(out.size(), 4u);
  std::vector<Element> seeded =
      Drain(graph_->GetElements(std::vector<ElementId>{EntitySeed{Value::String("a")}}, options));
  EXPECT_EQ(seeded.size(), 4u);
}

TEST_F(GraphTest, BatchWithOneInvalidElementStoresNothing) {
  Create(StoreTestSchema());
  std::vector<Element> batch = {
      CountEntity("a", 1), LinkEdge("a", "b", true, 1),
      Element::Entity("Count", Value::String("c"), {{"count", Value::Int32(1)}})};  // IsA fails.
  AddElementsResult result;
  EXPECT_THAT(graph_->AddElements(batch, {}, &result),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "element 2"));
  EXPECT_EQ(result.added, 0u);
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
  EXPECT_EQ(RawKeyCount(*graph_, "Count") + RawKeyCount(*graph_, "Link"), 0u);
  // Unknown group: refused too.
  std::vector<Element> unknown = {Element::Entity("Nope", Value::String("a"))};
  EXPECT_THAT(graph_->AddElements(unknown, {}, nullptr),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Nope"));
  // Skipping invalid elements stores the rest and counts the skipped.
  ASSERT_OK(graph_->AddElements(batch, {.skip_invalid_elements = true}, &result));
  EXPECT_EQ(result.added, 2u);
  EXPECT_EQ(result.skipped, 1u);
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 2u);
  // With validation off, Gaffer's AccumuloStore drops an unknown group's
  // element and goes on (AddElementsLoaderIT): skipped, not an error.
  AddElementsResult unvalidated;
  std::vector<Element> mixed = {Element::Entity("Nope", Value::String("a")), batch[0]};
  ASSERT_OK(graph_->AddElements(mixed, {.validate = false}, &unvalidated));
  EXPECT_EQ(unvalidated.added, 1u);
  EXPECT_EQ(unvalidated.skipped, 1u);
}

TEST_F(GraphTest, VisibilityThatDoesNotParseIsRejected) {
  Create(testing::VisibilityTestSchema());
  std::vector<Element> batch = {
      Element::Entity("Seen", Value::String("a"),
                      {{"vis", Value::String("A")}, {"count", Value::Int64(1)}}),
      Element::Entity("Seen", Value::String("b"),
                      {{"vis", Value::String("A&B|C")}, {"count", Value::Int64(1)}})};
  EXPECT_THAT(graph_->AddElements(batch, {.validate = false}, nullptr),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "element 1"));
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
}

TEST_F(GraphTest, ScansReturnOnlyCellsTheAuthsCanSee) {
  Create(testing::VisibilityTestSchema());
  auto seen = [](std::string v, std::string vis) {
    return Element::Entity("Seen", Value::String(v),
                           {{"vis", Value::String(vis)}, {"count", Value::Int64(1)}});
  };
  Add({seen("a", ""), seen("b", "A"), seen("c", "A&B")});
  QueryOptions none;
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements(none))), Sorted({seen("a", "")}));
  QueryOptions a;
  ASSERT_OK_AND_ASSIGN(a.auths, Authorizations::Create({"A"}));
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements(a))), Sorted({seen("a", ""), seen("b", "A")}));
}

TEST_F(GraphTest, CorruptOperandIsAnErrorNotAGuess) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 1)});
  // A merge operand on a's key whose value is garbage (a 3-byte value has no
  // room for the 8-byte timestamp).
  std::vector<KeyValue> kvs;
  ASSERT_OK(graph_->key_package().Encode(CountEntity("a", 1), 0, &kvs));
  auto& rocks = Rocks(*graph_);
  ASSERT_TRUE(rocks.instance()
                  .db()
                  ->Merge(rocksdb::WriteOptions(), rocks.group("Count")->cf, kvs[0].key, "bad")
                  .ok());
  EXPECT_THAT(DrainStatus(graph_->GetAllElements({})), StatusIs(StatusCode::kDataLoss));
  EXPECT_GE(rocks.group("Count")->merge_operator->failures(), 1u);
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_GE(stats.groups["Count"].merge_failures, 1u);
  EXPECT_EQ(stats.groups["Link"].merge_failures, 0u);
  EXPECT_NE(rocks.group("Count")->merge_operator->last_error().find("group 'Count'"),
            std::string::npos);
}

TEST_F(GraphTest, DeleteRemovesBothHalvesAndEveryInsert) {
  Create(StoreTestSchema());
  Element event = Element::Entity("Event", Value::String("a"), {{"note", Value::String("x")}});
  Add({LinkEdge("a", "b", true, 1), CountEntity("a", 1), event, event});
  EXPECT_EQ(RawKeyCount(*graph_, "Link"), 2u);
  ASSERT_OK(graph_->DeleteElements(std::vector<Element>{LinkEdge("a", "b", true, 0), event}));
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 1)}));
  EXPECT_EQ(
      Drain(graph_->GetElements(std::vector<ElementId>{EntitySeed{Value::String("b")}}, {})).size(),
      0u);
}

TEST_F(GraphTest, CheckpointIsAConsistentReopenableCopy) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 2)});
  std::string copy = dir_.string() + "_checkpoint";
  ASSERT_OK(graph_->Checkpoint(copy));
  EXPECT_THAT(graph_->Checkpoint(copy), StatusIs(StatusCode::kAlreadyExists));
  Add({CountEntity("a", 5)});
  {
    ASSERT_OK_AND_ASSIGN(auto copy_graph, Graph::Open(copy));
    EXPECT_EQ(Sorted(Drain(copy_graph->GetAllElements({}))), Sorted({CountEntity("a", 2)}));
  }
  std::filesystem::remove_all(copy);
}

TEST_F(GraphTest, StatsAndSplitPointsPersist) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 1), CountEntity("b", 1), CountEntity("c", 1), CountEntity("d", 1)});
  ASSERT_OK_AND_ASSIGN(
      auto points,
      graph_->SplitPointsFromSample(std::vector<Element>{CountEntity("a", 1), CountEntity("b", 1),
                                                         CountEntity("c", 1), CountEntity("d", 1)},
                                    2));
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].substr(0, 3), std::string("c\x00\x01", 3));  // The median row.
  ASSERT_OK(graph_->SetSplitPoints({"m", "c", "m"}));
  Reopen();
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_EQ(stats.split_points, (std::vector<std::string>{"c", "m"}));
  EXPECT_EQ(stats.key_package, "byteEntity");
  EXPECT_EQ(stats.groups.size(), 5u);
  ASSERT_OK(graph_->MergeShards("a", ""));
  ASSERT_OK_AND_ASSIGN(stats, graph_->Stats());
  EXPECT_TRUE(stats.split_points.empty());
}

TEST_F(GraphTest, BulkImportAggregatesWithStoredValues) {
  Create(StoreTestSchema());
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("n")}});
  Add({CountEntity("a", 2, "old", "old"), event});
  std::vector<Element> bulk = {CountEntity("a", 3, "mid", "mid"),
                               CountEntity("b", 1, "b", "b"),
                               CountEntity("a", 4, "new", "new"),
                               event,
                               event,
                               LinkEdge("a", "b", true, 5)};
  AddElementsResult result;
  ASSERT_OK(graph_->BulkImport(bulk, {}, &result));
  EXPECT_EQ(result.added, 6u);
  // a: 2 + 3 + 4; First the newest import, Last the stored (oldest) value.
  std::vector<Element> expected = {
      CountEntity("a", 9, "new", "old"), CountEntity("b", 1, "b", "b"), event, event, event,
      LinkEdge("a", "b", true, 5)};
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted(expected));
  Add({CountEntity("a", 1, "last", "last")});  // Later merges still apply.
  Reopen();
  expected[0] = CountEntity("a", 10, "last", "old");
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted(expected));
  EXPECT_EQ(RawKeyCount(*graph_, "Link"), 2u);
  // An invalid element: nothing is imported.
  std::vector<Element> bad = {CountEntity("z", 1), Element::Entity("Count", Value::String("y"),
                                                                   {{"count", Value::Int32(1)}})};
  EXPECT_THAT(graph_->BulkImport(bad, {}, &result), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(result.added, 0u);
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), expected.size());
}

}  // namespace
}  // namespace quarry

namespace quarry::testing {
namespace {

// Gaffer's documented GetElements and GetElementsInRanges results carry the
// matched end of each edge row, for EdgeSeed-only input too.
TEST_F(GraphTest, SeededAndRangeScansReportTheMatchedVertex) {
  Create(StoreTestSchema());
  Add({LinkEdge("a", "b", /*directed=*/true, 1)});
  std::vector<ElementId> seeds = {
      MakeEdgeSeed(Value::String("a"), Value::String("b"), DirectedType::kEither)};
  std::vector<Element> by_edge = Drain(graph_->GetElements(seeds, QueryOptions()));
  ASSERT_EQ(by_edge.size(), 1u);
  EXPECT_EQ(by_edge[0].matched_vertex(), MatchedVertex::kSource);

  std::vector<std::pair<ElementId, ElementId>> ranges = {
      {EntitySeed{Value::String("a")}, EntitySeed{Value::String("b")}}};
  std::vector<Element> in_range = Drain(graph_->GetElementsInRanges(ranges, QueryOptions()));
  ASSERT_EQ(in_range.size(), 2u);  // one row under each end
  std::multiset<MatchedVertex> matched;
  for (const Element& e : in_range) {
    ASSERT_TRUE(e.matched_vertex().has_value()) << e.DebugString();
    matched.insert(*e.matched_vertex());
  }
  EXPECT_EQ(matched,
            (std::multiset<MatchedVertex>{MatchedVertex::kSource, MatchedVertex::kDestination}));
}

}  // namespace
}  // namespace quarry::testing
