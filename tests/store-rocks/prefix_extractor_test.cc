#include "store-rocks/prefix_extractor.h"

#include <gtest/gtest.h>

#include <string>

#include "keypackages/key_format.h"

namespace quarry {
namespace {

using namespace std::string_literals;

rocksdb::Slice S(const std::string& s) { return rocksdb::Slice(s); }

TEST(RowPrefixTransformTest, PrefixIsTheFirstVertexAndItsDelimiter) {
  RowPrefixTransform t;
  // ByteEntity entity A: 41 00 01 | 00 group 00 cq 00 vis.
  std::string entity = "A\x00\x01\x00g\x00\x00"s;
  ASSERT_TRUE(t.InDomain(S(entity)));
  EXPECT_EQ(t.Transform(S(entity)).ToString(), "A\x00"s);
  // Edge AB -> C, stored under AB: the prefix stops at AB's delimiter.
  std::string edge =
      "AB\x00\x02\x00"
      "C\x00\x02\x00g\x00\x00"s;
  EXPECT_EQ(t.Transform(S(edge)).ToString(), "AB\x00"s);
}

TEST(RowPrefixTransformTest, DomainRules) {
  RowPrefixTransform t;
  EXPECT_FALSE(t.InDomain(S("")));
  EXPECT_FALSE(t.InDomain(S("ABC")));
  // Every extension of a key in the domain keeps its prefix.
  std::string key = "A\x00"s;
  for (std::string ext : {""s, "\x01"s, "\x00\x00"s, "\xff\x00"s}) {
    std::string k = key + ext;
    ASSERT_TRUE(t.InDomain(S(k)));
    EXPECT_EQ(t.Transform(S(k)).ToString(), key);
  }
  // A prefix is its own prefix (InRange); partial prefixes are not.
  EXPECT_TRUE(t.InRange(S(key)));
  EXPECT_FALSE(t.InRange(S("A")));
  EXPECT_FALSE(t.InRange(S("A\x00\x01"s)));
  EXPECT_STREQ(t.Name(), "quarry.row_prefix.v1");
}

TEST(RowPrefixTransformTest, InsertIdDoesNotChangeThePrefix) {
  RowPrefixTransform t;
  std::string key = "V\x00\x01\x00g\x00\x00"s;
  std::string suffixed = key;
  AppendInsertId(7, &suffixed);
  EXPECT_EQ(t.Transform(S(suffixed)), t.Transform(S(key)));
}

}  // namespace
}  // namespace quarry
