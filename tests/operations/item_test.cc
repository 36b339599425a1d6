// Items and the stream building blocks.
#include "operations/item.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::vector<Item> Ints(std::initializer_list<int> v) {
  std::vector<Item> out;
  for (int i : v) out.push_back(Item(Value::Int32(i)));
  return out;
}

// Drains a stream into JSON text, e.g. "[1,2]", or the error.
std::string Drain(ItemStream& s) {
  Json out = Json::array();
  for (; s.Valid(); s.Next()) out.push_back(ItemToJson(s.item()));
  if (!s.status().ok()) return s.status().ToString();
  return out.dump();
}

TEST(ItemTest, ToJson) {
  EXPECT_EQ(ItemToJson(Item(Value::Int64(5))).dump(), R"({"java.lang.Long":5})");
  EXPECT_EQ(ItemToJson(Item(ElementId(EntitySeed{Value::String("a")}))).dump(),
            R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":"a"})");
  EXPECT_EQ(ItemToJson(Item(Json::parse("[1]"))).dump(), "[1]");
}

TEST(ItemTest, EqualityIgnoresMatchedVertex) {
  Element a =
      Element::Edge("e", Value::Int32(1), Value::Int32(2), true, {}, MatchedVertex::kSource);
  Element b =
      Element::Edge("e", Value::Int32(1), Value::Int32(2), true, {}, MatchedVertex::kDestination);
  EXPECT_TRUE(ItemEquals(Item(a), Item(b)));
  EXPECT_EQ(ItemHash(Item(a)), ItemHash(Item(b)));
  EXPECT_FALSE(ItemEquals(Item(Value::Int32(1)), Item(Value::Int64(1))));
  EXPECT_FALSE(ItemEquals(Item(Value::Int32(1)), Item(ElementId(EntitySeed{Value::Int32(1)}))));
}

TEST(ItemStreamTest, Limit) {
  auto s = MakeLimitStream(MakeVectorStream(Ints({1, 2, 3})), 2, false);
  EXPECT_EQ(Drain(*s), "[1,2]");
  s = MakeLimitStream(MakeVectorStream(Ints({1, 2})), 2, true);
  EXPECT_EQ(Drain(*s), "[1,2]");
  s = MakeLimitStream(MakeVectorStream(Ints({1, 2, 3})), 2, true);
  EXPECT_THAT(Drain(*s), ::testing::HasSubstr("RESOURCE_EXHAUSTED"));
  s = MakeLimitStream(MakeVectorStream(Ints({1})), 0, true);
  EXPECT_THAT(Drain(*s), ::testing::HasSubstr("RESOURCE_EXHAUSTED"));
}

TEST(ItemStreamTest, Distinct) {
  auto s = MakeDistinctStream(MakeVectorStream(Ints({3, 1, 3, 2, 1})), 10);
  EXPECT_EQ(Drain(*s), "[3,1,2]");
  s = MakeDistinctStream(MakeVectorStream(Ints({3, 1, 3, 2})), 2);
  EXPECT_THAT(Drain(*s), ::testing::HasSubstr("RESOURCE_EXHAUSTED"));
}

TEST(ItemStreamTest, FlatMapSkipsEmptyAndStopsOnError) {
  FlatMapFn twice_odd = [](const Item& in, std::vector<Item>* out) {
    int v = std::get<Value>(in).AsInt32();
    if (v < 0) return InvalidArgumentError("negative");
    if (v % 2 == 1) out->insert(out->end(), 2, in);
    return Status::OK();
  };
  auto s = MakeFlatMapStream(MakeVectorStream(Ints({2, 1, 4, 4, 3})), twice_odd);
  EXPECT_EQ(Drain(*s), "[1,1,3,3]");
  s = MakeFlatMapStream(MakeVectorStream(Ints({1, -1, 3})), twice_odd);
  EXPECT_EQ(Drain(*s), "INVALID_ARGUMENT: negative");
  s = MakeFlatMapStream(MakeVectorStream({}), twice_odd);
  EXPECT_EQ(Drain(*s), "[]");
}

TEST(ItemStreamTest, Prefixed) {
  auto s = MakePrefixedStream(Ints({9}), MakeVectorStream(Ints({1, 2})));
  EXPECT_EQ(Drain(*s), "[9,1,2]");
  s = MakePrefixedStream({}, MakeVectorStream({}));
  EXPECT_EQ(Drain(*s), "[]");
}

}  // namespace
}  // namespace quarry
