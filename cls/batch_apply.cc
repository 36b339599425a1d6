#include "cls/batch_apply.h"

#include <string_view>
#include <vector>

#include "iterators/aggregate.h"
#include "keypackages/key_format.h"
#include "schema/escaping.h"

namespace quarry::cls {
namespace {

Status EntryError(size_t index, Status s) {
  return Status(s.code(), "batch entry " + std::to_string(index) + ": " + s.message());
}

// The layout of the entry's group, after the per-entry checks above.
Result<const PropertyLayout*> CheckEntry(const KeyPackage& package, const BatchEntry& entry) {
  QUARRY_ASSIGN_OR_RETURN(TabletKeyParts parts, SplitTabletKey(entry.key));
  Result<std::string> group = Unescaped(parts.escaped_group);
  if (!group.ok()) return InvalidArgumentError("malformed group in the key");
  const PropertyLayout* layout = package.LayoutFor(*group);
  if (layout == nullptr) return InvalidArgumentError("group '" + *group + "' is not in the schema");
  bool aggregate = entry.kind == BatchEntryKind::kAggregate;
  if (aggregate != layout->definition().aggregate()) {
    return InvalidArgumentError(std::string(aggregate ? "an aggregate" : "a put") +
                                " entry for group '" + *group + "', which " +
                                (aggregate ? "does not aggregate" : "aggregates"));
  }
  if (aggregate) {
    Result<KeyParts> key = SplitKey(parts.stored_key);
    if (!key.ok() || key->group != parts.escaped_group) {
      return InvalidArgumentError("the key-package key does not name group '" + *group + "'");
    }
  }
  int64_t timestamp = 0;
  Properties properties;
  Status decoded = layout->DecodeValue(entry.value, &timestamp, &properties);
  if (!decoded.ok()) return InvalidArgumentError("value: " + decoded.message());
  return layout;
}

// Folds the stored value (if any) and `values` (batch order) of one key.
Status Fold(const PropertyLayout& layout, const std::string* stored,
            const std::vector<std::string_view>& values, std::string* out) {
  std::vector<std::string_view> operands;
  operands.reserve(values.size() + 1);
  if (stored != nullptr) operands.push_back(*stored);
  operands.insert(operands.end(), values.begin(), values.end());
  out->clear();
  Status s = MergeStoredValues(layout, operands, OperandOrder::kOldestFirst, out);
  if (!s.ok() && stored != nullptr && s.code() == StatusCode::kDataLoss) return s;
  if (!s.ok()) return InvalidArgumentError(s.message());
  return Status::OK();
}

struct KeyOperands {
  const PropertyLayout* layout = nullptr;
  size_t first_index = 0;
  std::vector<std::string_view> values;
};

}  // namespace

std::set<std::string> KeysToRead(const Batch& batch) {
  std::set<std::string> keys;
  for (const BatchEntry& e : batch.entries) keys.insert(e.key);
  return keys;
}

Status ApplyBatch(const KeyPackage& package, const Batch& batch,
                  const std::map<std::string, std::string>& stored,
                  std::map<std::string, std::string>* writes) {
  writes->clear();
  std::map<std::string_view, KeyOperands> by_key;
  for (size_t i = 0; i < batch.entries.size(); ++i) {
    const BatchEntry& entry = batch.entries[i];
    Result<const PropertyLayout*> layout = CheckEntry(package, entry);
    if (!layout.ok()) return EntryError(i, layout.status());
    auto [it, fresh] = by_key.try_emplace(entry.key, KeyOperands{*layout, i, {}});
    if (entry.kind == BatchEntryKind::kPut && (!fresh || stored.count(entry.key) > 0)) {
      return EntryError(i, AlreadyExistsError("put key already stored: " + HexBytes(entry.key)));
    }
    it->second.values.push_back(entry.value);
  }
  for (auto& [key, operands] : by_key) {
    auto found = stored.find(std::string(key));
    const std::string* old = found == stored.end() ? nullptr : &found->second;
    std::string& out = (*writes)[std::string(key)];
    if (!operands.layout->definition().aggregate()) {
      out.assign(operands.values.front());
      continue;
    }
    Status s = Fold(*operands.layout, old, operands.values, &out);
    if (!s.ok()) return EntryError(operands.first_index, s);
  }
  return Status::OK();
}

}  // namespace quarry::cls
