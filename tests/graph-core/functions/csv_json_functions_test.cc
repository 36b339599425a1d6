// Expected values from koryphe's CsvToMapsTest, CsvLinesToMapsTest and
// DeserialiseJsonTest, gaffer-doc's koryphe-functions reference (the
// "value1|value2|value3" lines) and Apache Commons CSV's DEFAULT format.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Value CsvStr(const char* s) { return Value::String(s); }

Value CsvRow(std::vector<std::pair<const char*, Value>> cells) {
  ValueEntries entries;
  for (auto& [k, v] : cells) entries.emplace_back(CsvStr(k), std::move(v));
  return Value::Map(std::move(entries));
}

Value CsvValue123() {
  return CsvRow({{"header1", CsvStr("value1")},
                 {"header2", CsvStr("value2")},
                 {"header3", CsvStr("value3")}});
}

TEST(CsvToMapsTest, SkipsTheHeaderRowAndMapsEachRecord) {
  auto fn = ParseFn(R"({"class":"CsvToMaps","header":["header1","header2","header3"],
                        "firstRow":1})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value one,
                       Call(*fn, {CsvStr("header1,header2,header3\nvalue1,value2,value3")}));
  EXPECT_EQ(one, Value::List({CsvValue123()}));
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {CsvStr("")}));
  EXPECT_EQ(none, Value::List({}));
  ASSERT_OK_AND_ASSIGN(Value null_out, Call(*fn, {Value()}));
  EXPECT_TRUE(null_out.is_null());
}

TEST(CsvToMapsTest, QuotesAndDelimiters) {
  // DEFAULT quotes with '"' even when "quoted" is not set; a quoted field
  // keeps its delimiters and "" is one quote.
  auto fn = ParseFn(R"({"class":"CsvToMaps","header":["a","b"]})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {CsvStr("\"x,y\",\"say \"\"hi\"\"\"\r\n\n1,\n")}));
  EXPECT_EQ(v, Value::List({CsvRow({{"a", CsvStr("x,y")}, {"b", CsvStr("say \"hi\"")}}),
                            CsvRow({{"a", CsvStr("1")}, {"b", CsvStr("")}})}));
  auto single = ParseFn(R"({"class":"CsvToMaps","header":["a","b"],"delimiter":"|",
                            "quoted":true,"quoteChar":"'"})");
  ASSERT_NE(single, nullptr);
  ASSERT_OK_AND_ASSIGN(Value q, Call(*single, {CsvStr("'x|y'|\"z\"")}));
  EXPECT_EQ(q, Value::List({CsvRow({{"a", CsvStr("x|y")}, {"b", CsvStr("\"z\"")}})}));
  EXPECT_EQ(single->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.CsvToMaps",
      "header":["a","b"],"delimiter":"|","quoted":true,"quoteChar":"'"})"));
}

TEST(CsvToMapsTest, MoreFieldsThanHeaderNamesIsAnError) {
  auto fn = ParseFn(R"({"class":"CsvToMaps","header":["a"]})");
  ASSERT_NE(fn, nullptr);
  EXPECT_THAT(Call(*fn, {CsvStr("1,2")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "header"));
  auto bad_quote = ParseFn(R"({"class":"CsvToMaps","header":["a","b"]})");
  EXPECT_THAT(Call(*bad_quote, {CsvStr("\"open,1")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(CsvLinesToMapsTest, DocExample) {
  auto fn = ParseFn(R"({"class":"CsvLinesToMaps","header":["header1","header2","header3"],
                        "firstRow":1,"delimiter":"|"})");
  ASSERT_NE(fn, nullptr);
  // The skipped first line is not parsed, so a null or a short header line
  // there is fine.
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::List({Value(), CsvStr("value1|value2|value3"),
                                                        CsvStr("value4|value5|value6")})}));
  EXPECT_EQ(v, Value::List({CsvValue123(), CsvRow({{"header1", CsvStr("value4")},
                                                   {"header2", CsvStr("value5")},
                                                   {"header3", CsvStr("value6")}})}));
}

TEST(CsvLinesToMapsTest, EmptyFieldsAreNullAndTrimApplies) {
  auto fn = ParseFn(R"({"class":"CsvLinesToMaps","header":["a","b","c"],"trim":true,
                        "nullString":"NULL"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::List({CsvStr(" x , NULL ,")})}));
  EXPECT_EQ(v, Value::List({CsvRow({{"a", CsvStr("x")}, {"b", Value()}, {"c", CsvStr("")}})}));
  auto plain = ParseFn(R"({"class":"CsvLinesToMaps","header":["a","b"]})");
  ASSERT_OK_AND_ASSIGN(Value n, Call(*plain, {Value::List({CsvStr(",y")})}));
  EXPECT_EQ(n, Value::List({CsvRow({{"a", Value()}, {"b", CsvStr("y")}})}));
}

TEST(CsvLinesToMapsTest, ColumnCountMustMatchTheHeader) {
  auto fn = ParseFn(R"({"class":"CsvLinesToMaps","header":["a","b","c"]})");
  ASSERT_NE(fn, nullptr);
  EXPECT_THAT(Call(*fn, {Value::List({CsvStr("1,2")})}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "CSV has 2 columns, but there are 3 provided column names"));
  ASSERT_OK_AND_ASSIGN(Value null_out, Call(*fn, {Value()}));
  EXPECT_TRUE(null_out.is_null());
}

TEST(DeserialiseJsonTest, ReadsJsonAsMapsListsAndNumbers) {
  auto fn = ParseFn(R"({"class":"DeserialiseJson"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value v, Call(*fn, {CsvStr(R"({"elements": [{"value": "value1"}, {"value": "value2"}]})")}));
  EXPECT_EQ(v, CsvRow({{"elements", Value::List({CsvRow({{"value", CsvStr("value1")}}),
                                                 CsvRow({{"value", CsvStr("value2")}})})}}));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {CsvStr(R"([30, 3000000000, 1.5, true, null, "s"])")}));
  EXPECT_EQ(n, Value::List({Value::Int32(30), Value::Int64(3000000000LL), Value::Double(1.5),
                            Value::Bool(true), Value(), CsvStr("s")}));
  ASSERT_OK_AND_ASSIGN(Value null_out, Call(*fn, {Value()}));
  EXPECT_TRUE(null_out.is_null());
  EXPECT_THAT(Call(*fn, {CsvStr("{not json")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "failed to deserialise JSON"));
}

// koryphe's DeserialiseJsonTest reads with new DeserialiseJson(Long.class):
// every integer is a Long, whatever its size.
TEST(DeserialiseJsonTest, ScalarOutputClassCoerces) {
  auto fn = ParseFn(R"({"class":"DeserialiseJson","outputClass":"java.lang.Long"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value five, Call(*fn, {CsvStr("5")}));
  EXPECT_EQ(five, Value::Int64(5));
  ASSERT_OK_AND_ASSIGN(Value quoted, Call(*fn, {CsvStr("\"7\"")}));
  EXPECT_EQ(quoted, Value::Int64(7));
  EXPECT_THAT(Call(*fn, {CsvStr("[1]")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(DeserialiseJsonTest, OutputClassIsWrittenBack) {
  auto fn = ParseFn(R"({"class":"DeserialiseJson","outputClass":"java.util.Map"})");
  ASSERT_NE(fn, nullptr);
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.DeserialiseJson",
      "outputClass":"java.util.Map"})"));
  EXPECT_THAT(Call(*fn, {CsvStr("[1]")}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
