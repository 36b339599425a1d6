// AddNamedOperation / GetAllNamedOperations / DeleteNamedOperation and
// NamedOperation calls, on the gaffer-doc operations example graph. The
// expected results are the operations guide's (docs/reference/
// operations-guide/named.md): "2-hop" from 1 gives 3, 4, 5; "2-hop-with-
// limit" with param1 = 2 gives 3, 4.
#include <unistd.h>

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr char kAddTwoHop[] = R"({
  "class": "AddNamedOperation", "operationName": "2-hop", "description": "2 hop query",
  "operationChain": {"operations": [
    {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds",
     "includeIncomingOutGoing": "OUTGOING"},
    {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds",
     "includeIncomingOutGoing": "OUTGOING"}]},
  "overwriteFlag": true, "readAccessRoles": ["read-user"], "writeAccessRoles": ["write-user"]})";

// The guide's chain given as text, with a Long parameter defaulting to 1.
constexpr char kAddTwoHopWithLimit[] = R"({
  "class": "AddNamedOperation", "operationName": "2-hop-with-limit",
  "description": "2 hop query with settable limit", "score": 3,
  "operationChain": "{\"operations\":[{\"class\":\"uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds\",\"includeIncomingOutGoing\":\"OUTGOING\"},{\"class\":\"uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds\",\"includeIncomingOutGoing\":\"OUTGOING\"},{\"class\":\"uk.gov.gchq.gaffer.operation.impl.Limit\",\"resultLimit\":\"${param1}\"}]}",
  "overwriteFlag": true,
  "parameters": {"param1": {"description": "Limit param", "defaultValue": 1,
                            "valueClass": "Long", "required": false}},
  "readAccessRoles": ["read-user"], "writeAccessRoles": ["write-user"]})";

constexpr char kSeeds345[] = R"([
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 3},
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 4},
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 5}])";

class NamedOperationsTest : public ::testing::Test {
 protected:
  NamedOperationsTest() { fx_.user.user_id = "user01"; }

  Result<Json> RunAs(const std::string& user, const std::vector<std::string>& op_auths,
                     std::string_view text) {
    User u;
    u.user_id = user;
    u.op_auths = op_auths;
    return fx_.executor->Execute(u, text);
  }

  DocFixture fx_;
};

TEST_F(NamedOperationsTest, TwoHopMatchesTheGuide) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());
  ASSERT_OK_AND_ASSIGN(Json result, fx_.Run(R"({"class": "NamedOperation",
      "input": [{"class": "EntitySeed", "vertex": 1}], "operationName": "2-hop"})"));
  EXPECT_TRUE(SameMultiset(result, kSeeds345));
}

TEST_F(NamedOperationsTest, ParameterSubstitutionMatchesTheGuide) {
  ASSERT_OK(fx_.Run(kAddTwoHopWithLimit).status());
  ASSERT_OK_AND_ASSIGN(Json two, fx_.Run(R"({"class": "NamedOperation",
      "input": [{"class": "EntitySeed", "vertex": 1}], "operationName": "2-hop-with-limit",
      "parameters": {"param1": 2}})"));
  EXPECT_TRUE(SameMultiset(two, R"([
      {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 3},
      {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 4}])"));
  // The default (1) when the parameter is not given.
  ASSERT_OK_AND_ASSIGN(Json one, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "2-hop-with-limit"})"));
  EXPECT_EQ(one.size(), 1u) << one.dump();
  // Jackson coerces numeric text to a Long.
  ASSERT_OK_AND_ASSIGN(Json text, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "2-hop-with-limit", "parameters": {"param1": "3"}})"));
  EXPECT_TRUE(SameMultiset(text, kSeeds345));
}

TEST_F(NamedOperationsTest, GetAllReturnsNamedOperationDetailAsGafferWritesIt) {
  ASSERT_OK(fx_.Run(kAddTwoHopWithLimit).status());
  ASSERT_OK_AND_ASSIGN(Json all, fx_.Run(R"({"class":
      "uk.gov.gchq.gaffer.named.operation.GetAllNamedOperations"})"));
  ASSERT_EQ(all.size(), 1u);
  const Json& d = all[0];
  EXPECT_EQ(d["operationName"], "2-hop-with-limit");
  EXPECT_EQ(d["inputType"], "java.lang.Object[]");
  EXPECT_EQ(d["description"], "2 hop query with settable limit");
  EXPECT_EQ(d["creatorId"], "user01");
  EXPECT_TRUE(d["operations"].is_string());
  EXPECT_NE(d["operations"].get<std::string>().find("${param1}"), std::string::npos);
  EXPECT_EQ(d["readAccessRoles"], Json::parse(R"(["read-user"])"));
  EXPECT_EQ(d["writeAccessRoles"], Json::parse(R"(["write-user"])"));
  EXPECT_EQ(d["parameters"], Json::parse(R"({"param1": {"description": "Limit param",
      "defaultValue": 1, "valueClass": "java.lang.Long", "required": false}})"));
  EXPECT_EQ(d["score"], 3);
}

