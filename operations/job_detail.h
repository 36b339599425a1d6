// JobDetail: what Gaffer's job tracker records for a job (executeJob), as
// Gaffer's JobDetail JSON, and where Quarry keeps it: the graph's metadata
// (Graph::PutMetadata), key "job/<jobId>", so details survive a restart.
//
// A job that was RUNNING when its process stopped can never finish: reading
// it in a later process reports it FAILED with a description saying so (and
// FailInterruptedJobs persists that). Jobs running in this process are
// known to a process-wide registry (MarkJobRunning / MarkJobDone); job ids
// are random UUIDs, so one registry serves every graph.
//
// Thread safety: every function may be called from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"
#include "store/graph.h"

namespace quarry {

// Gaffer's JobStatus values. A scheduled job's parent is SCHEDULED_PARENT
// until CancelScheduledJob makes it CANCELLED; each run is a child job.
enum class JobStatus { kRunning, kFinished, kFailed, kScheduledParent, kCancelled };
// "RUNNING", "FINISHED", "FAILED", "SCHEDULED_PARENT", "CANCELLED".
std::string_view JobStatusName(JobStatus status);

struct JobDetail {
  std::string job_id;
  std::string user_id;
  JobStatus status = JobStatus::kRunning;
  int64_t start_time_ms = 0;
  std::optional<int64_t> end_time_ms;        // Set when the job ends.
  std::string op_chain;                      // OperationChainOverview of the chain.
  std::optional<std::string> description;    // Why it failed.
  std::optional<std::string> parent_job_id;  // A scheduled job's run: its parent.
  // A scheduled parent: Gaffer's Repeat {"initialDelay", "repeatPeriod", "timeUnit"}.
  std::optional<Json> repeat;
};

// Gaffer's JSON: {"jobId", "user": {"userId"}, "status", "startTime",
// "endTime" (when ended), "opChain", "description", "parentJobId",
// "repeat" (when set)}.
Json JobDetailToJson(const JobDetail& detail);
// DataLoss naming `what` if `json` is not such an object.
Result<JobDetail> JobDetailFromJson(const Json& json, std::string_view what);

// Gaffer's OperationChain.toOverviewString():
// "OperationChain[GetAllElements->ExportToGafferResultCache]".
std::string OperationChainOverview(const Operation& chain);

// A new job's details: a fresh id, `user_id`, `status`, started now, the
// chain's overview.
JobDetail NewJobDetail(const std::string& user_id, const Operation& chain, JobStatus status);

// A random (version 4) UUID in canonical lowercase form.
std::string NewJobId();

// The metadata key of a job's details.
std::string JobMetadataKey(std::string_view job_id);

// Persists `detail` (synced).
Status SaveJobDetail(Graph& graph, const JobDetail& detail);
// The stored details of `job_id`, nullopt if there are none. A RUNNING job
// that is not running in this process is reported FAILED (not persisted).
Result<std::optional<JobDetail>> LoadJobDetail(const Graph& graph, std::string_view job_id);
// Every stored job, sorted by job id, interrupted jobs reported as above.
Result<std::vector<JobDetail>> LoadAllJobDetails(const Graph& graph);
// Persists FAILED for every stored RUNNING job not running in this process
// (a restart). Returns how many were marked.
Result<int> FailInterruptedJobs(Graph& graph);

// The process-wide registry of running jobs.
void MarkJobRunning(const std::string& job_id);
void MarkJobDone(const std::string& job_id);
bool IsJobRunningHere(const std::string& job_id);

// The description recorded for an interrupted job.
inline constexpr std::string_view kInterruptedJobDescription =
    "the job was still running when its process stopped; it did not finish";

}  // namespace quarry
