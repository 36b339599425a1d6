// Items and the stream building blocks.
#include "operations/item.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "iterators/element_iterator.h"
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

// Gaffer's REST mapper writes a Long bare outside an element, but a
// FreqMap keeps its class-level type id as a "class" member (FreqMap's
// @JsonTypeInfo(use = CLASS, property = "class")); gaffer-doc's ToFreqMap
// example shows {"class": "uk.gov.gchq.gaffer.types.FreqMap", "aString": 1}.
TEST(ItemTest, ResultJsonOfLongAndFreqMap) {
  EXPECT_EQ(ItemToResultJson(Item(Value::Int64(5))).dump(), "5");
  EXPECT_EQ(ItemToResultJson(Item(Value::FreqMap({{"aString", 1}}))).dump(),
            R"({"class":"uk.gov.gchq.gaffer.types.FreqMap","aString":1})");
  EXPECT_EQ(ItemToResultJson(Item(Value::List({Value::FreqMap({{"20", 1}})}))).dump(),
            R"([{"class":"uk.gov.gchq.gaffer.types.FreqMap","20":1}])");
  // gaffer-doc's ToTypeValue / ToTypeSubTypeValue examples: the class as a
  // member and the null (here "") fields left out.
  EXPECT_EQ(ItemToResultJson(Item(Value::TypeValue("", "aString"))).dump(),
            R"({"class":"uk.gov.gchq.gaffer.types.TypeValue","value":"aString"})");
  EXPECT_EQ(
      ItemToResultJson(Item(Value::TypeSubTypeValue("t", "s", "v"))).dump(),
      R"({"class":"uk.gov.gchq.gaffer.types.TypeSubTypeValue","type":"t","subType":"s","value":"v"})");
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

// Holds "count=N" for each of n elements, decoded by DecodeHeld, and counts
// the decodes: a scan's elements as lazy decoding hands them up.
class HeldScan : public ElementIterator, public PropertyDecoder {
 public:
  explicit HeldScan(int n) : n_(n) { Load(); }
  bool Valid() const override { return i_ < n_; }
  void Next() override {
    ++i_;
    Load();
  }
  const Element& element() const override { return element_; }
  Status status() const override { return Status::OK(); }
  void DecodeHeld(std::string_view held, Properties* out) const override {
    ++(*decodes_);
    out->Clear();
    out->Set("count", Value::Int64(std::stoll(std::string(held.substr(6)))));
  }
  std::shared_ptr<int> decodes() const { return decodes_; }

 private:
  void Load() {
    element_.ResetToEdge("e", Value::String("a"), Value::String("v" + std::to_string(i_)), true,
                         MatchedVertex::kSource);
    element_.mutable_properties().Hold(this)->append("count=" + std::to_string(i_));
  }
  int n_;
  int i_ = 0;
  Element element_;
  std::shared_ptr<int> decodes_ = std::make_shared<int>(0);
};

TEST(ItemStreamTest, AnElementStreamLeavesPropertiesUndecodedUntilRead) {
  auto scan = std::make_unique<HeldScan>(3);
  std::shared_ptr<int> decodes = scan->decodes();
  auto s = MakeElementStream(std::move(scan), nullptr);
  std::vector<std::string> destinations;
  std::vector<Element> copies;
  for (; s->Valid(); s->Next()) {
    const Element& e = std::get<Element>(s->item());
    destinations.push_back(e.destination().AsString());  // Identifiers only.
    EXPECT_TRUE(e.properties().holds_undecoded());
    if (destinations.size() == 2) copies.push_back(e);  // A copy decodes.
  }
  ASSERT_OK(s->status());
  EXPECT_EQ(destinations, (std::vector<std::string>{"v0", "v1", "v2"}));
  EXPECT_EQ(*decodes, 1);
  ASSERT_EQ(copies.size(), 1u);
  EXPECT_FALSE(copies[0].properties().holds_undecoded());
  EXPECT_EQ(copies[0].properties().Get("count"), Value::Int64(1));
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
