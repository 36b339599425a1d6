// JsonArrayItemCounter and LineItemCounter: item counts of results arriving
// in arbitrary pieces, worked out by hand from the JSON texts.
#include "bench/common/json_items.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace quarry::bench {
namespace {

// Feeds `text` one byte at a time, so every boundary is a piece boundary.
JsonArrayItemCounter CountBytewise(std::string_view text) {
  JsonArrayItemCounter counter;
  for (char c : text) counter.Feed(std::string_view(&c, 1));
  return counter;
}

TEST(JsonArrayItemCounterTest, EmptyArrayHasNoItems) {
  JsonArrayItemCounter counter = CountBytewise(" [ ] ");
  EXPECT_TRUE(counter.closed());
  EXPECT_EQ(counter.items(), 0);
}

TEST(JsonArrayItemCounterTest, CountsTopLevelItemsOnly) {
  // Three items: an element object with a nested array and map, a string
  // holding brackets, commas and an escaped quote, and a number.
  const std::string text = R"([{"class":"Edge","p":{"a":[1,2,{"x":"]"}]}}, "a,]\"[b" ,42])";
  JsonArrayItemCounter counter = CountBytewise(text);
  EXPECT_TRUE(counter.closed());
  EXPECT_EQ(counter.items(), 3);
  JsonArrayItemCounter whole;
  whole.Feed(text);
  EXPECT_EQ(whole.items(), 3);
}

TEST(JsonArrayItemCounterTest, AnEscapedBackslashDoesNotEscapeTheClosingQuote) {
  // The string "a\\" ends at its second quote: the comma after it separates
  // two items, whether the text arrives whole or byte by byte.
  const std::string text = R"(["a\\",{"b":"\"]"},3])";
  JsonArrayItemCounter whole;
  whole.Feed(text);
  EXPECT_TRUE(whole.closed());
  EXPECT_EQ(whole.items(), 3);
  EXPECT_EQ(CountBytewise(text).items(), 3);
}

TEST(JsonArrayItemCounterTest, UnfinishedArrayIsNotClosed) {
  JsonArrayItemCounter counter = CountBytewise(R"([{"a":1},{"b":)");
  EXPECT_FALSE(counter.closed());
  EXPECT_EQ(counter.items(), 1);
}

TEST(LineItemCounterTest, CountsOneItemPerCrlf) {
  LineItemCounter counter;
  counter.Feed("{\"i\":0}\r");
  counter.Feed("\n{\"i\":1}\r\n{\"s\":\"a\\nb\"}\r\n");
  EXPECT_EQ(counter.items(), 3);
}

}  // namespace
}  // namespace quarry::bench
