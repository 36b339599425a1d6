// /graph/jobs: run an operation chain in the background and read its
// details and results, as Gaffer's JobController. The jobs themselves live
// in operations (Executor::SubmitJob and the job operations); this file only
// translates.
//
// POST /graph/jobs answers 201 Created with Location (the job's URL) and a
// job-id header, as Gaffer's startJob does; POST /graph/jobs/schedule the
// same for a scheduled job's parent.
#include "server/rest/internal/rest_routes.h"

namespace quarry::rest_internal {
namespace {

constexpr char kGetAllJobDetails[] = "uk.gov.gchq.gaffer.operation.impl.job.GetAllJobDetails";
constexpr char kGetJobDetails[] = "uk.gov.gchq.gaffer.operation.impl.job.GetJobDetails";
constexpr char kGetJobResults[] = "uk.gov.gchq.gaffer.operation.impl.job.GetJobResults";

std::string JobOperation(const char* class_name, const std::string& job_id) {
  Json operation;
  operation["class"] = class_name;
  operation["jobId"] = job_id;
  return operation.dump(-1, ' ', false, Json::error_handler_t::replace);
}

RestResponse JobNotFound(const std::string& job_id) {
  return GafferErrorResponse(404, "Job was not found: " + job_id);
}

// The job's URL relative to the request's (".../graph/jobs" or
// ".../graph/jobs/"), so it is right under every API root alias.
std::string JobLocation(std::string_view request_path, const std::string& job_id) {
  return (!request_path.empty() && request_path.back() == '/' ? "" : "jobs/") + job_id;
}

// 201 Created for a job just submitted or scheduled.
RestResponse CreatedJob(const RouteCall& call, const Result<Json>& detail) {
  if (!detail.ok()) return StatusResponse(detail.status());
  auto job_id = detail->is_object() ? detail->find("jobId") : detail->end();
  if (job_id == detail->end() || !job_id->is_string()) {
    return GafferErrorResponse(500, "Something went wrong in the server",
                               "the submitted job's details carry no jobId");
  }
  RestResponse response = JsonResponse(*detail, 201);
  response.headers.emplace_back("Location",
                                JobLocation(call.request.path, job_id->get<std::string>()));
  response.headers.emplace_back("job-id", job_id->get<std::string>());
  return response;
}

RestResponse StartJob(const RouteCall& call) {
  RestResponse error;
  if (!AcceptOperationBody(call.request, &error)) return error;
  return CreatedJob(call, call.executor.SubmitJob(*call.request.user, call.request.body));
}

// Gaffer's scheduleJob: the body is a Job, {"operation", "repeat"}. The
// Location is the parent job's URL relative to .../graph/jobs/schedule.
RestResponse ScheduleJob(const RouteCall& call) {
  RestResponse error;
  if (!AcceptOperationBody(call.request, &error)) return error;
  RestResponse response =
      CreatedJob(call, call.executor.ScheduleJob(*call.request.user, call.request.body));
  for (auto& [name, value] : response.headers) {
    if (name == "Location") value = value.substr(value.rfind('/') + 1);
  }
  return response;
}

RestResponse AllJobDetails(const RouteCall& call) {
  Json operation;
  operation["class"] = kGetAllJobDetails;
  return StreamOperation(call, operation.dump(), RestBodyKind::kResult);
}

RestResponse JobDetails(const RouteCall& call) {
  const std::string& job_id = call.params[0];
  Result<Json> detail =
      call.executor.Execute(*call.request.user, JobOperation(kGetJobDetails, job_id));
  if (!detail.ok()) {
    if (detail.status().code() == StatusCode::kNotFound) return JobNotFound(job_id);
    return StatusResponse(detail.status());
  }
  // GetJobDetails answers null for a job it does not know.
  if (detail->is_null()) return JobNotFound(job_id);
  return JsonResponse(*detail);
}

// GetJobResults of an unknown (or another user's) job is an empty list, as
// in Gaffer: no 404 here.
RestResponse JobResults(const RouteCall& call) {
  const std::string& job_id = call.params[0];
  Result<std::unique_ptr<ResultCursor>> cursor =
      call.executor.Open(*call.request.user, JobOperation(kGetJobResults, job_id));
  if (!cursor.ok()) return StatusResponse(cursor.status());
  RestResponse response;
  response.kind = RestBodyKind::kResult;
  response.cursor = std::move(cursor).value();
  return response;
}

}  // namespace

std::vector<RestRoute> JobRoutes() {
  constexpr std::string_view kTag = "job";
  return {
      {"POST",
       "/graph/jobs",
       StartJob,
       kTag,
       "Kicks off an asynchronous job",
       201,
       RouteBody::kJsonObject,
       true,
       {400, 415}},
      {"POST",
       "/graph/jobs/schedule",
       ScheduleJob,
       kTag,
       "Schedules an asynchronous job",
       201,
       RouteBody::kJsonObject,
       true,
       {400, 415}},
      {"GET", "/graph/jobs", AllJobDetails, kTag,
       "Retrieves the details of all the asynchronous jobs", 200, RouteBody::kJsonArray},
      {"GET",
       "/graph/jobs/{id}",
       JobDetails,
       kTag,
       "Retrieves the details of an asynchronous job",
       200,
       RouteBody::kJsonObject,
       false,
       {404}},
      {"GET", "/graph/jobs/{id}/results", JobResults, kTag,
       "Retrieves the results of an asynchronous job", 200, RouteBody::kJsonAny},
  };
}

}  // namespace quarry::rest_internal
