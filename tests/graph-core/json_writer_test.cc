// The streaming JSON writer against its contract: byte for byte what
// nlohmann's dump of the tree (ElementToJson, ValueToJson, ElementIdToJson)
// writes, for every value type, awkward strings (escapes, Unicode, invalid
// UTF-8) and random bytes; plus Gaffer's own JSON for an edge, written out
// by hand from gaffer-compat.md §6.
#include "graph-core/json_writer.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "graph-core/json_element.h"

namespace quarry {
namespace {

std::string Dumped(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string Written(const Value& value) {
  std::string out = "prefix:";  // Appends, never overwrites.
  AppendValueJson(value, &out);
  return out.substr(7);
}

std::string Written(const Element& element) {
  std::string out;
  AppendElementJson(element, &out);
  return out;
}

std::string Written(const ElementId& id) {
  std::string out;
  AppendElementIdJson(id, &out);
  return out;
}

const std::vector<std::string>& AwkwardStrings() {
  static const std::vector<std::string> strings = {
      "",
      "plain",
      "quote \" backslash \\ slash /",
      "controls \b\f\n\r\t \x01 \x1f end",
      std::string("nul \0 inside", 12),
      "del \x7f stays",
      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xef\xbf\xbf \xf4\x8f\xbf\xbf",
      "lone continuation \x80 here",
      "truncated \xc3",
      "overlong \xc0\xaf and \xe0\x80\xaf",
      "surrogate \xed\xa0\x80",
      "above max \xf4\x90\x80\x80",
      "bad lead \xff\xfe",
      "truncated at end \xf0\x9f\x98",
      "mixed \xc3\xa9\x80\"\x01\xe2\x82",
  };
  return strings;
}

TEST(JsonWriterTest, StringsMatchTheTreeDump) {
  for (const std::string& s : AwkwardStrings()) {
    std::string out;
    AppendJsonString(s, &out);
    EXPECT_EQ(out, Dumped(Json(s))) << "for " << ::testing::PrintToString(s);
  }
}

TEST(JsonWriterTest, EscapesAreNlohmannsSpelling) {
  std::string out;
  AppendJsonString("a\"b\\c\nd\x01", &out);
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\nd\\u0001\"");
}

TEST(JsonWriterTest, RandomBytesMatchTheTreeDump) {
  std::mt19937 random(20261124);
  // Bytes drawn mostly from the interesting ranges: ASCII controls,
  // escapes, UTF-8 lead and continuation bytes.
  const std::string alphabet = std::string("ab\"\\\n\x01\x1f\x7f", 8) +
                               "\x80\xbf\xc2\xc3\xdf\xe0\xe2\xed\xef\xf0\xf4\xf5\xff\xa0\x9f\x8f";
  std::uniform_int_distribution<size_t> length(0, 12), pick(0, alphabet.size() - 1);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    for (size_t n = length(random); n > 0; --n) s.push_back(alphabet[pick(random)]);
    std::string out;
    AppendJsonString(s, &out);
    ASSERT_EQ(out, Dumped(Json(s))) << "for " << ::testing::PrintToString(s);
  }
}

std::vector<Value> EveryValueType() {
  return {Value(),
          Value::Bool(true),
          Value::Bool(false),
          Value::Int32(-2147483647 - 1),
          Value::Int32(42),
          Value::Int64(-9223372036854775807LL - 1),
          Value::Int64(9223372036854775807LL),
          Value::Float(1.5f),
          Value::Float(-0.0f),
          Value::Double(0.1),
          Value::Double(1e300),
          Value::Double(-3.0),
          Value::Double(std::numeric_limits<double>::quiet_NaN()),
          Value::Double(std::numeric_limits<double>::infinity()),
          Value::String("caf\xc3\xa9 \"x\""),
          Value::String("bad \xff"),
          Value::Bytes(std::string("\x00\xff\x10", 3)),
          Value::Date(1257894000000),
          Value::TreeSet({Value::String("b"), Value::String("a")}),
          Value::HashSet({Value::Int32(3), Value::Int32(1)}),
          Value::List({Value::Int64(1), Value(), Value::String("x")}),
          Value::Map({{Value::String("k"), Value::Int64(2)}}),
          Value::FreqMap({{"a", 1}, {"b\n", 7}}),
          Value::TypeValue("t", "v"),
          Value::TypeSubTypeValue("t", "s", "v")};
}

TEST(JsonWriterTest, EveryValueTypeMatchesTheTreeDump) {
  for (const Value& value : EveryValueType()) {
    EXPECT_EQ(Written(value), Dumped(ValueToJson(value))) << value.DebugString();
  }
  EXPECT_EQ(Written(Value::Int64(5)), "{\"java.lang.Long\":5}");
  EXPECT_EQ(Written(Value::Date(7)), "{\"java.util.Date\":7}");
}

TEST(JsonWriterTest, ElementsMatchTheTreeDump) {
  Properties properties;
  for (const Value& value : EveryValueType()) {
    properties.Set("p" + std::to_string(properties.size()), value);
  }
  properties.Set("odd \"name\"\n", Value::Int32(1));
  const std::vector<Element> elements = {
      Element::Entity("BasicEntity", Value::String("v1")),
      Element::Entity("g\xc3\xa9", Value::Int64(3), properties),
      Element::Edge("BasicEdge", Value::String("a"), Value::String("b"), true, properties),
      Element::Edge("BasicEdge", Value::String("b"), Value::String("a"), false),
      Element::Edge("BasicEdge", Value::Int32(1), Value::Int32(2), true, {},
                    MatchedVertex::kDestination),
      Element::Edge("bad \xff", Value::String("\x80"), Value::Date(1), true, {},
                    MatchedVertex::kSource),
  };
  for (const Element& element : elements) {
    EXPECT_EQ(Written(element), Dumped(ElementToJson(element))) << element.DebugString();
  }
}

TEST(JsonWriterTest, EdgeIsGaffersJson) {
  const Element edge =
      Element::Edge("BasicEdge", Value::String("1"), Value::String("2"), true,
                    Properties{{"count", Value::Int64(3)}}, MatchedVertex::kSource);
  EXPECT_EQ(Written(edge),
            R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"BasicEdge",)"
            R"("source":"1","destination":"2","directed":true,"matchedVertex":"SOURCE",)"
            R"("properties":{"count":{"java.lang.Long":3}}})");
}

TEST(JsonWriterTest, SeedsMatchTheTreeDump) {
  const std::vector<ElementId> ids = {
      EntitySeed{Value::String("v")},
      EntitySeed{Value::Int64(9)},
      MakeEdgeSeed(Value::String("a"), Value::String("b"), DirectedType::kDirected),
      MakeEdgeSeed(Value::String("b"), Value::String("a"), DirectedType::kUndirected),
      MakeEdgeSeed(Value::String("a"), Value::String("b"), DirectedType::kEither,
                   MatchedVertex::kDestination),
  };
  for (const ElementId& id : ids) EXPECT_EQ(Written(id), Dumped(ElementIdToJson(id)));
}

}  // namespace
}  // namespace quarry
