// Executor::ScheduleJob and CancelScheduledJob (Gaffer's Store.executeJob
// with a Job's Repeat, ScheduledJobRunnable and CancelScheduledJobHandler):
// the parent is SCHEDULED_PARENT with its repeat, each run is a child job
// naming it as parentJobId, and cancelling stops the runs.
#include <set>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/job_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// The child jobs of `parent` recorded so far.
std::set<std::string> Children(const DocFixture& f, const std::string& parent) {
  std::set<std::string> out;
  Result<Json> all = f.Run(R"({"class": "GetAllJobDetails"})");
  EXPECT_OK(all.status());
  if (!all.ok()) return out;
  for (const Json& d : *all) {
    if (d.value("parentJobId", "") == parent) out.insert(d["jobId"].get<std::string>());
  }
  return out;
}

template <typename Pred>
bool Eventually(Pred done) {
  for (int i = 0; i < 1000 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return done();
}

TEST(ExecutorScheduleTest, RunsAsChildJobsUntilCancelled) {
  DocFixture f;
  f.user.user_id = "user01";
  ASSERT_OK_AND_ASSIGN(Json parent, f.executor->ScheduleJob(f.user, R"({
      "operation": {"class": "OperationChain", "operations": [{"class": "GetAllElements"},
                                                             {"class": "Count"}]},
      "repeat": {"initialDelay": 0, "repeatPeriod": 20, "timeUnit": "MILLISECONDS"}})"));
  const std::string id = parent["jobId"].get<std::string>();
  EXPECT_EQ(parent["status"], "SCHEDULED_PARENT");
  EXPECT_EQ(parent["repeat"],
            Json::parse(R"({"initialDelay": 0, "repeatPeriod": 20, "timeUnit": "MILLISECONDS"})"));
  ASSERT_TRUE(Eventually([&] { return Children(f, id).size() >= 2; }));
  // Each run is an ordinary job: it finishes with the chain's result cached.
  const std::string child = *Children(f, id).begin();
  Json done = WaitForJob(*f.executor, f.user, child);
  EXPECT_EQ(done["status"], "FINISHED");
  ASSERT_OK_AND_ASSIGN(Json results,
                       f.Run(R"({"class": "GetJobResults", "jobId": ")" + child + "\"}"));
  EXPECT_EQ(results, Json::array({11}));

  ASSERT_OK(f.Run(R"({"class": "CancelScheduledJob", "jobId": ")" + id + "\"}").status());
  ASSERT_OK_AND_ASSIGN(Json cancelled,
                       f.Run(R"({"class": "GetJobDetails", "jobId": ")" + id + "\"}"));
  EXPECT_EQ(cancelled["status"], "CANCELLED");
  // At most a run already past its check may still start; then none.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const size_t settled = Children(f, id).size();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(Children(f, id).size(), settled);
  // A cancelled job is no longer a scheduled one.
  EXPECT_THAT(f.Run(R"({"class": "CancelScheduledJob", "jobId": ")" + id + "\"}").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "is not a scheduled job and cannot be cancelled."));
}

TEST(ExecutorScheduleTest, WithoutRepeatItIsAnOrdinaryJob) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(
      Json job, f.executor->ScheduleJob(f.user, R"({"operation": {"class": "GetAllElements"}})"));
  EXPECT_EQ(job["status"], "RUNNING");
  EXPECT_FALSE(job.contains("repeat"));
  EXPECT_EQ(WaitForJob(*f.executor, f.user, job["jobId"].get<std::string>())["status"], "FINISHED");
  EXPECT_THAT(f.Run(R"({"class": "CancelScheduledJob", "jobId": ")" +
                    job["jobId"].get<std::string>() + "\"}")
                  .status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ExecutorScheduleTest, BadJobsAreClearErrors) {
  DocFixture f;
  EXPECT_THAT(f.executor->ScheduleJob(f.user, R"({"repeat": {"repeatPeriod": 1}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "An operation is required"));
  EXPECT_THAT(f.executor->ScheduleJob(f.user, R"({"operation": {"class": "GetAllElements"},
      "repeat": {"repeatPeriod": 0}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "repeat.repeatPeriod"));
  EXPECT_THAT(f.executor->ScheduleJob(f.user, R"({"operation": {"class": "GetAllElements"},
      "repeat": {"repeatPeriod": 1, "timeUnit": "FORTNIGHTS"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "repeat.timeUnit"));
  EXPECT_THAT(f.Run(R"({"class": "CancelScheduledJob"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "jobId: required"));
  EXPECT_THAT(f.Run(R"({"class": "CancelScheduledJob", "jobId": "nope"})"),
              StatusIs(StatusCode::kNotFound));
}

}  // namespace
}  // namespace quarry
