#include "keypackages/key_format.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;

TEST(KeyFormatTest, SplitKeyTakesTheLastThreeDelimiters) {
  // ByteEntity A->B, group "e", qualifier 01 02 (escaped 01), visibility "v".
  const std::string key =
      "A\x00\x02\x00"
      "B\x00\x02"
      "\x00"
      "e"
      "\x00"
      "\x01\x02"
      "\x00"
      "v"s;
  ASSERT_OK_AND_ASSIGN(KeyParts p, SplitKey(key));
  EXPECT_EQ(p.row_section,
            "A\x00\x02\x00"
            "B\x00\x02"s);
  EXPECT_EQ(p.group, "e");
  EXPECT_EQ(p.column_qualifier, "\x01\x02"s);
  EXPECT_EQ(p.visibility, "v");
  ASSERT_OK_AND_ASSIGN(size_t n, RowAndGroupLength(key));
  EXPECT_EQ(key.substr(0, n),
            "A\x00\x02\x00"
            "B\x00\x02"
            "\x00"
            "e"
            "\x00"s);
}

TEST(KeyFormatTest, SplitKeyAllowsEmptyPieces) {
  const std::string key = "\x00\x01\x00\x00\x00"s;  // The views borrow from it.
  ASSERT_OK_AND_ASSIGN(KeyParts p, SplitKey(key));
  EXPECT_EQ(p.row_section, "\x00\x01"s);
  EXPECT_EQ(p.group, "");
  EXPECT_EQ(p.column_qualifier, "");
  EXPECT_EQ(p.visibility, "");
}

TEST(KeyFormatTest, SplitKeyRejectsTooFewDelimiters) {
  EXPECT_THAT(SplitKey(""), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(SplitKey("\x00\x00\x00"s), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(SplitKey("A\x00"
                       "g\x00\x00"s),
              StatusIs(StatusCode::kDataLoss));
}

TEST(KeyFormatTest, SplitKeyTakesTheInsertIdOffFirst) {
  // The id 00 00 00 00 00 00 00 2a holds 00 bytes: only its position counts.
  const std::string key = "A\x00\x01\x00g\x00\x00v"s;
  std::string stored = key;
  AppendInsertId(42, &stored);
  EXPECT_EQ(stored, key + "\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x2a"s);
  ASSERT_OK_AND_ASSIGN(KeyParts p, SplitKey(stored));
  EXPECT_TRUE(p.has_insert_id);
  EXPECT_EQ(p.insert_id, 42u);
  EXPECT_EQ(p.row_section, "A\x00\x01"s);
  EXPECT_EQ(p.group, "g");
  EXPECT_EQ(p.column_qualifier, "");
  EXPECT_EQ(p.visibility, "v");
  ASSERT_OK_AND_ASSIGN(size_t n, RowAndGroupLength(stored));
  EXPECT_EQ(n, 6u);  // "A 00 01" 00 "g" 00.
  EXPECT_EQ(WithoutInsertId(stored), key);
  EXPECT_EQ(WithoutInsertId(key), key);
  ASSERT_OK_AND_ASSIGN(KeyParts plain, SplitKey(key));
  EXPECT_FALSE(plain.has_insert_id);
  EXPECT_EQ(plain.insert_id, 0u);
}

TEST(KeyFormatTest, InsertIdsOfOneKeySortOldestFirstAndBeforeLongerKeys) {
  const std::string a = "A\x00\x01\x00g\x00\x00x"s, longer = a + "y";
  std::string a1 = a, a2 = a, a_max = a, longer0 = longer;
  AppendInsertId(1, &a1);
  AppendInsertId(2, &a2);
  AppendInsertId(~0ull, &a_max);
  AppendInsertId(0, &longer0);
  EXPECT_LT(a, a1);
  EXPECT_LT(a1, a2);
  EXPECT_LT(a2, a_max);
  EXPECT_LT(a_max, longer0);
  EXPECT_LT(a_max, longer);
}

TEST(KeyFormatTest, InsertIdNeedsTheWholeTag) {
  // A version 1 suffix (00 then the id, no 01 03) is not an insert id.
  const std::string v1 = "A\x00\x01\x00g\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x07"s;
  EXPECT_FALSE(HasInsertId(v1));
  EXPECT_FALSE(HasInsertId("\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00"s));  // Too short.
  EXPECT_TRUE(HasInsertId("\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00"s));
  // An id with nothing before it has no pieces to split.
  EXPECT_THAT(SplitKey("\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00"s),
              StatusIs(StatusCode::kDataLoss));
}

TEST(KeyFormatTest, RowPrefixIsFirstVertexAndDelimiter) {
  EXPECT_EQ(RowPrefix("AB\x00\x01\x00g\x00\x00"s), "AB\x00"s);
  EXPECT_EQ(RowPrefix("\x00\x01"s), "\x00"s);
  EXPECT_EQ(RowPrefix("AB"), "");
  EXPECT_TRUE(InRowPrefixDomain("A\x00"s));
  EXPECT_FALSE(InRowPrefixDomain("A"));
}

TEST(KeyFormatTest, PersistedFlagValuesAreGaffers) {
  EXPECT_EQ(static_cast<int>(ByteEntityFlag::kEntity), 1);
  EXPECT_EQ(static_cast<int>(ByteEntityFlag::kDirectedSourceFirst), 2);
  EXPECT_EQ(static_cast<int>(ByteEntityFlag::kDirectedDestinationFirst), 3);
  EXPECT_EQ(static_cast<int>(ByteEntityFlag::kUndirected), 4);
  EXPECT_EQ(static_cast<int>(ClassicFlag::kUndirected), 1);
  EXPECT_EQ(static_cast<int>(ClassicFlag::kDirectedSourceFirst), 2);
  EXPECT_EQ(static_cast<int>(ClassicFlag::kDirectedDestinationFirst), 3);
  EXPECT_EQ(kKeyFormatVersion, 2u);  // 2: the insert id (issue 13); 1 is rewritten on open.
  EXPECT_EQ(kRowPrefixExtractorName, "quarry.RowPrefix.1");
}

}  // namespace
}  // namespace quarry
