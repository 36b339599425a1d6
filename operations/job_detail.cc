#include "operations/job_detail.h"

#include <cstdio>
#include <mutex>
#include <random>
#include <unordered_set>

#include "graph-core/clock.h"

namespace quarry {
namespace {

constexpr std::string_view kJobPrefix = "job/";

std::optional<JobStatus> JobStatusFromName(std::string_view name) {
  for (JobStatus s : {JobStatus::kRunning, JobStatus::kFinished, JobStatus::kFailed,
                      JobStatus::kScheduledParent, JobStatus::kCancelled}) {
    if (JobStatusName(s) == name) return s;
  }
  return std::nullopt;
}

struct Registry {
  std::mutex mu;
  std::unordered_set<std::string> running;
};

Registry& RunningRegistry() {
  static Registry* registry = new Registry();  // Never destroyed: jobs may end at exit.
  return *registry;
}

bool IsInterrupted(const JobDetail& d) {
  return d.status == JobStatus::kRunning && !IsJobRunningHere(d.job_id);
}

// How an interrupted job reads: FAILED, ended when it was found so.
JobDetail AsInterrupted(JobDetail d) {
  d.status = JobStatus::kFailed;
  d.end_time_ms = NowMillis();
  d.description = std::string(kInterruptedJobDescription);
  return d;
}

Result<JobDetail> ParseStored(std::string_view key, const std::string& value) {
  Json json = Json::parse(value, nullptr, /*allow_exceptions=*/false);
  return JobDetailFromJson(json, "job metadata '" + std::string(key) + "'");
}

}  // namespace

std::string_view JobStatusName(JobStatus status) {
  switch (status) {
    case JobStatus::kRunning:
      return "RUNNING";
    case JobStatus::kFinished:
      return "FINISHED";
    case JobStatus::kFailed:
      return "FAILED";
    case JobStatus::kScheduledParent:
      return "SCHEDULED_PARENT";
    case JobStatus::kCancelled:
      return "CANCELLED";
  }
  return "FAILED";
}

JobDetail NewJobDetail(const std::string& user_id, const Operation& chain, JobStatus status) {
  JobDetail d;
  d.job_id = NewJobId();
  d.user_id = user_id;
  d.status = status;
  d.start_time_ms = NowMillis();
  d.op_chain = OperationChainOverview(chain);
  return d;
}

Json JobDetailToJson(const JobDetail& d) {
  Json out = Json::object();
  out["jobId"] = d.job_id;
  out["user"] = Json::object({{"userId", d.user_id}});
  out["status"] = std::string(JobStatusName(d.status));
  out["startTime"] = d.start_time_ms;
  if (d.end_time_ms.has_value()) out["endTime"] = *d.end_time_ms;
  out["opChain"] = d.op_chain;
  if (d.description.has_value()) out["description"] = *d.description;
  if (d.parent_job_id.has_value()) out["parentJobId"] = *d.parent_job_id;
  if (d.repeat.has_value()) out["repeat"] = *d.repeat;
  return out;
}

Result<JobDetail> JobDetailFromJson(const Json& json, std::string_view what) {
  auto bad = [&](std::string_view field) {
    return DataLossError(std::string(what) + ": JobDetail field '" + std::string(field) +
                         "' missing or malformed");
  };
  if (!json.is_object()) return DataLossError(std::string(what) + ": not a JobDetail object");
  JobDetail d;
  if (!json.contains("jobId") || !json["jobId"].is_string()) return bad("jobId");
  d.job_id = json["jobId"].get<std::string>();
  const Json* user = json.contains("user") ? &json["user"] : nullptr;
  if (user == nullptr || !user->is_object() || !user->contains("userId") ||
      !(*user)["userId"].is_string()) {
    return bad("user.userId");
  }
  d.user_id = (*user)["userId"].get<std::string>();
  std::optional<JobStatus> status;
  if (json.contains("status") && json["status"].is_string()) {
    status = JobStatusFromName(json["status"].get<std::string>());
  }
  if (!status.has_value()) return bad("status");
  d.status = *status;
  if (!json.contains("startTime") || !json["startTime"].is_number_integer())
    return bad("startTime");
  d.start_time_ms = json["startTime"].get<int64_t>();
  if (json.contains("endTime")) {
    if (!json["endTime"].is_number_integer()) return bad("endTime");
    d.end_time_ms = json["endTime"].get<int64_t>();
  }
  if (!json.contains("opChain") || !json["opChain"].is_string()) return bad("opChain");
  d.op_chain = json["opChain"].get<std::string>();
  if (json.contains("description")) {
    if (!json["description"].is_string()) return bad("description");
    d.description = json["description"].get<std::string>();
  }
  if (json.contains("parentJobId")) {
    if (!json["parentJobId"].is_string()) return bad("parentJobId");
    d.parent_job_id = json["parentJobId"].get<std::string>();
  }
  if (json.contains("repeat")) {
    if (!json["repeat"].is_object()) return bad("repeat");
    d.repeat = json["repeat"];
  }
  return d;
}

std::string OperationChainOverview(const Operation& chain) {
  std::string out = "OperationChain[";
  bool first = true;
  for (const Operation& op : chain.operations) {
    std::string_view full = OperationClassName(op.kind);
    if (!first) out += "->";
    out += full.substr(full.rfind('.') + 1);
    first = false;
  }
  return out + "]";
}

std::string NewJobId() {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  uint64_t hi = rng();
  uint64_t lo = rng();
  hi = (hi & 0xFFFFFFFFFFFF0FFFull) | 0x0000000000004000ull;  // Version 4.
  lo = (lo & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;  // RFC 4122 variant.
  char buf[37];
  std::snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF),
                static_cast<unsigned>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFull));
  return buf;
}

