#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

// Gaffer's FreqMapExtractorTest: the key's count, or null when absent.
TEST(FreqMapExtractorTest, ExtractsTheKeysCount) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapExtractor",
                        "key":"BUS"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value bus, Call(*fn, {Value::FreqMap({{"BUS", 1200}, {"CAR", 7}})}));
  EXPECT_EQ(bus, Value::Int64(1200));
  ASSERT_OK_AND_ASSIGN(Value missing, Call(*fn, {Value::FreqMap({{"CAR", 7}})}));
  EXPECT_TRUE(missing.is_null());
  ASSERT_OK_AND_ASSIGN(Value no_map, Call(*fn, {Value()}));
  EXPECT_TRUE(no_map.is_null());
  EXPECT_THAT(Call(*fn, {Value::String("BUS")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapExtractor",
                                          "key":"BUS"})"));
}

}  // namespace
}  // namespace quarry
