// The item-level function classes, against Gaffer's ExtractPropertyTest,
// ExtractIdTest, ExtractGroupTest, ToEntityIdTest, ToElementIdTest and
// koryphe's FirstItem/LastItem/NthItem/ToList/ToSet/IterableConcat/
// IterableFunction/FunctionChain/Size semantics.
#include "operations/internal/item_function_classes.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json J(std::string_view text) { return Json::parse(text); }

Result<Json> ApplyJson(std::string_view function, std::string_view input) {
  QUARRY_ASSIGN_OR_RETURN(auto f, ParseItemFunction(J(function), "f"));
  QUARRY_ASSIGN_OR_RETURN(FnObject out, f->Apply(FnObjectFromJson(J(input))));
  return FnObjectToJson(out);
}

constexpr std::string_view kEdge =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":1,"destination":2,"directed":true,"properties":{"count":3}})";
constexpr std::string_view kEntity =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":"v","properties":{"count":{"java.lang.Long":7}}})";

TEST(ItemFunctionClassesTest, ExtractPropertyIdAndGroup) {
  ASSERT_OK_AND_ASSIGN(Json p, ApplyJson(R"({"class":"ExtractProperty","name":"count"})", kEdge));
  EXPECT_EQ(p, J("3"));
  ASSERT_OK_AND_ASSIGN(Json missing, ApplyJson(R"({"class":"ExtractProperty","name":"x"})", kEdge));
  EXPECT_TRUE(missing.is_null());
  ASSERT_OK_AND_ASSIGN(
      Json dest,
      ApplyJson(
          R"({"class":"uk.gov.gchq.gaffer.data.element.function.ExtractId","id":"DESTINATION"})",
          kEdge));
  EXPECT_EQ(dest, J("2"));
  ASSERT_OK_AND_ASSIGN(Json directed, ApplyJson(R"({"class":"ExtractId","id":"DIRECTED"})", kEdge));
  EXPECT_EQ(directed, J("true"));
  ASSERT_OK_AND_ASSIGN(Json vertex, ApplyJson(R"({"class":"ExtractId","id":"VERTEX"})", kEntity));
  EXPECT_EQ(vertex, J(R"("v")"));
  ASSERT_OK_AND_ASSIGN(Json group, ApplyJson(R"({"class":"ExtractGroup"})", kEntity));
  EXPECT_EQ(group, J(R"("entity")"));
  // Gaffer: a null element gives null.
  ASSERT_OK_AND_ASSIGN(Json null_in, ApplyJson(R"({"class":"ExtractGroup"})", "null"));
  EXPECT_TRUE(null_in.is_null());
}

