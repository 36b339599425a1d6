#include "bench/thrift/ingest.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <span>
#include <thread>

#include "bench/common/report.h"
#include "bench/thrift/gaffer_json.h"
#include "bench/thrift/thrift_client.h"
#include "bench/thrift/typed_elements.h"

namespace quarry::bench {
namespace {

// The two Thrift elements of each event, as a typed client builds them.
std::vector<rpc::Element> TypedBatch(std::span<const EdgeEvent> events) {
  std::vector<rpc::Element> out;
  out.reserve(2 * events.size());
  for (const EdgeEvent& e : events) {
    out.push_back(TypedEventEdge(e));
    out.push_back(TypedEventEntity(e));
  }
  return out;
}

void SendBatch(ThriftConnection& connection, IngestPath path, std::span<const EdgeEvent> batch) {
  if (path == IngestPath::kJson) {
    std::string op;
    op.reserve(batch.size() * 330);
    AppendAddElementsJson(batch, &op);
    std::string result;
    connection.client().execute(result, connection.credentials(), op);
    return;
  }
  rpc::AddElementsResult result;
  connection.client().addElements(result, connection.credentials(), TypedBatch(batch),
                                  rpc::AddElementsOptions());
}

// One client thread: its own connection, batches t, t+threads, ...
void IngestThread(const IngestConfig& config, const std::vector<EdgeEvent>& events, int thread,
                  std::mutex* mu, std::string* error) {
  try {
    ThriftConnection connection(config.port);
    const size_t batches = (events.size() + config.batch_events - 1) / config.batch_events;
    for (size_t b = static_cast<size_t>(thread); b < batches;
         b += static_cast<size_t>(config.threads)) {
      const size_t begin = b * config.batch_events;
      const size_t end = std::min(events.size(), begin + config.batch_events);
      SendBatch(connection, config.path,
                std::span<const EdgeEvent>(events.data() + begin, end - begin));
    }
  } catch (const rpc::QuarryError& e) {
    std::lock_guard lock(*mu);
    if (error->empty())
      *error = "thread " + std::to_string(thread) + ": " + e.code + ": " + e.message;
  } catch (const std::exception& e) {
    std::lock_guard lock(*mu);
    if (error->empty()) *error = "thread " + std::to_string(thread) + ": " + e.what();
  }
}

}  // namespace

double RunIngest(const IngestConfig& config, const std::vector<EdgeEvent>& events,
                 std::string* error) {
  std::mutex mu;
  Stopwatch watch;
  std::vector<std::thread> threads;
  for (int t = 0; t < config.threads; ++t) {
    threads.emplace_back(IngestThread, std::cref(config), std::cref(events), t, &mu, error);
  }
  for (std::thread& t : threads) t.join();
  const double seconds = watch.Seconds();
  return error->empty() ? seconds : -1;
}

}  // namespace quarry::bench
