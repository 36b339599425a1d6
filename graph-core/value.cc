#include "graph-core/value.h"

#include <algorithm>
#include <cstring>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"

namespace quarry {

struct Value::Compound {
  ValueList items;
  ValueEntries entries;
  quarry::FreqMap freq_map;
  quarry::TypeSubTypeValue tstv;
  std::shared_ptr<const HllSketch> sketch;
  std::shared_ptr<const quarry::HyperLogLogPlus> hllp;
  std::shared_ptr<const quarry::TimestampSet> timestamp_set;
  std::shared_ptr<const quarry::LongTimeSeries> time_series;
};

namespace {

ValueList SortedUnique(ValueList items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return items;
}

}  // namespace

Value Value::Bool(bool v) {
  Value out;
  out.type_ = ValueType::kBool;
  out.scalar_ = v;
  return out;
}
// A Short is held as an int32_t: it widens exactly, and AsInt32 reads it.
Value Value::Int16(int16_t v) {
  Value out;
  out.type_ = ValueType::kInt16;
  out.scalar_ = int32_t{v};
  return out;
}
Value Value::Int32(int32_t v) {
  Value out;
  out.type_ = ValueType::kInt32;
  out.scalar_ = v;
  return out;
}
Value Value::Int64(int64_t v) {
  Value out;
  out.type_ = ValueType::kInt64;
  out.scalar_ = v;
  return out;
}
Value Value::Float(float v) {
  Value out;
  out.type_ = ValueType::kFloat;
  out.scalar_ = v;
  return out;
}
Value Value::Double(double v) {
  Value out;
  out.type_ = ValueType::kDouble;
  out.scalar_ = v;
  return out;
}
Value Value::String(std::string v) {
  Value out;
  out.type_ = ValueType::kString;
  out.scalar_ = std::move(v);
  return out;
}
Value Value::Bytes(std::string v) {
  Value out;
  out.type_ = ValueType::kBytes;
  out.scalar_ = std::move(v);
  return out;
}
void Value::AssignString(std::string_view v) {
  if (std::string* held = std::get_if<std::string>(&scalar_); held != nullptr) {
    held->assign(v);
  } else {
    scalar_.emplace<std::string>(v);
  }
  type_ = ValueType::kString;
}

void Value::AssignInt64(int64_t v) {
  scalar_.emplace<int64_t>(v);
  type_ = ValueType::kInt64;
}

void Value::AssignDate(int64_t epoch_ms) {
  scalar_.emplace<int64_t>(epoch_ms);
  type_ = ValueType::kDate;
}

Value Value::Date(int64_t epoch_ms) {
  Value out;
  out.type_ = ValueType::kDate;
  out.scalar_ = epoch_ms;
  return out;
}

#define QUARRY_MAKE_COMPOUND(tag, body)                        \
  Value out;                                                   \
  out.type_ = tag;                                             \
  auto c = std::make_shared<Compound>();                       \
  body;                                                        \
  out.scalar_ = std::shared_ptr<const Compound>(std::move(c)); \
  return out

Value Value::TreeSet(ValueList items) {
  QUARRY_MAKE_COMPOUND(ValueType::kTreeSet, c->items = SortedUnique(std::move(items)));
}
Value Value::HashSet(ValueList items) {
  QUARRY_MAKE_COMPOUND(ValueType::kHashSet, c->items = SortedUnique(std::move(items)));
}
Value Value::List(ValueList items) {
  QUARRY_MAKE_COMPOUND(ValueType::kList, c->items = std::move(items));
}
Value Value::Map(ValueEntries entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  ValueEntries unique;
  for (auto& e : entries) {
    if (!unique.empty() && unique.back().first == e.first) {
      unique.back().second = std::move(e.second);
    } else {
      unique.push_back(std::move(e));
    }
  }
  QUARRY_MAKE_COMPOUND(ValueType::kMap, c->entries = std::move(unique));
}
Value Value::FreqMap(quarry::FreqMap counts) {
  QUARRY_MAKE_COMPOUND(ValueType::kFreqMap, c->freq_map = std::move(counts));
}
Value Value::TypeValue(std::string type, std::string value) {
  QUARRY_MAKE_COMPOUND(ValueType::kTypeValue,
                       c->tstv = (quarry::TypeSubTypeValue{std::move(type), "", std::move(value)}));
}
Value Value::TypeSubTypeValue(std::string type, std::string sub_type, std::string value) {
  QUARRY_MAKE_COMPOUND(
      ValueType::kTypeSubTypeValue,
      c->tstv = (quarry::TypeSubTypeValue{std::move(type), std::move(sub_type), std::move(value)}));
}
Value Value::Sketch(std::shared_ptr<const HllSketch> sketch) {
  QUARRY_MAKE_COMPOUND(ValueType::kHllSketch, c->sketch = std::move(sketch));
}
Value Value::HyperLogLogPlus(std::shared_ptr<const quarry::HyperLogLogPlus> sketch) {
  QUARRY_MAKE_COMPOUND(ValueType::kHyperLogLogPlus, c->hllp = std::move(sketch));
}
Value Value::TimestampSet(std::shared_ptr<const quarry::TimestampSet> set) {
  const ValueType type =
      set->bounded() ? ValueType::kBoundedTimestampSet : ValueType::kRbmTimestampSet;
  QUARRY_MAKE_COMPOUND(type, c->timestamp_set = std::move(set));
}
Value Value::LongTimeSeries(std::shared_ptr<const quarry::LongTimeSeries> series) {
  QUARRY_MAKE_COMPOUND(ValueType::kLongTimeSeries, c->time_series = std::move(series));
}
#undef QUARRY_MAKE_COMPOUND

const Value::Compound& Value::compound() const {
  return *std::get<std::shared_ptr<const Compound>>(scalar_);
}
const ValueList& Value::AsItems() const { return compound().items; }
const ValueEntries& Value::AsEntries() const { return compound().entries; }
const quarry::FreqMap& Value::AsFreqMap() const { return compound().freq_map; }
const quarry::TypeSubTypeValue& Value::AsTypeSubTypeValue() const { return compound().tstv; }
const HllSketch& Value::AsSketch() const { return *compound().sketch; }
std::shared_ptr<const HllSketch> Value::SketchPtr() const { return compound().sketch; }
const quarry::HyperLogLogPlus& Value::AsHyperLogLogPlus() const { return *compound().hllp; }
const quarry::TimestampSet& Value::AsTimestampSet() const { return *compound().timestamp_set; }
const quarry::LongTimeSeries& Value::AsLongTimeSeries() const { return *compound().time_series; }

bool Value::is_number() const {
  return type_ == ValueType::kInt32 || type_ == ValueType::kInt64 || type_ == ValueType::kFloat ||
         type_ == ValueType::kDouble || type_ == ValueType::kInt16;
}

double Value::ToDouble() const {
  switch (type_) {
    case ValueType::kInt16:
    case ValueType::kInt32:
      return AsInt32();
    case ValueType::kInt64:
    case ValueType::kDate:
      return static_cast<double>(AsInt64());
    case ValueType::kFloat:
      return AsFloat();
    case ValueType::kDouble:
      return AsDouble();
    default:
      return 0;
  }
}

}  // namespace quarry
