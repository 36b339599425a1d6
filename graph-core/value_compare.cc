// Value's ordering, equality and hashing (graph-core/value.h): Java's
// compareTo for the Comparable classes, and a total order consistent with
// equality for the rest, so that values sort and deduplicate as sets need.
#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"
#include "graph-core/value.h"

namespace quarry {
namespace {

template <typename T>
int Cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Timestamp sets are not Comparable in Java; any total order consistent
// with equality serves sorting and deduplication.
int CompareTimestampSets(const TimestampSet& a, const TimestampSet& b) {
  int c = Cmp(static_cast<int>(a.bucket()), static_cast<int>(b.bucket()));
  if (c == 0) c = Cmp(a.max_size(), b.max_size());
  if (c == 0) c = Cmp(a.sampled(), b.sampled());
  return c != 0 ? c : Cmp(a.timestamps(), b.timestamps());
}

// Not Comparable in Java either; ordered by bucket, then entries.
int CompareLongTimeSeries(const LongTimeSeries& a, const LongTimeSeries& b) {
  int c = Cmp(static_cast<int>(a.bucket()), static_cast<int>(b.bucket()));
  return c != 0 ? c : Cmp(a.entries(), b.entries());
}

// Java's Double.compare / Float.compare: -0.0 < 0.0, NaN above everything, NaN == NaN.
template <typename F>
int JavaFloatCompare(F a, F b) {
  if (a < b) return -1;
  if (a > b) return 1;
  using Bits = std::conditional_t<sizeof(F) == 8, int64_t, int32_t>;
  auto canon = [](F f) -> Bits {
    if (std::isnan(f)) f = std::numeric_limits<F>::quiet_NaN();
    return std::bit_cast<Bits>(f);
  };
  return Cmp(canon(a), canon(b));
}

int CompareLists(const ValueList& a, const ValueList& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    int c = a[i].Compare(b[i]);
    if (c != 0) return c;
  }
  return Cmp(a.size(), b.size());
}

int CompareEntries(const ValueEntries& a, const ValueEntries& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    int c = a[i].first.Compare(b[i].first);
    if (c == 0) c = a[i].second.Compare(b[i].second);
    if (c != 0) return c;
  }
  return Cmp(a.size(), b.size());
}

void HashCombine(size_t* seed, size_t h) {
  *seed ^= h + 0x9e3779b97f4a7c15ULL + (*seed << 6) + (*seed >> 2);
}

}  // namespace

int Value::Compare(const Value& other) const {
  if (type_ != other.type_) return Cmp(static_cast<int>(type_), static_cast<int>(other.type_));
  switch (type_) {
    case ValueType::kNull:
      return 0;
    case ValueType::kBool:
      return Cmp(AsBool(), other.AsBool());
    case ValueType::kInt16:
    case ValueType::kInt32:
      return Cmp(AsInt32(), other.AsInt32());
    case ValueType::kInt64:
    case ValueType::kDate:
      return Cmp(AsInt64(), other.AsInt64());
    case ValueType::kFloat:
      return JavaFloatCompare(AsFloat(), other.AsFloat());
    case ValueType::kDouble:
      return JavaFloatCompare(AsDouble(), other.AsDouble());
    case ValueType::kString:
      return JavaStringCompare(AsString(), other.AsString());
    case ValueType::kBytes:
      return AsString().compare(other.AsString()) < 0 ? -1
                                                      : (AsString() == other.AsString() ? 0 : 1);
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList:
      return CompareLists(AsItems(), other.AsItems());
    case ValueType::kMap:
      return CompareEntries(AsEntries(), other.AsEntries());
    case ValueType::kFreqMap:
      return Cmp(AsFreqMap(), other.AsFreqMap());
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue: {
      const auto& a = AsTypeSubTypeValue();
      const auto& b = other.AsTypeSubTypeValue();
      int c = JavaStringCompare(a.type, b.type);
      if (c == 0) c = JavaStringCompare(a.sub_type, b.sub_type);
      if (c == 0) c = JavaStringCompare(a.value, b.value);
      return c;
    }
    case ValueType::kHllSketch:
      return Cmp(AsSketch().CanonicalForm(), other.AsSketch().CanonicalForm());
    case ValueType::kHyperLogLogPlus:
      return Cmp(AsHyperLogLogPlus().CanonicalForm(), other.AsHyperLogLogPlus().CanonicalForm());
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      return CompareTimestampSets(AsTimestampSet(), other.AsTimestampSet());
    case ValueType::kLongTimeSeries:
      return CompareLongTimeSeries(AsLongTimeSeries(), other.AsLongTimeSeries());
  }
  return 0;
}

