// Value: a property value, vertex or predicate operand as a tagged native value.
//
// A Value is immutable after construction and cheap to copy: scalars and
// strings are held inline, compound values (sets, maps, FreqMap, sketches,
// TypeSubTypeValue) behind a shared pointer to const data.
//
// Equality follows Java's equals(): the type must match (Integer 5 != Long 5)
// and doubles compare by bit pattern (NaN == NaN, 0.0 != -0.0). Compare()
// gives a total order: by type tag first, then as Java's compareTo would.
//
// Thread safety: immutable, safe to share between threads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

class HllSketch;        // graph-core/hll_sketch.h
class HyperLogLogPlus;  // graph-core/hyper_log_log_plus.h
class TimestampSet;     // graph-core/timestamp_set.h
class LongTimeSeries;   // graph-core/long_time_series.h

// The native type of a Value. Not persisted: serialisers own the byte formats.
enum class ValueType : uint8_t {
  kNull,
  kBool,                 // java.lang.Boolean
  kInt32,                // java.lang.Integer
  kInt64,                // java.lang.Long
  kFloat,                // java.lang.Float
  kDouble,               // java.lang.Double
  kString,               // java.lang.String
  kBytes,                // byte[]
  kDate,                 // java.util.Date, epoch milliseconds
  kTreeSet,              // java.util.TreeSet: sorted, unique items
  kHashSet,              // java.util.HashSet: unique items (kept sorted for determinism)
  kList,                 // java.util.ArrayList: ordered items
  kMap,                  // java.util.HashMap / TreeMap: entries sorted by key
  kFreqMap,              // uk.gov.gchq.gaffer.types.FreqMap: string -> long
  kTypeValue,            // uk.gov.gchq.gaffer.types.TypeValue
  kTypeSubTypeValue,     // uk.gov.gchq.gaffer.types.TypeSubTypeValue
  kHllSketch,            // org.apache.datasketches.hll.HllSketch
  kHyperLogLogPlus,      // com.clearspring.analytics.stream.cardinality.HyperLogLogPlus
  kInt16,                // java.lang.Short
  kRbmTimestampSet,      // uk.gov.gchq.gaffer.time.RBMBackedTimestampSet
  kBoundedTimestampSet,  // uk.gov.gchq.gaffer.time.BoundedTimestampSet
  kLongTimeSeries,       // uk.gov.gchq.gaffer.time.LongTimeSeries
  // New types go last: type tags order cross-type comparisons.
};

// Gaffer's full Java class name for `type`, e.g. "java.lang.Long".
std::string_view JavaClassName(ValueType type);

// Maps a Java class name (full or simple, e.g. "Long", "java.util.Date",
// "TreeSet") to a ValueType. InvalidArgument naming the class if unknown.
Result<ValueType> ValueTypeFromClassName(std::string_view class_name);

using FreqMap = std::map<std::string, int64_t>;

struct TypeSubTypeValue {
  std::string type;
  std::string sub_type;  // Empty for TypeValue.
  std::string value;
  friend bool operator==(const TypeSubTypeValue&, const TypeSubTypeValue&) = default;
};

class Value;
using ValueList = std::vector<Value>;
using ValueEntries = std::vector<std::pair<Value, Value>>;

class Value {
 public:
  Value() = default;  // Null.

  static Value Bool(bool v);
  static Value Int16(int16_t v);
  static Value Int32(int32_t v);
  static Value Int64(int64_t v);
  static Value Float(float v);
  static Value Double(double v);
  static Value String(std::string v);
  static Value Bytes(std::string v);
  static Value Date(int64_t epoch_ms);
  static Value TreeSet(ValueList items);  // Sorts and removes duplicates.
  static Value HashSet(ValueList items);  // Sorts and removes duplicates.
  static Value List(ValueList items);
  static Value Map(ValueEntries entries);  // Sorts by key; a repeated key keeps the last.
  static Value FreqMap(quarry::FreqMap counts);
  static Value TypeValue(std::string type, std::string value);
  static Value TypeSubTypeValue(std::string type, std::string sub_type, std::string value);
  // kHllSketch. REQUIRES: sketch != nullptr.
  static Value Sketch(std::shared_ptr<const HllSketch> sketch);
  // kHyperLogLogPlus. REQUIRES: sketch != nullptr.
  static Value HyperLogLogPlus(std::shared_ptr<const quarry::HyperLogLogPlus> sketch);
  // kRbmTimestampSet or kBoundedTimestampSet, as set->bounded() says.
  // REQUIRES: set != nullptr.
  static Value TimestampSet(std::shared_ptr<const quarry::TimestampSet> set);
  // kLongTimeSeries. REQUIRES: series != nullptr.
  static Value LongTimeSeries(std::shared_ptr<const quarry::LongTimeSeries> series);

