#include "schema/internal/serialiser_base.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using ::quarry::testing::StatusIsWithMessage;

// Writes "partial" and then fails, or reads "ok" and fails otherwise.
class FlakySerialiser : public SerialiserBase {
 public:
  FlakySerialiser()
      : SerialiserBase({"com.example.FlakySerialiser", true, false}, {ValueType::kString}) {}

 protected:
  Status SerialiseNonNull(const Value&, std::string* dst) const override {
    dst->append("partial");
    return InvalidArgumentError("boom");
  }
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override {
    if (bytes == "ok") return Value::String("ok");
    return DataLossError("bad bytes");
  }
};

TEST(SerialiserBaseTest, TraitsAndSimpleName) {
  FlakySerialiser s;
  EXPECT_EQ(s.ClassName(), "com.example.FlakySerialiser");
  EXPECT_EQ(s.SimpleName(), "FlakySerialiser");
  EXPECT_TRUE(s.PreservesOrder());
  EXPECT_FALSE(s.IsConsistent());
  EXPECT_TRUE(s.CanHandle(ValueType::kString));
  EXPECT_FALSE(s.CanHandle(ValueType::kBytes));
}

TEST(SerialiserBaseTest, FailedSerialiseLeavesBufferUnchangedAndNamesSerialiser) {
  FlakySerialiser s;
  std::string out = "pre";
  EXPECT_THAT(s.Serialise(Value::String("x"), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "FlakySerialiser: boom"));
  EXPECT_EQ(out, "pre");
  EXPECT_THAT(
      s.Serialise(Value::Int64(1), &out),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "cannot serialise a java.lang.Long"));
  ASSERT_OK(s.Serialise(Value(), &out));
  EXPECT_EQ(out, "pre");
}

TEST(SerialiserBaseTest, DeserialiseErrorsNameSerialiserAndEmptyIsDeserialiseEmpty) {
  FlakySerialiser s;
  EXPECT_THAT(s.Deserialise("x"),
              StatusIsWithMessage(StatusCode::kDataLoss, "FlakySerialiser: bad bytes"));
  ASSERT_OK_AND_ASSIGN(Value empty, s.Deserialise(""));
  EXPECT_TRUE(empty.is_null());
  ASSERT_OK_AND_ASSIGN(Value ok, s.Deserialise("ok"));
  EXPECT_EQ(ok, Value::String("ok"));
}

}  // namespace
}  // namespace quarry::internal
