// WriteCoalescer: group commit for one graph's writes (issue 18, hot keys).
//
// Callers hand their items (a graph's encoded cells) to Write(), which
// blocks until they are written. A write that finds nothing queued and
// nothing being written runs on the caller's thread (no hop for a lone
// writer); otherwise it queues for the writer thread, which takes every
// request queued since the previous write (in arrival order, at most
// `max_group_items` items unless a single request is larger), concatenates
// their items and calls the group writer once. Concurrent batches that hit
// the same keys thus reach the store as one batch, where the group writer
// can fold equal keys into one value, and only one thread writes at a time.
//
// Why a thread and not a leader elected among the callers: the writer runs
// at a lower OS scheduling priority (`nice`) than the threads that serve
// reads, so when writes pile up (the load that saturates the CPU) a read
// does not wait for a core behind write work (bench/RESULTS.md, "Hot keys").
//
// Acknowledgement: Write returns only after the group writer returned for
// the group holding the request's items, with that group's status; every
// request of a failed group gets the same error. Durability is therefore
// exactly the group writer's.
//
// Ordering: a request's items keep their order, and come after the items of
// every request that arrived before it (a key's operands stay oldest first).
//
// Thread safety: Write may be called from any number of threads. The
// destructor lets the writer finish what is queued, then joins it.
// REQUIRES: no Write starts once destruction has begun.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "graph-core/status.h"
#include "graph-core/thread_priority.h"

namespace quarry::internal {

struct WriteCoalescerOptions {
  size_t max_group_items = size_t{1} << 20;
  // How far the writer thread lowers its CPU priority, to yield the cores
  // to the process's other threads (graph-core/thread_priority.h).
  ThreadPriority writer_priority;
};

template <typename Item>
class WriteCoalescer {
 public:
  // Writes one group; may reorder or fold `items` in place.
  using GroupWriter = std::function<Status(std::vector<Item>* items)>;

  WriteCoalescer(GroupWriter writer, WriteCoalescerOptions options)
      : writer_(std::move(writer)), options_(options), thread_([this] { Run(); }) {}
  ~WriteCoalescer() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    work_cv_.notify_one();
    thread_.join();
  }
  WriteCoalescer(const WriteCoalescer&) = delete;
  WriteCoalescer& operator=(const WriteCoalescer&) = delete;

  // Blocks until `items` are written; the status of the group that held them.
  Status Write(std::vector<Item> items) {
    std::unique_lock lock(mu_);
    if (!busy_ && queue_.empty()) return WriteDirect(std::move(items), lock);
    Request request;
    request.items = std::move(items);
    queue_.push_back(&request);
    work_cv_.notify_one();
    request.cv.wait(lock, [&request] { return request.done; });
    return std::move(request.status);
  }

  // Requests waiting for the writer to take them (tests).
  size_t queued_requests() const {
    std::lock_guard lock(mu_);
    return queue_.size();
  }
  // Groups written so far (tests and metrics).
  uint64_t groups_written() const {
    std::lock_guard lock(mu_);
    return groups_written_;
  }

 private:
  struct Request {
    std::vector<Item> items;
    Status status;
    bool done = false;
    std::condition_variable cv;
  };

  // Nothing queued or being written: the caller writes its own items on its
  // own thread, so a lone writer (embedded ingest) pays no thread hop.
  Status WriteDirect(std::vector<Item> items, std::unique_lock<std::mutex>& lock) {
    busy_ = true;
    lock.unlock();
    Status status = WriteGuarded(&items);
    lock.lock();
    busy_ = false;
    ++groups_written_;
    if (!queue_.empty()) work_cv_.notify_one();  // Arrived meanwhile.
    return status;
  }

  void Run() {
    NameThisThread("quarry-writer");
    LowerThisThreadPriority(options_.writer_priority);
    std::unique_lock lock(mu_);
    for (;;) {
      work_cv_.wait(lock, [this] { return (stopping_ || !queue_.empty()) && !busy_; });
      if (queue_.empty()) return;  // Stopping, nothing left.
      std::vector<Request*> group = TakeGroup();
      busy_ = true;
      lock.unlock();
      std::vector<Item> items = Concatenate(group);
      Status status = WriteGuarded(&items);
      lock.lock();
      busy_ = false;
      ++groups_written_;
      for (Request* r : group) {
        r->status = status;
        r->done = true;
        r->cv.notify_one();  // Under mu_: the request outlives this call.
      }
    }
  }

  // REQUIRES: mu_ held, queue_ not empty.
  std::vector<Request*> TakeGroup() {
    std::vector<Request*> group{queue_.front()};
    size_t total = queue_.front()->items.size();
    queue_.pop_front();
    while (!queue_.empty() && total + queue_.front()->items.size() <= options_.max_group_items) {
      total += queue_.front()->items.size();
      group.push_back(queue_.front());
      queue_.pop_front();
    }
    return group;
  }

  static std::vector<Item> Concatenate(const std::vector<Request*>& group) {
    if (group.size() == 1) return std::move(group[0]->items);
    size_t total = 0;
    for (const Request* r : group) total += r->items.size();
    std::vector<Item> items;
    items.reserve(total);
    for (Request* r : group) {
      items.insert(items.end(), std::make_move_iterator(r->items.begin()),
                   std::make_move_iterator(r->items.end()));
    }
    return items;
  }

  // No waiting caller may hang: anything thrown fails the group.
  Status WriteGuarded(std::vector<Item>* items) {
    try {
      return writer_(items);
    } catch (...) {
      return InternalError("write coalescer: the group writer threw");
    }
  }

  const GroupWriter writer_;
  const WriteCoalescerOptions options_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;
  std::deque<Request*> queue_;   // Guarded by mu_; each lives in its Write call.
  bool stopping_ = false;        // Guarded by mu_.
  bool busy_ = false;            // Guarded by mu_: a group is being written.
  uint64_t groups_written_ = 0;  // Guarded by mu_.
  std::thread thread_;           // Last: starts once the members above exist.
};

}  // namespace quarry::internal
