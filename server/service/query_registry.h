// QueryRegistry: the server's open paged queries (openQuery / nextPage /
// closeQuery), like Accumulo proxy scanners.
//
// A handle is 128 random bits in hex, bound to the user who opened it: any
// other user gets NotFound, exactly as for an unknown handle. A query idle
// longer than the timeout is closed; so is a query that returns its last
// page or fails. At most `max_open` queries exist at once
// (ResourceExhausted beyond).
//
// Thread safety: all methods may be called concurrently; calls on one
// handle are serialised.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/executor.h"

namespace quarry {

struct QueryPage {
  JsonTextPage items;  // Gaffer JSON text.
  bool done = false;
};

class QueryRegistry {
 public:
  QueryRegistry(size_t max_open, int64_t idle_timeout_ms);

  // Registers an open query; returns its handle. ResourceExhausted when
  // `max_open` queries are open, or `max_for_user` (0: no limit) of this
  // user's (branch tls).
  Result<std::string> Add(const std::string& user_id, std::unique_ptr<ResultCursor> cursor,
                          size_t page_size, size_t max_for_user = 0);
  // The next page. NotFound for an unknown, expired or foreign handle.
  Result<QueryPage> NextPage(const std::string& user_id, const std::string& handle);
  // Closes a query; unknown handles are ignored.
  void Close(const std::string& user_id, const std::string& handle);

  size_t size() const;
  size_t OpenFor(const std::string& user_id) const;  // branch tls

 private:
  struct Entry {
    std::string user_id;
    size_t page_size = 0;
    std::unique_ptr<ResultCursor> cursor;
    std::mutex mu;  // Held while the cursor runs.
    std::chrono::steady_clock::time_point last_used;
  };

  // REQUIRES: mu_ held.
  void ExpireIdleLocked(std::chrono::steady_clock::time_point now);
  std::string NewHandle();
  size_t OpenForLocked(const std::string& user_id) const;  // REQUIRES: mu_ held.

  const size_t max_open_;
  const std::chrono::milliseconds idle_timeout_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Entry>> entries_;
};

}  // namespace quarry
