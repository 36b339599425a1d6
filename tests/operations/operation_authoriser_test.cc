// OperationAuthoriser (Gaffer's graph hook) on its own, with the cases of
// Gaffer's OperationAuthoriserTest, and through the Executor: a map that
// requires "write" refuses AddElements to a user without it, alone, inside
// a chain, inside a named operation and on the typed path. Also the per-user
// background-job quota (User::max_background_jobs).
#include "operations/operation_authoriser.h"

#include <chrono>
#include <thread>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/job_test_util.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Gaffer's core/graph test resource opAuthoriser.json without the Output
// interface entry (Quarry maps classes, and Operation, the root interface).
constexpr char kOpAuths[] = R"({
  "class": "uk.gov.gchq.gaffer.graph.hook.OperationAuthoriser",
  "auths": {
    "uk.gov.gchq.gaffer.operation.Operation": ["User"],
    "uk.gov.gchq.gaffer.operation.impl.add.AddElements": ["WriteUser"],
    "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds": ["SuperUser"],
    "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements": ["AdminUser", "SuperUser"]}})";

OperationAuthoriser Hook() {
  Result<OperationAuthoriser> hook = OperationAuthoriser::Parse(kOpAuths, "opAuthoriser.json");
  EXPECT_OK(hook.status());
  return hook.ok() ? std::move(hook).value() : OperationAuthoriser();
}

Status AuthoriseText(const OperationAuthoriser& hook, std::string_view chain,
                     const std::vector<std::string>& op_auths) {
  QUARRY_ASSIGN_OR_RETURN(Operation parsed, ParseOperationChain(chain, ParseLimits()));
  return hook.Authorise(parsed, "user01", op_auths);
}

TEST(OperationAuthoriserTest, AcceptsChainWhenUserHasAllOpAuths) {
  EXPECT_OK(AuthoriseText(Hook(), R"({"operations": [{"class": "GetElements", "input": [1]},
      {"class": "DiscardOutput"},
      {"class": "OperationChain", "operations": [{"class": "Count"}]}]})",
                          {"SuperUser", "ReadUser", "User"}));
}

TEST(OperationAuthoriserTest, RefusesNestedOperationTheUserMayNotRun) {
  Status status = AuthoriseText(Hook(), R"({"operations": [{"class": "GetElements", "input": [1]},
      {"class": "DiscardOutput"},
      {"class": "OperationChain", "operations": [{"class": "GetAllElements"}]}]})",
                                {"SuperUser", "ReadUser", "User"});
  EXPECT_THAT(status, StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(status.message(), HasSubstr("User does not have permission to run operation: "
                                          "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"));
  EXPECT_THAT(status.message(), HasSubstr("AdminUser"));
  EXPECT_THAT(status.message(), HasSubstr("operations[2]"));
}

TEST(OperationAuthoriserTest, AddNamedOperationChainIsAuthorised) {
  const std::vector<std::string> auths = {"SuperUser", "ReadUser", "User"};
  EXPECT_OK(AuthoriseText(Hook(), R"({"class": "AddNamedOperation", "operationName": "Test",
      "operationChain": "{\"operations\":[{\"class\": \"GetElements\"}]}"})",
                          auths));
  EXPECT_THAT(AuthoriseText(Hook(), R"({"class": "AddNamedOperation", "operationName": "Test",
      "operationChain": {"operations": [{"class": "GetAllElements"}]}})",
                            auths),
              StatusIs(StatusCode::kPermissionDenied));
  // Without SuperUser, a stored GetAdjacentIds is refused; without
  // WriteUser, a stored AddElements is.
  EXPECT_THAT(AuthoriseText(Hook(), R"({"class": "AddNamedOperation", "operationName": "Test",
      "operationChain": {"operations": [{"class": "GetAdjacentIds"}]}})",
                            {"ReadUser", "User"}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(AuthoriseText(Hook(), R"({"class": "AddNamedOperation", "operationName": "Test",
      "operationChain": {"operations": [{"class": "AddElements"}]}})",
                            {"User"}),
              StatusIs(StatusCode::kPermissionDenied));
}

