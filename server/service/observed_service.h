// Request observation for `quarry serve` (branch service, issue 19): the
// Thrift handler and the REST handler wrapped so that every request, when
// it has finished, becomes one request-log line (server/service/
// request_log.h) and moves the metrics (server/metrics/service_metrics.h).
// The wrapped handlers run unchanged; what a request ran is read from its
// operation JSON (server/service/operation_summary.h), never its data.
//
// "Finished" is when the response is complete: for a REST result streamed
// through a cursor, when the cursor is exhausted, fails or is dropped (the
// client went away), so that the duration covers the streaming and items
// counts what was produced.
//
// Thread safety: the wrappers are called from many threads at once.
#pragma once

#include <functional>
#include <memory>

#include "server/metrics/service_metrics.h"
#include "server/rest/http_server.h"
#include "server/rpc/Quarry.h"
#include "server/service/health.h"
#include "server/service/request_log.h"

namespace quarry {

// Where finished requests go. Either may be null. Not owned: both outlive
// the servers.
struct RequestObservers {
  RequestLog* log = nullptr;
  ServiceMetrics* metrics = nullptr;

  // Every Start is followed by one Finish of a record of that transport.
  void Start(const std::string& transport) const;
  void Finish(const RequestRecord& record) const;
};

// The number of items in a JSON result text: an array's top-level items, 0
// for null, 1 for any other value. A byte scan, no parse.
uint64_t CountResultItems(std::string_view json);

// The canonical status code name for an HTTP status (the inverse of
// HttpStatusFor, rest_api.h): "OK" below 400.
std::string OutcomeForHttpStatus(int http_status);

// The REST API with each call observed.
RestHandler ObservedRestHandler(RestHandler api, RequestObservers observers);

// The Thrift service with each call observed, and status() answered from
// `health`. `inner`'s own status() is not called.
class ObservedQuarryService : public rpc::QuarryIf {
 public:
  ObservedQuarryService(std::shared_ptr<rpc::QuarryIf> inner, RequestObservers observers,
                        std::function<HealthReport()> health);

  void execute(std::string& result, const rpc::Credentials& credentials,
               const std::string& operation_json) override;
  void openQuery(std::string& handle, const rpc::Credentials& credentials,
                 const std::string& operation_json, int32_t page_size) override;
  void nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                const std::string& handle) override;
  void closeQuery(const rpc::Credentials& credentials, const std::string& handle) override;
  void addElements(rpc::AddElementsResult& result, const rpc::Credentials& credentials,
                   const std::vector<rpc::Element>& elements,
                   const rpc::AddElementsOptions& options) override;
  void status(rpc::ServiceStatus& result) override;

 private:
  template <typename Call>
  void Observe(RequestRecord record, Call&& call);

  std::shared_ptr<rpc::QuarryIf> inner_;
  RequestObservers observers_;
  std::function<HealthReport()> health_;
};

}  // namespace quarry
