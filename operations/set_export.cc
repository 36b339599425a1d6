#include "operations/set_export.h"

#include <algorithm>

namespace quarry {

Status SetExports::Add(const std::string& key, const std::vector<Item>& items) {
  Export& e = exports_[key];
  for (const Item& item : items) {
    if (e.seen.count(item) > 0) continue;
    if (total_ >= max_items_) {
      return ResourceExhaustedError("set exports hold more than " + std::to_string(max_items_) +
                                    " items");
    }
    e.seen.insert(item);
    e.items.push_back(item);
    ++total_;
  }
  return Status::OK();
}

std::vector<Item> SetExports::Get(const std::string& key, int64_t start,
                                  std::optional<int64_t> end) const {
  auto it = exports_.find(key);
  if (it == exports_.end()) return {};
  const std::vector<Item>& items = it->second.items;
  const size_t from = std::min(items.size(), static_cast<size_t>(std::max<int64_t>(start, 0)));
  size_t to = items.size();
  if (end.has_value()) to = std::min(to, static_cast<size_t>(std::max<int64_t>(*end, 0)));
  if (to <= from) return {};
  return std::vector<Item>(items.begin() + from, items.begin() + to);
}

}  // namespace quarry
