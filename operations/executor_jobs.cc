// Executor: construction, destruction and SubmitJob (Gaffer's executeJob).
#include <map>
#include <mutex>
#include <utility>

#include "graph-core/clock.h"
#include "operations/executor.h"
#include "operations/internal/exec.h"
#include "operations/job_detail.h"
#include "operations/job_runner.h"
#include "operations/job_scheduler.h"
#include "operations/operation_authoriser.h"

namespace quarry {
namespace {

constexpr std::string_view kCancelledDescription = "the executor shut down before the job started";

bool HasResultCacheExport(const Operation& chain) {
  for (const Operation& op : chain.operations) {
    if (op.kind == OperationKind::kExportToGafferResultCache) return true;
  }
  return false;
}

// Gaffer's Store.runJob: the chain's output goes to the result cache.
void AppendResultExport(Operation* chain) {
  if (HasResultCacheExport(*chain)) return;
  Operation exp;
  exp.kind = OperationKind::kExportToGafferResultCache;
  exp.path = "operations[" + std::to_string(chain->operations.size()) + "]";
  chain->operations.push_back(std::move(exp));
}

// Records how the job ended. The registry entry goes after the save, so a
// reader never sees a RUNNING job that is not registered as running here.
void Finish(Graph& graph, JobDetail detail, const Status& outcome) {
  detail.end_time_ms = NowMillis();
  if (outcome.ok()) {
    detail.status = JobStatus::kFinished;
  } else {
    detail.status = JobStatus::kFailed;
    detail.description = outcome.message();
  }
  (void)SaveJobDetail(graph, detail);  // Nowhere to report it; a restart marks it FAILED.
  MarkJobDone(detail.job_id);
}

// Runs the job's chain and drains what it returns (so every step runs).
Status RunJobChain(const std::shared_ptr<Graph>& graph, const ExecutorLimits& limits,
                   const User& user, const Operation& chain, const std::string& job_id) {
  QUARRY_ASSIGN_OR_RETURN(auto run, operations_internal::RunParsed(graph, limits, user, chain,
                                                                   job_id, /*in_job=*/true));
  operations_internal::StepOutput& out = run.second;
  if (out.kind != operations_internal::StepOutput::Kind::kStream) return Status::OK();
  for (; out.stream->Valid(); out.stream->Next()) {
  }
  return out.stream->status();
}

}  // namespace

// --- branch tls (issue 20): the jobs each user has queued or running, for
// User::max_background_jobs. Shared with the jobs' run/cancel callbacks,
// which release the slot however the job ends.
struct Executor::UserJobCounts {
  std::mutex mu;
  std::map<std::string, int64_t> running;  // Guarded by mu.

  bool TryAcquire(const User& user) {
    std::lock_guard lock(mu);
    int64_t& count = running[user.user_id];
    if (user.max_background_jobs > 0 && count >= user.max_background_jobs) return false;
    ++count;
    return true;
  }
  void Release(const std::string& user_id) {
    std::lock_guard lock(mu);
    auto it = running.find(user_id);
    if (it != running.end() && --it->second <= 0) running.erase(it);
  }
};
// --- end of branch tls.

Executor::Executor(std::shared_ptr<Graph> graph, ExecutorLimits limits)
    : graph_(std::move(graph)),
      limits_(std::move(limits)),
      user_jobs_(std::make_shared<UserJobCounts>()),
      jobs_(std::make_unique<JobRunner>(limits_.job_threads, limits_.max_queued_jobs)),
      scheduler_(std::make_unique<JobScheduler>()) {
  if (graph_ == nullptr) return;
  // Best effort: reads report interrupted jobs as FAILED anyway, and expired
  // results are invisible whether or not they are deleted.
  (void)FailInterruptedJobs(*graph_);
  (void)DeleteExpiredResults(*graph_, operations_internal::ResultCacheOptionsFrom(limits_));
}

Executor::~Executor() {
  scheduler_.reset();  // No scheduled run starts after this.
  jobs_.reset();
}

Result<Json> Executor::SubmitJob(const User& user, std::string_view operation_json) const {
  ParseLimits parse_limits{limits_.max_operation_json_bytes, limits_.max_json_depth};
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(operation_json, parse_limits));
  QUARRY_ASSIGN_OR_RETURN(JobDetail detail, StartJob(user, std::move(chain), std::nullopt));
  return JobDetailToJson(detail);
}

Status Executor::CheckJobAllowed(const User& user, const Operation& chain) const {
  QUARRY_RETURN_IF_ERROR(Authorizations::Create(user.data_auths)
                             .status()
                             .WithContext("user '" + user.user_id + "' data auths"));
  // branch tls: refused before it is accepted (the job authorises its
  // resolved chain again when it runs).
  if (limits_.authoriser != nullptr) {
    QUARRY_RETURN_IF_ERROR(limits_.authoriser->Authorise(chain, user.user_id, user.op_auths));
  }
  return Status::OK();
}

Result<JobDetail> Executor::StartJob(const User& user, Operation chain,
                                     std::optional<std::string> parent_job_id) const {
  QUARRY_RETURN_IF_ERROR(CheckJobAllowed(user, chain));
  if (!user_jobs_->TryAcquire(user)) {
    return ResourceExhaustedError("user '" + user.user_id + "' already has " +
                                  std::to_string(user.max_background_jobs) +
                                  " background jobs queued or running (the user's quota)");
  }
  std::shared_ptr<void> job_slot(
      nullptr, [counts = user_jobs_, id = user.user_id](void*) { counts->Release(id); });
  JobDetail detail = NewJobDetail(user.user_id, chain, JobStatus::kRunning);
  detail.parent_job_id = std::move(parent_job_id);
  MarkJobRunning(detail.job_id);
  if (Status s = SaveJobDetail(*graph_, detail); !s.ok()) {
    MarkJobDone(detail.job_id);
    return s.WithContext("recording job '" + detail.job_id + "'");
  }
  AppendResultExport(&chain);
  JobDetail finished = detail;
  finished.op_chain = OperationChainOverview(chain);  // As Gaffer's update records it.
  auto run = [graph = graph_, limits = limits_, user, chain = std::move(chain), finished,
              job_slot]() {
    Finish(*graph, finished, RunJobChain(graph, limits, user, chain, finished.job_id));
  };
  auto cancel = [graph = graph_, finished, job_slot]() {
    Finish(*graph, finished, UnavailableError(std::string(kCancelledDescription)));
  };
  if (Status s = jobs_->Submit(std::move(run), std::move(cancel)); !s.ok()) {
    (void)graph_->DeleteMetadata(JobMetadataKey(detail.job_id));  // Its id was never given out.
    MarkJobDone(detail.job_id);
    return s;
  }
  return detail;
}

}  // namespace quarry
