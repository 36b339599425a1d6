#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/function.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(ParseFunctionTest, SimpleAndFullNamesWriteFullNames) {
  for (const char* simple :
       {"Identity", "ToNull", "ToString", "ToLong", "ToInteger", "ToDouble", "ToFloat",
        "ToUpperCase", "ToLowerCase", "Size", "Increment", "DefaultIfNull", "Multiply", "Divide"}) {
    SCOPED_TRACE(simple);
    std::string full = std::string("uk.gov.gchq.koryphe.impl.function.") + simple;
    ASSERT_OK_AND_ASSIGN(auto a, ParseFunction(Json{{"class", simple}}, "f"));
    ASSERT_OK_AND_ASSIGN(auto b, ParseFunction(Json{{"class", full}}, "f"));
    EXPECT_EQ(a->ToJson(), (Json{{"class", full}}));
    EXPECT_EQ(b->ToJson(), (Json{{"class", full}}));
  }
}

TEST(ParseFunctionTest, Errors) {
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"Frobnicate"})"), "view.transformFunctions[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Frobnicate"));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"com.example.ToLong"})"), "f"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseFunction(Json::parse(R"({})"), "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f.class"));
  EXPECT_THAT(ParseFunction(Json::parse(R"([])"), "f"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"Concat","separator":[]})"), "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f.separator"));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"Length","maxLength":1.5})"), "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "f.maxLength"));
}

TEST(ParseFunctionTest, DeepNestingIsRefusedNotACrash) {
  Json fn = {{"class", "Identity"}};
  for (int i = 0; i < 100; ++i) fn = {{"class", "If"}, {"then", fn}};
  EXPECT_THAT(ParseFunction(fn, "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "functions nested deeper than"));
  Json shallow = {{"class", "If"}, {"then", {{"class", "Identity"}}}};
  EXPECT_TRUE(ParseFunction(shallow, "f").ok());
}

}  // namespace
}  // namespace quarry
