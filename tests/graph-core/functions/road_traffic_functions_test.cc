#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

// Gaffer's road-traffic DescriptionTransform: count + " vehicles have
// travelled between junction " + junctionA + " and junction " + junctionB.
TEST(DescriptionTransformTest, DescribesTheTrafficBetweenTwoJunctions) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.gaffer.traffic.transform.DescriptionTransform"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("M32:1"), Value::String("M32:M4 (19)"),
                                           Value::Int64(841303)}));
  EXPECT_EQ(v, Value::String("841303 vehicles have travelled between junction M32:1 and "
                             "junction M32:M4 (19)"));
  ASSERT_OK_AND_ASSIGN(Value no_count,
                       Call(*fn, {Value::String("A"), Value::String("B"), Value()}));
  EXPECT_EQ(no_count, Value::String("null vehicles have travelled between junction A and "
                                    "junction B"));
  EXPECT_THAT(Call(*fn, {Value::String("A"), Value::String("B")}),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
