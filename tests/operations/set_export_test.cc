// SetExports: Gaffer's SetExporter (LinkedHashSet per key, LimitedIterable
// for start/end), as SetExporterTest and the export guide use it.
#include "operations/set_export.h"

#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

std::vector<Item> Strings(std::initializer_list<const char*> s) {
  std::vector<Item> out;
  for (const char* v : s) out.push_back(Item(Value::String(v)));
  return out;
}

Json AsJson(const std::vector<Item>& items) {
  Json out = Json::array();
  for (const Item& i : items) out.push_back(ItemToJson(i));
  return out;
}

TEST(SetExportTest, KeepsFirstOccurrenceOrderWithoutDuplicates) {
  SetExports sets(100);
  ASSERT_OK(sets.Add("key", Strings({"item1", "item2", "item1"})));
  ASSERT_OK(sets.Add("key", Strings({"item3", "item2"})));
  EXPECT_EQ(AsJson(sets.Get("key", 0, std::nullopt)), Json::parse(R"(["item1","item2","item3"])"));
}

TEST(SetExportTest, KeysAreSeparate) {
  SetExports sets(100);
  ASSERT_OK(sets.Add("edges", Strings({"a"})));
  ASSERT_OK(sets.Add("entities", Strings({"b"})));
  EXPECT_EQ(AsJson(sets.Get("edges", 0, std::nullopt)), Json::parse(R"(["a"])"));
  EXPECT_EQ(AsJson(sets.Get("entities", 0, std::nullopt)), Json::parse(R"(["b"])"));
  EXPECT_EQ(AsJson(sets.Get("ALL", 0, std::nullopt)), Json::array());
}

TEST(SetExportTest, StartAndEndSelectAHalfOpenPage) {
  SetExports sets(100);
  ASSERT_OK(sets.Add("ALL", Strings({"0", "1", "2", "3", "4", "5"})));
  EXPECT_EQ(AsJson(sets.Get("ALL", 2, 4)), Json::parse(R"(["2","3"])"));
  EXPECT_EQ(AsJson(sets.Get("ALL", 4, std::nullopt)), Json::parse(R"(["4","5"])"));
  EXPECT_EQ(AsJson(sets.Get("ALL", 5, 50)), Json::parse(R"(["5"])"));
  EXPECT_EQ(AsJson(sets.Get("ALL", 9, 12)), Json::array());
  EXPECT_EQ(AsJson(sets.Get("ALL", 3, 3)), Json::array());
}

TEST(SetExportTest, TheItemLimitCountsDistinctItemsOverAllKeys) {
  SetExports sets(3);
  ASSERT_OK(sets.Add("a", Strings({"x", "y", "x"})));
  ASSERT_OK(sets.Add("b", Strings({"z"})));
  EXPECT_THAT(sets.Add("b", Strings({"w"})), StatusIs(StatusCode::kResourceExhausted));
}

}  // namespace
}  // namespace quarry
