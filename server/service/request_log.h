// RequestLog: one JSON line per request served by `quarry serve` (branch
// service, issue 19), to a file or stderr, for operators who need to know
// who ran what, how long it took and what failed:
//
//   {"time":"2026-11-24T06:01:02.345Z","user":"alice","transport":"http",
//    "call":"POST /graph/operations/execute","operations":["GetAllElements",
//    "Count"],"durationMs":3.2,"items":1,"bytesIn":211,"bytesOut":null,
//    "outcome":"OK","slow":false}
//
// A line never carries a token, an operation's input or any element data:
// only the user id, the operations' short class names, sizes and the
// outcome's canonical code name (not the error message, which may quote
// values). "slow" is true when the request took at least slow_ms.
//
// With a file path, the file is opened for appending; when max_bytes > 0 and
// a write takes it past max_bytes, it is rotated (FILE -> FILE.1 -> ... ->
// FILE.<keep>, the oldest dropped) and a new FILE started. Reopen() closes
// and reopens FILE, for external rotation (logrotate + SIGHUP).
//
// Thread safety: Write and Reopen may be called from many threads at once.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

// What is known about one finished request.
struct RequestRecord {
  int64_t start_unix_ms = 0;            // Wall-clock start, ms since the epoch.
  std::string user;                     // The user id (as claimed when authentication failed).
  std::string transport;                // "thrift" or "http".
  std::string call;                     // Thrift method, or "METHOD /path" for HTTP.
  std::vector<std::string> operations;  // Short class names; a chain's in order.
  double duration_ms = 0;
  uint64_t items = 0;      // Result items returned (elements, ids, values).
  uint64_t bytes_in = 0;   // Request payload (operation JSON, body).
  uint64_t bytes_out = 0;  // Result payload written.
  // False for a REST result streamed through a cursor: the transport frames
  // and writes it, so its size is not known here ("bytesOut": null; items
  // still counts it).
  bool bytes_out_known = true;
  std::string outcome = "OK";  // "OK" or a status code name ("INVALID_ARGUMENT"), or
                               // "CANCELLED" for a stream the client left.
  int http_status = 0;         // HTTP only; 0 otherwise.
};

struct RequestLogOptions {
  std::string path = "-";  // "-": stderr.
  uint64_t max_bytes = 0;  // 0: never rotate.
  int keep = 3;            // Rotated files kept (FILE.1 .. FILE.keep).
  int64_t slow_ms = 1000;  // Requests at least this long are flagged "slow".
};

// The JSON line (without the newline) for `record`.
std::string FormatRequestLine(const RequestRecord& record, int64_t slow_ms);

class RequestLog {
 public:
  // Opens the log. IOError naming the path if it cannot be opened.
  static Result<std::unique_ptr<RequestLog>> Open(const RequestLogOptions& options);
  ~RequestLog();
  RequestLog(const RequestLog&) = delete;
  RequestLog& operator=(const RequestLog&) = delete;

  // Appends the record's line and flushes. A failed write is reported on
  // stderr once and does not fail the request.
  void Write(const RequestRecord& record);
  // Closes and reopens the file (no-op for stderr). On error the old file
  // stays in use.
  Status Reopen();

  const RequestLogOptions& options() const { return options_; }

 private:
  explicit RequestLog(RequestLogOptions options) : options_(std::move(options)) {}
  Status OpenFileLocked();
  void RotateLocked();

  const RequestLogOptions options_;
  std::mutex mu_;
  std::FILE* file_ = nullptr;  // stderr or owned.
  uint64_t size_ = 0;
  bool write_error_reported_ = false;
};

}  // namespace quarry
