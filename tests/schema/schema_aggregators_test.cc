// Full, ingest and query aggregators (gaffer-compat.md §2.5) on the shared
// base schema: Knows has since (groupBy, Min), count (Sum) and vis (the
// visibility property, StringConcat).
#include "schema/schema.h"
#include "tests/schema/bad_schema_cases.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::BaseSchemaJson;

// "selection:SimpleClass" per tuple, e.g. "count:Sum".
std::vector<std::string> Describe(const std::vector<TupleBinaryOperator>& tuples) {
  std::vector<std::string> out;
  for (const TupleBinaryOperator& t : tuples) {
    std::string sel;
    for (const std::string& s : t.selection) sel += (sel.empty() ? "" : ",") + s;
    std::string cls = t.op->ToJson()["class"].get<std::string>();
    out.push_back(sel + ":" + cls.substr(cls.rfind('.') + 1));
  }
  return out;
}

std::shared_ptr<const Schema> Build(const Json& json) {
  auto s = Schema::FromJsonStrings({json.dump()}, {"schema.json"});
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : nullptr;
}

using Strings = std::vector<std::string>;

TEST(SchemaAggregatorsTest, FullAndIngestFromTypes) {
  auto s = Build(BaseSchemaJson());
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* knows = s->Group("Knows");
  EXPECT_EQ(Describe(knows->full_aggregator()),
            (Strings{"since:Min", "count:Sum", "vis:StringConcat"}));
  EXPECT_EQ(Describe(knows->ingest_aggregator()), (Strings{"count:Sum"}));
}

TEST(SchemaAggregatorsTest, QueryAggregatorFollowsTheEffectiveGroupBy) {
  auto s = Build(BaseSchemaJson());
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* knows = s->Group("Knows");
  // Schema groupBy: since is kept apart; the visibility IS aggregated.
  EXPECT_EQ(Describe(knows->QueryAggregator(nullptr, {})),
            (Strings{"count:Sum", "vis:StringConcat"}));
  // A view groupBy of [] drops since from the grouping, so it is aggregated.
  std::vector<std::string> none;
  EXPECT_EQ(Describe(knows->QueryAggregator(&none, {})),
            (Strings{"since:Min", "count:Sum", "vis:StringConcat"}));
}

TEST(SchemaAggregatorsTest, ViewAggregatorComesFirstAndReplacesCoveredProperties) {
  Json json = BaseSchemaJson();
  json["edges"]["Knows"]["aggregateFunctions"] = {
      {{"selection", {"count"}}, {"binaryOperator", {{"class", "Max"}}}}};
  auto s = Build(json);
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* knows = s->Group("Knows");
  EXPECT_EQ(Describe(knows->full_aggregator()),
            (Strings{"count:Max", "since:Min", "vis:StringConcat"}));
  EXPECT_EQ(Describe(knows->ingest_aggregator()), (Strings{"count:Max"}));
  ASSERT_OK_AND_ASSIGN(
      TupleBinaryOperator view_op,
      ParseTupleBinaryOperator(
          Json::parse(R"({"selection": ["count"], "binaryOperator": {"class": "Min"}})"), "view"));
  EXPECT_EQ(Describe(knows->QueryAggregator(nullptr, {view_op})),
            (Strings{"count:Min", "vis:StringConcat"}));
  EXPECT_EQ(Describe(knows->QueryAggregator(nullptr, {})),
            (Strings{"count:Max", "vis:StringConcat"}));
}

TEST(SchemaAggregatorsTest, AggregateFalseHasNone) {
  Json json = BaseSchemaJson();
  json["entities"]["Person"]["aggregate"] = false;
  auto s = Build(json);
  ASSERT_NE(s, nullptr);
  const SchemaElementDefinition* person = s->Group("Person");
  EXPECT_TRUE(person->full_aggregator().empty());
  EXPECT_TRUE(person->ingest_aggregator().empty());
  EXPECT_TRUE(person->QueryAggregator(nullptr, {}).empty());
}

}  // namespace
}  // namespace quarry
