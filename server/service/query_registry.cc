#include "server/service/query_registry.h"

#include <random>

namespace quarry {

QueryRegistry::QueryRegistry(size_t max_open, int64_t idle_timeout_ms)
    : max_open_(max_open), idle_timeout_(idle_timeout_ms) {}

std::string QueryRegistry::NewHandle() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device random;
  std::string handle;
  for (int i = 0; i < 4; ++i) {
    uint32_t word = random();
    for (int nibble = 0; nibble < 8; ++nibble) handle.push_back(kHex[(word >> (4 * nibble)) & 15]);
  }
  return handle;
}

void QueryRegistry::StartReadAhead(Entry* entry) {
  entry->ahead = QueryPage();
  // The next page is likely as large as the last: sized once, it is not
  // regrown (and copied) item by item.
  entry->ahead.items.Reserve(entry->last_page_bytes);
  entry->reading_ahead = std::async(std::launch::async, [entry] {
    entry->ahead_status = entry->cursor->NextPageText(entry->page_size, &entry->ahead.items);
    if (entry->ahead_status.ok()) entry->ahead.done = entry->cursor->done();
  });
}

bool QueryRegistry::ReadingAhead(Entry& entry) {
  return entry.reading_ahead.valid() &&
         entry.reading_ahead.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

void QueryRegistry::ExpireIdleLocked(std::chrono::steady_clock::time_point now) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    Entry& entry = *it->second;
    std::unique_lock entry_lock(entry.mu, std::try_to_lock);
    // An entry still reading ahead is left for a later pass: destroying it
    // here would wait for its page with the registry locked.
    if (entry_lock.owns_lock() && now - entry.last_used > idle_timeout_ && !ReadingAhead(entry)) {
      entry_lock.unlock();
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

Result<std::string> QueryRegistry::Add(const std::string& user_id,
                                       std::unique_ptr<ResultCursor> cursor, size_t page_size,
                                       size_t max_for_user) {
  auto entry = std::make_shared<Entry>();
  entry->user_id = user_id;
  entry->page_size = page_size;
  entry->cursor = std::move(cursor);
  const auto now = std::chrono::steady_clock::now();
  entry->last_used = now;
  std::lock_guard lock(mu_);
  ExpireIdleLocked(now);
  if (entries_.size() >= max_open_) {
    return ResourceExhaustedError("too many open queries (" + std::to_string(max_open_) +
                                  "); close some with closeQuery");
  }
  // branch tls: the user's own quota, so one user cannot take them all.
  if (max_for_user > 0 && OpenForLocked(user_id) >= max_for_user) {
    return ResourceExhaustedError("user '" + user_id + "' already has " +
                                  std::to_string(max_for_user) +
                                  " open queries (the user's maxOpenQueries quota); close some "
                                  "with closeQuery");
  }
  std::string handle = NewHandle();
  while (entries_.count(handle) != 0) handle = NewHandle();
  StartReadAhead(entry.get());  // Not yet shared: no lock needed.
  entries_.emplace(handle, std::move(entry));
  return handle;
}

Result<QueryPage> QueryRegistry::NextPage(const std::string& user_id, const std::string& handle) {
  std::shared_ptr<Entry> entry;
  {
    std::lock_guard lock(mu_);
    ExpireIdleLocked(std::chrono::steady_clock::now());
    auto it = entries_.find(handle);
    if (it == entries_.end() || it->second->user_id != user_id) {
      return NotFoundError("no open query with handle '" + handle + "' (closed or expired)");
    }
    entry = it->second;
  }
  QueryPage page;
  Status status;
  {
    std::lock_guard entry_lock(entry->mu);
    if (entry->reading_ahead.valid()) {
      entry->reading_ahead.get();  // Waits for the page read ahead.
      page = std::move(entry->ahead);
      status = entry->ahead_status;
    } else {
      status = entry->cursor->NextPageText(entry->page_size, &page.items);
      if (status.ok()) page.done = entry->cursor->done();
    }
    entry->last_used = std::chrono::steady_clock::now();
    entry->last_page_bytes = page.items.joined_items().size();
    if (status.ok() && !page.done) StartReadAhead(entry.get());
  }
  if (!status.ok() || page.done) Close(user_id, handle);
  if (!status.ok()) return status;
  return page;
}

void QueryRegistry::Close(const std::string& user_id, const std::string& handle) {
  std::shared_ptr<Entry> doomed;  // Destroyed outside the registry lock.
  std::lock_guard lock(mu_);
  auto it = entries_.find(handle);
  if (it != entries_.end() && it->second->user_id == user_id) {
    doomed = std::move(it->second);
    entries_.erase(it);
  }
}

// --- branch tls (issue 20).
size_t QueryRegistry::OpenForLocked(const std::string& user_id) const {
  size_t open = 0;
  for (const auto& [handle, entry] : entries_) open += entry->user_id == user_id ? 1 : 0;
  return open;
}

size_t QueryRegistry::OpenFor(const std::string& user_id) const {
  std::lock_guard lock(mu_);
  return OpenForLocked(user_id);
}
// --- end of branch tls.

size_t QueryRegistry::size() const {
  std::lock_guard lock(mu_);
  return entries_.size();
}

}  // namespace quarry
