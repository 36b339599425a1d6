#include "cli/commands/periodic_sweep.h"

namespace quarry::cli {

PeriodicSweep::~PeriodicSweep() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PeriodicSweep::Start(Graph* graph, std::chrono::seconds interval, std::FILE* log) {
  thread_ = std::thread([this, graph, interval, log] { Run(graph, interval, log); });
}

void PeriodicSweep::Run(Graph* graph, std::chrono::seconds interval, std::FILE* log) {
  std::unique_lock<std::mutex> lock(mu_);
  while (!wake_.wait_for(lock, interval, [this] { return stop_; })) {
    lock.unlock();
    Status s = graph->Compact();
    if (!s.ok()) std::fprintf(log, "quarry serve: sweep failed: %s\n", s.ToString().c_str());
    lock.lock();
  }
}

std::chrono::seconds DefaultSweepInterval(const Graph& graph) {
  return graph.properties().store == "rados" ? std::chrono::seconds(3600) : std::chrono::seconds(0);
}

}  // namespace quarry::cli