TEST_F(NamedOperationsTest, ReadAccessFollowsRolesCreatorAndAdmin) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());  // Created by user01.
  const char* kGetAll = R"({"class": "GetAllNamedOperations"})";
  ASSERT_OK_AND_ASSIGN(Json stranger, RunAs("bob", {}, kGetAll));
  EXPECT_TRUE(stranger.empty());
  ASSERT_OK_AND_ASSIGN(Json reader, RunAs("bob", {"read-user"}, kGetAll));
  EXPECT_EQ(reader.size(), 1u);
  auto call = RunAs("bob", {}, R"({"class": "NamedOperation", "input": [1],
      "operationName": "2-hop"})");
  EXPECT_THAT(call.status(), StatusIs(StatusCode::kPermissionDenied));
  ASSERT_OK(RunAs("bob", {"read-user"}, R"({"class": "NamedOperation", "input": [1],
      "operationName": "2-hop"})")
                .status());
}

TEST_F(NamedOperationsTest, OverwriteAndDeleteNeedWriteAccess) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());
  auto overwrite = RunAs("bob", {"read-user"}, kAddTwoHop);
  EXPECT_THAT(overwrite.status(), StatusIs(StatusCode::kPermissionDenied));
  auto del = RunAs("bob", {}, R"({"class": "DeleteNamedOperation", "operationName": "2-hop"})");
  EXPECT_THAT(del.status(), StatusIs(StatusCode::kPermissionDenied));
  ASSERT_OK(RunAs("carol", {"write-user"},
                  R"({"class": "DeleteNamedOperation", "operationName": "2-hop"})")
                .status());
  auto gone = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "2-hop"})");
  EXPECT_THAT(gone.status(), StatusIs(StatusCode::kNotFound));
  // Deleting what is not there is no error (Gaffer's cache ignores it).
  ASSERT_OK(fx_.Run(R"({"class": "DeleteNamedOperation", "operationName": "2-hop"})").status());
}

TEST_F(NamedOperationsTest, OverwriteFlagFalseOnAnExistingNameIsRefused) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());
  std::string again = kAddTwoHop;
  again.replace(again.find("\"overwriteFlag\": true"), 21, "\"overwriteFlag\": false");
  auto result = fx_.Run(again);
  EXPECT_THAT(result.status(), StatusIsWithMessage(StatusCode::kAlreadyExists, "2-hop"));
}

TEST_F(NamedOperationsTest, MissingRequiredParameterIsRefused) {
  ASSERT_OK(fx_.Run(R"({"class": "AddNamedOperation", "operationName": "limited",
      "operationChain": {"operations": [{"class": "GetAdjacentIds"},
        {"class": "Limit", "resultLimit": "${n}"}]},
      "parameters": {"n": {"description": "limit", "valueClass": "java.lang.Integer",
                           "required": true}}})")
                .status());
  auto missing =
      fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "limited"})");
  EXPECT_THAT(missing.status(), StatusIsWithMessage(StatusCode::kInvalidArgument,
                                                    "Missing parameter n with no default"));
  auto wrong = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "limited",
      "parameters": {"n": "many"}})");
  EXPECT_THAT(wrong.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "java.lang.Integer"));
  auto too_big = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "limited",
      "parameters": {"n": 3000000000}})");
  EXPECT_THAT(too_big.status(), StatusIs(StatusCode::kInvalidArgument));
  auto unknown = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "limited",
      "parameters": {"n": 1, "m": 2}})");
  EXPECT_THAT(unknown.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "'m'"));
  ASSERT_OK_AND_ASSIGN(Json ok, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "limited", "parameters": {"n": 1}})"));
  EXPECT_EQ(ok.size(), 1u);
}