TEST(OperationAuthoriserTest, RefusesWithoutAnAuthOrWithNone) {
  const char* chain = R"({"operations": [{"class": "GetAdjacentIds"}, {"class": "GetElements"}]})";
  EXPECT_THAT(AuthoriseText(Hook(), chain, {"WriteUser", "ReadUser", "User"}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(AuthoriseText(Hook(), chain, {}), StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(AuthoriseText(Hook(), chain, {"unknownAuth"}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_OK(AuthoriseText(Hook(), chain, {"SuperUser", "User"}));
}

TEST(OperationAuthoriserTest, FlowOperationsAreAuthorisedInside) {
  EXPECT_THAT(AuthoriseText(Hook(), R"({"class": "If", "input": [1], "condition": true,
      "then": {"class": "GetAllElements"}})",
                            {"User"}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(AuthoriseText(Hook(), R"({"class": "While", "maxRepeats": 2, "condition": true,
      "operation": {"class": "AddElements"}})",
                            {"User"}),
              StatusIs(StatusCode::kPermissionDenied));
}

TEST(OperationAuthoriserTest, ReturnsAllOpAuths) {
  EXPECT_THAT(Hook().AllAuths(), ElementsAre("AdminUser", "SuperUser", "User", "WriteUser"));
}

TEST(OperationAuthoriserTest, EmptyMapRequiresNothing) {
  OperationAuthoriser none;
  EXPECT_TRUE(none.empty());
  EXPECT_OK(AuthoriseText(none, R"({"class": "AddElements"})", {}));
}

TEST(OperationAuthoriserTest, BadConfigIsAClearError) {
  auto error = [](std::string_view text) {
    return OperationAuthoriser::Parse(text, "auths.json").status();
  };
  Status unknown =
      error(R"({"auths": {"uk.gov.gchq.gaffer.operation.impl.get.GetEverything": []}})");
  EXPECT_THAT(unknown, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(unknown.message(), HasSubstr("auths.json: auths.uk.gov.gchq.gaffer.operation."
                                           "impl.get.GetEverything: unknown operation class"));
  EXPECT_THAT(error(R"({"auths": {"AddElements": "write"}})").message(),
              HasSubstr("auths.AddElements: expected an array"));
  EXPECT_THAT(error(R"({"auths": {"AddElements": [""]}})").message(),
              HasSubstr("auths.AddElements[0]: expected a non-empty string"));
  EXPECT_THAT(error(R"({"auth": {}})").message(), HasSubstr("auth: unknown key"));
  EXPECT_THAT(error(R"({"class": "uk.gov.gchq.gaffer.graph.hook.NamedOperationResolver",
                        "auths": {}})")
                  .message(),
              HasSubstr("class: expected"));
  EXPECT_THAT(error("{"), StatusIs(StatusCode::kInvalidArgument));
}

// --- Through the Executor: AddElements and DeleteElements need "write".

constexpr char kWriteMap[] = R"({"auths": {
    "uk.gov.gchq.gaffer.operation.impl.add.AddElements": ["write"],
    "uk.gov.gchq.gaffer.operation.impl.delete.DeleteElements": ["write"]}})";

constexpr char kAddEntity[] = R"({"class": "AddElements", "input": [
    {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "entity", "vertex": 9,
     "properties": {"count": 1}}]})";

ExecutorLimits WriteMapLimits() {
  ExecutorLimits limits;
  Result<OperationAuthoriser> hook = OperationAuthoriser::Parse(kWriteMap, "auths.json");
  EXPECT_OK(hook.status());
  if (hook.ok()) limits.authoriser = std::make_shared<OperationAuthoriser>(std::move(*hook));
  return limits;
}

