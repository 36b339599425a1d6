// JsonArrayItemCounter and LineItemCounter: item counts of results arriving
// in arbitrary pieces, worked out by hand from the JSON texts.
#include "bench/common/json_items.h"

#include <gtest/gtest.h>

#include <random>
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

int Pick(std::mt19937* random, int n) {
  return static_cast<int>((*random)() % static_cast<unsigned>(n));
}

// A JSON string whose contents hold escapes, brackets and commas.
void RandomString(std::mt19937* random, std::string* out) {
  static constexpr const char* kParts[] = {
      "plain",    "a,b",      "[x]", "{y}",
      "\\\"",     "\\\\",     "\\n", "uk.gov.gchq.gaffer.data.element.Edge",
      "\\\\\\\"", "\xc3\xa9", ""};
  out->push_back('"');
  for (int n = Pick(random, 6); n > 0; --n) out->append(kParts[Pick(random, 11)]);
  out->push_back('"');
}

// A random JSON value: nested objects and arrays, strings, numbers,
// literals, and whitespace between the pieces.
void RandomValue(std::mt19937* random, int depth, std::string* out) {
  static constexpr const char* kSpaces[] = {"", "", "", " ", "\n", " \t "};
  static constexpr const char* kScalars[] = {"0",     "-12",  "3.5e7",        "true",
                                             "false", "null", "1234567890000"};
  const int kind = depth >= 4 ? Pick(random, 3) : Pick(random, 5);
  if (kind == 0) {
    RandomString(random, out);
  } else if (kind == 1) {
    out->append(kScalars[Pick(random, 7)]);
  } else if (kind == 2) {
    out->append(Pick(random, 2) == 0 ? "{}" : "[]");
  } else {
    const bool object = kind == 3;
    out->push_back(object ? '{' : '[');
    for (int i = 0, n = 1 + Pick(random, 7); i < n; ++i) {
      if (i > 0) out->push_back(',');
      out->append(kSpaces[Pick(random, 6)]);
      if (object) {
        RandomString(random, out);
        out->push_back(':');
      }
      RandomValue(random, depth + 1, out);
      out->append(kSpaces[Pick(random, 6)]);
    }
    out->push_back(object ? '}' : ']');
  }
}

TEST(JsonArrayItemCounterTest, RandomArraysInRandomPiecesAreCountedExactly) {
  std::mt19937 random(20261125);
  for (int round = 0; round < 300; ++round) {
    const int items = static_cast<int>(random() % 40);
    std::string text = " [";
    for (int i = 0; i < items; ++i) {
      if (i > 0) text.append(random() % 2 ? "," : " ,\n");
      RandomValue(&random, 1, &text);
    }
    text.append("] ");
    JsonArrayItemCounter counter;
    for (size_t at = 0; at < text.size();) {
      const size_t piece = std::min<size_t>(text.size() - at, 1 + random() % 200);
      counter.Feed(std::string_view(text).substr(at, piece));
      at += piece;
    }
    ASSERT_TRUE(counter.closed()) << text;
    ASSERT_EQ(counter.items(), items) << text;
  }
}

TEST(LineItemCounterTest, CountsOneItemPerCrlf) {
  LineItemCounter counter;
  counter.Feed("{\"i\":0}\r");
  counter.Feed("\n{\"i\":1}\r\n{\"s\":\"a\\nb\"}\r\n");
  EXPECT_EQ(counter.items(), 3);
}

}  // namespace
}  // namespace quarry::bench
