#include "graph-core/java_hash_order.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/json_value.h"

namespace quarry {
namespace {

using ::testing::ElementsAre;

// Values of Java's "...".hashCode().
TEST(JavaHashOrderTest, StringHashCodeMatchesJava) {
  EXPECT_EQ(JavaStringHashCode(""), 0);
  EXPECT_EQ(JavaStringHashCode("a"), 97);
  EXPECT_EQ(JavaStringHashCode("view"), 3619493);
  EXPECT_EQ(JavaStringHashCode("hello world"), 1794106052);
  EXPECT_EQ(JavaStringHashCode("orEqualTo"), -1787680404);     // Wraps like Java's int.
  EXPECT_EQ(JavaStringHashCode("\xC3\xA9"), 233);              // U+00E9 is one UTF-16 unit.
  EXPECT_EQ(JavaStringHashCode("\xF0\x9F\x98\x80"), 1772899);  // U+1F600: a surrogate pair.
}

// gafferpy's test_connector expects Gaffer's GetAllElements fields (a
// HashMap) and directedType's options (a HashSet) in exactly these orders.
TEST(JavaHashOrderTest, MatchesGaffersOperationDetailOrder) {
  EXPECT_THAT(InJavaHashOrder({"views", "directedType", "options", "view"}),
              ElementsAre("view", "options", "directedType", "views"));
  EXPECT_THAT(InJavaHashOrder({"EITHER", "UNDIRECTED", "DIRECTED"}),
              ElementsAre("DIRECTED", "UNDIRECTED", "EITHER"));
}

// More than 12 keys resize the table to 32 buckets, which changes the order.
TEST(JavaHashOrderTest, ResizesAtThreeQuartersFull) {
  // "q" (113) and "a" (97) share bucket 1 of 16: insertion order.
  EXPECT_THAT(InJavaHashOrder({"q", "a"}), ElementsAre("q", "a"));
  // With 13 keys there are 32 buckets: "q" moves to bucket 17, after "l" (12).
  std::vector<std::string> keys = {"q"};
  for (char c = 'a'; c <= 'l'; ++c) keys.push_back(std::string(1, c));
  std::vector<std::string> expected(keys.begin() + 1, keys.end());
  expected.push_back("q");
  EXPECT_EQ(InJavaHashOrder(keys), expected);
}

// Values hash as Java's boxed types: Integer and Short their value, Long
// (int)(v ^ v >>> 32), Boolean 1231 / 1237; other types have no known order.
TEST(JavaHashOrderTest, ValuesHashAsJavasBoxedTypes) {
  // 17 and 1 share bucket 1 (insertion order), 16 is bucket 0.
  EXPECT_THAT(JavaHashOrderOfValues({Value::Int32(17), Value::Int32(1), Value::Int32(16)}),
              ::testing::Optional(ElementsAre(2, 0, 1)));
  // Long 2^32 hashes as 1, Long 3 as 3; true is 1231 (bucket 15 after
  // spreading), false 1237 (bucket 5).
  EXPECT_THAT(JavaHashOrderOfValues({Value::Int64(3), Value::Int64(int64_t{1} << 32)}),
              ::testing::Optional(ElementsAre(1, 0)));
  EXPECT_THAT(JavaHashOrderOfValues({Value::Bool(true), Value::Bool(false)}),
              ::testing::Optional(ElementsAre(1, 0)));
  EXPECT_EQ(JavaHashOrderOfValues({Value::String("a"), Value::Date(0)}), std::nullopt);
}

// A HashSet is written and printed as Java iterates it: "private" lands in
// bucket 2 of 16 and "public" in bucket 4 (String.hashCode, spread).
TEST(JavaHashOrderTest, HashSetsWriteAndPrintInJavasOrder) {
  const Value set = Value::HashSet({Value::String("public"), Value::String("private"),
                                    Value::String("1a"), Value::String("2a")});
  EXPECT_EQ(set.ToJavaString(), "[1a, private, public, 2a]");
  EXPECT_EQ(ValueToJson(set).dump(), R"({"java.util.HashSet":["1a","private","public","2a"]})");
  // A TreeSet keeps its sorted order.
  EXPECT_EQ(Value::TreeSet(set.AsItems()).ToJavaString(), "[1a, 2a, private, public]");
}

}  // namespace
}  // namespace quarry
