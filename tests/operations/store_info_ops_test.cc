// GetTraits, HasTrait and GetSchema's compact form, against the gaffer-doc
// example schema (doc_simple.json: every group aggregates, no groupBy, the
// "true" type validates with IsTrue, no visibility property).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

// AccumuloStore.TRAITS: every StoreTrait.
constexpr std::string_view kAllTraits =
    R"(["INGEST_AGGREGATION","QUERY_AGGREGATION","PRE_AGGREGATION_FILTERING",
        "POST_AGGREGATION_FILTERING","POST_TRANSFORMATION_FILTERING","TRANSFORMATION",
        "STORE_VALIDATION","ORDERED","VISIBILITY","MATCHED_VERTEX"])";

TEST(StoreInfoOpsTest, GetTraitsAllAndCurrent) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json all, f.Run(R"({"class":"GetTraits","currentTraits":false})"));
  EXPECT_TRUE(SameMultiset(all, kAllTraits));
  // GetTraitsHandler.createCurrentTraits: no visibility property drops
  // VISIBILITY; aggregation without any groupBy drops QUERY_AGGREGATION;
  // validation (IsTrue) keeps STORE_VALIDATION. currentTraits defaults to true.
  ASSERT_OK_AND_ASSIGN(Json current,
                       f.Run(R"({"class":"uk.gov.gchq.gaffer.store.operation.GetTraits"})"));
  EXPECT_TRUE(SameMultiset(current, R"(["INGEST_AGGREGATION","PRE_AGGREGATION_FILTERING",
      "POST_AGGREGATION_FILTERING","POST_TRANSFORMATION_FILTERING","TRANSFORMATION",
      "STORE_VALIDATION","ORDERED","MATCHED_VERTEX"])"));
}

TEST(StoreInfoOpsTest, HasTrait) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"HasTrait","trait":"VISIBILITY"})"));
  EXPECT_EQ(out, false);
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"HasTrait","trait":"VISIBILITY",
                                      "currentTraits":false})"));
  EXPECT_EQ(out, true);
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"HasTrait","trait":"STORE_VALIDATION"})"));
  EXPECT_EQ(out, true);
  EXPECT_THAT(
      f.Run(R"({"class":"HasTrait","trait":"FLYING"})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "trait: unknown store trait 'FLYING'"));
}

TEST(StoreInfoOpsTest, GetSchemaCompactDropsDescriptionsAndNamesSerialisers) {
  // core.md GetSchema: the full schema keeps "description"; the compact one
  // has none and writes the serialisers out, with a vertexSerialiser.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json full, f.Run(R"({"class":"GetSchema","compact":false})"));
  EXPECT_EQ(full["entities"]["entity"]["description"], "test entity");
  EXPECT_EQ(full["edges"]["edge"]["description"], "test edge");
  EXPECT_FALSE(full.contains("vertexSerialiser"));
  ASSERT_OK_AND_ASSIGN(Json compact, f.Run(R"({"class":"GetSchema","compact":true})"));
  EXPECT_FALSE(compact["entities"]["entity"].contains("description"));
  EXPECT_FALSE(compact["edges"]["edge"].contains("description"));
  EXPECT_EQ(compact["vertexSerialiser"]["class"],
            "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedIntegerSerialiser");
  EXPECT_EQ(compact["types"]["count"]["serialiser"]["class"],
            "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedIntegerSerialiser");
  // Identifier types get no serialiser of their own (the doc's "int", "true").
  EXPECT_FALSE(compact["types"]["int"].contains("serialiser"));
  EXPECT_FALSE(compact["types"]["true"].contains("serialiser"));
  EXPECT_EQ(compact["edges"]["edge"]["source"], "int");
}

}  // namespace
}  // namespace quarry
