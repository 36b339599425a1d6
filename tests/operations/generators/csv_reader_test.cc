// CsvReader: quoting, line endings, empty lines and per-record errors.
#include "operations/generators/csv_reader.h"

#include <sstream>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
using Fields = std::vector<std::string>;

// Reads every record; an error is recorded as {"ERROR"}.
std::vector<Fields> ReadAll(const std::string& text) {
  std::istringstream in(text);
  CsvReader reader(&in);
  std::vector<Fields> records;
  Fields fields;
  while (true) {
    Result<bool> got = reader.Next(&fields);
    if (!got.ok()) {
      records.push_back({"ERROR"});
      continue;
    }
    if (!*got) break;
    records.push_back(fields);
  }
  return records;
}

TEST(CsvReaderTest, SplitsUnquotedFields) {
  EXPECT_EQ(ReadAll("a,b,c\n1,,3\n"), (std::vector<Fields>{{"a", "b", "c"}, {"1", "", "3"}}));
}

TEST(CsvReaderTest, LastRecordNeedsNoNewline) {
  EXPECT_EQ(ReadAll("a,b\nc,d"), (std::vector<Fields>{{"a", "b"}, {"c", "d"}}));
}

TEST(CsvReaderTest, TrailingCommaGivesEmptyLastField) {
  EXPECT_EQ(ReadAll("a,\n"), (std::vector<Fields>{{"a", ""}}));
}

TEST(CsvReaderTest, QuotedFieldsKeepCommasQuotesAndNewlines) {
  EXPECT_EQ(ReadAll("\"Bristol, City of\",\"say \"\"hi\"\"\",\"two\nlines\"\n"),
            (std::vector<Fields>{{"Bristol, City of", "say \"hi\"", "two\nlines"}}));
}

TEST(CsvReaderTest, EmptyQuotedFieldIsARecord) {
  EXPECT_EQ(ReadAll("\"\"\n"), (std::vector<Fields>{{""}}));
}

TEST(CsvReaderTest, CrLfEndsRecords) {
  EXPECT_EQ(ReadAll("\"a\",b\r\nc,\"d\"\r\n"), (std::vector<Fields>{{"a", "b"}, {"c", "d"}}));
}

TEST(CsvReaderTest, LoneCrIsData) { EXPECT_EQ(ReadAll("a\rb\n"), (std::vector<Fields>{{"a\rb"}})); }

TEST(CsvReaderTest, SkipsEmptyLines) {
  EXPECT_EQ(ReadAll("\na\n\r\n\nb\n\n"), (std::vector<Fields>{{"a"}, {"b"}}));
}

TEST(CsvReaderTest, QuoteInsideUnquotedFieldIsLiteral) {
  EXPECT_EQ(ReadAll("ab\"c,d\n"), (std::vector<Fields>{{"ab\"c", "d"}}));
}

TEST(CsvReaderTest, TextAfterClosingQuoteIsAnErrorForThatRecordOnly) {
  EXPECT_EQ(ReadAll("a,b\n\"x\"y,z\nc,d\n"),
            (std::vector<Fields>{{"a", "b"}, {"ERROR"}, {"c", "d"}}));
}

TEST(CsvReaderTest, ErrorNamesTheLine) {
  std::istringstream in("a\nb\n\"x\"y\n");
  CsvReader reader(&in);
  Fields fields;
  ASSERT_OK(reader.Next(&fields).status());
  ASSERT_OK(reader.Next(&fields).status());
  EXPECT_EQ(reader.record_line(), 2);
  EXPECT_THAT(reader.Next(&fields).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "line 3"));
}

TEST(CsvReaderTest, UnterminatedQuoteConsumesTheRest) {
  std::istringstream in("a\n\"open,\nmore\n");
  CsvReader reader(&in);
  Fields fields;
  ASSERT_OK_AND_ASSIGN(bool got, reader.Next(&fields));
  EXPECT_TRUE(got);
  EXPECT_THAT(reader.Next(&fields).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unterminated"));
  ASSERT_OK_AND_ASSIGN(got, reader.Next(&fields));
  EXPECT_FALSE(got);
}

TEST(CsvReaderTest, RecordLineCountsQuotedNewlines) {
  std::istringstream in("\"a\nb\",c\nd\n");
  CsvReader reader(&in);
  Fields fields;
  ASSERT_OK(reader.Next(&fields).status());
  EXPECT_EQ(reader.record_line(), 1);
  ASSERT_OK(reader.Next(&fields).status());
  EXPECT_EQ(fields, Fields{"d"});
  EXPECT_EQ(reader.record_line(), 3);
}

TEST(CsvReaderTest, EmptyInputHasNoRecords) {
  EXPECT_TRUE(ReadAll("").empty());
  std::istringstream in("");
  CsvReader reader(&in);
  Fields fields{"stale"};
  ASSERT_OK_AND_ASSIGN(bool got, reader.Next(&fields));
  EXPECT_FALSE(got);
  EXPECT_TRUE(fields.empty());
}

}  // namespace
}  // namespace quarry
