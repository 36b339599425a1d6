#include "store-rados/internal/parallel_tablet_streams.h"

#include <condition_variable>
#include <deque>
#include <mutex>

namespace quarry::internal {

struct ParallelTabletStreams::Shared {
  struct Slot {
    std::deque<std::vector<Element>> chunks;
    bool done = false;
    Status status;
  };

  std::mutex mu;
  std::condition_variable changed;  // Any slot, head or stop changed.
  std::vector<Slot> slots;
  size_t head = 0;       // The stream being consumed.
  size_t next_task = 0;  // The first stream no worker has taken.
  bool stop = false;
  Factory make;
  std::shared_ptr<const void> keep_alive;
  size_t window = 1;
  size_t chunk = 1;

  void Work();
  // Reads stream `index` to its end (or until stopped).
  void Fill(size_t index, std::unique_lock<std::mutex>& lock);
};

void ParallelTabletStreams::Shared::Work() {
  std::unique_lock<std::mutex> lock(mu);
  while (true) {
    changed.wait(lock,
                 [&] { return stop || next_task == slots.size() || next_task < head + window; });
    if (stop || next_task == slots.size()) return;
    Fill(next_task++, lock);
  }
}

void ParallelTabletStreams::Shared::Fill(size_t index, std::unique_lock<std::mutex>& lock) {
  lock.unlock();
  Result<std::unique_ptr<ElementIterator>> made = make(index);
  lock.lock();
  Slot& slot = slots[index];
  if (!made.ok()) {
    slot.status = made.status();
    slot.done = true;
    changed.notify_all();
    return;
  }
  std::unique_ptr<ElementIterator> stream = std::move(made).value();
  while (true) {
    lock.unlock();
    std::vector<Element> elements;
    while (stream->Valid() && elements.size() < chunk) {
      elements.push_back(stream->element());
      stream->Next();
    }
    const bool end = !stream->Valid();
    lock.lock();
    changed.wait(lock, [&] { return stop || slot.chunks.size() < kChunksAhead; });
    if (stop) break;
    if (!elements.empty()) slot.chunks.push_back(std::move(elements));
    if (end) {
      slot.status = stream->status();
      slot.done = true;
    }
    changed.notify_all();
    if (end) break;
  }
  lock.unlock();
  stream.reset();  // Outside the lock: may wait for reads in flight.
  lock.lock();
}

ParallelTabletStreams::ParallelTabletStreams(size_t count, Factory make,
                                             std::shared_ptr<const void> keep_alive, size_t threads,
                                             size_t window, size_t chunk)
    : shared_(std::make_shared<Shared>()) {
  shared_->slots.resize(count);
  shared_->make = std::move(make);
  shared_->keep_alive = std::move(keep_alive);
  shared_->window = window;
  shared_->chunk = chunk;
  for (size_t i = 0; i < std::min(threads, count); ++i) {
    workers_.emplace_back([shared = shared_] { shared->Work(); });
  }
  Advance();
}

ParallelTabletStreams::~ParallelTabletStreams() {
  {
    std::lock_guard<std::mutex> lock(shared_->mu);
    shared_->stop = true;
  }
  shared_->changed.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ParallelTabletStreams::Next() {
  if (++pos_ >= chunk_.size()) Advance();
}

void ParallelTabletStreams::Advance() {
  chunk_.clear();
  pos_ = 0;
  Shared& s = *shared_;
  std::unique_lock<std::mutex> lock(s.mu);
  while (s.head < s.slots.size()) {
    Shared::Slot& slot = s.slots[s.head];
    s.changed.wait(lock, [&] { return !slot.chunks.empty() || slot.done; });
    if (!slot.chunks.empty()) {
      chunk_ = std::move(slot.chunks.front());
      slot.chunks.pop_front();
      s.changed.notify_all();
      return;  // Chunks are never empty.
    }
    if (!slot.status.ok()) {
      status_ = slot.status;
      s.stop = true;
      s.changed.notify_all();
      return;
    }
    ++s.head;
    s.changed.notify_all();
  }
}

}  // namespace quarry::internal