bool operator==(const Value& a, const Value& b) {
  if (a.type_ != b.type_) return false;
  switch (a.type_) {
    case ValueType::kFloat:
      return std::bit_cast<uint32_t>(a.AsFloat()) == std::bit_cast<uint32_t>(b.AsFloat()) ||
             (std::isnan(a.AsFloat()) && std::isnan(b.AsFloat()));
    case ValueType::kDouble:
      return std::bit_cast<uint64_t>(a.AsDouble()) == std::bit_cast<uint64_t>(b.AsDouble()) ||
             (std::isnan(a.AsDouble()) && std::isnan(b.AsDouble()));
    default:
      return a.Compare(b) == 0;
  }
}

size_t Value::Hash() const {
  size_t seed = static_cast<size_t>(type_);
  switch (type_) {
    case ValueType::kNull:
      break;
    case ValueType::kBool:
      HashCombine(&seed, AsBool());
      break;
    case ValueType::kInt16:
    case ValueType::kInt32:
      HashCombine(&seed, std::hash<int32_t>()(AsInt32()));
      break;
    case ValueType::kInt64:
    case ValueType::kDate:
      HashCombine(&seed, std::hash<int64_t>()(AsInt64()));
      break;
    case ValueType::kFloat:
      HashCombine(&seed, std::isnan(AsFloat()) ? 1 : std::bit_cast<uint32_t>(AsFloat()));
      break;
    case ValueType::kDouble:
      HashCombine(&seed, std::isnan(AsDouble()) ? 1 : std::bit_cast<uint64_t>(AsDouble()));
      break;
    case ValueType::kString:
    case ValueType::kBytes:
      HashCombine(&seed, std::hash<std::string>()(AsString()));
      break;
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList:
      for (const Value& v : AsItems()) HashCombine(&seed, v.Hash());
      break;
    case ValueType::kMap:
      for (const auto& [k, v] : AsEntries()) {
        HashCombine(&seed, k.Hash());
        HashCombine(&seed, v.Hash());
      }
      break;
    case ValueType::kFreqMap:
      for (const auto& [k, v] : AsFreqMap()) {
        HashCombine(&seed, std::hash<std::string>()(k));
        HashCombine(&seed, std::hash<int64_t>()(v));
      }
      break;
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue: {
      const auto& t = AsTypeSubTypeValue();
      HashCombine(&seed, std::hash<std::string>()(t.type));
      HashCombine(&seed, std::hash<std::string>()(t.sub_type));
      HashCombine(&seed, std::hash<std::string>()(t.value));
      break;
    }
    case ValueType::kHllSketch:
      HashCombine(&seed, std::hash<std::string>()(AsSketch().CanonicalForm()));
      break;
    case ValueType::kHyperLogLogPlus:
      HashCombine(&seed, std::hash<std::string>()(AsHyperLogLogPlus().CanonicalForm()));
      break;
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      HashCombine(&seed, static_cast<size_t>(AsTimestampSet().bucket()));
      for (int64_t t : AsTimestampSet().timestamps()) HashCombine(&seed, std::hash<int64_t>()(t));
      break;
    case ValueType::kLongTimeSeries:
      HashCombine(&seed, static_cast<size_t>(AsLongTimeSeries().bucket()));
      for (const auto& [start, value] : AsLongTimeSeries().entries()) {
        HashCombine(&seed, std::hash<int64_t>()(start));
        HashCombine(&seed, std::hash<int64_t>()(value));
      }
      break;
  }
  return seed;
}

bool IsJavaComparable(ValueType type) {
  switch (type) {
    case ValueType::kBool:
    case ValueType::kInt16:
    case ValueType::kInt32:
    case ValueType::kInt64:
    case ValueType::kFloat:
    case ValueType::kDouble:
    case ValueType::kString:
    case ValueType::kDate:
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue:
      return true;
    default:
      return false;
  }
}

int JavaStringCompare(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    auto x = static_cast<uint8_t>(a[i]);
    auto y = static_cast<uint8_t>(b[i]);
    if (x == y) continue;
    // UTF-8 byte order is code point order. UTF-16 differs only between a
    // supplementary character (lead 0xF0-0xF4, a surrogate pair 0xD800..) and
    // U+E000..U+FFFF (lead 0xEE-0xEF): there the surrogate sorts first.
    bool x_supp = x >= 0xF0, y_supp = y >= 0xF0;
    bool x_high = x == 0xEE || x == 0xEF, y_high = y == 0xEE || y == 0xEF;
    if (x_supp && y_high) return -1;
    if (y_supp && x_high) return 1;
    return x < y ? -1 : 1;
  }
  return Cmp(a.size(), b.size());
}

}  // namespace quarry
