#include "graph-core/json_value.h"

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json ValJson(std::string_view text) {
  Json j = Json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << text;
  return j;
}

Value Parse(std::string_view text) {
  Result<Value> v = ValueFromJson(ValJson(text), "v");
  EXPECT_TRUE(v.ok()) << text << ": " << v.status().ToString();
  return v.ok() ? *v : Value();
}

// Parses `input`, expects `expected`, and expects ValueToJson to give `output`.
void ExpectReadsAndWrites(std::string_view input, const Value& expected, std::string_view output) {
  Value v = Parse(input);
  EXPECT_EQ(v, expected) << input << " read as " << v.DebugString();
  EXPECT_EQ(ValueToJson(v), ValJson(output)) << input;
}

TEST(JsonValueTest, BareNaturalTypes) {
  ExpectReadsAndWrites(R"("abc")", Value::String("abc"), R"("abc")");
  ExpectReadsAndWrites("5", Value::Int32(5), "5");
  ExpectReadsAndWrites("-2147483648", Value::Int32(-2147483648), "-2147483648");
  ExpectReadsAndWrites("2147483647", Value::Int32(2147483647), "2147483647");
  ExpectReadsAndWrites("1.5", Value::Double(1.5), "1.5");
  ExpectReadsAndWrites("true", Value::Bool(true), "true");
  ExpectReadsAndWrites("false", Value::Bool(false), "false");
  ExpectReadsAndWrites("null", Value(), "null");
}

