// SetExports: Gaffer's SetExporter, the per-request in-memory exports of
// ExportToSet / GetSetExport. Each key holds its items once each
// (ItemEquals), in the order first added (Gaffer's LinkedHashSet).
//
// Lives for one request (or one job): exports never cross requests, as in
// Gaffer, where the exporter belongs to the operation's Context.
//
// Thread safety: not thread-safe; one request's operations run in turn.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "graph-core/status.h"
#include "operations/item.h"

namespace quarry {

class SetExports {
 public:
  // At most `max_items` distinct items over all keys.
  explicit SetExports(size_t max_items) : max_items_(max_items) {}

  // Adds each item of `items` not already in export `key`.
  // ResourceExhausted past the limit (items added before it stay).
  Status Add(const std::string& key, const std::vector<Item>& items);

  // Items [start, end) of export `key` in insertion order (end nullopt: to
  // the end; bounds past the end are clipped). Empty for an unknown key.
  // REQUIRES: 0 <= start, and start <= *end when end is set.
  std::vector<Item> Get(const std::string& key, int64_t start, std::optional<int64_t> end) const;

 private:
  struct Export {
    std::vector<Item> items;
    std::unordered_set<Item, ItemHasher, ItemEq> seen;
  };
  std::map<std::string, Export> exports_;
  size_t total_ = 0;
  size_t max_items_;
};

}  // namespace quarry
