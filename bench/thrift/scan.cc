#include "bench/thrift/scan.h"

#include <exception>

#include "bench/common/report.h"
#include "bench/thrift/thrift_client.h"

namespace quarry::bench {
namespace {

constexpr char kGetAll[] = R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";
// A runaway guard: far more pages than any size needs.
constexpr int64_t kMaxPages = 100'000'000;

}  // namespace

bool RunPagedScan(int port, int page_size, ScanResult* result, std::string* error) {
  try {
    ThriftConnection connection(port);
    Stopwatch watch;
    std::string handle;
    connection.client().openQuery(handle, connection.credentials(), kGetAll, page_size);
    rpc::Page page;
    do {
      connection.client().nextPage(page, connection.credentials(), handle);
      ++result->pages;
      if (!SumElements(page.itemsJson, &result->sums, /*keep_edges=*/false)) {
        *error = "page " + std::to_string(result->pages) +
                 " is not an element array: " + page.itemsJson.substr(0, 200);
        connection.client().closeQuery(connection.credentials(), handle);
        return false;
      }
    } while (!page.done && result->pages < kMaxPages);
    result->seconds = watch.Seconds();
    if (!page.done) {
      *error = "the query did not finish";
      return false;
    }
    return true;
  } catch (const rpc::QuarryError& e) {
    *error = e.code + ": " + e.message;
  } catch (const std::exception& e) {
    *error = e.what();
  }
  return false;
}

}  // namespace quarry::bench
