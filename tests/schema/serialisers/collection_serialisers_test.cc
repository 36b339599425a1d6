// SetSerialiser and MapSerialiser: Gaffer's length-value layout.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "schema/serialisers/compact_raw_serialisers.h"
#include "schema/serialisers/map_serialiser.h"
#include "schema/serialisers/ordered_long_serialiser.h"
#include "schema/serialisers/set_serialiser.h"
#include "schema/serialisers/string_serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::ToHex;

std::shared_ptr<const Serialiser> StringItems() { return std::make_shared<StringSerialiser>(); }

TEST(SetSerialiserTest, LengthValueItems) {
  SetSerialiser s(StringItems(), ValueType::kTreeSet);
  Value set = Value::TreeSet({Value::String("bc"), Value::String("a")});
  EXPECT_EQ(ToHex(SerialiseOrDie(s, set)), "01 61 02 62 63");
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(Hex("01 61 02 62 63")));
  EXPECT_EQ(back, set);
  // An empty item is length 0 and reads back as the item's empty value.
  ASSERT_OK_AND_ASSIGN(Value with_empty, s.Deserialise(Hex("00 01 61")));
  EXPECT_EQ(with_empty, Value::TreeSet({Value::String(""), Value::String("a")}));
}

TEST(SetSerialiserTest, SetClassPicksTheKindReadBack) {
  SetSerialiser hash(std::make_shared<OrderedLongSerialiser>(), ValueType::kHashSet);
  Value tree = Value::TreeSet({Value::Int64(1)});
  std::string bytes = SerialiseOrDie(hash, tree);  // Either kind can be written.
  EXPECT_EQ(ToHex(bytes), "09 08 80 00 00 00 00 00 00 01");
  ASSERT_OK_AND_ASSIGN(Value back, hash.Deserialise(bytes));
  EXPECT_EQ(back, Value::HashSet({Value::Int64(1)}));
  ASSERT_OK_AND_ASSIGN(Value empty, hash.Deserialise(""));
  EXPECT_EQ(empty, Value::HashSet({}));
}

TEST(SetSerialiserTest, BadBytesAndItems) {
  SetSerialiser s(std::make_shared<OrderedLongSerialiser>(), ValueType::kTreeSet);
  EXPECT_THAT(s.Deserialise(Hex("05 08 80")),
              StatusIsWithMessage(StatusCode::kDataLoss, "SetSerialiser"));
  // The item is not an OrderedLong: the message names both serialisers.
  EXPECT_THAT(s.Deserialise(Hex("01 ff")),
              StatusIsWithMessage(StatusCode::kDataLoss, "SetSerialiser: OrderedLongSerialiser"));
  std::string out;
  EXPECT_THAT(s.Serialise(Value::TreeSet({Value::String("x")}), &out),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(out, "");
}

TEST(SetSerialiserTest, ToJson) {
  SetSerialiser s(StringItems(), ValueType::kTreeSet);
  Json expected = {
      {"class", "uk.gov.gchq.gaffer.serialisation.implementation.SetSerialiser"},
      {"objectSerialiser", "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser"},
      {"setClass", "java.util.TreeSet"}};
  EXPECT_EQ(s.ToJson(), expected);
}

TEST(MapSerialiserTest, LengthValueEntries) {
  MapSerialiser s(StringItems(), std::make_shared<CompactRawLongSerialiser>());
  Value map =
      Value::Map({{Value::String("b"), Value::Int64(256)}, {Value::String("a"), Value::Int64(1)}});
  // Key order: a -> 1 (01 01), b -> 256 (03 8e 01 00).
  EXPECT_EQ(ToHex(SerialiseOrDie(s, map)), "01 61 01 01 01 62 03 8e 01 00");
  ASSERT_OK_AND_ASSIGN(Value back, s.Deserialise(Hex("01 61 01 01 01 62 03 8e 01 00")));
  EXPECT_EQ(back, map);
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());  // Gaffer's MapSerialiser.deserialiseEmpty().
}

TEST(MapSerialiserTest, KeyWithoutValueIsDataLoss) {
  MapSerialiser s(StringItems(), std::make_shared<CompactRawLongSerialiser>());
  EXPECT_THAT(s.Deserialise(Hex("01 61")),
              StatusIsWithMessage(StatusCode::kDataLoss, "MapSerialiser"));
  EXPECT_THAT(s.Deserialise(Hex("01 61 02 01")), StatusIs(StatusCode::kDataLoss));
}

TEST(MapSerialiserTest, ToJsonNestsSerialisersWithFields) {
  auto inner = std::make_shared<SetSerialiser>(StringItems(), ValueType::kHashSet);
  MapSerialiser s(StringItems(), inner);
  Json json = s.ToJson();
  EXPECT_EQ(json["keySerialiser"],
            "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser");
  EXPECT_EQ(json["valueSerialiser"], inner->ToJson());
}

}  // namespace
}  // namespace quarry
