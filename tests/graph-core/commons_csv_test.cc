// Expected records worked out from Apache Commons CSV's DEFAULT format
// (RFC 4180 quoting, any line ending, empty lines skipped).
#include "graph-core/commons_csv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using ::testing::ElementsAre;
using ::testing::Optional;

TEST(CommonsCsvTest, LineEndingsAndEmptyLines) {
  ASSERT_OK_AND_ASSIGN(auto records, ParseCsv("a,b\r\n\r\nc,d\re,f\n", CsvOptions{}));
  ASSERT_EQ(records.size(), 3u);
  EXPECT_THAT(records[0], ElementsAre(Optional(std::string("a")), Optional(std::string("b"))));
  EXPECT_THAT(records[1], ElementsAre(Optional(std::string("c")), Optional(std::string("d"))));
  EXPECT_THAT(records[2], ElementsAre(Optional(std::string("e")), Optional(std::string("f"))));
}

TEST(CommonsCsvTest, QuotedFieldsSpanLinesAndEscapeQuotes) {
  ASSERT_OK_AND_ASSIGN(auto records, ParseCsv("\"a\nb\",\"x\"\"y\" ,z\"q", CsvOptions{}));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_THAT(records[0], ElementsAre(Optional(std::string("a\nb")), Optional(std::string("x\"y")),
                                      Optional(std::string("z\"q"))));
}

TEST(CommonsCsvTest, TrailingDelimiterNullStringAndLimit) {
  CsvOptions options;
  options.null_string = "";
  ASSERT_OK_AND_ASSIGN(auto records, ParseCsv("a,\nb,c", options, 1));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_THAT(records[0], ElementsAre(Optional(std::string("a")), std::nullopt));
}

// Commons CSV's Lexer checks for the delimiter before it skips whitespace
// after a closing quote, so a tab delimiter still separates.
TEST(CommonsCsvTest, TabDelimiterAfterAQuotedField) {
  CsvOptions options;
  options.delimiter = '\t';
  options.quote = '\'';
  ASSERT_OK_AND_ASSIGN(auto records, ParseCsv("'a b'\tc", options));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_THAT(records[0], ElementsAre(Optional(std::string("a b")), Optional(std::string("c"))));
}

TEST(CommonsCsvTest, Errors) {
  EXPECT_THAT(ParseCsv("\"open", CsvOptions{}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "not closed"));
  EXPECT_THAT(ParseCsv("\"a\"b,c", CsvOptions{}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "invalid char 'b'"));
}

}  // namespace
}  // namespace quarry