std::string JobMetadataKey(std::string_view job_id) {
  return std::string(kJobPrefix) + std::string(job_id);
}

Status SaveJobDetail(Graph& graph, const JobDetail& detail) {
  return graph.PutMetadata(JobMetadataKey(detail.job_id), JobDetailToJson(detail).dump());
}

namespace {

// A stored RUNNING detail whose job is not registered here was either
// interrupted (its process is gone) or finished here between the read and
// the registry check. Finish saves the final detail before it unregisters
// the job, so reading again after the check tells the two apart.
Result<JobDetail> Settled(const Graph& graph, const std::string& key, JobDetail d) {
  if (!IsInterrupted(d)) return d;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> again, graph.GetMetadata(key));
  if (again.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(d, ParseStored(key, *again));
  }
  return IsInterrupted(d) ? AsInterrupted(std::move(d)) : std::move(d);
}

}  // namespace

Result<std::optional<JobDetail>> LoadJobDetail(const Graph& graph, std::string_view job_id) {
  if (job_id.empty()) return std::optional<JobDetail>();
  const std::string key = JobMetadataKey(job_id);
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> value, graph.GetMetadata(key));
  if (!value.has_value()) return std::optional<JobDetail>();
  QUARRY_ASSIGN_OR_RETURN(JobDetail stored, ParseStored(key, *value));
  QUARRY_ASSIGN_OR_RETURN(JobDetail d, Settled(graph, key, std::move(stored)));
  return std::optional<JobDetail>(std::move(d));
}

Result<std::vector<JobDetail>> LoadAllJobDetails(const Graph& graph) {
  QUARRY_ASSIGN_OR_RETURN(auto entries, graph.ListMetadata(kJobPrefix));
  std::vector<JobDetail> out;
  for (const auto& [key, value] : entries) {
    QUARRY_ASSIGN_OR_RETURN(JobDetail stored, ParseStored(key, value));
    QUARRY_ASSIGN_OR_RETURN(JobDetail d, Settled(graph, key, std::move(stored)));
    out.push_back(std::move(d));
  }
  return out;
}

Result<int> FailInterruptedJobs(Graph& graph) {
  QUARRY_ASSIGN_OR_RETURN(auto entries, graph.ListMetadata(kJobPrefix));
  int marked = 0;
  for (const auto& [key, value] : entries) {
    QUARRY_ASSIGN_OR_RETURN(JobDetail d, ParseStored(key, value));
    if (!IsInterrupted(d)) continue;
    QUARRY_RETURN_IF_ERROR(SaveJobDetail(graph, AsInterrupted(std::move(d))));
    ++marked;
  }
  return marked;
}

void MarkJobRunning(const std::string& job_id) {
  Registry& r = RunningRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.running.insert(job_id);
}

void MarkJobDone(const std::string& job_id) {
  Registry& r = RunningRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.running.erase(job_id);
}

bool IsJobRunningHere(const std::string& job_id) {
  Registry& r = RunningRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.running.count(job_id) > 0;
}

}  // namespace quarry
