#include "iterators/internal/parked_threads.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

namespace quarry::iterators_internal {
namespace {

// A parked thread gives up after this long without a job.
constexpr auto kIdleLifetime = std::chrono::seconds(60);

class ParkedThreads {
 public:
  void Run(std::function<void()> job) {
    std::unique_lock<std::mutex> lock(mu_);
    jobs_.push_back(std::move(job));
    if (parked_ >= jobs_.size()) {
      lock.unlock();
      cv_.notify_one();
      return;
    }
    try {
      std::thread([this] { Park(); }).detach();
    } catch (...) {
      jobs_.pop_back();
      throw;
    }
  }

 private:
  void Park() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      ++parked_;
      const bool woken = cv_.wait_for(lock, kIdleLifetime, [this] { return !jobs_.empty(); });
      --parked_;
      if (!woken) return;
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      job();
      job = nullptr;  // Whatever it holds is released off the lock.
      lock.lock();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;  // Guarded by mu_.
  size_t parked_ = 0;                       // Guarded by mu_.
};

}  // namespace

void RunOnParkedThread(std::function<void()> job) {
  // Never destroyed: parked threads may outlive every static destructor.
  static ParkedThreads* const threads = new ParkedThreads();
  threads->Run(std::move(job));
}

}  // namespace quarry::iterators_internal
