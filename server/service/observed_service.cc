#include "server/service/observed_service.h"

#include <chrono>
#include <cstring>
#include <optional>

#include "server/service/operation_summary.h"

namespace quarry {
namespace {

using Clock = std::chrono::steady_clock;

int64_t UnixMillisNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double MillisSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

bool RunsOperations(std::string_view path) {
  return path.rfind("/graph/operations/execute", 0) == 0;
}

// A REST result cursor that finishes its request's record when the stream
// ends (exhausted, failed, or dropped before the end).
class ObservedCursor : public ResultCursor {
 public:
  ObservedCursor(std::unique_ptr<ResultCursor> inner, RequestRecord record, Clock::time_point start,
                 RequestObservers observers)
      : inner_(std::move(inner)),
        record_(std::move(record)),
        start_(start),
        observers_(observers) {}
  ~ObservedCursor() override {
    if (!finished_) Finish(inner_->done() ? "OK" : "CANCELLED");
  }

  ResultShape shape() const override { return inner_->shape(); }
  bool done() const override { return inner_->done(); }
  Result<std::vector<Json>> NextPage(size_t max_items) override {
    Result<std::vector<Json>> page = inner_->NextPage(max_items);
    if (!page.ok()) {
      if (!finished_) Finish(std::string(StatusCodeName(page.status().code())));
      return page;
    }
    record_.items += page->size();
    if (inner_->done() && !finished_) Finish("OK");
    return page;
  }
  Status NextPageText(size_t max_items, JsonTextPage* page) override {
    Status status = inner_->NextPageText(max_items, page);
    if (!status.ok()) {
      if (!finished_) Finish(std::string(StatusCodeName(status.code())));
      return status;
    }
    record_.items += page->size();
    if (inner_->done() && !finished_) Finish("OK");
    return status;
  }

 private:
  void Finish(std::string outcome) {
    finished_ = true;
    record_.outcome = std::move(outcome);
    record_.duration_ms = MillisSince(start_);
    observers_.Finish(record_);
  }

