// JobDetail JSON (Gaffer's shape, as the gaffer-doc job guide prints it),
// the chain overview, job ids, and storage with restart semantics.
#include "operations/job_detail.h"

#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

// The guide's "getting job details with specific jobId" result.
constexpr std::string_view kGuideDetail = R"({
  "jobId": "306e1208-62d2-47d5-b2c2-1005d3295011",
  "user": {"userId": "user01"},
  "status": "FINISHED",
  "startTime": 1667818803505,
  "endTime": 1667818803505,
  "opChain": "OperationChain[GetAllElements->DiscardOutput->GetJobDetails]"})";

TEST(JobDetailTest, JsonMatchesGaffersShape) {
  JobDetail d{"306e1208-62d2-47d5-b2c2-1005d3295011",
              "user01",
              JobStatus::kFinished,
              1667818803505,
              1667818803505,
              "OperationChain[GetAllElements->DiscardOutput->GetJobDetails]",
              std::nullopt};
  EXPECT_EQ(JobDetailToJson(d), Json::parse(kGuideDetail));
  ASSERT_OK_AND_ASSIGN(JobDetail back, JobDetailFromJson(Json::parse(kGuideDetail), "test"));
  EXPECT_EQ(JobDetailToJson(back), Json::parse(kGuideDetail));
}

// Gaffer's JobDetail fields for scheduled jobs: a parent's repeat, a run's
// parentJobId, and the SCHEDULED_PARENT / CANCELLED statuses.
TEST(JobDetailTest, ScheduledFieldsRoundTrip) {
  constexpr std::string_view kParent = R"({"jobId": "p", "user": {"userId": "u"},
      "status": "SCHEDULED_PARENT", "startTime": 1, "opChain": "OperationChain[Count]",
      "repeat": {"initialDelay": 0, "repeatPeriod": 5, "timeUnit": "SECONDS"}})";
  ASSERT_OK_AND_ASSIGN(JobDetail parent, JobDetailFromJson(Json::parse(kParent), "test"));
  EXPECT_EQ(parent.status, JobStatus::kScheduledParent);
  EXPECT_EQ(JobDetailToJson(parent), Json::parse(kParent));
  constexpr std::string_view kChild = R"({"jobId": "c", "user": {"userId": "u"},
      "status": "CANCELLED", "startTime": 2, "opChain": "OperationChain[Count]",
      "parentJobId": "p"})";
  ASSERT_OK_AND_ASSIGN(JobDetail child, JobDetailFromJson(Json::parse(kChild), "test"));
  EXPECT_EQ(child.parent_job_id, "p");
  EXPECT_EQ(JobDetailToJson(child), Json::parse(kChild));
  EXPECT_THAT(JobDetailFromJson(Json::parse(R"({"jobId": "c", "user": {"userId": "u"},
      "status": "RUNNING", "startTime": 2, "opChain": "", "parentJobId": 7})"),
                                "test"),
              StatusIs(StatusCode::kDataLoss));
}

TEST(JobDetailTest, RunningJobHasNoEndTimeAndFailedOneADescription) {
  JobDetail d{"j", "u", JobStatus::kRunning, 5, std::nullopt, "OperationChain[Count]", {}};
  Json j = JobDetailToJson(d);
  EXPECT_EQ(j["status"], "RUNNING");
  EXPECT_FALSE(j.contains("endTime"));
  EXPECT_FALSE(j.contains("description"));
  d.status = JobStatus::kFailed;
  d.description = "boom";
  EXPECT_EQ(JobDetailToJson(d)["description"], "boom");
  EXPECT_EQ(JobDetailToJson(d)["status"], "FAILED");
}

TEST(JobDetailTest, MalformedStoredDetailsAreDataLoss) {
  EXPECT_THAT(JobDetailFromJson(Json::parse("[]"), "x").status(), StatusIs(StatusCode::kDataLoss));
  Json j = Json::parse(kGuideDetail);
  j["status"] = "SLEEPING";
  EXPECT_THAT(JobDetailFromJson(j, "x").status(), StatusIs(StatusCode::kDataLoss));
  j = Json::parse(kGuideDetail);
  j.erase("user");
  EXPECT_THAT(JobDetailFromJson(j, "x").status(), StatusIs(StatusCode::kDataLoss));
}

TEST(JobDetailTest, OverviewListsSimpleClassNames) {
  ASSERT_OK_AND_ASSIGN(Operation chain, ParseOperationChain(R"({"operations":[
      {"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
      {"class":"ExportToGafferResultCache"},{"class":"DiscardOutput"},
      {"class":"GetJobDetails"}]})",
                                                            ParseLimits{}));
  EXPECT_EQ(OperationChainOverview(chain),
            "OperationChain[GetAllElements->ExportToGafferResultCache->DiscardOutput->"
            "GetJobDetails]");
  EXPECT_EQ(OperationChainOverview(Operation{}), "OperationChain[]");
}

TEST(JobDetailTest, JobIdsAreDistinctVersion4Uuids) {
  std::set<std::string> ids;
  for (int i = 0; i < 200; ++i) {
    std::string id = NewJobId();
    EXPECT_THAT(id, ::testing::MatchesRegex(
                        "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"));
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 200u);
}

TEST(JobDetailTest, StoredRunningJobNotRunningHereReadsAsFailed) {
  std::shared_ptr<FakeGraph> fake = FakeGraph::WithDocSchema();
  ASSERT_NE(fake, nullptr);
  FakeGraph& graph = *fake;
  JobDetail running{"a", "u", JobStatus::kRunning, 1, std::nullopt, "OperationChain[]", {}};
  JobDetail live{"b", "u", JobStatus::kRunning, 1, std::nullopt, "OperationChain[]", {}};
  ASSERT_OK(SaveJobDetail(graph, running));
  ASSERT_OK(SaveJobDetail(graph, live));
  MarkJobRunning("b");
  ASSERT_OK_AND_ASSIGN(auto a, LoadJobDetail(graph, "a"));
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->status, JobStatus::kFailed);
  EXPECT_EQ(a->description, std::string(kInterruptedJobDescription));
  ASSERT_OK_AND_ASSIGN(auto b, LoadJobDetail(graph, "b"));
  EXPECT_EQ(b->status, JobStatus::kRunning);
  ASSERT_OK_AND_ASSIGN(int marked, FailInterruptedJobs(graph));
  EXPECT_EQ(marked, 1);
  ASSERT_OK_AND_ASSIGN(marked, FailInterruptedJobs(graph));
  EXPECT_EQ(marked, 0);  // Already persisted.
  MarkJobDone("b");
  ASSERT_OK_AND_ASSIGN(auto all, LoadAllJobDetails(graph));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].job_id, "a");
  EXPECT_EQ(all[1].status, JobStatus::kFailed);  // No longer running here.
  ASSERT_OK_AND_ASSIGN(auto none, LoadJobDetail(graph, "c"));
  EXPECT_FALSE(none.has_value());
}

}  // namespace
}  // namespace quarry
