// TreeSetString, TypeValue, TypeSubTypeValue, FreqMap and the sketch
// serialisers (formats in their headers).
#include <memory>
#include <vector>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "schema/escaping.h"
#include "schema/serialisers/freq_map_serialiser.h"
#include "schema/serialisers/sketch_serialisers.h"
#include "schema/serialisers/tree_set_string_serialiser.h"
#include "schema/serialisers/type_sub_type_value_serialiser.h"
#include "schema/serialisers/type_value_serialiser.h"
#include "schema/vlong.h"

namespace quarry {
namespace {

constexpr std::string_view kItemSeparator = "\\,";

// Splits `bytes` on every 00 delimiter.
std::vector<std::string_view> SplitOnDelimiter(std::string_view bytes) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t end = bytes.find(kEscapeDelimiter, start);
    if (end == std::string_view::npos) {
      parts.push_back(bytes.substr(start));
      return parts;
    }
    parts.push_back(bytes.substr(start, end - start));
    start = end + 1;
  }
}

// Unescapes exactly `count` delimited parts of `bytes` into `out`.
Status UnescapeParts(std::string_view bytes, size_t count, std::vector<std::string>* out) {
  std::vector<std::string_view> parts = SplitOnDelimiter(bytes);
  if (parts.size() != count) {
    return DataLossError("expected " + std::to_string(count) + " delimited parts, found " +
                         std::to_string(parts.size()));
  }
  out->resize(count);
  for (size_t i = 0; i < count; ++i) QUARRY_RETURN_IF_ERROR(Unescape(parts[i], &(*out)[i]));
  return Status::OK();
}

Result<Value> HllSketchFromBytes(std::string_view bytes) {
  QUARRY_ASSIGN_OR_RETURN(HllSketch sketch, HllSketch::Deserialize(bytes));
  return Value::Sketch(std::make_shared<const HllSketch>(std::move(sketch)));
}

}  // namespace

Status TreeSetStringSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->push_back('{');
  bool first = true;
  for (const Value& item : value.AsItems()) {
    if (item.type() != ValueType::kString) {
      return InvalidArgumentError("item " + item.DebugString() + " is not a String");
    }
    if (item.AsString().find(kItemSeparator) != std::string::npos) {
      return InvalidArgumentError("item \"" + item.AsString() +
                                  "\" contains the separator \\, and could not be read back");
    }
    if (!first) dst->append(kItemSeparator);
    first = false;
    dst->append(item.AsString());
  }
  dst->push_back('}');
  return Status::OK();
}

Result<Value> TreeSetStringSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  if (bytes.size() < 2 || bytes.front() != '{' || bytes.back() != '}') {
    return DataLossError("expected {...}");
  }
  std::string_view body = bytes.substr(1, bytes.size() - 2);
  ValueList items;
  while (true) {
    size_t end = body.find(kItemSeparator);
    std::string_view item = body.substr(0, end);
    if (!item.empty()) items.push_back(Value::String(std::string(item)));  // Gaffer drops empties.
    if (end == std::string_view::npos) break;
    body.remove_prefix(end + kItemSeparator.size());
  }
  return Value::TreeSet(std::move(items));
}

Status TypeValueSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  const TypeSubTypeValue& tv = value.AsTypeSubTypeValue();
  if (tv.type.empty() && tv.value.empty()) {
    return InvalidArgumentError("TypeValue passed to serialiser is blank");
  }
  Escape(tv.type, dst);
  dst->push_back(kEscapeDelimiter);
  Escape(tv.value, dst);
  return Status::OK();
}

Result<Value> TypeValueSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  std::vector<std::string> parts;
  QUARRY_RETURN_IF_ERROR(UnescapeParts(bytes, 2, &parts));
  return Value::TypeValue(std::move(parts[0]), std::move(parts[1]));
}

Status TypeSubTypeValueSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  const TypeSubTypeValue& tstv = value.AsTypeSubTypeValue();
  if (tstv.type.empty() && tstv.sub_type.empty() && tstv.value.empty()) {
    return InvalidArgumentError("TypeSubTypeValue passed to serialiser is blank");
  }
  Escape(tstv.type, dst);
  dst->push_back(kEscapeDelimiter);
  Escape(tstv.sub_type, dst);
  dst->push_back(kEscapeDelimiter);
  Escape(tstv.value, dst);
  return Status::OK();
}

Result<Value> TypeSubTypeValueSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  std::vector<std::string> parts;
  QUARRY_RETURN_IF_ERROR(UnescapeParts(bytes, 3, &parts));
  return Value::TypeSubTypeValue(std::move(parts[0]), std::move(parts[1]), std::move(parts[2]));
}

Status FreqMapSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  bool first = true;
  std::string count;
  for (const auto& [key, n] : value.AsFreqMap()) {
    if (!first) dst->push_back(kEscapeDelimiter);
    first = false;
    Escape(key, dst);
    dst->push_back(kEscapeDelimiter);
    count.clear();
    AppendVLong(n, &count);
    Escape(count, dst);
  }
  return Status::OK();
}

Result<Value> FreqMapSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  std::vector<std::string_view> parts = SplitOnDelimiter(bytes);
  if (parts.size() % 2 != 0) return DataLossError("a key has no count");
  FreqMap counts;
  std::string key, count;
  for (size_t i = 0; i < parts.size(); i += 2) {
    key.clear();
    count.clear();
    QUARRY_RETURN_IF_ERROR(Unescape(parts[i], &key));
    QUARRY_RETURN_IF_ERROR(Unescape(parts[i + 1], &count));
    size_t pos = 0;
    QUARRY_ASSIGN_OR_RETURN(int64_t n, ReadVLong(count, &pos));
    if (pos != count.size())
      return DataLossError("trailing bytes after the count of \"" + key + "\"");
    counts[key] = n;
  }
  return Value::FreqMap(std::move(counts));
}

Status HyperLogLogPlusSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->append(value.AsHyperLogLogPlus().Serialize());
  return Status::OK();
}

Result<Value> HyperLogLogPlusSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  Result<HyperLogLogPlus> sketch = HyperLogLogPlus::Deserialize(bytes);
  if (sketch.ok()) {
    return Value::HyperLogLogPlus(
        std::make_shared<const HyperLogLogPlus>(std::move(sketch).value()));
  }
  // Quarry releases before clearspring's format stored HyperLogLogPlus as an
  // HllSketch image, which cannot be turned into clearspring's sketch.
  if (HllSketch::Deserialize(bytes).ok()) {
    return DataLossError(
        "HyperLogLogPlus bytes: this sketch was stored by an earlier Quarry release in "
        "DataSketches' format; re-load its elements (AddElements) to store clearspring's sketch");
  }
  return sketch.status();
}

Status HllSketchSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->append(value.AsSketch().Serialize());
  return Status::OK();
}

Result<Value> HllSketchSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return HllSketchFromBytes(bytes);
}

}  // namespace quarry
