// gaffer-doc's VisibilitySerialiser: "public" <-> "(private|public)".
#include "schema/serialisers/visibility_serialiser.h"

#include <gtest/gtest.h>

#include "schema/serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Hex;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::ToHex;

TEST(VisibilitySerialiserTest, Vectors) {
  VisibilitySerialiser s;
  // "(private|public)" in ASCII.
  const char* kExpression = "28 70 72 69 76 61 74 65 7c 70 75 62 6c 69 63 29";
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::String("public"))), kExpression);
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::String("private"))), "70 72 69 76 61 74 65");
  EXPECT_EQ(ToHex(SerialiseOrDie(s, Value::String("A&B"))), "41 26 42");
  EXPECT_EQ(SerialiseOrDie(s, Value::String("")), "");
  EXPECT_EQ(SerialiseOrDie(s, Value()), "");
  ASSERT_OK_AND_ASSIGN(Value pub, s.Deserialise(Hex(kExpression)));
  EXPECT_EQ(pub, Value::String("public"));
  ASSERT_OK_AND_ASSIGN(Value priv, s.Deserialise(Hex("70 72 69 76 61 74 65")));
  EXPECT_EQ(priv, Value::String("private"));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_EQ(empty, Value::String(""));
  // Only the exact expression maps back; its own text is not special on write.
  ASSERT_OK_AND_ASSIGN(Value near, s.Deserialise("(private|public) "));
  EXPECT_EQ(near, Value::String("(private|public) "));
  ASSERT_OK_AND_ASSIGN(Value word, s.Deserialise("public"));
  EXPECT_EQ(word, Value::String("public"));
}

TEST(VisibilitySerialiserTest, ClaimsAndTypes) {
  VisibilitySerialiser s;
  EXPECT_TRUE(s.PreservesOrder());  // As the Java class claims.
  EXPECT_TRUE(s.IsConsistent());
  EXPECT_TRUE(s.CanHandle(ValueType::kString));
  EXPECT_FALSE(s.CanHandle(ValueType::kBytes));
  std::string out;
  EXPECT_THAT(s.Serialise(Value::Int64(1), &out), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(out, "");
}

TEST(VisibilitySerialiserTest, ParsedByFullNameOnly) {
  ASSERT_OK_AND_ASSIGN(
      auto s, ParseSerialiser(Json{{"class", std::string(VisibilitySerialiser::kClassName)}}, "p"));
  EXPECT_EQ(s->ClassName(), VisibilitySerialiser::kClassName);
  EXPECT_EQ(s->ToJson(), (Json{{"class", std::string(VisibilitySerialiser::kClassName)}}));
  EXPECT_THAT(ParseSerialiser(Json{{"class", "VisibilitySerialiser"}}, "p"),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
