// ParseSerialiser, DefaultSerialiser and Serialiser::ToJson.
#include "schema/serialiser.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr std::string_view kImpl = "uk.gov.gchq.gaffer.serialisation.implementation.";

std::string ParsedClass(const Json& json) {
  auto r = ParseSerialiser(json, "types.t.serialiser");
  return r.ok() ? std::string((*r)->ClassName()) : r.status().ToString();
}

TEST(ParseSerialiserTest, FullAndSimpleClassNames) {
  const std::string ordered_long = std::string(kImpl) + "ordered.OrderedLongSerialiser";
  EXPECT_EQ(ParsedClass({{"class", ordered_long}}), ordered_long);
  EXPECT_EQ(ParsedClass({{"class", "OrderedLongSerialiser"}}), ordered_long);
  EXPECT_EQ(ParsedClass({{"class", "orderedLongSerialiser"}}), ordered_long);
  EXPECT_EQ(ParsedClass(ordered_long), ordered_long);  // A bare class name.
  EXPECT_EQ(ParsedClass({{"class", "CompactRawIntegerSerialiser"}}),
            std::string(kImpl) + "raw.CompactRawIntegerSerialiser");
  EXPECT_EQ(ParsedClass({{"class", "uk.gov.gchq.gaffer.serialisation.TypeSubTypeValueSerialiser"}}),
            "uk.gov.gchq.gaffer.serialisation.TypeSubTypeValueSerialiser");
  EXPECT_EQ(ParsedClass({{"class", "uk.gov.gchq.gaffer.serialisation.FreqMapSerialiser"}}),
            "uk.gov.gchq.gaffer.serialisation.FreqMapSerialiser");
}

TEST(ParseSerialiserTest, SketchSerialisers) {
  const char* hllp =
      "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.serialisation.HyperLogLogPlusSerialiser";
  const char* hll =
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.serialisation.HllSketchSerialiser";
  EXPECT_EQ(ParsedClass({{"class", hllp}}), hllp);
  EXPECT_EQ(ParsedClass({{"class", hll}}), hll);
  ASSERT_OK_AND_ASSIGN(auto s, ParseSerialiser({{"class", hll}}, ""));
  EXPECT_TRUE(s->CanHandle(ValueType::kHllSketch));
}

TEST(ParseSerialiserTest, V1NamesLoad) {
  EXPECT_EQ(ParsedClass({{"class", std::string(kImpl) + "raw.RawLongSerialiser"}}),
            std::string(kImpl) + "raw.RawLongSerialiser");
  EXPECT_EQ(ParsedClass({{"class", "uk.gov.gchq.gaffer.serialisation.DateSerialiser"}}),
            "uk.gov.gchq.gaffer.serialisation.DateSerialiser");
  // A Gaffer serialiser from another (v1) package maps by simple name.
  EXPECT_EQ(ParsedClass({{"class", "uk.gov.gchq.gaffer.serialisation.StringSerialiser"}}),
            std::string(kImpl) + "StringSerialiser");
}