TEST(JsonValueTest, BareIntegerOutsideIntRangeIsAnError) {
  EXPECT_THAT(ValueFromJson(ValJson("2147483648"), "input[0].vertex"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[0].vertex"));
  EXPECT_THAT(ValueFromJson(ValJson("-2147483649"), "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ValueFromJson(ValJson("18446744073709551615"), "p"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(JsonValueTest, WrappedScalarsFullAndSimpleNames) {
  ExpectReadsAndWrites(R"({"java.lang.Long": 5})", Value::Int64(5), R"({"java.lang.Long": 5})");
  ExpectReadsAndWrites(R"({"Long": 5})", Value::Int64(5), R"({"java.lang.Long": 5})");
  ExpectReadsAndWrites(R"({"long": -9223372036854775808})",
                       Value::Int64(std::numeric_limits<int64_t>::min()),
                       R"({"java.lang.Long": -9223372036854775808})");
  ExpectReadsAndWrites(R"({"java.lang.Integer": 7})", Value::Int32(7), "7");
  ExpectReadsAndWrites(R"({"java.lang.Double": 2})", Value::Double(2.0), "2.0");
  ExpectReadsAndWrites(R"({"java.lang.Boolean": true})", Value::Bool(true), "true");
  ExpectReadsAndWrites(R"({"String": "x"})", Value::String("x"), R"("x")");
  ExpectReadsAndWrites(R"({"java.util.Date": 1451044800146})", Value::Date(1451044800146),
                       R"({"java.util.Date": 1451044800146})");
  ExpectReadsAndWrites(R"({"Date": 957312000000})", Value::Date(957312000000),
                       R"({"java.util.Date": 957312000000})");
  // gaffer-doc's koryphe-operators examples write Shorts this way.
  ExpectReadsAndWrites(R"({"java.lang.Short": 32767})", Value::Int16(32767),
                       R"({"java.lang.Short": 32767})");
  ExpectReadsAndWrites(R"({"Short": -5})", Value::Int16(-5), R"({"java.lang.Short": -5})");
  EXPECT_THAT(ValueFromJson(ValJson(R"({"java.lang.Short": 32768})"), "v"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "java.lang.Short range"));
  // A Short is not an Integer (Java's equals), but orders as a number.
  EXPECT_NE(Value::Int16(5), Value::Int32(5));
  EXPECT_LT(Value::Int16(-1).Compare(Value::Int16(1)), 0);
  EXPECT_EQ(Value::Int16(-7).ToJavaString(), "-7");
}

TEST(JsonValueTest, FloatIsWrittenInItsShortestForm) {
  // 0.4f is 0.4000000059604645 as a double; Java's Float.toString writes 0.4.
  Value v = Parse(R"({"java.lang.Float": 0.4})");
  EXPECT_EQ(v, Value::Float(0.4f));
  EXPECT_EQ(ValueToJson(v).dump(), R"({"java.lang.Float":0.4})");
  EXPECT_EQ(ValueToJson(Value::Float(3.0f)), ValJson(R"({"java.lang.Float": 3.0})"));
}

TEST(JsonValueTest, NonFiniteFloatingValuesUseJacksonsQuotedNames) {
  double inf = std::numeric_limits<double>::infinity();
  ExpectReadsAndWrites(R"({"java.lang.Double": "Infinity"})", Value::Double(inf),
                       R"({"java.lang.Double": "Infinity"})");
  ExpectReadsAndWrites(R"({"java.lang.Float": "-Infinity"})", Value::Float(-INFINITY),
                       R"({"java.lang.Float": "-Infinity"})");
  Value nan = Parse(R"({"Double": "NaN"})");
  ASSERT_EQ(nan.type(), ValueType::kDouble);
  EXPECT_TRUE(std::isnan(nan.AsDouble()));
  EXPECT_EQ(ValueToJson(nan), ValJson(R"({"java.lang.Double": "NaN"})"));
}

TEST(JsonValueTest, Collections) {
  ExpectReadsAndWrites(R"({"java.util.TreeSet": ["b", "a", "b"]})",
                       Value::TreeSet({Value::String("a"), Value::String("b")}),
                       R"({"java.util.TreeSet": ["a", "b"]})");
  ExpectReadsAndWrites(R"({"HashSet": [{"Long": 2}, {"Long": 1}]})",
                       Value::HashSet({Value::Int64(1), Value::Int64(2)}),
                       R"({"java.util.HashSet": [{"java.lang.Long": 1}, {"java.lang.Long": 2}]})");
  ExpectReadsAndWrites(R"({"java.util.ArrayList": [3, "x", 3]})",
                       Value::List({Value::Int32(3), Value::String("x"), Value::Int32(3)}),
                       R"({"java.util.ArrayList": [3, "x", 3]})");
  ExpectReadsAndWrites(R"({"List": []})", Value::List({}), R"({"java.util.ArrayList": []})");
}

TEST(JsonValueTest, Maps) {
  ExpectReadsAndWrites(
      R"({"java.util.HashMap": {"b": {"java.lang.Long": 2}, "a": 1}})",
      Value::Map({{Value::String("a"), Value::Int32(1)}, {Value::String("b"), Value::Int64(2)}}),
      R"({"java.util.HashMap": {"a": 1, "b": {"java.lang.Long": 2}}})");
  ExpectReadsAndWrites(R"({"TreeMap": {"k": "v"}})",
                       Value::Map({{Value::String("k"), Value::String("v")}}),
                       R"({"java.util.HashMap": {"k": "v"}})");
}

TEST(JsonValueTest, FreqMap) {
  ExpectReadsAndWrites(R"({"uk.gov.gchq.gaffer.types.FreqMap": {"CAR": 5, "BUS": 10000000000}})",
                       Value::FreqMap({{"BUS", 10000000000}, {"CAR", 5}}),
                       R"({"uk.gov.gchq.gaffer.types.FreqMap": {"BUS": 10000000000, "CAR": 5}})");
  ExpectReadsAndWrites(R"({"FreqMap": {}})", Value::FreqMap({}),
                       R"({"uk.gov.gchq.gaffer.types.FreqMap": {}})");
  // The class-property form of the annotated FreqMap class.
  EXPECT_EQ(Parse(R"({"class": "uk.gov.gchq.gaffer.types.FreqMap", "CAR": 2})"),
            Value::FreqMap({{"CAR", 2}}));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"FreqMap": {"CAR": "x"}})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.CAR"));
}

TEST(JsonValueTest, Bytes) {
  ExpectReadsAndWrites(R"({"byte[]": "Zm9v"})", Value::Bytes("foo"), R"({"[B": "Zm9v"})");
  ExpectReadsAndWrites(R"({"[B": "AAE="})", Value::Bytes(std::string("\0\1", 2)),
                       R"({"[B": "AAE="})");
  EXPECT_THAT(ValueFromJson(ValJson(R"({"[B": "**"})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "base64"));
}

TEST(JsonValueTest, TypeValueAndTypeSubTypeValue) {
  Value tstv = Value::TypeSubTypeValue("t", "s", "v");
  ExpectReadsAndWrites(
      R"({"class":"uk.gov.gchq.gaffer.types.TypeSubTypeValue","type":"t","subType":"s","value":"v"})",
      tstv,
      R"({"uk.gov.gchq.gaffer.types.TypeSubTypeValue":{"type":"t","subType":"s","value":"v"}})");
  ExpectReadsAndWrites(R"({"TypeSubTypeValue":{"type":"t","subType":"s","value":"v"}})", tstv,
                       R"({"uk.gov.gchq.gaffer.types.TypeSubTypeValue":
                           {"type":"t","subType":"s","value":"v"}})");
  Value tv = Value::TypeValue("t", "v");
  ExpectReadsAndWrites(R"({"class":"TypeValue","type":"t","value":"v"})", tv,
                       R"({"uk.gov.gchq.gaffer.types.TypeValue":{"type":"t","value":"v"}})");
  EXPECT_THAT(ValueFromJson(ValJson(R"({"TypeSubTypeValue":{"type":1}})"), "vertex"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "vertex.type"));
}

TEST(JsonValueTest, ArrayFormFromGetElementsTest) {
  // core/operation/.../GetElementsTest.java: [1, ["java.lang.Long", 2], {"class": TSTV...}].
  Json input =
      ValJson(R"([1, ["java.lang.Long", 2], {"class": "uk.gov.gchq.gaffer.types.TypeSubTypeValue",
                    "type":"t","subType":"s","value":"v"}])");
  EXPECT_EQ(*ValueFromJson(input[0], "input[0]"), Value::Int32(1));
  EXPECT_EQ(*ValueFromJson(input[1], "input[1]"), Value::Int64(2));
  EXPECT_EQ(*ValueFromJson(input[2], "input[2]"), Value::TypeSubTypeValue("t", "s", "v"));
}

TEST(JsonValueTest, ElementJsonSamplesFromSection6) {
  Json entity =
      ValJson(R"({"count":{"java.lang.Long":1},"edgeGroup":{"java.util.TreeSet":["RoadUse"]}})");
  EXPECT_EQ(*ValueFromJson(entity["count"], "count"), Value::Int64(1));
  EXPECT_EQ(*ValueFromJson(entity["edgeGroup"], "edgeGroup"),
            Value::TreeSet({Value::String("RoadUse")}));
  Json edge =
      ValJson(R"({"startDate":{"java.util.Date":957312000000},"count":{"java.lang.Long":2243},
                    "countByVehicleType":{"uk.gov.gchq.gaffer.types.FreqMap":{"CAR":2243}}})");
  for (auto it = edge.begin(); it != edge.end(); ++it) {
    ASSERT_OK_AND_ASSIGN(Value v, ValueFromJson(it.value(), it.key()));
    EXPECT_EQ(ValueToJson(v), it.value()) << it.key();
  }
  EXPECT_EQ(*ValueFromJson(edge["countByVehicleType"], "c"), Value::FreqMap({{"CAR", 2243}}));
}

TEST(JsonValueTest, HllSketchFromValuesAndBytes) {
  Value v = Parse(
      R"({"org.apache.datasketches.hll.HllSketch": {"values": ["a", "b", "a"], "logK": 12}})");
  ASSERT_EQ(v.type(), ValueType::kHllSketch);
  EXPECT_EQ(v.AsSketch().lg_k(), 12);
  EXPECT_NEAR(v.AsSketch().Estimate(), 2.0, 0.1);
  Json written = ValueToJson(v);
  const Json& payload = written["org.apache.datasketches.hll.HllSketch"];
  ASSERT_TRUE(payload.is_object());
  EXPECT_TRUE(payload["bytes"].is_string());
  EXPECT_NEAR(payload["cardinality"].get<double>(), 2.0, 0.1);
  // Reading the written form back (bytes plus an ignored cardinality) gives the same sketch.
  EXPECT_EQ(*ValueFromJson(written, "v"), v);
  Value defaulted = Parse(R"({"HllSketch": {"values": []}})");
  EXPECT_EQ(defaulted.AsSketch().lg_k(), 10);
}

TEST(JsonValueTest, HyperLogLogPlusForms) {
  Value offers = Parse(R"({"com.clearspring.analytics.stream.cardinality.HyperLogLogPlus":
                          {"p": 5, "sp": 5, "offers": ["x", "y", {"java.lang.Long": 3}]}})");
  ASSERT_EQ(offers.type(), ValueType::kHyperLogLogPlus);
  EXPECT_EQ(offers.AsHyperLogLogPlus().p(), 5);
  EXPECT_EQ(offers.AsHyperLogLogPlus().Cardinality(), 3);
  Value nested = Parse(R"({"HyperLogLogPlus": {"hyperLogLogPlus": {"p": 5, "offers": ["x", "y",
                          {"java.lang.Long": 3}]}}})");
  EXPECT_EQ(nested, offers);
  Json written = ValueToJson(offers);
  const Json& inner =
      written["com.clearspring.analytics.stream.cardinality.HyperLogLogPlus"]["hyperLogLogPlus"];
  ASSERT_TRUE(inner.is_object());
  EXPECT_EQ(inner["cardinality"], 3);
  EXPECT_TRUE(inner["hyperLogLogPlusSketchBytes"].is_string());
  EXPECT_EQ(*ValueFromJson(written, "v"), offers);
  // Bytes given directly, without the "hyperLogLogPlus" nesting.
  Json flat = Json::object();
  flat["HyperLogLogPlus"]["hyperLogLogPlusSketchBytes"] = inner["hyperLogLogPlusSketchBytes"];
  EXPECT_EQ(*ValueFromJson(flat, "v"), offers);
}