TEST_F(NamedOperationsTest, AddChecksParameterDetailsAsGafferDoes) {
  auto unused = fx_.Run(R"({"class": "AddNamedOperation", "operationName": "x",
      "operationChain": {"operations": [{"class": "GetAdjacentIds"}]},
      "parameters": {"p": {"description": "d", "valueClass": "Long"}}})");
  EXPECT_THAT(unused.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "${p}"));
  auto both = fx_.Run(R"({"class": "AddNamedOperation", "operationName": "x",
      "operationChain": {"operations": [{"class": "Limit", "resultLimit": "${p}"}]},
      "parameters": {"p": {"description": "d", "valueClass": "Long", "required": true,
                           "defaultValue": 2}}})");
  EXPECT_THAT(both.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "default"));
  auto bad_default = fx_.Run(R"({"class": "AddNamedOperation", "operationName": "x",
      "operationChain": {"operations": [{"class": "Limit", "resultLimit": "${p}"}]},
      "parameters": {"p": {"description": "d", "valueClass": "Long", "defaultValue": "two"}}})");
  EXPECT_THAT(bad_default.status(), StatusIs(StatusCode::kInvalidArgument));
  auto no_name = fx_.Run(R"({"class": "AddNamedOperation",
      "operationChain": {"operations": [{"class": "GetAdjacentIds"}]}})");
  EXPECT_THAT(no_name.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "operationName"));
  auto bad_chain = fx_.Run(R"({"class": "AddNamedOperation", "operationName": "x",
      "operationChain": {"operations": [{"class": "NoSuchOperation"}]}})");
  EXPECT_THAT(bad_chain.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "NoSuchOperation"));
}

TEST_F(NamedOperationsTest, NamedOperationInsideAChainTakesThePreviousOutput) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());
  ASSERT_OK_AND_ASSIGN(Json count, fx_.Run(R"({"class": "OperationChain", "operations": [
      {"class": "GetAdjacentIds", "input": [{"class": "EntitySeed", "vertex": 3}],
       "includeIncomingOutGoing": "INCOMING"},
      {"class": "NamedOperation", "operationName": "2-hop"},
      {"class": "Count"}]})"));
  // 3 <- 2 (incoming), then 2 -> {3, 4, 5} -> only 3 -> 4 goes further.
  EXPECT_EQ(count, Json(1));
}

TEST_F(NamedOperationsTest, NestingIsRefusedUnlessAllowed) {
  ASSERT_OK(fx_.Run(kAddTwoHop).status());
  const char* kOuter = R"({"class": "AddNamedOperation", "operationName": "outer",
      "operationChain": {"operations": [{"class": "NamedOperation", "operationName": "2-hop"},
                                        {"class": "Count"}]}})";
  auto refused = fx_.Run(kOuter);
  EXPECT_THAT(refused.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "can not be nested"));
}

// On the RocksDB store: named operations and views are graph metadata, so
// they survive closing and reopening the graph.
TEST(NamedOperationsStoreTest, DefinitionsSurviveReopening) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("quarry_named_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  auto schema = Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/doc_simple.json"});
  ASSERT_OK(schema.status());
  {
    auto graph = Graph::Create(dir.string(), *schema, StoreProperties());
    ASSERT_OK(graph.status());
    Executor executor(std::shared_ptr<Graph>(std::move(graph).value()));
    ASSERT_OK(executor.Execute(User(), kAddTwoHop).status());
    ASSERT_OK(executor
                  .Execute(User(), R"({"class": "AddNamedView", "name": "edgesOnly",
        "view": {"edges": {"edge": {}}}})")
                  .status());
    ASSERT_OK(executor
                  .Execute(User(), R"({"class": "AddElements", "input": [
        {"class": "Edge", "group": "edge", "source": 1, "destination": 2, "directed": true,
         "properties": {"count": 1}},
        {"class": "Edge", "group": "edge", "source": 2, "destination": 3, "directed": true,
         "properties": {"count": 1}}]})")
                  .status());
  }
  {
    auto graph = Graph::Open(dir.string());
    ASSERT_OK(graph.status());
    Executor executor(std::shared_ptr<Graph>(std::move(graph).value()));
    ASSERT_OK_AND_ASSIGN(Json ops,
                         executor.Execute(User(), R"({"class": "GetAllNamedOperations"})"));
    ASSERT_EQ(ops.size(), 1u);
    EXPECT_EQ(ops[0]["operationName"], "2-hop");
    ASSERT_OK_AND_ASSIGN(Json views, executor.Execute(User(), R"({"class": "GetAllNamedViews"})"));
    ASSERT_EQ(views.size(), 1u);
    ASSERT_OK_AND_ASSIGN(Json hop, executor.Execute(User(), R"({"class": "NamedOperation",
        "input": [1], "operationName": "2-hop"})"));
    EXPECT_TRUE(SameMultiset(hop, R"([{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed",
        "vertex": 3}])"));
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace quarry
