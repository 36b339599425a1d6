// ValidateOperationChain through the executor: koryphe's ValidationResult
// JSON, {"valid": ..., "errors": [...]}, for valid and invalid chains
// (Gaffer's ValidateOperationChainHandlerTest: a valid chain is valid; a
// chain missing required fields is invalid, its errors naming them). The
// chain is never run.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(ValidateChainOpTest, ValidChainIsValidAndNotRun) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ValidateOperationChain","operationChain":{
      "class":"OperationChain","operations":[
        {"class":"AddElements","input":[{"class":"Entity","group":"entity","vertex":9,"properties":{"count":1}}]},
        {"class":"GetAdjacentIds","input":[{"class":"EntitySeed","vertex":1}]},
        {"class":"GetElements"},{"class":"DiscardOutput"}]}})"));
  EXPECT_EQ(out, Json::parse(R"({"valid":true,"errors":[]})"));
  // Not run: entity 9 was not added.
  ASSERT_OK_AND_ASSIGN(Json nine, f.Run(R"({"class":"GetElements",
      "input":[{"class":"EntitySeed","vertex":9}]})"));
  EXPECT_EQ(nine, Json::array());
}

TEST(ValidateChainOpTest, MissingRequiredFieldIsAnError) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ValidateOperationChain","operationChain":{
      "operations":[{"class":"GetAllElements"},{"class":"Limit"}]}})"));
  EXPECT_EQ(out["valid"], false);
  ASSERT_EQ(out["errors"].size(), 1u) << out.dump();
  EXPECT_THAT(out["errors"][0].get<std::string>(),
              ::testing::HasSubstr("operationChain.operations[1].resultLimit: required"));
}

TEST(ValidateChainOpTest, UnknownClassUnknownNamedOperationAndBadViewAreErrors) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json unknown, f.Run(R"({"class":"ValidateOperationChain",
      "operationChain":{"operations":[{"class":"NoSuchOperation"}]}})"));
  EXPECT_EQ(unknown["valid"], false);
  EXPECT_THAT(unknown["errors"][0].get<std::string>(), ::testing::HasSubstr("NoSuchOperation"));
  ASSERT_OK_AND_ASSIGN(Json named, f.Run(R"({"class":"ValidateOperationChain",
      "operationChain":{"operations":[{"class":"NamedOperation","operationName":"missing"}]}})"));
  EXPECT_EQ(named["valid"], false);
  EXPECT_THAT(named["errors"][0].get<std::string>(), ::testing::HasSubstr("missing"));
  // A view naming a group the schema lacks, nested inside a ForEach.
  ASSERT_OK_AND_ASSIGN(Json view, f.Run(R"({"class":"ValidateOperationChain",
      "operationChain":{"operations":[{"class":"ForEach","operation":
        {"class":"GetElements","view":{"edges":{"noSuchGroup":{}}}}}]}})"));
  EXPECT_EQ(view["valid"], false);
  EXPECT_THAT(view["errors"][0].get<std::string>(), ::testing::HasSubstr("noSuchGroup"));
}

TEST(ValidateChainOpTest, WhileOverTheRepeatLimitIsAnError) {
  ExecutorLimits limits;
  limits.max_while_repeats = 10;
  DocFixture f(limits);
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ValidateOperationChain","operationChain":{
      "operations":[{"class":"While","maxRepeats":11,"operation":{"class":"GetAdjacentIds"}}]}})"));
  EXPECT_EQ(out["valid"], false);
  EXPECT_THAT(out["errors"][0].get<std::string>(), ::testing::HasSubstr("maxRepeats"));
}

TEST(ValidateChainOpTest, OperationChainIsRequired) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"ValidateOperationChain"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operationChain"));
}

}  // namespace
}  // namespace quarry
