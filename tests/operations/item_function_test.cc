// The item-function layer: JSON <-> FnObject, graph-core delegation, and
// function lists. Expected values from koryphe's and Gaffer's function
// semantics (FirstItem of an iterable, ToUpperCase of a String...).
#include "operations/item_function.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json J(std::string_view text) { return Json::parse(text); }

Result<Json> ApplyJson(std::string_view function, std::string_view input) {
  QUARRY_ASSIGN_OR_RETURN(auto f, ParseItemFunction(J(function), "functions[0]"));
  QUARRY_ASSIGN_OR_RETURN(FnObject out, f->Apply(FnObjectFromJson(J(input))));
  return FnObjectToJson(out);
}

constexpr std::string_view kEntity =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":1,"properties":{"count":3}})";

TEST(ItemFunctionTest, JsonRoundTripKeepsListsElementsAndValues) {
  Json in =
      J(std::string("[") + std::string(kEntity) + R"(, [1, "a"], {"java.lang.Long": 5}, null])");
  FnObject o = FnObjectFromJson(in);
  ASSERT_TRUE(o.is_list);
  ASSERT_EQ(o.list.size(), 4u);
  EXPECT_TRUE(std::holds_alternative<Element>(*o.list[0].item));
  EXPECT_TRUE(o.list[1].is_list);
  EXPECT_TRUE(std::holds_alternative<Value>(*o.list[2].item));
  EXPECT_TRUE(o.list[3].is_null());
  EXPECT_EQ(FnObjectToJson(o), in);
}

TEST(ItemFunctionTest, OtherClassesAreGraphCoreFunctionsOnPlainValues) {
  ASSERT_OK_AND_ASSIGN(Json up, ApplyJson(R"({"class":"ToUpperCase"})", R"("abc")"));
  EXPECT_EQ(up, J(R"("ABC")"));
  ASSERT_OK_AND_ASSIGN(
      Json inc,
      ApplyJson(R"({"class":"uk.gov.gchq.koryphe.impl.function.Increment","increment":1})", "3"));
  EXPECT_EQ(inc, J("4"));
}

TEST(ItemFunctionTest, GraphCoreFunctionRefusesAnElementByName) {
  EXPECT_THAT(ApplyJson(R"({"class":"ToUpperCase"})", kEntity),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "ToUpperCase"));
}

TEST(ItemFunctionTest, UnknownClassIsRefusedWhenParsed) {
  EXPECT_THAT(ParseItemFunction(J(R"({"class":"NoSuchFunction"})"), "functions[0]").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "NoSuchFunction"));
  EXPECT_THAT(ParseItemFunction(J(R"({"name":"count"})"), "functions[0]").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "functions[0].class"));
}

TEST(ItemFunctionTest, ApplyAllChainsInOrder) {
  ASSERT_OK_AND_ASSIGN(auto fs, ParseItemFunctionList(J(R"([{"class":"FirstItem"},
      {"class":"ToUpperCase"}])"),
                                                      "functions"));
  ASSERT_OK_AND_ASSIGN(FnObject out, ApplyAll(fs, FnObjectFromJson(J(R"(["x", "y"])"))));
  EXPECT_EQ(FnObjectToJson(out), J(R"("X")"));
  EXPECT_THAT(ParseItemFunctionList(J(R"({"class":"FirstItem"})"), "functions").status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ItemFunctionTest, ValueCollectionsAreIterable) {
  // A TreeSet value (e.g. a property) is an Iterable to FirstItem.
  ASSERT_OK_AND_ASSIGN(Json first,
                       ApplyJson(R"({"class":"FirstItem"})", R"({"java.util.TreeSet":["b","a"]})"));
  EXPECT_EQ(first, J(R"("a")"));
}

}  // namespace
}  // namespace quarry
