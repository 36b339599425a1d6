#include "store-rocks/internal/parallel_element_iterator.h"

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "graph-core/tsan_handoff.h"

namespace quarry::internal {

struct ParallelElementIterator::State {
  struct Slot {
    std::unique_ptr<ElementIterator> stream;  // Touched only by its job while filling.
    std::vector<Element> ready;               // The chunk filled last. Guarded by mu.
    bool filling = false;                     // Guarded by mu.
    bool ended = false;                       // Guarded by mu.
    Status status;                            // Guarded by mu.
  };

  Factory make;
  std::shared_ptr<void> keep_alive;
  size_t chunk = 1;
  std::vector<Slot> slots;
  std::atomic<bool> cancelled{false};
  std::mutex mu;
  std::condition_variable cv;
  size_t outstanding = 0;  // Jobs enqueued and not finished. Guarded by mu.

  // One job: builds stream `index` if needed and reads its next chunk.
  void Fill(size_t index) {
    TsanTakeOver(this);  // Launch's TsanHandOff (graph-core/tsan_handoff.h).
    Slot& slot = slots[index];
    std::vector<Element> out;
    Status status;
    bool ended = cancelled.load();
    if (!ended && slot.stream == nullptr) {
      Result<std::unique_ptr<ElementIterator>> made = make(index);
      if (made.ok()) {
        slot.stream = std::move(made).value();
      } else {
        status = made.status();
        ended = true;
      }
    }
    while (!ended && slot.stream->Valid() && out.size() < chunk && !cancelled.load()) {
      out.push_back(slot.stream->element());
      slot.stream->Next();
    }
    if (!ended && !slot.stream->Valid()) {
      status = slot.stream->status();
      ended = true;
    }
    if (ended) slot.stream.reset();
    std::lock_guard<std::mutex> lock(mu);
    slot.ready = std::move(out);
    slot.status = std::move(status);
    slot.ended = ended;
    slot.filling = false;
    --outstanding;
    cv.notify_all();
  }
};

ParallelElementIterator::ParallelElementIterator(size_t count, Factory make,
                                                 std::shared_ptr<void> keep_alive,
                                                 tbb::task_arena* arena, size_t window,
                                                 size_t chunk)
    : state_(std::make_shared<State>()), arena_(arena), window_(window < 1 ? 1 : window) {
  state_->make = std::move(make);
  state_->keep_alive = std::move(keep_alive);
  state_->chunk = chunk < 1 ? 1 : chunk;
  state_->slots.resize(count);
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    while (next_launch_ < count && next_launch_ < window_) Launch(next_launch_++);
  }
  Advance();
}

ParallelElementIterator::~ParallelElementIterator() {
  state_->cancelled.store(true);
  std::unique_lock<std::mutex> lock(state_->mu);
  state_->cv.wait(lock, [this] { return state_->outstanding == 0; });
  // The streams before the snapshots they read; nothing survives in the
  // jobs' copies of state_ that refers to the graph.
  for (State::Slot& slot : state_->slots) slot.stream.reset();
  state_->make = nullptr;
  state_->keep_alive.reset();
}

void ParallelElementIterator::Launch(size_t index) {
  state_->slots[index].filling = true;
  ++state_->outstanding;
  std::shared_ptr<State> state = state_;
  // TBB orders the job after this; ThreadSanitizer needs telling.
  TsanHandOff(state.get());
  arena_->enqueue([state, index] { state->Fill(index); });
}

void ParallelElementIterator::Next() {
  if (++pos_ < chunk_.size()) return;
  Advance();
}

void ParallelElementIterator::Advance() {
  chunk_.clear();
  pos_ = 0;
  const size_t count = state_->slots.size();
  std::unique_lock<std::mutex> lock(state_->mu);
  while (chunk_.empty() && head_ < count) {
    State::Slot& slot = state_->slots[head_];
    state_->cv.wait(lock, [&slot] { return !slot.filling; });
    chunk_ = std::move(slot.ready);
    slot.ready.clear();
    if (!slot.ended) {
      Launch(head_);  // The next chunk while this one is consumed.
      continue;
    }
    if (!slot.status.ok()) {
      pending_ = slot.status;
      head_ = count;  // Nothing after a failed stream.
      state_->cancelled.store(true);
      break;
    }
    ++head_;
    if (next_launch_ < count) Launch(next_launch_++);
  }
  if (chunk_.empty()) status_ = pending_;
}

}  // namespace quarry::internal
