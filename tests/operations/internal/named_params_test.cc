// Parameter coercion and substitution as Gaffer's NamedOperationDetail and
// NamedViewDetail do them (Jackson reads each value into its valueClass),
// and the AccessPredicate rule.
#include "operations/internal/named_params.h"

#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(NamedParamsTest, IntegersAreCheckedAndNumericTextCoerced) {
  EXPECT_EQ(*CoerceParameter(Json(5), "java.lang.Long", "p"), Json(5));
  EXPECT_EQ(*CoerceParameter(Json("7"), "Long", "p"), Json(7));
  EXPECT_THAT(CoerceParameter(Json("seven"), "Long", "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "java.lang.Long"));
  EXPECT_THAT(CoerceParameter(Json(2.5), "Integer", "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(CoerceParameter(Json(int64_t{1} << 40), "Integer", "p"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(CoerceParameter(Json::array({1}), "Long", "p"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(NamedParamsTest, OtherClasses) {
  EXPECT_EQ(*CoerceParameter(Json(5), "String", "p"), Json("5"));
  EXPECT_EQ(*CoerceParameter(Json("true"), "Boolean", "p"), Json(true));
  EXPECT_THAT(CoerceParameter(Json("yes"), "Boolean", "p"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(*CoerceParameter(Json("2.5"), "Double", "p"), Json(2.5));
  EXPECT_EQ(*CoerceParameter(Json::array({1, 2}), "java.util.ArrayList", "p"), Json::array({1, 2}));
  EXPECT_THAT(CoerceParameter(Json(1), "java.util.List", "p"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(*CoerceParameter(Json::object({{"a", 1}}), "com.example.Custom", "p"),
            Json::object({{"a", 1}}));
  EXPECT_EQ(CanonicalValueClass("Long"), "java.lang.Long");
  EXPECT_EQ(CanonicalValueClass("ArrayList"), "java.util.ArrayList");
  EXPECT_EQ(CanonicalValueClass("com.example.Custom"), "com.example.Custom");
}

TEST(NamedParamsTest, SubstitutionReplacesQuotedPlaceholders) {
  Json details = Json::parse(R"({"n": {"valueClass": "java.lang.Long", "defaultValue": 1,
                                       "required": false},
                                 "s": {"valueClass": "java.lang.String", "required": true}})");
  std::string text = R"({"a": "${n}", "b": ["${s}", "${n}"]})";
  ASSERT_OK_AND_ASSIGN(std::string out,
                       SubstituteParameters(text, details, Json::parse(R"({"s": "x"})"),
                                            ParameterRules::kNamedOperation, "op"));
  EXPECT_EQ(Json::parse(out), Json::parse(R"({"a": 1, "b": ["x", 1]})"));
  EXPECT_THAT(SubstituteParameters(text, details, Json(), ParameterRules::kNamedOperation, "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Missing parameter s"));
  EXPECT_THAT(SubstituteParameters(text, details, Json::parse(R"({"s": "x", "zz": 1})"),
                                   ParameterRules::kNamedOperation, "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Unexpected parameter"));
  // Undeclared parameters are ignored when none are declared (Gaffer).
  ASSERT_OK_AND_ASSIGN(std::string kept,
                       SubstituteParameters(text, Json(), Json::parse(R"({"zz": 1})"),
                                            ParameterRules::kNamedOperation, "op"));
  EXPECT_EQ(kept, text);
}

TEST(NamedParamsTest, NamedViewsNeedADefaultWhenNotSupplied) {
  Json details = Json::parse(R"({"n": {"valueClass": "java.lang.Long", "required": false}})");
  EXPECT_THAT(
      SubstituteParameters(R"({"v": "${n}"})", details, Json(), ParameterRules::kNamedView, "view"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "Missing parameter n"));
  ASSERT_OK_AND_ASSIGN(std::string null_default,
                       SubstituteParameters(R"({"v": "${n}"})", details, Json(),
                                            ParameterRules::kNamedOperation, "op"));
  EXPECT_EQ(Json::parse(null_default), Json::parse(R"({"v": null})"));
}

TEST(NamedParamsTest, AccessIsCreatorAdminOrARole) {
  User creator{"alice", {}, {}};
  User reader{"bob", {}, {"read-user"}};
  User admin{"root", {}, {"admin"}};
  User stranger{"eve", {}, {"other"}};
  std::vector<std::string> roles = {"read-user"};
  EXPECT_TRUE(HasAccess(creator, "alice", {}, ""));
  EXPECT_TRUE(HasAccess(reader, "alice", roles, ""));
  EXPECT_FALSE(HasAccess(stranger, "alice", roles, ""));
  EXPECT_FALSE(HasAccess(admin, "alice", roles, ""));
  EXPECT_TRUE(HasAccess(admin, "alice", roles, "admin"));
}

}  // namespace
}  // namespace quarry::operations_internal
