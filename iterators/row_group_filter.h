// RowGroupFilter: the key-only scan layer that keeps the cells of the view's
// groups whose rows pass the key-package's RowFilter (entity/edge rows,
// directedness, incoming/outgoing, GetAllElements' one row per element;
// gaffer-compat.md §4.4 priorities 32-33, §9.4, §9.6). The store also selects
// column families per group; filtering by group here keeps the stack correct
// over a source that mixes groups (an in-memory map, a future shared family).
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "iterators/filter_iterator.h"
#include "keypackages/key_package.h"
#include "keypackages/row_filter.h"

namespace quarry {

struct RowGroupFilterOptions {
  // The groups to keep; nullopt keeps every group.
  std::optional<std::set<std::string, std::less<>>> groups;
  // The per-row test; nullopt keeps every row.
  std::optional<RowFilter> row_filter;
};

class RowGroupFilter : public FilterIterator {
 public:
  // `package` must outlive the iterator.
  RowGroupFilter(std::unique_ptr<KvIterator> source, const KeyPackage& package,
                 RowGroupFilterOptions options);

 protected:
  // DataLoss (ending the scan) if a key is malformed.
  Result<bool> Accept(std::string_view key, std::string_view value) override;

 private:
  const KeyPackage& package_;
  RowGroupFilterOptions options_;
  std::string scratch_;
};

}  // namespace quarry
