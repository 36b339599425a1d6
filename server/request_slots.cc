#include "server/request_slots.h"

namespace quarry {

RequestSlots::Slot& RequestSlots::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    Release();
    owner_ = other.owner_;
    user_id_ = std::move(other.user_id_);
    other.owner_ = nullptr;
  }
  return *this;
}

void RequestSlots::Slot::Release() {
  if (owner_ != nullptr) owner_->Release(user_id_);
  owner_ = nullptr;
}

Result<RequestSlots::Slot> RequestSlots::Acquire(const std::string& user_id, int64_t limit) {
  std::lock_guard lock(mu_);
  int64_t& count = running_[user_id];
  if (count >= limit) {
    if (count == 0) running_.erase(user_id);
    return ResourceExhaustedError("user '" + user_id + "' already has " + std::to_string(count) +
                                  " requests running (the user's maxConcurrentRequests quota)");
  }
  ++count;
  return Slot(this, user_id);
}

int64_t RequestSlots::running(const std::string& user_id) const {
  std::lock_guard lock(mu_);
  auto it = running_.find(user_id);
  return it == running_.end() ? 0 : it->second;
}

void RequestSlots::Release(const std::string& user_id) {
  std::lock_guard lock(mu_);
  auto it = running_.find(user_id);
  if (it != running_.end() && --it->second <= 0) running_.erase(it);
}

}  // namespace quarry
