// Job operations: GetJobDetails, GetAllJobDetails, GetJobResults and
// CancelScheduledJob, over the job details and results kept in the graph's
// metadata (operations/job_detail.h, operations/result_cache.h).
//
// A user sees only their own jobs' details; another user's job id is
// NotFound, as if it did not exist. A user holding the admin auth sees every
// job. GetJobResults, as Gaffer's GetJobResultsHandler, only reads the
// job's result cache export: an unknown job has no results (an empty list,
// not an error), and another user's results are filtered out by the
// cache's op auths (GafferResultCacheExporter's AreIn filter), so they do
// not leak either.
#include <string>
#include <utility>

#include "graph-core/clock.h"
#include "operations/internal/exec.h"
#include "operations/job_detail.h"

namespace quarry::operations_internal {
namespace {

// A plain request's details as they stand: running, started at its start.
JobDetail RequestDetails(const ExecContext& ctx) {
  JobDetail d;
  d.job_id = ctx.job_id;
  d.user_id = ctx.user.user_id;
  d.status = JobStatus::kRunning;
  d.start_time_ms = ctx.start_time_ms;
  d.op_chain = ctx.op_chain;
  return d;
}

bool Visible(const JobDetail& d, const ExecContext& ctx) {
  return d.user_id == ctx.user.user_id || IsJobAdmin(ctx.user, ctx.limits);
}

// The stored details of `job_id` if `ctx`'s user may see them.
Result<JobDetail> LoadVisible(const std::string& job_id, const Operation& op,
                              const ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<JobDetail> d, LoadJobDetail(*ctx.graph, job_id));
  if (!d.has_value() || !Visible(*d, ctx)) {
    return NotFoundError(OpName(op) + ": job '" + job_id + "' not found");
  }
  return *std::move(d);
}

// The running request's own details: a submitted job's, or a recorded plain
// request's, as stored; another plain request's as they stand.
Result<JobDetail> OwnDetails(const Operation& op, const ExecContext& ctx) {
  if (ctx.in_job || ctx.recorded_as_job) return LoadVisible(ctx.job_id, op, ctx);
  return RequestDetails(ctx);
}

Result<StepOutput> RunGetJobDetails(const Operation& op, ExecContext& ctx) {
  JobDetail d;
  if (op.job_id.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(d, LoadVisible(*op.job_id, op, ctx));
  } else {
    QUARRY_ASSIGN_OR_RETURN(d, OwnDetails(op, ctx));
  }
  return StepOutput::Value(JobDetailToJson(d));
}

Result<StepOutput> RunGetAllJobDetails(ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<JobDetail> all, LoadAllJobDetails(*ctx.graph));
  std::vector<Item> items;
  for (const JobDetail& d : all) {
    if (Visible(d, ctx)) items.push_back(Item(JobDetailToJson(d)));
  }
  return StepOutput::Stream(MakeVectorStream(std::move(items)));
}

// Gaffer's GetJobResultsHandler: the job's result cache export, key "ALL",
// read with the caller's op auths and user id. No check that the job
// exists, as in Gaffer.
Result<StepOutput> RunGetJobResults(const Operation& op, ExecContext& ctx) {
  const std::string job_id = op.job_id.value_or(ctx.job_id);
  QUARRY_ASSIGN_OR_RETURN(auto stream, ReadResults(ctx.graph, job_id, "ALL", ReaderAuths(ctx.user),
                                                   ResultCacheOptionsFrom(ctx.limits)));
  return StepOutput::Stream(std::move(stream));
}

// Gaffer's CancelScheduledJobHandler: a SCHEDULED_PARENT becomes CANCELLED,
// so its schedule starts no further run; anything else is refused.
Result<StepOutput> RunCancelScheduledJob(const Operation& op, ExecContext& ctx) {
  QUARRY_ASSIGN_OR_RETURN(JobDetail d, LoadVisible(*op.job_id, op, ctx));
  if (d.status != JobStatus::kScheduledParent) {
    return InvalidArgumentError("Job with jobId: " + *op.job_id +
                                " is not a scheduled job and cannot be cancelled.");
  }
  d.status = JobStatus::kCancelled;
  QUARRY_RETURN_IF_ERROR(SaveJobDetail(*ctx.graph, d));
  return StepOutput::None();
}

}  // namespace

Status RecordRequestAsJob(ExecContext& ctx) {
  MarkJobRunning(ctx.job_id);  // Not an interrupted job while this process runs it.
  Status saved = SaveJobDetail(*ctx.graph, RequestDetails(ctx));
  if (!saved.ok()) {
    MarkJobDone(ctx.job_id);
    return saved;
  }
  ctx.recorded_as_job = true;
  return Status::OK();
}

// Best effort: a record that cannot be finished stays RUNNING, which a later
// process reads as interrupted (FAILED), never as a success.
ExecContext::~ExecContext() {
  if (!recorded_as_job || graph == nullptr) return;
  JobDetail d = RequestDetails(*this);
  d.status = failure.has_value() ? JobStatus::kFailed : JobStatus::kFinished;
  d.end_time_ms = NowMillis();
  d.description = failure;
  (void)SaveJobDetail(*graph, d);
  MarkJobDone(job_id);
}

Result<StepOutput> RunJobOp(const Operation& op, StepOutput input, ExecContext& ctx) {
  (void)input;  // Job operations take no input.
  switch (op.kind) {
    case OperationKind::kGetJobDetails:
      return RunGetJobDetails(op, ctx);
    case OperationKind::kGetAllJobDetails:
      return RunGetAllJobDetails(ctx);
    case OperationKind::kGetJobResults:
      return RunGetJobResults(op, ctx);
    case OperationKind::kCancelScheduledJob:
      return RunCancelScheduledJob(op, ctx);
    default:
      return InternalError(OpName(op) + " is not a job operation");
  }
}

}  // namespace quarry::operations_internal