TEST(ItemFunctionClassesTest, ElementFunctionsRefuseOtherInputsAndBadFields) {
  EXPECT_THAT(ApplyJson(R"({"class":"ExtractProperty","name":"count"})", "5"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "not an element"));
  EXPECT_THAT(ApplyJson(R"({"class":"ExtractProperty"})", kEdge),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f.name: required"));
  EXPECT_THAT(ApplyJson(R"({"class":"ExtractId","id":"SIDEWAYS"})", kEdge),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f.id"));
}

TEST(ItemFunctionClassesTest, ToEntityIdAndToElementId) {
  // ToEntityIdTest: a vertex becomes an EntitySeed; an entity id stays as it is.
  ASSERT_OK_AND_ASSIGN(Json seed, ApplyJson(R"({"class":"ToEntityId"})", "1"));
  EXPECT_EQ(seed, J(R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":1})"));
  ASSERT_OK_AND_ASSIGN(Json same, ApplyJson(R"({"class":"ToEntityId"})", kEntity));
  EXPECT_EQ(same, J(kEntity));
  ASSERT_OK_AND_ASSIGN(Json edge, ApplyJson(R"({"class":"ToElementId"})", kEdge));
  EXPECT_EQ(edge, J(kEdge));
  ASSERT_OK_AND_ASSIGN(Json null_in, ApplyJson(R"({"class":"ToElementId"})", "null"));
  EXPECT_TRUE(null_in.is_null());
}

TEST(ItemFunctionClassesTest, IterablePicks) {
  ASSERT_OK_AND_ASSIGN(Json first, ApplyJson(R"({"class":"FirstItem"})", "[4, 5, 6]"));
  EXPECT_EQ(first, J("4"));
  ASSERT_OK_AND_ASSIGN(Json last, ApplyJson(R"({"class":"LastItem"})", "[4, 5, 6]"));
  EXPECT_EQ(last, J("6"));
  ASSERT_OK_AND_ASSIGN(Json nth, ApplyJson(R"({"class":"NthItem","selection":1})", "[4, 5, 6]"));
  EXPECT_EQ(nth, J("5"));
  ASSERT_OK_AND_ASSIGN(Json empty, ApplyJson(R"({"class":"FirstItem"})", "[]"));
  EXPECT_TRUE(empty.is_null());
  EXPECT_THAT(ApplyJson(R"({"class":"FirstItem"})", "null"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Input cannot be null"));
  EXPECT_THAT(ApplyJson(R"({"class":"NthItem","selection":3})", "[4, 5, 6]"),
              StatusIs(StatusCode::kInvalidArgument));
}

// Gaffer's FromEntityIdTest, FromElementIdTest and UnwrapEntityIdTest: an
// entity id (seed or Entity) gives its vertex; FromElementId passes an edge
// id on; UnwrapEntityId passes anything else on; FromEntityId refuses it.
TEST(ItemFunctionClassesTest, FromEntityIdFromElementIdAndUnwrapEntityId) {
  constexpr std::string_view kSeed =
      R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"a"})";
  constexpr std::string_view kFromEntity =
      R"({"class":"uk.gov.gchq.gaffer.operation.function.FromEntityId"})";
  constexpr std::string_view kFromElement =
      R"({"class":"uk.gov.gchq.gaffer.operation.function.FromElementId"})";
  constexpr std::string_view kUnwrap =
      R"({"class":"uk.gov.gchq.gaffer.data.element.function.UnwrapEntityId"})";
  ASSERT_OK_AND_ASSIGN(Json a, ApplyJson(kFromEntity, kSeed));
  EXPECT_EQ(a, J(R"("a")"));
  ASSERT_OK_AND_ASSIGN(Json v, ApplyJson(kFromEntity, kEntity));
  EXPECT_EQ(v, J(R"("v")"));
  EXPECT_THAT(ApplyJson(kFromEntity, kEdge),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "FromEntityId"));
  ASSERT_OK_AND_ASSIGN(Json edge, ApplyJson(kFromElement, kEdge));
  EXPECT_EQ(edge, J(kEdge));
  EXPECT_THAT(ApplyJson(kFromElement, R"("x")"), StatusIs(StatusCode::kInvalidArgument));
  ASSERT_OK_AND_ASSIGN(Json unwrapped, ApplyJson(kUnwrap, kSeed));
  EXPECT_EQ(unwrapped, J(R"("a")"));
  ASSERT_OK_AND_ASSIGN(Json passed, ApplyJson(kUnwrap, R"("y")"));
  EXPECT_EQ(passed, J(R"("y")"));
  ASSERT_OK_AND_ASSIGN(Json null, ApplyJson(kUnwrap, "null"));
  EXPECT_TRUE(null.is_null());
}

// koryphe's IterableFlattenTest: non-null items folded with the operator;
// null for an empty iterable and without an operator.
TEST(ItemFunctionClassesTest, IterableFlatten) {
  constexpr std::string_view kSum =
      R"({"class":"uk.gov.gchq.koryphe.impl.function.IterableFlatten",
          "operator":{"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}})";
  ASSERT_OK_AND_ASSIGN(Json sum, ApplyJson(kSum, "[1, null, 2, 3]"));
  EXPECT_EQ(sum, J("6"));
  ASSERT_OK_AND_ASSIGN(Json empty, ApplyJson(kSum, "[]"));
  EXPECT_TRUE(empty.is_null());
  ASSERT_OK_AND_ASSIGN(Json no_operator, ApplyJson(R"({"class":"IterableFlatten"})", "[1, 2]"));
  EXPECT_TRUE(no_operator.is_null());
  EXPECT_THAT(
      ParseItemFunction(J(R"({"class":"IterableFlatten","operator":{"class":"Nope"}})"), "f")
          .status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "f.operator"));
}

TEST(ItemFunctionClassesTest, Collections) {
  ASSERT_OK_AND_ASSIGN(Json list, ApplyJson(R"({"class":"ToList"})", R"("a")"));
  EXPECT_EQ(list, J(R"(["a"])"));
  ASSERT_OK_AND_ASSIGN(Json set, ApplyJson(R"({"class":"ToSet"})", "[1, 2, 1, 3, 2]"));
  EXPECT_EQ(set, J("[1, 2, 3]"));
  ASSERT_OK_AND_ASSIGN(Json concat,
                       ApplyJson(R"({"class":"IterableConcat"})", "[[1, 2], [], [3]]"));
  EXPECT_EQ(concat, J("[1, 2, 3]"));
  ASSERT_OK_AND_ASSIGN(Json size, ApplyJson(R"({"class":"Size"})", "[[1, 2], [], [3]]"));
  EXPECT_EQ(size, J("3"));
}

TEST(ItemFunctionClassesTest, IterableFunctionAndFunctionChainCompose) {
  std::string edges = "[" + std::string(kEdge) + "," + std::string(kEdge) + "]";
  ASSERT_OK_AND_ASSIGN(
      Json sources,
      ApplyJson(R"({"class":"IterableFunction","functions":[{"class":"ExtractId","id":"SOURCE"},
          {"class":"ToString"}]})",
                edges));
  EXPECT_EQ(sources, J(R"(["1", "1"])"));
  ASSERT_OK_AND_ASSIGN(
      Json chained,
      ApplyJson(R"({"class":"FunctionChain","functions":[{"class":"ExtractProperty","name":"count"},
          {"class":"Increment","increment":1}]})",
                kEdge));
  EXPECT_EQ(chained, J("4"));
}

