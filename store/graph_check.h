// GraphCheckReport: what an offline check of a graph found (`quarry check`,
// issue 15). A store's check (StoreDriver::check, store/store_factory.h)
// verifies every block checksum and that every key and value decodes under
// the schema, and lists what is damaged.
//
// Thread safety: a plain value type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quarry {

struct GraphCheckReport {
  // One line per damaged thing, naming the file (RocksDB's messages carry
  // it), the group and the key in hex where one is known.
  std::vector<std::string> problems;
  uint64_t instances_checked = 0;
  // What instances_checked counts, for `quarry check`'s summary line.
  std::string instance_kind = "RocksDB instance(s)";
  uint64_t keys_checked = 0;
  // Keys that failed to decode beyond the first kMaxReportedKeys per group
  // (counted, not listed).
  uint64_t keys_not_listed = 0;

  bool ok() const { return problems.empty(); }
};

inline constexpr int kMaxReportedKeys = 20;

// Adds problems about damaged keys to a report: the first kMaxReportedKeys
// listed, the rest only counted (keys_not_listed). One per group or tablet.
class KeyProblems {
 public:
  explicit KeyProblems(GraphCheckReport* report) : report_(report) {}
  void Add(std::string text) {
    if (listed_++ < kMaxReportedKeys) {
      report_->problems.push_back(std::move(text));
    } else {
      ++report_->keys_not_listed;
    }
  }

 private:
  GraphCheckReport* report_;  // Not owned.
  int listed_ = 0;
};

// A damaged key as a report names it: lower-case hex of its first 64 bytes,
// "..." after a longer one.
std::string ReportedKeyHex(std::string_view key);

}  // namespace quarry
