#include "operations/job_scheduler.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace quarry {
namespace {

int64_t SteadyMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

JobScheduler::~JobScheduler() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void JobScheduler::Schedule(int64_t initial_delay_ms, int64_t period_ms,
                            std::function<bool()> task) {
  std::lock_guard lock(mu_);
  if (stopping_) return;
  entries_.push_back({SteadyMillis() + initial_delay_ms, period_ms, std::move(task)});
  if (!thread_.joinable()) thread_ = std::thread([this] { Loop(); });
  wake_.notify_all();
}

void JobScheduler::Loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    auto next =
        std::min_element(entries_.begin(), entries_.end(),
                         [](const Entry& a, const Entry& b) { return a.due_ms < b.due_ms; });
    if (next == entries_.end()) {
      wake_.wait(lock);
      continue;
    }
    const int64_t wait_ms = next->due_ms - SteadyMillis();
    if (wait_ms > 0) {
      wake_.wait_for(lock, std::chrono::milliseconds(wait_ms));
      continue;  // Woken early by a new entry, or due now: look again.
    }
    Entry entry = std::move(*next);
    entries_.erase(next);
    lock.unlock();
    const bool again = entry.task();
    lock.lock();
    if (again && !stopping_) {
      entry.due_ms += entry.period_ms;  // fixed rate, as scheduleAtFixedRate
      entries_.push_back(std::move(entry));
    }
  }
}

}  // namespace quarry
