// Export operations: ExportToSet / GetSetExport (per-request sets),
// GetExports, and ExportToGafferResultCache / GetGafferResultCacheExport
// (the result cache in the graph's metadata, operations/result_cache.h).
// The local file's pair is in local_file_ops.cc.
#include <algorithm>
#include <string>
#include <utility>

#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

constexpr std::string_view kDefaultKey = "ALL";  // Gaffer's Export.DEFAULT_KEY.

std::string KeyOrDefault(const Operation& op) {
  return op.export_key.value_or(std::string(kDefaultKey));
}

SetExports& SetsOf(ExecContext& ctx) {
  if (ctx.set_exports == nullptr) {
    ctx.set_exports = std::make_unique<SetExports>(ctx.limits.max_materialised_items);
  }
  return *ctx.set_exports;
}

// Gaffer's ExportToHandler: adds the input to the export and passes it on.
Result<StepOutput> RunExportToSet(const Operation& op, StepOutput input, ExecContext& ctx) {
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  QUARRY_ASSIGN_OR_RETURN(std::vector<Item> items,
                          Collect(*in, ctx.limits.max_materialised_items, OpName(op)));
  QUARRY_RETURN_IF_ERROR(SetsOf(ctx).Add(KeyOrDefault(op), items).WithContext(OpName(op)));
  return StepOutput::Stream(MakeVectorStream(std::move(items)));
}

Result<StepOutput> RunGetSetExport(const Operation& op, ExecContext& ctx) {
  return StepOutput::Stream(
      MakeVectorStream(SetsOf(ctx).Get(KeyOrDefault(op), op.export_start, op.export_end)));
}

// The stored items pass on (read back, so memory stays bounded).
Result<StepOutput> RunExportToResultCache(const Operation& op, StepOutput input, ExecContext& ctx) {
  std::set<std::string> required;
  if (op.export_op_auths.has_value()) {
    required.insert(op.export_op_auths->begin(), op.export_op_auths->end());
  } else {
    required.insert(ctx.user.user_id);  // Gaffer: only the exporting user.
  }
  const ResultCacheOptions options = ResultCacheOptionsFrom(ctx.limits);
  if (!ctx.in_job && !ctx.recorded_as_job) {
    QUARRY_RETURN_IF_ERROR(RecordRequestAsJob(ctx));
  }
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  Result<ChunkRange> range =
      AppendResults(*ctx.graph, ctx.job_id, KeyOrDefault(op), required, *in, options);
  if (!range.ok()) return range.status().WithContext(OpName(op));
  QUARRY_ASSIGN_OR_RETURN(
      auto stream, ReadResults(ctx.graph, ctx.job_id, KeyOrDefault(op), {}, options, &*range));
  return StepOutput::Stream(std::move(stream));
}

Result<StepOutput> RunGetResultCacheExport(const Operation& op, ExecContext& ctx) {
  const std::string job_id = op.job_id.value_or(ctx.job_id);
  QUARRY_ASSIGN_OR_RETURN(auto stream,
                          ReadResults(ctx.graph, job_id, KeyOrDefault(op), ReaderAuths(ctx.user),
                                      ResultCacheOptionsFrom(ctx.limits)));
  return StepOutput::Stream(std::move(stream));
}

// Gaffer's GetExportsHandler: each GetExport's items under
// "<full class name>: <key>", in order.
Result<StepOutput> RunGetExports(const Operation& op, ExecContext& ctx) {
  Json out = Json::object();
  for (const Operation& get : op.get_exports) {
    QUARRY_ASSIGN_OR_RETURN(StepOutput got, RunOperation(get, StepOutput::None(), ctx));
    std::unique_ptr<ItemStream> items = AsStream(std::move(got));
    Json list = Json::array();
    for (; items->Valid(); items->Next()) {
      if (list.size() >= ctx.limits.max_materialised_items) {
        return ResourceExhaustedError(OpName(get) + ": more than " +
                                      std::to_string(ctx.limits.max_materialised_items) + " items");
      }
      list.push_back(ItemToJson(items->item()));
    }
    QUARRY_RETURN_IF_ERROR(items->status());
    out[std::string(OperationClassName(get.kind)) + ": " + KeyOrDefault(get)] = std::move(list);
  }
  return StepOutput::Value(std::move(out));
}

}  // namespace

ResultCacheOptions ResultCacheOptionsFrom(const ExecutorLimits& limits) {
  ResultCacheOptions options;
  options.time_to_live_ms = limits.result_cache_ttl_ms;
  options.max_items = limits.max_result_cache_items;
  return options;
}

std::set<std::string> ReaderAuths(const User& user) {
  std::set<std::string> auths(user.op_auths.begin(), user.op_auths.end());
  auths.insert(user.user_id);
  return auths;
}

bool IsJobAdmin(const User& user, const ExecutorLimits& limits) {
  return !limits.admin_auth.empty() && std::find(user.op_auths.begin(), user.op_auths.end(),
                                                 limits.admin_auth) != user.op_auths.end();
}

Result<StepOutput> RunExport(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kExportToSet:
      return RunExportToSet(op, std::move(input), ctx);
    case OperationKind::kGetSetExport:
      return RunGetSetExport(op, ctx);
    case OperationKind::kGetExports:
      return RunGetExports(op, ctx);
    case OperationKind::kExportToGafferResultCache:
      return RunExportToResultCache(op, std::move(input), ctx);
    case OperationKind::kGetGafferResultCacheExport:
      return RunGetResultCacheExport(op, ctx);
    case OperationKind::kExportToLocalFile:
      return RunExportToLocalFile(op, std::move(input), ctx);
    case OperationKind::kImportFromLocalFile:
      return RunImportFromLocalFile(op, ctx);
    default:
      return InternalError(OpName(op) + " is not an export operation");
  }
}

}  // namespace quarry::operations_internal
