#include "operations/json_text_page.h"

#include <gtest/gtest.h>

namespace quarry {
namespace {

void Add(JsonTextPage* page, std::string_view item) {
  page->BeginItem()->append(item);
  page->EndItem();
}

TEST(JsonTextPageTest, EmptyPageIsAnEmptyArray) {
  JsonTextPage page;
  EXPECT_TRUE(page.empty());
  EXPECT_EQ(page.joined_items(), "");
  std::string out = "x";
  page.TakeArray(&out);
  EXPECT_EQ(out, "[]");
}

TEST(JsonTextPageTest, ItemsAreSeparatedByCommasAndReadBackOneByOne) {
  JsonTextPage page;
  Add(&page, "1");
  Add(&page, R"({"a":[2,3]})");
  Add(&page, R"("x,y")");
  ASSERT_EQ(page.size(), 3u);
  EXPECT_EQ(page.item(0), "1");
  EXPECT_EQ(page.item(1), R"({"a":[2,3]})");
  EXPECT_EQ(page.item(2), R"("x,y")");
  EXPECT_EQ(page.joined_items(), R"(1,{"a":[2,3]},"x,y")");
  std::string out;
  page.TakeArray(&out);
  EXPECT_EQ(out, R"([1,{"a":[2,3]},"x,y"])");
}

TEST(JsonTextPageTest, TakeArrayHandsOverTheArrayAndLeavesThePageEmpty) {
  JsonTextPage page;
  Add(&page, "true");
  Add(&page, "null");
  std::string out = "overwritten";
  page.TakeArray(&out);
  EXPECT_EQ(out, "[true,null]");
  EXPECT_TRUE(page.empty());
  Add(&page, "7");
  EXPECT_EQ(page.item(0), "7");
  std::string next;
  page.TakeArray(&next);
  EXPECT_EQ(next, "[7]");
}

TEST(JsonTextPageTest, ClearStartsAFreshArray) {
  JsonTextPage page;
  page.Reserve(1024);
  Add(&page, "1");
  page.Clear();
  EXPECT_TRUE(page.empty());
  Add(&page, "2");
  std::string out;
  page.TakeArray(&out);
  EXPECT_EQ(out, "[2]");
}

}  // namespace
}  // namespace quarry