  // In-place assignment, as `*this = Value::String(v)` (Int64, Date), for
  // decoders that refill one element per cell: a string reuses the storage
  // of the string this value already holds.
  void AssignString(std::string_view v);
  void AssignInt64(int64_t v);
  void AssignDate(int64_t epoch_ms);

  ValueType type() const { return type_; }
  bool is_null() const { return type_ == ValueType::kNull; }
  bool is_number() const;  // Int16, Int32, Int64, Float or Double.

  // Accessors. REQUIRES: type() matches (AsInt64 also accepts kDate;
  // AsString also accepts kBytes).
  bool AsBool() const { return std::get<bool>(scalar_); }
  int32_t AsInt32() const { return std::get<int32_t>(scalar_); }  // Also accepts kInt16.
  int16_t AsInt16() const { return static_cast<int16_t>(std::get<int32_t>(scalar_)); }
  int64_t AsInt64() const { return std::get<int64_t>(scalar_); }
  float AsFloat() const { return std::get<float>(scalar_); }
  double AsDouble() const { return std::get<double>(scalar_); }
  const std::string& AsString() const { return std::get<std::string>(scalar_); }
  const ValueList& AsItems() const;                            // kTreeSet, kHashSet, kList.
  const ValueEntries& AsEntries() const;                       // kMap.
  const quarry::FreqMap& AsFreqMap() const;                    // kFreqMap.
  const quarry::TypeSubTypeValue& AsTypeSubTypeValue() const;  // kTypeValue, kTypeSubTypeValue.
  const HllSketch& AsSketch() const;                           // kHllSketch.
  std::shared_ptr<const HllSketch> SketchPtr() const;
  const quarry::HyperLogLogPlus& AsHyperLogLogPlus() const;  // kHyperLogLogPlus.
  const quarry::TimestampSet& AsTimestampSet() const;        // kRbm/kBoundedTimestampSet.
  const quarry::LongTimeSeries& AsLongTimeSeries() const;    // kLongTimeSeries.

  // Numeric value widened to double. REQUIRES: is_number() or kDate.
  double ToDouble() const;

  // Total order: by type tag, then by value (Java compareTo semantics within a
  // type: Double.compare for floats, UTF-16 order for strings).
  int Compare(const Value& other) const;

  // Java's toString() of the value, e.g. "5", "[a, b]", "{CAR=5}".
  std::string ToJavaString() const;

  // A readable form for messages and tests, e.g. Long(5), String("a").
  std::string DebugString() const;

  size_t Hash() const;

  friend bool operator==(const Value& a, const Value& b);
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }
  friend bool operator<(const Value& a, const Value& b) { return a.Compare(b) < 0; }

 private:
  struct Compound;
  using Scalar = std::variant<std::monostate, bool, int32_t, int64_t, float, double, std::string,
                              std::shared_ptr<const Compound>>;
  const Compound& compound() const;

  ValueType type_ = ValueType::kNull;
  Scalar scalar_;
};

// True for the types whose Java class implements Comparable (Max/Min,
// IsMoreThan, InRange work on them); byte[], collections, maps and sketches
// are not.
bool IsJavaComparable(ValueType type);

// Compares two UTF-8 strings in Java String.compareTo (UTF-16 code unit) order.
int JavaStringCompare(std::string_view a, std::string_view b);

struct ValueHash {
  size_t operator()(const Value& v) const { return v.Hash(); }
};

}  // namespace quarry
