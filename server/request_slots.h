// The per-user concurrent-request quota (issue 20), shared by both
// transports so that one user cannot take every shared resource:
// RequestSlots counts the requests each user has running — Thrift calls in
// server/service, REST requests from admission until their response is
// written in server/rest. (Open paged queries are counted by the
// QueryRegistry, background jobs by the Executor; the limits come from the
// users file, server/users.h UserQuotas.)
//
// Thread safety: all methods may be called concurrently.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "graph-core/status.h"

namespace quarry {

class RequestSlots {
 public:
  // Held while a call runs; gives the slot back when destroyed.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept : owner_(other.owner_), user_id_(std::move(other.user_id_)) {
      other.owner_ = nullptr;
    }
    Slot& operator=(Slot&& other) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { Release(); }

   private:
    friend class RequestSlots;
    Slot(RequestSlots* owner, std::string user_id) : owner_(owner), user_id_(std::move(user_id)) {}
    void Release();

    RequestSlots* owner_ = nullptr;  // Not owned; outlives the slot.
    std::string user_id_;
  };

  // A slot for one more call of `user_id`; ResourceExhausted naming the
  // user and the quota when it already has `limit` calls running.
  // REQUIRES: limit >= 1; the RequestSlots outlives the returned slot.
  Result<Slot> Acquire(const std::string& user_id, int64_t limit);
  // Calls running for `user_id` (for tests and metrics).
  int64_t running(const std::string& user_id) const;

 private:
  void Release(const std::string& user_id);

  mutable std::mutex mu_;
  std::map<std::string, int64_t> running_;  // Guarded by mu_; no zero entries.
};

}  // namespace quarry
