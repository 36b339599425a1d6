#include "cli/json_item_reader.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry::cli {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Result<std::vector<std::string>> ReadAll(const std::string& text) {
  std::istringstream in(text);
  JsonItemReader reader(&in, "in.json");
  std::vector<std::string> items;
  std::string item;
  while (true) {
    QUARRY_ASSIGN_OR_RETURN(bool more, reader.Next(&item));
    if (!more) return items;
    items.push_back(item);
  }
}

TEST(JsonItemReaderTest, ArrayOfElements) {
  ASSERT_OK_AND_ASSIGN(auto items, ReadAll(" [ {\"a\": 1},\n {\"b\": [2, {\"c\": 3}]} ] \n"));
  EXPECT_EQ(items, (std::vector<std::string>{"{\"a\": 1}", "{\"b\": [2, {\"c\": 3}]}"}));
}

TEST(JsonItemReaderTest, OneElementPerLine) {
  ASSERT_OK_AND_ASSIGN(auto items, ReadAll("{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}"));
  EXPECT_EQ(items, (std::vector<std::string>{"{\"a\": 1}", "{\"b\": 2}", "{\"c\": 3}"}));
}

TEST(JsonItemReaderTest, BracketsAndQuotesInsideStrings) {
  ASSERT_OK_AND_ASSIGN(auto items, ReadAll(R"([{"v": "}]\"{["}, {"w": "\\"}])"));
  EXPECT_EQ(items, (std::vector<std::string>{R"({"v": "}]\"{["})", R"({"w": "\\"})"}));
}

TEST(JsonItemReaderTest, EmptyInputsHaveNoItems) {
  ASSERT_OK_AND_ASSIGN(auto none, ReadAll(""));
  EXPECT_TRUE(none.empty());
  ASSERT_OK_AND_ASSIGN(auto empty_array, ReadAll("[ ]"));
  EXPECT_TRUE(empty_array.empty());
}

TEST(JsonItemReaderTest, ErrorsNameSourceAndLine) {
  EXPECT_THAT(ReadAll("{\"a\": 1}\n{\"b\": "),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "in.json:2: input ends inside"));
  EXPECT_THAT(ReadAll("[{\"a\": 1}"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "before the closing ']'"));
  EXPECT_THAT(ReadAll("[{\"a\": 1}] {\"b\": 2}"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "after the closing ']'"));
  EXPECT_THAT(ReadAll("{\"a\": 1}\n42\n"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "in.json:2: expected an element"));
}

TEST(JsonItemReaderTest, CountsBytesAcrossChunks) {
  // Larger than the 64 KiB read buffer.
  std::string text = "[";
  for (int i = 0; i < 10000; ++i)
    text += (i ? "," : "") + std::string("{\"i\": ") + std::to_string(i) + "}";
  text += "]";
  std::istringstream in(text);
  JsonItemReader reader(&in, "big");
  std::string item;
  int count = 0;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, reader.Next(&item));
    if (!more) break;
    EXPECT_EQ(item, "{\"i\": " + std::to_string(count) + "}");
    ++count;
  }
  EXPECT_EQ(count, 10000);
  EXPECT_EQ(reader.bytes_read(), text.size());
}

}  // namespace
}  // namespace quarry::cli
