// Executor::ScheduleJob: Gaffer's scheduled jobs (Store.executeJob with a
// Job's Repeat; POST /graph/jobs/schedule).
#include <limits>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/executor.h"
#include "operations/internal/exec.h"
#include "operations/job_detail.h"
#include "operations/job_scheduler.h"

namespace quarry {
namespace {

namespace jf = json_fields;

// java.util.concurrent.TimeUnit names, in nanoseconds per unit.
struct TimeUnitScale {
  std::string_view name;
  int64_t nanos;
};
constexpr TimeUnitScale kTimeUnits[] = {{"NANOSECONDS", 1},          {"MICROSECONDS", 1'000},
                                        {"MILLISECONDS", 1'000'000}, {"SECONDS", 1'000'000'000},
                                        {"MINUTES", 60'000'000'000}, {"HOURS", 3'600'000'000'000},
                                        {"DAYS", 86'400'000'000'000}};

// `count` units in milliseconds, saturating (a century is as good as never).
int64_t ToMillis(int64_t count, int64_t unit_nanos) {
  const long double ms = static_cast<long double>(count) * unit_nanos / 1e6L;
  const long double cap = static_cast<long double>(std::numeric_limits<int64_t>::max() / 4);
  return ms > cap ? static_cast<int64_t>(cap) : static_cast<int64_t>(ms);
}

struct Repeat {
  int64_t initial_delay_ms = 0;
  int64_t period_ms = 0;
  Json json;  // As recorded on the parent: Gaffer's Repeat with its defaults filled in.
};

// Gaffer's Repeat: {"initialDelay": 0, "repeatPeriod": N, "timeUnit": "SECONDS"}.
Result<Repeat> ReadRepeat(const Json& json) {
  if (!json.is_object()) return InvalidArgumentError("repeat: expected an object");
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> delay,
                          jf::OptionalInt64(json, "initialDelay", "repeat"));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> period,
                          jf::OptionalInt64(json, "repeatPeriod", "repeat"));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> unit,
                          jf::OptionalString(json, "timeUnit", "repeat"));
  const std::string unit_name = unit.value_or("SECONDS");
  const TimeUnitScale* scale = nullptr;
  for (const TimeUnitScale& u : kTimeUnits) {
    if (u.name == unit_name) scale = &u;
  }
  if (scale == nullptr) {
    return InvalidArgumentError("repeat.timeUnit: '" + unit_name +
                                "' is not a java.util.concurrent.TimeUnit (SECONDS, MINUTES, ...)");
  }
  if (delay.value_or(0) < 0)
    return InvalidArgumentError("repeat.initialDelay: must not be negative");
  Repeat out;
  out.initial_delay_ms = ToMillis(delay.value_or(0), scale->nanos);
  out.period_ms = ToMillis(period.value_or(0), scale->nanos);
  if (out.period_ms < 1) {
    return InvalidArgumentError(
        "repeat.repeatPeriod: must be positive (at least a millisecond), got " +
        std::to_string(period.value_or(0)) + " " + unit_name);
  }
  out.json = Json::object(
      {{"initialDelay", delay.value_or(0)}, {"repeatPeriod", *period}, {"timeUnit", unit_name}});
  return out;
}

}  // namespace

Result<Json> Executor::ScheduleJob(const User& user, std::string_view job_json) const {
  ParseLimits parse_limits{limits_.max_operation_json_bytes, limits_.max_json_depth};
  if (job_json.size() > parse_limits.max_bytes) {
    return ResourceExhaustedError("job document of " + std::to_string(job_json.size()) +
                                  " bytes is over the limit");
  }
  Json job = Json::parse(job_json, nullptr, /*allow_exceptions=*/false);
  if (job.is_discarded() || !job.is_object()) {
    return InvalidArgumentError("expected a Job: {\"operation\": ..., \"repeat\": {...}}");
  }
  const Json* operation = jf::Find(job, "operation");
  if (operation == nullptr || operation->is_null()) {
    return InvalidArgumentError("operation: required (An operation is required)");
  }
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(operation->dump(), parse_limits));
  if (chain.operations.empty()) {
    return InvalidArgumentError("operation: required (An operation is required)");
  }
  const Json* repeat_json = jf::Find(job, "repeat");
  if (repeat_json == nullptr || repeat_json->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(JobDetail detail, StartJob(user, std::move(chain), std::nullopt));
    return JobDetailToJson(detail);
  }
  QUARRY_ASSIGN_OR_RETURN(Repeat repeat, ReadRepeat(*repeat_json));
  QUARRY_RETURN_IF_ERROR(CheckJobAllowed(user, chain));
  JobDetail parent = NewJobDetail(user.user_id, chain, JobStatus::kScheduledParent);
  parent.repeat = repeat.json;
  QUARRY_RETURN_IF_ERROR(SaveJobDetail(*graph_, parent)
                             .WithContext("recording scheduled job '" + parent.job_id + "'"));
  // Each tick reads the parent first: once CANCELLED (or gone) it stops.
  scheduler_->Schedule(repeat.initial_delay_ms, repeat.period_ms,
                       [this, user, chain = std::move(chain), id = parent.job_id]() {
                         Result<std::optional<JobDetail>> stored = LoadJobDetail(*graph_, id);
                         if (!stored.ok() || !stored->has_value() ||
                             (*stored)->status != JobStatus::kScheduledParent) {
                           return false;
                         }
                         (void)StartJob(user, chain, id);  // A refused run is skipped.
                         return true;
                       });
  return JobDetailToJson(parent);
}

}  // namespace quarry
