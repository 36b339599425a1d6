// TypedCollectionSerialiser: Quarry's stand-in for JavaSerialiser.
#include "schema/serialisers/typed_collection_serialiser.h"

#include <gtest/gtest.h>

#include "graph-core/hll_sketch.h"
#include "schema/serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::ToHex;

TEST(TypedCollectionSerialiserTest, Vectors) {
  TypedCollectionSerialiser s;
  Value set = Value::HashSet({Value::String("bc"), Value::String("a")});
  EXPECT_EQ(ToHex(SerialiseOrDie(s, set)), "01 06 01 61 06 02 62 63");
  Value list = Value::List({Value::Int64(1), Value()});
  EXPECT_EQ(ToHex(SerialiseOrDie(s, list)), "02 03 09 08 80 00 00 00 00 00 00 01 00 00");
  Value map = Value::Map({{Value::String("k"), Value::Bool(true)}});
  EXPECT_EQ(ToHex(SerialiseOrDie(s, map)), "03 06 01 6b 01 01 01");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::HashSet({}))), "01");
  EXPECT_EQ(SerialiseOrDie(s, Value()), "");
  ASSERT_OK_AND_ASSIGN(Value set_back, s.Deserialise(Hex("01 06 01 61 06 02 62 63")));
  EXPECT_EQ(set_back, set);
  ASSERT_OK_AND_ASSIGN(Value list_back,
                       s.Deserialise(Hex("02 03 09 08 80 00 00 00 00 00 00 01 00 00")));
  EXPECT_EQ(list_back, list);
  ASSERT_OK_AND_ASSIGN(Value map_back, s.Deserialise(Hex("03 06 01 6b 01 01 01")));
  EXPECT_EQ(map_back, map);
  ASSERT_OK_AND_ASSIGN(Value null_back, s.Deserialise(""));
  EXPECT_TRUE(null_back.is_null());
}

TEST(TypedCollectionSerialiserTest, MixedAndNestedItemsRoundTrip) {
  TypedCollectionSerialiser s;
  Value nested = Value::List(
      {Value::Int32(-7), Value::Double(2.5), Value::Date(1451044800146), Value::String(""),
       Value::Bytes(std::string("\x00\x01", 2)), Value::TreeSet({Value::String("x")}),
       Value::HashSet({Value::Int64(3), Value::String("3")}),
       Value::Map({{Value::Int32(1), Value::List({Value::Bool(false)})}}),
       Value::FreqMap({{"car", 5}}), Value::TypeSubTypeValue("t", "s", "v"), Value::List({})});
  std::string bytes = SerialiseOrDie(s, nested);
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  EXPECT_EQ(back, nested) << ToHex(bytes);
}

TEST(TypedCollectionSerialiserTest, DepthLimit) {
  TypedCollectionSerialiser s;
  Value deep = Value::List({});
  for (int i = 0; i < TypedCollectionSerialiser::kMaxDepth - 1; ++i) deep = Value::List({deep});
  std::string bytes = SerialiseOrDie(s, deep);  // kMaxDepth levels: fine.
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(bytes));
  EXPECT_EQ(back, deep);
  std::string out;
  EXPECT_THAT(s.Serialise(Value::List({deep}), &out), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(out, "");
  // The same nesting written by hand is DataLoss on read.
  std::string too_deep = "\x02";
  for (int i = 0; i < TypedCollectionSerialiser::kMaxDepth; ++i) {
    too_deep = std::string("\x02\x0b") + static_cast<char>(too_deep.size()) + too_deep;
  }
  EXPECT_THAT(s.Deserialise(too_deep), StatusIs(StatusCode::kDataLoss));
}

TEST(TypedCollectionSerialiserTest, BadBytesAreDataLoss) {
  TypedCollectionSerialiser s;
  EXPECT_THAT(s.Deserialise(Hex("04")), StatusIs(StatusCode::kDataLoss));           // Kind tag.
  EXPECT_THAT(s.Deserialise(Hex("01 63 00")), StatusIs(StatusCode::kDataLoss));     // Item tag.
  EXPECT_THAT(s.Deserialise(Hex("01 06 05 61")), StatusIs(StatusCode::kDataLoss));  // Short.
  EXPECT_THAT(s.Deserialise(Hex("03 06 01 6b")), StatusIs(StatusCode::kDataLoss));  // No value.
  EXPECT_THAT(s.Deserialise(Hex("01 00 01 61")), StatusIs(StatusCode::kDataLoss));  // Null+bytes.
  EXPECT_THAT(s.Deserialise(Hex("01 0a 00")), StatusIs(StatusCode::kDataLoss));     // Empty nested.
}

TEST(TypedCollectionSerialiserTest, IsTheDefaultForJavaSerialiserClasses) {
  for (ValueType type : {ValueType::kHashSet, ValueType::kList, ValueType::kMap}) {
    ASSERT_OK_AND_ASSIGN(auto s, DefaultSerialiser(type, false, false));
    EXPECT_EQ(s->ClassName(), TypedCollectionSerialiser::kClassName);
    EXPECT_FALSE(s->PreservesOrder());
    EXPECT_FALSE(s->IsConsistent());
  }
  // TreeSet keeps Gaffer's TreeSetStringSerialiser.
  ASSERT_OK_AND_ASSIGN(auto tree, DefaultSerialiser(ValueType::kTreeSet, false, false));
  EXPECT_NE(tree->ClassName(), TypedCollectionSerialiser::kClassName);
  ASSERT_OK_AND_ASSIGN(auto named,
                       ParseSerialiser(Json{{"class", "TypedCollectionSerialiser"}}, "p"));
  EXPECT_EQ(named->ClassName(), TypedCollectionSerialiser::kClassName);
}

}  // namespace
}  // namespace quarry
