#include "store-rocks/merge_operator.h"

#include <rocksdb/env.h>

#include <exception>
#include <vector>

#include "iterators/aggregate.h"
#include "store-rocks/hot_key_options.h"

namespace quarry {
namespace {

std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

}  // namespace

AggregatingMergeOperator::AggregatingMergeOperator(std::shared_ptr<const KeyPackage> package,
                                                   const PropertyLayout* layout)
    : package_(std::move(package)), layout_(layout) {}

bool AggregatingMergeOperator::FullMergeV2(const MergeOperationInput& merge_in,
                                           MergeOperationOutput* merge_out) const {
  NoteScanMerge(merge_in.operand_list.size());  // hotkeys (issue 18)
  try {
    std::vector<std::string_view> values;
    values.reserve(merge_in.operand_list.size() + 1);
    if (merge_in.existing_value != nullptr) values.push_back(View(*merge_in.existing_value));
    for (const rocksdb::Slice& op : merge_in.operand_list) values.push_back(View(op));
    merge_out->new_value.clear();
    return Fold(merge_in.key, values, &merge_out->new_value, merge_in.logger);
  } catch (const std::exception& e) {
    RecordFailure(merge_in.key, e.what(), merge_in.logger);
  } catch (...) {
    RecordFailure(merge_in.key, "unknown exception", merge_in.logger);
  }
  return false;
}

bool AggregatingMergeOperator::PartialMergeMulti(const rocksdb::Slice& key,
                                                 const std::deque<rocksdb::Slice>& operand_list,
                                                 std::string* new_value,
                                                 rocksdb::Logger* logger) const {
  try {
    std::vector<std::string_view> values;
    values.reserve(operand_list.size());
    for (const rocksdb::Slice& op : operand_list) values.push_back(View(op));
    new_value->clear();
    return Fold(key, values, new_value, logger);
  } catch (const std::exception& e) {
    RecordFailure(key, e.what(), logger);
  } catch (...) {
    RecordFailure(key, "unknown exception", logger);
  }
  return false;
}

bool AggregatingMergeOperator::Fold(const rocksdb::Slice& key,
                                    std::span<const std::string_view> values, std::string* out,
                                    rocksdb::Logger* logger) const {
  if (values.empty()) {
    RecordFailure(key, "nothing to merge", logger);
    return false;
  }
  Status s = MergeStoredValues(*layout_, values, OperandOrder::kOldestFirst, out);
  if (!s.ok()) {
    RecordFailure(key, s.ToString(), logger);
    return false;
  }
  operands_folded_.fetch_add(values.size(), std::memory_order_relaxed);  // branch service
  return true;
}

void AggregatingMergeOperator::RecordFailure(const rocksdb::Slice& key, std::string_view reason,
                                             rocksdb::Logger* logger) const noexcept {
  failures_.fetch_add(1, std::memory_order_relaxed);
  try {
    std::string message = "group '" + layout_->definition().group() + "': merge of key " +
                          HexBytes(View(key).substr(0, 64)) + " failed: " + std::string(reason);
    if (logger != nullptr) {
      rocksdb::Log(rocksdb::InfoLogLevel::ERROR_LEVEL, logger, "%s", message.c_str());
    }
    std::lock_guard<std::mutex> lock(mu_);
    last_error_ = std::move(message);
  } catch (...) {
    // Out of memory while describing the failure: the count still says it.
  }
}

std::string AggregatingMergeOperator::last_error() const {
  std::lock_guard<std::mutex> lock(mu_);
  return last_error_;
}

}  // namespace quarry