// gaffer-doc's GetWalks results hold p 5 / sp 5 sketches such as
// {"hyperLogLogPlusSketchBytes": "/////gUFAQP3DIQIggI=", "cardinality": 3},
// the sketch of the vertices 1, 3 and 5 (Integers, offered as their text).
TEST(JsonValueTest, HyperLogLogPlusAsGafferWritesIt) {
  Value offers = Parse(R"({"com.clearspring.analytics.stream.cardinality.HyperLogLogPlus":
                          {"offers": [1, 3, 5]}})");
  Json written = ValueToJson(offers);
  EXPECT_EQ(written, Json::parse(R"({"com.clearspring.analytics.stream.cardinality.HyperLogLogPlus":
      {"hyperLogLogPlus": {"hyperLogLogPlusSketchBytes": "/////gUFAQP3DIQIggI=",
                           "cardinality": 3}}})"));
  // Gaffer's HyperLogLogPlusWithOffers adds the offers to the bytes' sketch.
  Value more = Parse(R"({"HyperLogLogPlus": {"hyperLogLogPlusSketchBytes": "/////gUFAQH7FA==",
                          "offers": ["3", {"java.lang.Long": 5}]}})");
  EXPECT_EQ(more, offers);
  EXPECT_THAT(ValueFromJson(ValJson(R"({"HyperLogLogPlus": {"p": 3}})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p must be between 4 and sp"));
  EXPECT_THAT(
      ValueFromJson(ValJson(R"({"HyperLogLogPlus": {"hyperLogLogPlusSketchBytes": "AAAA"}})"), "p"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "p.hyperLogLogPlusSketchBytes"));
}

