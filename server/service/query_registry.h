// QueryRegistry: the server's open paged queries (openQuery / nextPage /
// closeQuery), like Accumulo proxy scanners.
//
// A handle is 128 random bits in hex, bound to the user who opened it: any
// other user gets NotFound, exactly as for an unknown handle. A query idle
// longer than the timeout is closed; so is a query that returns its last
// page or fails. At most `max_open` queries exist at once
// (ResourceExhausted beyond).
//
// Read-ahead. Paging is request-response: without read-ahead the scan would
// stop while a page crosses the network and the client reads it, then the
// client would wait while the next page is built. So each open query builds
// its next page on a background thread as soon as the previous one is handed
// out (the first when the query opens): a client that keeps paging finds its
// page ready and the scan overlaps the transfer. That costs at most one page
// of memory and one thread per open query, both bounded by `max_open`. An
// error met while reading ahead is returned by the nextPage that would have
// met it. Closing a query waits for its read-ahead to stop.
//
// Thread safety: all methods may be called concurrently; calls on one
// handle are serialised.
#pragma once

#include <chrono>
#include <cstdint>
#include <future>
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
    std::mutex mu;  // Serialises the calls on this handle.
    std::chrono::steady_clock::time_point last_used;
    size_t last_page_bytes = 0;  // Text of the last page handed out.
    // The page read ahead and its status, written by the read-ahead task
    // and read only after `reading_ahead.get()`.
    QueryPage ahead;
    Status ahead_status;
    // Valid from the launch of a read-ahead until a nextPage claims it.
    // Declared last so that it is destroyed first: the destructor of a
    // std::async future waits for the task, so the task, which holds a
    // plain pointer to this entry, never outlives it or its cursor.
    std::future<void> reading_ahead;
  };

  // Starts reading the entry's next page on a background thread.
  // REQUIRES: entry->mu held (or the entry not yet shared); no read-ahead
  // pending.
  static void StartReadAhead(Entry* entry);
  // True while a read-ahead task is still running.
  static bool ReadingAhead(Entry& entry);

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
