// Helpers for the job and export tests: the gaffer-doc operations example's
// 11 elements as the operations guide lists them, comparison that ignores
// matchedVertex (Gaffer's Element.equals does), and waiting for a job.
#pragma once

#include <chrono>
#include <string>
#include <thread>

#include "gtest/gtest.h"
#include "operations/executor.h"
#include "tests/operations/test_util.h"

namespace quarry {

inline std::string DocEntity(int v, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":)" +
         std::to_string(v) + R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

inline std::string DocEdge(int s, int d, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":)" +
         std::to_string(s) + R"(,"destination":)" + std::to_string(d) +
         R"(,"directed":true,"matchedVertex":"SOURCE","properties":{"count":)" +
         std::to_string(count) + "}}";
}

// GetAllElements on the example graph, as the export guide's results show.
inline std::string DocAllElements() {
  return "[" + DocEdge(1, 4, 1) + "," + DocEntity(5, 3) + "," + DocEdge(3, 4, 4) + "," +
         DocEntity(2, 1) + "," + DocEntity(1, 3) + "," + DocEntity(4, 1) + "," + DocEdge(2, 3, 2) +
         "," + DocEntity(3, 2) + "," + DocEdge(2, 4, 1) + "," + DocEdge(1, 2, 3) + "," +
         DocEdge(2, 5, 1) + "]";
}

inline Json WithoutMatchedVertex(Json j) {
  if (j.is_array()) {
    for (Json& e : j) e = WithoutMatchedVertex(std::move(e));
  } else if (j.is_object()) {
    j.erase("matchedVertex");
  }
  return j;
}

// As SameMultiset, ignoring matchedVertex.
inline ::testing::AssertionResult SameElements(const Json& actual, std::string_view expected) {
  Json want = Json::parse(expected, nullptr, false);
  if (want.is_discarded()) return ::testing::AssertionFailure() << "bad expected JSON";
  return SameMultiset(WithoutMatchedVertex(actual), WithoutMatchedVertex(want).dump());
}

// Polls GetJobDetails until the job is no longer RUNNING (at most ~10 s).
inline Json WaitForJob(const Executor& executor, const User& user, const std::string& job_id) {
  Json detail;
  for (int i = 0; i < 1000; ++i) {
    Result<Json> r =
        executor.Execute(user, R"({"class":"GetJobDetails","jobId":")" + job_id + "\"}");
    if (!r.ok()) return Json(r.status().ToString());
    detail = *r;
    if (detail.value("status", "") != "RUNNING") return detail;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return detail;
}

}  // namespace quarry