TEST(JsonValueTest, SketchErrors) {
  EXPECT_THAT(ValueFromJson(ValJson(R"({"HllSketch": {"logK": 30}})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.logK"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"HllSketch": {"bytes": "AAAA"}})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.bytes"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"HyperLogLogPlus": {"offers": "x"}})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.offers"));
}

TEST(JsonValueTest, RoundTripsOfEveryType) {
  auto sketch = std::make_shared<HllSketch>(6);
  sketch->Update("a");
  auto hllp = std::make_shared<HyperLogLogPlus>(*HyperLogLogPlus::Create(5, 10));
  hllp->Offer("a");
  const Value values[] = {
      Value(),
      Value::Bool(false),
      Value::Int32(-7),
      Value::Int64(std::numeric_limits<int64_t>::max()),
      Value::Float(-1.25f),
      Value::Double(1e300),
      Value::String("h\xC3\xA9llo"),
      Value::Bytes(std::string("\xFF\0x", 3)),
      Value::Date(-1),
      Value::TreeSet({Value::Int64(1), Value::Int64(-1)}),
      Value::HashSet({Value::String("x")}),
      Value::List({Value(), Value::Date(2), Value::List({Value::Int32(1)})}),
      Value::Map({{Value::String("m"), Value::FreqMap({{"a", 1}})}}),
      Value::FreqMap({{"a", -3}}),
      Value::TypeValue("t", "v"),
      Value::TypeSubTypeValue("t", "s", "v"),
      Value::Sketch(sketch),
      Value::HyperLogLogPlus(hllp),
  };
  for (const Value& v : values) {
    Json json = ValueToJson(v);
    // Through text, as a client would see it.
    Json reparsed = Json::parse(json.dump(), nullptr, false);
    ASSERT_FALSE(reparsed.is_discarded());
    Result<Value> back = ValueFromJson(reparsed, "v");
    ASSERT_OK(back);
    EXPECT_EQ(*back, v) << json.dump();
  }
}

