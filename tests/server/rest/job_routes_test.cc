// /graph/jobs, as Gaffer's JobController: POST answers 201 with Location and
// a job-id header and the JobDetail; GET /{id} the details (404 for an
// unknown id); GET /{id}/results the results; GET all the details.
//
// The jobs run in operations (Executor::SubmitJob, GetJobDetails...); until
// they are built, the tests that need them skip.
#include <chrono>
#include <thread>

#include "gmock/gmock.h"
#include "tests/server/rest/rest_test_graph.h"

namespace quarry::testing_rest {
namespace {

class JobRoutesTest : public RestTestGraph {
 protected:
  void SetUp() override {
    RestTestGraph::SetUp();
    Result<Json> probe = executor_->SubmitJob(user_, R"({"class": "Count", "input": [1]})");
    if (!probe.ok() && probe.status().code() == StatusCode::kUnimplemented) {
      GTEST_SKIP() << "Executor::SubmitJob is not implemented in this tree";
    }
  }

  // Polls GET /graph/jobs/{id} until the job is no longer RUNNING.
  Json WaitForJob(const std::string& job_id) {
    Json detail;
    for (int i = 0; i < 200; ++i) {
      RestResponse response = Call("GET", "/graph/jobs/" + job_id);
      EXPECT_EQ(response.status, 200) << response.body;
      detail = BodyJson(response);
      if (detail.value("status", "") != "RUNNING") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return detail;
  }
};

TEST_F(JobRoutesTest, StartJobIs201WithLocationAndJobIdHeader) {
  RestResponse response = Call("POST", "/graph/jobs", R"({"class": "GetAllElements"})");
  ASSERT_EQ(response.status, 201) << response.body;
  Json detail = BodyJson(response);
  const std::string job_id = detail["jobId"].get<std::string>();
  EXPECT_FALSE(job_id.empty());
  EXPECT_EQ(Header(response, "job-id"), job_id);
  EXPECT_EQ(Header(response, "Location"), "jobs/" + job_id);
  EXPECT_TRUE(detail.contains("status")) << detail;
  EXPECT_TRUE(detail.contains("opChain")) << detail;
  RestResponse slash = Call("POST", "/graph/jobs/", R"({"class": "GetAllElements"})");
  ASSERT_EQ(slash.status, 201) << slash.body;
  EXPECT_EQ(Header(slash, "Location"), Header(slash, "job-id"));
}

TEST_F(JobRoutesTest, FinishedJobHasItsResults) {
  // JobControllerIT.shouldRunJob: GetAllElements as a job, polled until done.
  RestResponse started = Call("POST", "/graph/jobs", R"({"class": "GetAllElements"})");
  ASSERT_EQ(started.status, 201) << started.body;
  const std::string job_id = BodyJson(started)["jobId"].get<std::string>();
  Json detail = WaitForJob(job_id);
  EXPECT_EQ(detail["status"], "FINISHED") << detail;
  RestResponse results = Call("GET", "/graph/jobs/" + job_id + "/results");
  ASSERT_EQ(results.status, 200) << results.body;
  Json elements = BodyJson(results);
  ASSERT_TRUE(elements.is_array());
  EXPECT_EQ(elements.size(), 11u);  // 5 entities + 6 edges.
}

TEST_F(JobRoutesTest, AllJobDetailsListsTheJob) {
  RestResponse started = Call("POST", "/graph/jobs", R"({"class": "GetAllElements"})");
  ASSERT_EQ(started.status, 201) << started.body;
  const std::string job_id = BodyJson(started)["jobId"].get<std::string>();
  WaitForJob(job_id);
  RestResponse all = Call("GET", "/graph/jobs");
  ASSERT_EQ(all.status, 200) << all.body;
  Json details = BodyJson(all);
  ASSERT_TRUE(details.is_array());
  bool found = false;
  for (const Json& detail : details) found = found || detail["jobId"] == job_id;
  EXPECT_TRUE(found) << details;
}

TEST_F(JobRoutesTest, UnknownJobIs404) {
  RestResponse response = Call("GET", "/graph/jobs/no-such-job");
  ExpectGafferError(response, 404, "no-such-job");
}

// Gaffer's JobController.getResults runs GetJobResults, which answers an
// unknown job with no results (GafferResultCacheExporter finds no edges).
TEST_F(JobRoutesTest, UnknownJobsResultsAreEmpty) {
  RestResponse response = Call("GET", "/graph/jobs/no-such-job/results");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(BodyJson(response), Json::array());
}

TEST_F(JobRoutesTest, BadOperationIs400) {
  RestResponse malformed = Call("POST", "/graph/jobs", R"({"class""GetAllElements"})");
  ExpectGafferError(malformed, 400, "");
  RestResponse empty = Call("POST", "/graph/jobs", "");
  ExpectGafferError(empty, 400, "Required request body is missing");
}

// JobController.scheduleJob: the body is a Job; the parent comes back 201
// as SCHEDULED_PARENT with its repeat, and CancelScheduledJob over execute
// stops it.
TEST_F(JobRoutesTest, ScheduleJobIs201AndCancels) {
  RestResponse scheduled = Call("POST", "/graph/jobs/schedule", R"({
      "operation": {"class": "GetAllElements"},
      "repeat": {"initialDelay": 1, "repeatPeriod": 1, "timeUnit": "HOURS"}})");
  ASSERT_EQ(scheduled.status, 201) << scheduled.body;
  Json parent = BodyJson(scheduled);
  const std::string job_id = parent["jobId"].get<std::string>();
  EXPECT_EQ(parent["status"], "SCHEDULED_PARENT");
  EXPECT_EQ(parent["repeat"]["timeUnit"], "HOURS");
  EXPECT_EQ(Header(scheduled, "job-id"), job_id);
  EXPECT_EQ(Header(scheduled, "Location"), job_id);  // .../graph/jobs/<id>
  RestResponse cancel = Call("POST", "/graph/operations/execute",
                             R"({"class": "CancelScheduledJob", "jobId": ")" + job_id + "\"}");
  EXPECT_EQ(cancel.status, 200) << cancel.body;
  RestResponse detail = Call("GET", "/graph/jobs/" + job_id);
  EXPECT_EQ(BodyJson(detail)["status"], "CANCELLED");
  RestResponse bad = Call("POST", "/graph/jobs/schedule",
                          R"({"operation": {"class": "GetAllElements"}, "repeat": {}})");
  EXPECT_EQ(bad.status, 400) << bad.body;
}

}  // namespace
}  // namespace quarry::testing_rest
