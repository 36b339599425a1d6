// Gaffer JSON fields of the job and export operations.
#include "operations/internal/job_fields.h"

#include <optional>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

constexpr std::string_view kDefaultKey = "ALL";  // Gaffer's Export.DEFAULT_KEY.

Status ReadKeyAndJob(const Json& obj, const std::string& path, bool with_job, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(op->export_key, json_fields::OptionalString(obj, "key", path));
  if (with_job) {
    QUARRY_ASSIGN_OR_RETURN(op->job_id, json_fields::OptionalString(obj, "jobId", path));
  }
  return Status::OK();
}

Status ReadInputItems(const Json& obj, const std::string& path, Operation* op) {
  const Json* in = json_fields::Find(obj, "input");
  if (in == nullptr) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(op->input, ParseItemList(*in, json_fields::Join(path, "input")));
  return Status::OK();
}

Status ReadStartEnd(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> start,
                          json_fields::OptionalInt64(obj, "start", path));
  QUARRY_ASSIGN_OR_RETURN(op->export_end, json_fields::OptionalInt64(obj, "end", path));
  op->export_start = start.value_or(0);
  if (op->export_start < 0) {
    return InvalidArgumentError(json_fields::Join(path, "start") + ": must not be negative");
  }
  if (op->export_end.has_value() && *op->export_end < op->export_start) {
    return InvalidArgumentError(json_fields::Join(path, "end") + ": must not be less than start");
  }
  return Status::OK();
}

Status ReadOpAuths(const Json& obj, const std::string& path, Operation* op) {
  const Json* auths = json_fields::Find(obj, "opAuths");
  if (auths == nullptr) return Status::OK();
  const std::string apath = json_fields::Join(path, "opAuths");
  if (!auths->is_array()) return InvalidArgumentError(apath + ": expected an array of strings");
  std::vector<std::string> out;
  for (size_t i = 0; i < auths->size(); ++i) {
    if (!(*auths)[i].is_string()) {
      return InvalidArgumentError(apath + "[" + std::to_string(i) + "]: expected a string");
    }
    out.push_back((*auths)[i].get<std::string>());
  }
  op->export_op_auths = std::move(out);
  return Status::OK();
}

Status ReadGetExports(const Json& obj, const std::string& path, Operation* op) {
  const Json* list = json_fields::Find(obj, "getExports");
  if (list == nullptr) return Status::OK();
  const std::string lpath = json_fields::Join(path, "getExports");
  if (!list->is_array()) return InvalidArgumentError(lpath + ": expected an array of GetExports");
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string ipath = lpath + "[" + std::to_string(i) + "]";
    QUARRY_ASSIGN_OR_RETURN(Operation child, ParseOperation((*list)[i], ipath));
    if (child.kind != OperationKind::kGetSetExport &&
        child.kind != OperationKind::kGetGafferResultCacheExport &&
        child.kind != OperationKind::kImportFromLocalFile) {
      return InvalidArgumentError(ipath + ".class: expected a GetExport (GetSetExport, " +
                                  "GetGafferResultCacheExport or ImportFromLocalFile)");
    }
    op->get_exports.push_back(std::move(child));
  }
  return Status::OK();
}

// ExportToLocalFile / ImportFromLocalFile: the required filePath, which is
// also the export's key (Gaffer's getKey), as GetExports names it.
Status ReadFilePath(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> file,
                          json_fields::OptionalString(obj, "filePath", path));
  if (!file.has_value() || file->empty()) {
    return InvalidArgumentError(
        json_fields::Join(path, "filePath") +
        ": required (the file's path on the machine running the operation)");
  }
  op->filename = *file;
  op->export_key = *file;
  return Status::OK();
}

Status ReadJobResultsFields(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_RETURN_IF_ERROR(ReadKeyAndJob(obj, path, /*with_job=*/true, op));
  if (op->export_key.has_value() && *op->export_key != kDefaultKey) {
    return InvalidArgumentError(json_fields::Join(path, "key") +
                                ": keys cannot be used with GetJobResults");
  }
  return Status::OK();
}

Status ReadFields(const Json& obj, const std::string& path, Operation* op) {
  switch (op->kind) {
    case OperationKind::kGetJobDetails: {
      QUARRY_ASSIGN_OR_RETURN(op->job_id, json_fields::OptionalString(obj, "jobId", path));
      return Status::OK();
    }
    case OperationKind::kGetJobResults:
      return ReadJobResultsFields(obj, path, op);
    case OperationKind::kCancelScheduledJob: {
      QUARRY_ASSIGN_OR_RETURN(op->job_id, json_fields::OptionalString(obj, "jobId", path));
      if (!op->job_id.has_value()) {
        return InvalidArgumentError(json_fields::Join(path, "jobId") +
                                    ": required (job id must be specified)");
      }
      return Status::OK();
    }
    case OperationKind::kExportToSet:
      QUARRY_RETURN_IF_ERROR(ReadKeyAndJob(obj, path, /*with_job=*/false, op));
      return ReadInputItems(obj, path, op);
    case OperationKind::kGetSetExport:
      QUARRY_RETURN_IF_ERROR(ReadKeyAndJob(obj, path, /*with_job=*/true, op));
      return ReadStartEnd(obj, path, op);
    case OperationKind::kGetExports:
      return ReadGetExports(obj, path, op);
    case OperationKind::kExportToGafferResultCache:
      QUARRY_RETURN_IF_ERROR(ReadKeyAndJob(obj, path, /*with_job=*/false, op));
      QUARRY_RETURN_IF_ERROR(ReadOpAuths(obj, path, op));
      return ReadInputItems(obj, path, op);
    case OperationKind::kGetGafferResultCacheExport:
      return ReadKeyAndJob(obj, path, /*with_job=*/true, op);
    case OperationKind::kExportToLocalFile:
      QUARRY_RETURN_IF_ERROR(ReadFilePath(obj, path, op));
      return ReadInputItems(obj, path, op);
    case OperationKind::kImportFromLocalFile:
      return ReadFilePath(obj, path, op);
    default:  // GetAllJobDetails: no fields.
      return Status::OK();
  }
}

}  // namespace

bool ReadJobExportFields(const Json& obj, const std::string& path, Operation* op, Status* status) {
  switch (op->kind) {
    case OperationKind::kGetJobDetails:
    case OperationKind::kGetAllJobDetails:
    case OperationKind::kGetJobResults:
    case OperationKind::kCancelScheduledJob:
    case OperationKind::kExportToSet:
    case OperationKind::kGetSetExport:
    case OperationKind::kGetExports:
    case OperationKind::kExportToGafferResultCache:
    case OperationKind::kGetGafferResultCacheExport:
    case OperationKind::kExportToLocalFile:
    case OperationKind::kImportFromLocalFile:
      *status = ReadFields(obj, path, op);
      return true;
    default:
      return false;
  }
}

}  // namespace quarry::operations_internal