  std::unique_ptr<ResultCursor> inner_;
  RequestRecord record_;
  Clock::time_point start_;
  RequestObservers observers_;
  bool finished_ = false;
};

}  // namespace

void RequestObservers::Start(const std::string& transport) const {
  if (metrics != nullptr) metrics->AdjustActive(transport, +1);
}

void RequestObservers::Finish(const RequestRecord& record) const {
  if (metrics != nullptr) {
    metrics->AdjustActive(record.transport, -1);
    metrics->RecordRequest(record);
  }
  if (log != nullptr) log->Write(record);
}

namespace {

// The position just past the string whose opening quote is at `open`, or
// json.size() if it never closes. A string is most of a result's bytes
// (names, group names, values): its end is found with memchr, and a quote
// is the end unless an odd number of backslashes stand before it.
size_t SkipString(std::string_view json, size_t open) {
  size_t from = open + 1;
  for (;;) {
    const void* hit = std::memchr(json.data() + from, '"', json.size() - from);
    if (hit == nullptr) return json.size();
    const size_t quote = static_cast<const char*>(hit) - json.data();
    size_t backslashes = 0;
    while (quote - backslashes > open + 1 && json[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote + 1;
    from = quote + 1;
  }
}

}  // namespace

uint64_t CountResultItems(std::string_view json) {
  size_t i = json.find_first_not_of(" \t\r\n");
  if (i == std::string_view::npos || json.compare(i, 4, "null") == 0) return 0;
  if (json[i] != '[') return 1;
  uint64_t items = 0;
  int depth = 0;
  bool any = false;
  while (i < json.size()) {
    const char c = json[i];
    if (c == '"') {
      any = any || depth >= 1;
      i = SkipString(json, i);
      continue;
    }
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    if (depth == 1 && c == ',') ++items;
    if (depth >= 1 && c != ' ' && c != '\n' && c != '\t' && c != '\r' &&
        !(depth == 1 && c == '[')) {
      any = true;
    }
    ++i;
  }
  return any ? items + 1 : 0;
}

std::string OutcomeForHttpStatus(int http_status) {
  if (http_status < 400) return "OK";
  StatusCode code = http_status < 500 ? StatusCode::kInvalidArgument : StatusCode::kInternal;
  switch (http_status) {
    case 401:
      code = StatusCode::kUnauthenticated;
      break;
    case 403:
      code = StatusCode::kPermissionDenied;
      break;
    case 404:
      code = StatusCode::kNotFound;
      break;
    case 409:
      code = StatusCode::kAlreadyExists;
      break;
    case 413:
    case 429:
      code = StatusCode::kResourceExhausted;
      break;
    case 501:
      code = StatusCode::kUnimplemented;
      break;
    case 503:
      code = StatusCode::kUnavailable;
      break;
    default:
      break;
  }
  return std::string(StatusCodeName(code));
}

RestHandler ObservedRestHandler(RestHandler api, RequestObservers observers) {
  return [api = std::move(api), observers](const RestRequest& request) {
    const Clock::time_point start = Clock::now();
    RequestRecord record;
    record.start_unix_ms = UnixMillisNow();
    record.user = request.user != nullptr ? request.user->user_id : "UNKNOWN";
    record.transport = "http";
    observers.Start(record.transport);
    record.call = std::string(request.method) + " " + std::string(request.path);
    if (RunsOperations(request.path)) record.operations = OperationClassNames(request.body);
    record.bytes_in = request.body.size();
    RestResponse response = api(request);
    record.http_status = response.status;
    if (response.cursor != nullptr && response.status < 400) {
      record.bytes_out_known = false;
      response.cursor = std::make_unique<ObservedCursor>(std::move(response.cursor),
                                                         std::move(record), start, observers);
      return response;
    }
    record.bytes_out = response.body.size();
    if (RunsOperations(request.path) && response.status < 400) {
      record.items = CountResultItems(response.body);
    }
    record.outcome = OutcomeForHttpStatus(response.status);
    record.duration_ms = MillisSince(start);
    observers.Finish(record);
    return response;
  };
}

ObservedQuarryService::ObservedQuarryService(std::shared_ptr<rpc::QuarryIf> inner,
                                             RequestObservers observers,
                                             std::function<HealthReport()> health)
    : inner_(std::move(inner)), observers_(observers), health_(std::move(health)) {}

// Runs `call`, which fills record.items and bytes_out on success, and
// finishes the record with the call's outcome (QuarryError's code).
template <typename Call>
void ObservedQuarryService::Observe(RequestRecord record, Call&& call) {
  const Clock::time_point start = Clock::now();
  record.start_unix_ms = UnixMillisNow();
  record.transport = "thrift";
  observers_.Start(record.transport);
  try {
    call(record);
  } catch (const rpc::QuarryError& error) {
    record.outcome = error.code;
    record.duration_ms = MillisSince(start);
    observers_.Finish(record);
    throw;
  } catch (...) {
    record.outcome = std::string(StatusCodeName(StatusCode::kInternal));
    record.duration_ms = MillisSince(start);
    observers_.Finish(record);
    throw;
  }
  record.duration_ms = MillisSince(start);
  observers_.Finish(record);
}

void ObservedQuarryService::execute(std::string& result, const rpc::Credentials& credentials,
                                    const std::string& operation_json) {
  RequestRecord record;
  record.user = credentials.userId;
  record.call = "execute";
  record.operations = OperationClassNames(operation_json);
  record.bytes_in = operation_json.size();
  Observe(std::move(record), [&](RequestRecord& r) {
    inner_->execute(result, credentials, operation_json);
    r.items = CountResultItems(result);
    r.bytes_out = result.size();
  });
}

void ObservedQuarryService::openQuery(std::string& handle, const rpc::Credentials& credentials,
                                      const std::string& operation_json, int32_t page_size) {
  RequestRecord record;
  record.user = credentials.userId;
  record.call = "openQuery";
  record.operations = OperationClassNames(operation_json);
  record.bytes_in = operation_json.size();
  Observe(std::move(record), [&](RequestRecord&) {
    inner_->openQuery(handle, credentials, operation_json, page_size);
  });
}

void ObservedQuarryService::nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                                     const std::string& handle) {
  RequestRecord record;
  record.user = credentials.userId;
  record.call = "nextPage";
  Observe(std::move(record), [&](RequestRecord& r) {
    inner_->nextPage(page, credentials, handle);
    // The page says how many items it holds: counting them again would
    // scan every byte of every page on the handler's thread.
    r.items = page.__isset.itemCount ? static_cast<uint64_t>(page.itemCount)
                                     : CountResultItems(page.itemsJson);
    r.bytes_out = page.itemsJson.size();
  });
}

void ObservedQuarryService::closeQuery(const rpc::Credentials& credentials,
                                       const std::string& handle) {
  RequestRecord record;
  record.user = credentials.userId;
  record.call = "closeQuery";
  Observe(std::move(record), [&](RequestRecord&) { inner_->closeQuery(credentials, handle); });
}

void ObservedQuarryService::addElements(rpc::AddElementsResult& result,
                                        const rpc::Credentials& credentials,
                                        const std::vector<rpc::Element>& elements,
                                        const rpc::AddElementsOptions& options) {
  RequestRecord record;
  record.user = credentials.userId;
  record.call = "addElements";
  record.operations = {"AddElements"};
  Observe(std::move(record), [&](RequestRecord& r) {
    inner_->addElements(result, credentials, elements, options);
    r.items = static_cast<uint64_t>(result.added);
  });
}

// Not logged: monitors call it every few seconds.
void ObservedQuarryService::status(rpc::ServiceStatus& result) {
  const HealthReport report = health_ ? health_() : HealthReport{};
  result.status = report.up ? "UP" : "DOWN";
  if (!report.up) result.__set_reason(report.reason);
}

}  // namespace quarry