TEST(OperationAuthoriserExecutorTest, WriteMapRefusesAddElementsWithoutWrite) {
  DocFixture f(WriteMapLimits());
  f.user.user_id = "reader";
  EXPECT_THAT(f.Run(kAddEntity).status(), StatusIs(StatusCode::kPermissionDenied));
  // Inside a chain: refused before its first operation runs.
  EXPECT_THAT(
      f.Run(std::string(R"({"operations": [{"class": "GetAllElements"}, )") + kAddEntity + "]}")
          .status(),
      StatusIs(StatusCode::kPermissionDenied));
  EXPECT_EQ(f.graph->last_seeds().size(), 0u);
  // Reads still run: the example graph's 11 elements.
  ASSERT_OK_AND_ASSIGN(Json count, f.Run(R"({"operations": [{"class": "GetAllElements"},
      {"class": "Count"}]})"));
  EXPECT_EQ(count, Json(11));
  // The typed paths.
  Element entity = Element::Entity("entity", Value::Int32(9));
  EXPECT_THAT(f.executor->AddElements(f.user, {&entity, 1}, {}, nullptr),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(f.executor->DeleteElements(f.user, {&entity, 1}, {}, nullptr),
              StatusIs(StatusCode::kPermissionDenied));
  // Nothing was added.
  ASSERT_OK_AND_ASSIGN(count, f.Run(R"({"operations": [{"class": "GetAllElements"},
      {"class": "Count"}]})"));
  EXPECT_EQ(count, Json(11));
}

TEST(OperationAuthoriserExecutorTest, WriteMapAllowsAddElementsWithWrite) {
  DocFixture f(WriteMapLimits());
  f.user.op_auths = {"write"};
  ASSERT_OK(f.Run(kAddEntity).status());
  ASSERT_OK_AND_ASSIGN(Json count, f.Run(R"({"operations": [{"class": "GetAllElements"},
      {"class": "Count"}]})"));
  EXPECT_EQ(count, Json(12));
}

TEST(OperationAuthoriserExecutorTest, NamedOperationIsResolvedBeforeAuthorising) {
  DocFixture f(WriteMapLimits());
  f.user.op_auths = {"write"};
  ASSERT_OK(f.Run(std::string(R"({"class": "AddNamedOperation", "operationName": "add9",
      "operationChain": {"operations": [)") +
                  kAddEntity + R"(]}, "readAccessRoles": ["User"]})")
                .status());
  User reader;
  reader.user_id = "reader";
  reader.op_auths = {"User"};
  EXPECT_THAT(f.executor->Execute(reader, R"({"class": "NamedOperation", "operationName": "add9"})")
                  .status(),
              StatusIs(StatusCode::kPermissionDenied));
  // A job is refused before it is accepted.
  EXPECT_THAT(f.executor->SubmitJob(reader, kAddEntity).status(),
              StatusIs(StatusCode::kPermissionDenied));
}

// --- Per-user background-job quota.

constexpr char kSlowJob[] = R"({"class": "While", "maxRepeats": 1000, "condition": true,
    "operation": {"operations": [{"class": "GetAllElements"}, {"class": "ToList"}]}})";

TEST(UserJobQuotaTest, UserAtItsLimitIsRefusedAndAnotherIsServed) {
  ExecutorLimits limits;
  limits.job_threads = 1;
  DocFixture f(limits);
  User alice;
  alice.user_id = "alice";
  alice.max_background_jobs = 1;
  User bob;
  bob.user_id = "bob";
  bob.max_background_jobs = 1;
  ASSERT_OK_AND_ASSIGN(Json first, f.executor->SubmitJob(alice, kSlowJob));
  Status second = f.executor->SubmitJob(alice, kSlowJob).status();
  EXPECT_THAT(second, StatusIs(StatusCode::kResourceExhausted));
  EXPECT_THAT(second.message(), HasSubstr("user 'alice' already has 1 background jobs"));
  ASSERT_OK_AND_ASSIGN(Json bobs, f.executor->SubmitJob(bob, kSlowJob));
  // Once alice's job has ended, her slot is free again.
  EXPECT_EQ(WaitForJob(*f.executor, alice, first["jobId"].get<std::string>())["status"],
            "FINISHED");
  Result<Json> again = f.executor->SubmitJob(alice, R"({"class": "GetAllElements"})");
  for (int i = 0; i < 100 && !again.ok(); ++i) {  // The slot is freed just after FINISHED.
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    again = f.executor->SubmitJob(alice, R"({"class": "GetAllElements"})");
  }
  EXPECT_OK(again.status());
  WaitForJob(*f.executor, bob, bobs["jobId"].get<std::string>());
}

}  // namespace
}  // namespace quarry
