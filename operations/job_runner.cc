#include "operations/job_runner.h"

#include <utility>

namespace quarry {

JobRunner::JobRunner(int threads, size_t max_queued)
    : threads_(threads < 1 ? 1 : threads), max_queued_(max_queued) {}

JobRunner::~JobRunner() {
  std::deque<Job> cancelled;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    cancelled.swap(queue_);
  }
  wake_.notify_all();
  for (Job& job : cancelled) {
    if (job.cancel) job.cancel();
  }
  for (std::thread& t : workers_) t.join();
}

Status JobRunner::Submit(std::function<void()> run, std::function<void()> cancel) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return UnavailableError("the job runner is shutting down");
    if (queue_.size() >= max_queued_) {
      return ResourceExhaustedError("too many jobs waiting (" + std::to_string(max_queued_) +
                                    "); try again later");
    }
    queue_.push_back(Job{std::move(run), std::move(cancel)});
    if (workers_.empty()) {
      for (int i = 0; i < threads_; ++i) workers_.emplace_back([this] { Work(); });
    }
  }
  wake_.notify_one();
  return Status::OK();
}

void JobRunner::Work() {
  while (true) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // Stopping, nothing left.
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job.run();
  }
}

}  // namespace quarry