// Gaffer's ToTrailingWildcardPair (operation.function): the EntitySeeds
// bounding a trailing-wildcard range, "~" after the vertex by default (as
// gaffer-doc's Gaffer functions page shows with endOfRange "custom").
TEST(ItemFunctionClassesTest, ToTrailingWildcardPair) {
  ASSERT_OK_AND_ASSIGN(Json pair,
                       ApplyJson(R"({"class":"ToTrailingWildcardPair"})", R"("value1")"));
  EXPECT_EQ(pair, J(R"({"class":"uk.gov.gchq.gaffer.commonutil.pair.Pair",
      "first":{"uk.gov.gchq.gaffer.operation.data.EntitySeed":
        {"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"value1"}},
      "second":{"uk.gov.gchq.gaffer.operation.data.EntitySeed":
        {"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"value1~"}}})"));
  ASSERT_OK_AND_ASSIGN(
      Json custom,
      ApplyJson(R"({"class":"uk.gov.gchq.gaffer.operation.function.ToTrailingWildcardPair",
      "endOfRange":"custom"})",
                R"("a")"));
  EXPECT_EQ(custom["second"]["uk.gov.gchq.gaffer.operation.data.EntitySeed"]["vertex"], "acustom");
  ASSERT_OK_AND_ASSIGN(
      Json none, ApplyJson(R"({"class":"ToTrailingWildcardPair","endOfRange":null})", R"("a")"));
  EXPECT_EQ(none["second"]["uk.gov.gchq.gaffer.operation.data.EntitySeed"]["vertex"], "a");
  EXPECT_THAT(ApplyJson(R"({"class":"ToTrailingWildcardPair"})", "5"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expected a String"));
}

}  // namespace
}  // namespace quarry::operations_internal
