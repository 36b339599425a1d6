// What every HTTP session of one server shares: the handlers, the users,
// the limits, the worker pool and the registry of open sessions (so that
// Stop() can close them).
//
// Lifetime: owned by the server; outlives its I/O context, its workers and
// every session. Thread safety: the registry and counters are synchronised;
// the rest is immutable while serving.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "server/auth_throttle.h"
#include "server/request_slots.h"
#include "server/rest/http_server.h"
#include "server/tls/tls_context.h"

namespace quarry::rest_internal {

class HttpSession;

struct HttpContext {
  RestHandler api;
  std::vector<HttpPathHandler> extra_paths;
  UserDirectory users;
  HttpServerLimits limits;
  boost::asio::thread_pool* workers = nullptr;  // Not owned.
  // --- branch tls (issue 20).
  std::shared_ptr<TlsContext> tls;  // Null: plain HTTP.
  AuthThrottle throttle{AuthThrottleOptions()};
  RequestSlots request_slots;  // Each user's maxConcurrentRequests quota.
  // --- end of branch tls.

  std::atomic<int> connections{0};
  std::atomic<bool> stopping{false};

  uint64_t Register(std::weak_ptr<HttpSession> session) {
    std::lock_guard lock(mu_);
    sessions_[next_id_] = std::move(session);
    return next_id_++;
  }
  void Unregister(uint64_t id) {
    std::lock_guard lock(mu_);
    sessions_.erase(id);
  }
  std::vector<std::shared_ptr<HttpSession>> Sessions() {
    std::lock_guard lock(mu_);
    std::vector<std::shared_ptr<HttpSession>> out;
    for (auto& [id, weak] : sessions_) {
      if (auto session = weak.lock()) out.push_back(std::move(session));
    }
    return out;
  }

 private:
  std::mutex mu_;
  std::map<uint64_t, std::weak_ptr<HttpSession>> sessions_;
  uint64_t next_id_ = 1;
};

}  // namespace quarry::rest_internal