TEST(JsonValueTest, ErrorsNameThePathAndClass) {
  EXPECT_THAT(ValueFromJson(ValJson(R"({"java.lang.Nope": 1})"), "properties.count"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "properties.count: unknown value class 'java.lang.Nope'"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"Long": "5"})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expected an integer"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"Integer": 3000000000})"), "x"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"Long": 1, "Integer": 2})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "2 members"));
  EXPECT_THAT(ValueFromJson(ValJson("{}"), "x"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ValueFromJson(ValJson(R"([1, 2])"), "x"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"TreeSet": {"a": 1}})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expects an array"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"TreeSet": [1, {"Long": true}]})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "x[1]"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"Boolean": 1})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expects a boolean"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"class": "java.lang.Long", "value": 1})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "\"class\" field"));
  EXPECT_THAT(ValueFromJson(ValJson(R"({"class": 5})"), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "x.class"));
}

TEST(JsonValueTest, NullPayloadIsNull) { EXPECT_EQ(Parse(R"({"java.lang.Long": null})"), Value()); }

TEST(JsonValueTest, DepthLimit) {
  auto nested = [](int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += R"({"java.util.ArrayList": [)";
    text += "1";
    for (int i = 0; i < depth; ++i) text += "]}";
    return Json::parse(text, nullptr, false);
  };
  EXPECT_OK(ValueFromJson(nested(kMaxJsonValueDepth), "x"));
  EXPECT_THAT(ValueFromJson(nested(kMaxJsonValueDepth + 1), "x"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "deeper than"));
}

}  // namespace
}  // namespace quarry