TEST(ParseSerialiserTest, UnknownClassIsInvalidArgumentNamingIt) {
  EXPECT_THAT(ParseSerialiser({{"class", "com.example.FancySerialiser"}}, "types.t.serialiser"),
              StatusIsWithMessage(
                  StatusCode::kInvalidArgument,
                  "types.t.serialiser: unknown serialiser class 'com.example.FancySerialiser'"));
  EXPECT_THAT(ParseSerialiser({{"class", "OrderedLongSerialize"}}, "p"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ParseSerialiserTest, MalformedJsonIsInvalidArgument) {
  EXPECT_THAT(ParseSerialiser(Json::object(), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p: "));
  EXPECT_THAT(ParseSerialiser({{"class", 5}}, "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseSerialiser(Json::array(), "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseSerialiser(Json(), "p"), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ParseSerialiserTest, UnsupportedGafferSerialisersAreUnimplemented) {
  EXPECT_THAT(ParseSerialiser({{"class", std::string(kImpl) + "JavaSerialiser"}}, "p"),
              StatusIsWithMessage(StatusCode::kUnimplemented, "not portable"));
  EXPECT_THAT(ParseSerialiser({{"class", "MultiSerialiser"}}, "p"),
              StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(
      ParseSerialiser({{"class", std::string(kImpl) + "tostring.StringToStringSerialiser"}}, "p"),
      StatusIs(StatusCode::kUnimplemented));
}

TEST(ParseSerialiserTest, SetAndMapSerialiserFields) {
  ASSERT_OK_AND_ASSIGN(auto set, ParseSerialiser({{"class", "SetSerialiser"},
                                                  {"objectSerialiser", "OrderedLongSerialiser"},
                                                  {"setClass", "java.util.TreeSet"}},
                                                 "p"));
  EXPECT_EQ(set->DeserialiseEmpty(), Value::TreeSet({}));
  ASSERT_OK_AND_ASSIGN(auto map,
                       ParseSerialiser({{"class", std::string(kImpl) + "MapSerialiser"},
                                        {"keySerialiser", "StringSerialiser"},
                                        {"valueSerialiser", {{"class", "BooleanSerialiser"}}},
                                        {"mapClass", "java.util.HashMap"}},
                                       "p"));
  std::string bytes;
  ASSERT_OK(map->Serialise(Value::Map({{Value::String("a"), Value::Bool(true)}}), &bytes));
  EXPECT_EQ(bytes, std::string("\x01"
                               "a\x01\x01"));
}

TEST(ParseSerialiserTest, SetAndMapSerialiserErrorsNameTheField) {
  EXPECT_THAT(ParseSerialiser({{"class", "SetSerialiser"}}, "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.objectSerialiser: missing"));
  EXPECT_THAT(ParseSerialiser("SetSerialiser", "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseSerialiser({{"class", "SetSerialiser"},
                               {"objectSerialiser", "StringSerialiser"},
                               {"setClass", "java.util.HashMap"}},
                              "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.setClass"));
  EXPECT_THAT(ParseSerialiser({{"class", "MapSerialiser"},
                               {"keySerialiser", "StringSerialiser"},
                               {"valueSerialiser", "Nope"}},
                              "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "p.valueSerialiser: unknown serialiser class 'Nope'"));
}

TEST(ParseSerialiserTest, DeepNestingIsRejected) {
  Json json = "StringSerialiser";
  for (int i = 0; i < 40; ++i) json = Json{{"class", "SetSerialiser"}, {"objectSerialiser", json}};
  EXPECT_THAT(ParseSerialiser(json, "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "nested too deeply"));
}

TEST(ParseSerialiserTest, UnsupportedNamesOutsideGafferAreUnknown) {
  EXPECT_THAT(ParseSerialiser({{"class", "com.example.JavaSerialiser"}}, "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown serialiser class"));
}

// gaffer-compat.md §3.1, last column: what zero bytes read back as.
TEST(SerialiserTest, DeserialiseEmptyFollowsGafferTable) {
  auto empty = [](ValueType type) {
    auto s = DefaultSerialiser(type, false, false);
    return s.ok() ? (*s)->DeserialiseEmpty() : Value::String("no serialiser");
  };
  EXPECT_EQ(empty(ValueType::kString), Value::String(""));
  EXPECT_EQ(empty(ValueType::kBool), Value::Bool(false));
  EXPECT_EQ(empty(ValueType::kBytes), Value::Bytes(""));
  EXPECT_EQ(empty(ValueType::kTreeSet), Value::TreeSet({}));
  EXPECT_EQ(empty(ValueType::kTypeSubTypeValue), Value::TypeSubTypeValue("", "", ""));
  EXPECT_EQ(empty(ValueType::kFreqMap), Value::FreqMap({}));
  for (ValueType type : {ValueType::kInt64, ValueType::kInt32, ValueType::kDate, ValueType::kDouble,
                         ValueType::kFloat, ValueType::kTypeValue, ValueType::kHyperLogLogPlus,
                         ValueType::kHllSketch}) {
    EXPECT_TRUE(empty(type).is_null()) << JavaClassName(type);
  }
}

TEST(SerialiserTest, DefaultToJsonIsTheClass) {
  ASSERT_OK_AND_ASSIGN(auto s, ParseSerialiser({{"class", "BooleanSerialiser"}}, ""));
  EXPECT_EQ(s->ToJson(), Json({{"class", std::string(kImpl) + "BooleanSerialiser"}}));
}

// Every "serialiser"/"vertexSerialiser" object under `json`.
void CollectSerialisers(const Json& json, std::vector<Json>* out) {
  if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it) {
      if (it.key() == "serialiser" || it.key() == "vertexSerialiser") out->push_back(it.value());
      CollectSerialisers(it.value(), out);
    }
  } else if (json.is_array()) {
    for (const Json& item : json) CollectSerialisers(item, out);
  }
}

TEST(ParseSerialiserTest, GafferExampleSchemas) {
  namespace fs = std::filesystem;
  fs::path root = fs::path(::quarry::testing::SharedDir()) / "gaffer-examples";
  ASSERT_TRUE(fs::is_directory(root)) << root;
  int parsed = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    Json json = Json::parse(text.str(), nullptr, false);
    ASSERT_FALSE(json.is_discarded()) << entry.path();
    std::vector<Json> serialisers;
    CollectSerialisers(json, &serialisers);
    for (const Json& s : serialisers) {
      auto r = ParseSerialiser(s, entry.path().string());
      EXPECT_OK(r);
      ++parsed;
    }
  }
  EXPECT_GE(parsed, 7);
}

std::string DefaultClass(ValueType type, bool order, bool consistent) {
  auto r = DefaultSerialiser(type, order, consistent);
  if (!r.ok()) return r.status().ToString();
  std::string_view name = (*r)->ClassName();
  return std::string(name.substr(name.rfind('.') + 1));
}

// gaffer-compat.md §3.1: the Ordered* serialisers win even without ordering.
TEST(DefaultSerialiserTest, GafferTable) {
  struct {
    ValueType type;
    const char* simple;
  } table[] = {
      {ValueType::kString, "StringSerialiser"},
      {ValueType::kInt64, "OrderedLongSerialiser"},
      {ValueType::kInt32, "OrderedIntegerSerialiser"},
      {ValueType::kDate, "OrderedDateSerialiser"},
      {ValueType::kDouble, "OrderedDoubleSerialiser"},
      {ValueType::kFloat, "OrderedFloatSerialiser"},
      {ValueType::kBool, "BooleanSerialiser"},
      {ValueType::kBytes, "BytesSerialiser"},
      {ValueType::kTreeSet, "TreeSetStringSerialiser"},
      {ValueType::kTypeValue, "TypeValueSerialiser"},
      {ValueType::kTypeSubTypeValue, "TypeSubTypeValueSerialiser"},
  };
  for (const auto& row : table) {
    EXPECT_EQ(DefaultClass(row.type, false, false), row.simple);
    EXPECT_EQ(DefaultClass(row.type, true, true), row.simple);  // groupBy on an ordered store.
  }
  EXPECT_EQ(DefaultClass(ValueType::kFreqMap, false, false), "FreqMapSerialiser");
  EXPECT_EQ(DefaultClass(ValueType::kHyperLogLogPlus, false, false), "HyperLogLogPlusSerialiser");
  EXPECT_EQ(DefaultClass(ValueType::kHllSketch, false, false), "HllSketchSerialiser");
}

TEST(DefaultSerialiserTest, NoQualifyingSerialiserIsInvalidArgument) {
  // Gaffer would fall back to JavaSerialiser here.
  EXPECT_THAT(
      DefaultSerialiser(ValueType::kFreqMap, false, true),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "uk.gov.gchq.gaffer.types.FreqMap"));
  EXPECT_THAT(DefaultSerialiser(ValueType::kHllSketch, true, false),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "preserves order"));
  // Quarry's JavaSerialiser stand-in is neither consistent nor ordered.
  EXPECT_THAT(DefaultSerialiser(ValueType::kMap, false, true),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "java.util.HashMap"));
  EXPECT_THAT(DefaultSerialiser(ValueType::kHashSet, true, true),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(DefaultSerialiser(ValueType::kNull, false, false),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
