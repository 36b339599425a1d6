// GetJobDetails, GetAllJobDetails, GetJobResults (gaffer-doc
// reference/operations-guide/job.md), with jobs submitted through the
// Executor and jobs written straight into the graph's metadata.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/job_detail.h"
#include "tests/operations/job_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

std::string JobOp(std::string_view cls, const std::string& id) {
  return R"({"class":")" + std::string(cls) + R"(","jobId":")" + id + "\"}";
}

// The guide's "getting job details in an operation chain".
TEST(JobOpsTest, GetJobDetailsInAChainDescribesTheRunningRequest) {
  DocFixture f;
  f.user.user_id = "user01";
  ASSERT_OK_AND_ASSIGN(Json d, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"DiscardOutput"},{"class":"GetJobDetails"}]})"));
  EXPECT_EQ(d["status"], "RUNNING");
  EXPECT_EQ(d["user"], Json::parse(R"({"userId":"user01"})"));
  EXPECT_EQ(d["opChain"], "OperationChain[GetAllElements->DiscardOutput->GetJobDetails]");
  EXPECT_TRUE(d["startTime"].is_number_integer());
  EXPECT_FALSE(d.contains("endTime"));
  EXPECT_EQ(d["jobId"].get<std::string>().size(), 36u);
}

TEST(JobOpsTest, EachRequestHasItsOwnJobId) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json a, f.Run(R"({"class":"GetJobDetails"})"));
  ASSERT_OK_AND_ASSIGN(Json b, f.Run(R"({"class":"GetJobDetails"})"));
  EXPECT_NE(a["jobId"], b["jobId"]);
}

// The guide's "getting job details with specific jobId": the job FINISHED.
TEST(JobOpsTest, GetJobDetailsOfASubmittedJob) {
  DocFixture f;
  f.user.user_id = "user01";
  ASSERT_OK_AND_ASSIGN(Json started, f.executor->SubmitJob(f.user, R"({"operations":[
      {"class":"GetAllElements"},{"class":"DiscardOutput"},{"class":"GetJobDetails"}]})"));
  Json d = WaitForJob(*f.executor, f.user, started["jobId"].get<std::string>());
  EXPECT_EQ(d["status"], "FINISHED");
  EXPECT_EQ(d["jobId"], started["jobId"]);
  EXPECT_EQ(d["startTime"], started["startTime"]);
  EXPECT_GE(d["endTime"].get<int64_t>(), d["startTime"].get<int64_t>());
  EXPECT_EQ(d["user"]["userId"], "user01");
}

// GetJobDetails of an unknown job is NotFound; GetJobResults, as Gaffer's
// GetJobResultsHandler (a GetGafferResultCacheExport of the job id, which
// never checks that the job exists), answers with no results.
TEST(JobOpsTest, UnknownJobHasNoDetailsAndNoResults) {
  DocFixture f;
  EXPECT_THAT(f.Run(JobOp("GetJobDetails", "no-such-job")).status(),
              StatusIs(StatusCode::kNotFound));
  ASSERT_OK_AND_ASSIGN(Json results, f.Run(JobOp("GetJobResults", "no-such-job")));
  EXPECT_EQ(results, Json::array());
}

// Another user's job: its details are NotFound, and its results are
// filtered out by the result cache's op auths (Gaffer's exporter requires
// the owner's user id among the reader's op auths and user id), so bob
// reads an empty list while alice reads her job's 11 elements.
TEST(JobOpsTest, AnotherUsersJobIsHidden) {
  DocFixture f;
  User alice{"alice", {}, {}};
  User bob{"bob", {}, {}};
  ASSERT_OK_AND_ASSIGN(Json started, f.executor->SubmitJob(alice, R"({"class":"GetAllElements"})"));
  const std::string id = started["jobId"].get<std::string>();
  ASSERT_EQ(WaitForJob(*f.executor, alice, id)["status"], "FINISHED");
  EXPECT_THAT(f.executor->Execute(bob, JobOp("GetJobDetails", id)).status(),
              StatusIs(StatusCode::kNotFound));
  ASSERT_OK_AND_ASSIGN(Json bobs, f.executor->Execute(bob, JobOp("GetJobResults", id)));
  EXPECT_EQ(bobs, Json::array());
  ASSERT_OK_AND_ASSIGN(Json alices, f.executor->Execute(alice, JobOp("GetJobResults", id)));
  EXPECT_TRUE(SameElements(alices, DocAllElements()));
}

// A stored job detail without results: its owner sees the details as stored.
TEST(JobOpsTest, StoredJobDetailsAreTheOwners) {
  DocFixture f;
  JobDetail d{"job-of-alice", "alice", JobStatus::kFinished,
              1000,           2000,    "OperationChain[GetAllElements]",
              std::nullopt};
  ASSERT_OK(SaveJobDetail(*f.graph, d));
  ASSERT_OK_AND_ASSIGN(
      Json mine, f.executor->Execute(User{"alice", {}, {}}, JobOp("GetJobDetails", d.job_id)));
  EXPECT_EQ(mine, JobDetailToJson(d));
}

TEST(JobOpsTest, GetAllJobDetailsListsTheCallersJobsOrAllForTheAdmin) {
  ExecutorLimits limits;
  limits.admin_auth = "admin";
  DocFixture f(limits);
  for (const char* owner : {"alice", "bob", "alice"}) {
    JobDetail d{NewJobId(), owner, JobStatus::kFinished, 1, 2, "OperationChain[Count]", {}};
    ASSERT_OK(SaveJobDetail(*f.graph, d));
  }
  ASSERT_OK_AND_ASSIGN(
      Json alice, f.executor->Execute(User{"alice", {}, {}}, R"({"class":"GetAllJobDetails"})"));
  ASSERT_EQ(alice.size(), 2u);
  for (const Json& d : alice) EXPECT_EQ(d["user"]["userId"], "alice");
  ASSERT_OK_AND_ASSIGN(
      Json carol, f.executor->Execute(User{"carol", {}, {}}, R"({"class":"GetAllJobDetails"})"));
  EXPECT_EQ(carol, Json::array());
  ASSERT_OK_AND_ASSIGN(Json admin, f.executor->Execute(User{"root", {}, {"admin"}},
                                                       R"({"class":"GetAllJobDetails"})"));
  EXPECT_EQ(admin.size(), 3u);
}

// The guide's GetJobResults: the job's exported results.
TEST(JobOpsTest, GetJobResultsStreamsTheJobsResults) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json started,
                       f.executor->SubmitJob(f.user, R"({"class":"GetAllElements"})"));
  const std::string id = started["jobId"].get<std::string>();
  EXPECT_EQ(WaitForJob(*f.executor, f.user, id)["status"], "FINISHED");
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(JobOp("GetJobResults", id)));
  EXPECT_TRUE(SameElements(out, DocAllElements()));
  ASSERT_OK_AND_ASSIGN(auto cursor, f.executor->Open(f.user, JobOp("GetJobResults", id)));
  EXPECT_EQ(cursor->shape(), ResultShape::kItems);
  ASSERT_OK_AND_ASSIGN(auto page, cursor->NextPage(4));
  EXPECT_EQ(page.size(), 4u);
}

}  // namespace
}  // namespace quarry
