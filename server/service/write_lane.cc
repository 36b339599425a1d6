#include "server/service/write_lane.h"

#include <exception>
#include <utility>

#include "store/forwarding_graph.h"

namespace quarry {

struct WriteLane::Job {
  const std::function<Status()>* work = nullptr;
  Status status;
  bool done = false;
  std::condition_variable cv;
};

WriteLane::WriteLane(WriteLaneOptions options) : options_(options) {
  if (!options_.priority.lowered()) return;
  int n = options_.threads;
  if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
  if (n <= 0) n = 1;
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { Work(); });
}

WriteLane::~WriteLane() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& t : threads_) t.join();
}

namespace {

Status Guarded(const std::function<Status()>& work) {
  try {
    return work();
  } catch (const std::exception& e) {
    return InternalError(std::string("write failed with an exception: ") + e.what());
  } catch (...) {
    return InternalError("write failed with an exception");
  }
}

}  // namespace

Status WriteLane::Run(const std::function<Status()>& work) {
  if (threads_.empty()) return Guarded(work);
  Job job;
  job.work = &work;
  std::unique_lock lock(mu_);
  queue_.push_back(&job);
  work_cv_.notify_one();
  job.cv.wait(lock, [&job] { return job.done; });
  return std::move(job.status);
}

void WriteLane::Work() {
  NameThisThread("quarry-wlane");
  LowerThisThreadPriority(options_.priority);  // If refused, writes still run.
  std::unique_lock lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // Stopping, nothing left.
    Job* job = queue_.front();
    queue_.pop_front();
    lock.unlock();
    Status status = Guarded(*job->work);
    lock.lock();
    job->status = std::move(status);
    job->done = true;
    job->cv.notify_one();  // Under mu_: the job outlives this call.
  }
}

namespace {

class WriteLaneGraph final : public ForwardingGraph {
 public:
  WriteLaneGraph(std::shared_ptr<Graph> inner, std::shared_ptr<WriteLane> lane)
      : ForwardingGraph(std::move(inner)), lane_(std::move(lane)) {}

  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override {
    return lane_->Run([&] { return inner().AddElements(elements, options, result); });
  }
  Status BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                    AddElementsResult* result) override {
    return lane_->Run([&] { return inner().BulkImport(elements, options, result); });
  }
  Status DeleteElements(std::span<const Element> elements) override {
    return lane_->Run([&] { return inner().DeleteElements(elements); });
  }
  Status DeleteAllElements() override {
    return lane_->Run([&] { return inner().DeleteAllElements(); });
  }
  Status Compact() override {
    return lane_->Run([&] { return inner().Compact(); });
  }
  Status SetSplitPoints(std::vector<std::string> split_points) override {
    return lane_->Run([&] { return inner().SetSplitPoints(std::move(split_points)); });
  }
  Status MergeShards(const std::string& start, const std::string& end) override {
    return lane_->Run([&] { return inner().MergeShards(start, end); });
  }

 private:
  std::shared_ptr<WriteLane> lane_;
};

}  // namespace

std::shared_ptr<Graph> WritesOnLane(std::shared_ptr<Graph> graph, std::shared_ptr<WriteLane> lane) {
  return std::make_shared<WriteLaneGraph>(std::move(graph), std::move(lane));
}

}  // namespace quarry
