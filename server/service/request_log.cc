#include "server/service/request_log.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "graph-core/json_value.h"

namespace quarry {
namespace {

// "2026-11-24T06:01:02.345Z".
std::string UtcTimestamp(int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  const size_t n = std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof(millis), ".%03dZ", static_cast<int>(unix_ms % 1000));
  return std::string(text, n) + millis;
}

}  // namespace

std::string FormatRequestLine(const RequestRecord& record, int64_t slow_ms) {
  // Ordered keys, so that lines read the same way every time.
  Json line = Json::object();
  line["time"] = UtcTimestamp(record.start_unix_ms);
  line["user"] = record.user;
  line["transport"] = record.transport;
  line["call"] = record.call;
  line["operations"] = record.operations;
  line["durationMs"] = std::round(record.duration_ms * 1000.0) / 1000.0;
  line["items"] = record.items;
  line["bytesIn"] = record.bytes_in;
  line["bytesOut"] = record.bytes_out_known ? Json(record.bytes_out) : Json(nullptr);
  line["outcome"] = record.outcome;
  if (record.http_status != 0) line["httpStatus"] = record.http_status;
  line["slow"] = record.duration_ms >= static_cast<double>(slow_ms);
  return line.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Result<std::unique_ptr<RequestLog>> RequestLog::Open(const RequestLogOptions& options) {
  std::unique_ptr<RequestLog> log(new RequestLog(options));
  std::lock_guard lock(log->mu_);
  QUARRY_RETURN_IF_ERROR(log->OpenFileLocked());
  return log;
}

RequestLog::~RequestLog() {
  if (file_ != nullptr && file_ != stderr) std::fclose(file_);
}

Status RequestLog::OpenFileLocked() {
  if (options_.path == "-") {
    file_ = stderr;
    return Status::OK();
  }
  std::FILE* file = std::fopen(options_.path.c_str(), "ae");
  if (file == nullptr) {
    return IOError("request log '" + options_.path + "' cannot be opened: " + std::strerror(errno));
  }
  struct stat info {};
  size_ = fstat(fileno(file), &info) == 0 ? static_cast<uint64_t>(info.st_size) : 0;
  if (file_ != nullptr && file_ != stderr) std::fclose(file_);
  file_ = file;
  return Status::OK();
}

void RequestLog::RotateLocked() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const int keep = std::max(1, options_.keep);
  fs::remove(options_.path + "." + std::to_string(keep), ec);
  for (int i = keep - 1; i >= 1; --i) {
    fs::rename(options_.path + "." + std::to_string(i), options_.path + "." + std::to_string(i + 1),
               ec);
  }
  fs::rename(options_.path, options_.path + ".1", ec);
  Status reopened = OpenFileLocked();
  if (!reopened.ok()) std::fprintf(stderr, "quarry serve: %s\n", reopened.message().c_str());
}

void RequestLog::Write(const RequestRecord& record) {
  std::string line = FormatRequestLine(record, options_.slow_ms);
  line += '\n';
  std::lock_guard lock(mu_);
  const bool ok =
      std::fwrite(line.data(), 1, line.size(), file_) == line.size() && std::fflush(file_) == 0;
  if (!ok && !write_error_reported_) {
    write_error_reported_ = true;
    std::fprintf(stderr, "quarry serve: writing the request log '%s' failed: %s\n",
                 options_.path.c_str(), std::strerror(errno));
  }
  size_ += line.size();
  if (file_ != stderr && options_.max_bytes > 0 && size_ >= options_.max_bytes) RotateLocked();
}

Status RequestLog::Reopen() {
  std::lock_guard lock(mu_);
  if (file_ == stderr) return Status::OK();
  write_error_reported_ = false;
  return OpenFileLocked();
}

}  // namespace quarry
