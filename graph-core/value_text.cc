// Names and text forms of Values: Java class names, toString(), debug output.
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/java_hash_order.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"
#include "graph-core/value.h"

namespace quarry {
namespace {

struct ClassName {
  ValueType type;
  std::string_view full;
};

// The first entry for a type is the name Quarry writes.
constexpr std::array<ClassName, 26> kClassNames = {{
    {ValueType::kBool, "java.lang.Boolean"},
    {ValueType::kInt32, "java.lang.Integer"},
    {ValueType::kInt64, "java.lang.Long"},
    {ValueType::kFloat, "java.lang.Float"},
    {ValueType::kDouble, "java.lang.Double"},
    {ValueType::kString, "java.lang.String"},
    {ValueType::kBytes, "byte[]"},
    {ValueType::kBytes, "[B"},
    {ValueType::kBytes, "java.lang.Byte[]"},
    {ValueType::kDate, "java.util.Date"},
    {ValueType::kTreeSet, "java.util.TreeSet"},
    {ValueType::kTreeSet, "java.util.SortedSet"},
    {ValueType::kHashSet, "java.util.HashSet"},
    {ValueType::kHashSet, "java.util.Set"},
    {ValueType::kList, "java.util.ArrayList"},
    {ValueType::kList, "java.util.List"},
    {ValueType::kMap, "java.util.HashMap"},
    {ValueType::kMap, "java.util.TreeMap"},
    {ValueType::kFreqMap, "uk.gov.gchq.gaffer.types.FreqMap"},
    {ValueType::kTypeValue, "uk.gov.gchq.gaffer.types.TypeValue"},
    {ValueType::kTypeSubTypeValue, "uk.gov.gchq.gaffer.types.TypeSubTypeValue"},
    {ValueType::kHllSketch, "org.apache.datasketches.hll.HllSketch"},
    {ValueType::kInt16, "java.lang.Short"},
    {ValueType::kRbmTimestampSet, "uk.gov.gchq.gaffer.time.RBMBackedTimestampSet"},
    {ValueType::kBoundedTimestampSet, "uk.gov.gchq.gaffer.time.BoundedTimestampSet"},
    {ValueType::kLongTimeSeries, "uk.gov.gchq.gaffer.time.LongTimeSeries"},
}};

constexpr std::string_view kHyperLogLogPlusClass =
    "com.clearspring.analytics.stream.cardinality.HyperLogLogPlus";

std::string_view SimpleName(std::string_view full) {
  size_t dot = full.rfind('.');
  return dot == std::string_view::npos ? full : full.substr(dot + 1);
}

bool EqualsIgnoringFirstCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || a.empty()) return a == b;
  auto upper = [](char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; };
  return upper(a[0]) == upper(b[0]) && a.substr(1) == b.substr(1);
}

// Java's Double.toString / Float.toString: the shortest digits that read
// back as `v` (in its own width, so 0.1f is "0.1"), written plainly with at
// least one fraction digit when 1e-3 <= |v| < 1e7 ("100.0", "0.001"), else
// as d.dddE<exp> ("1.23456789E7", "1.0E-4").
template <typename F>
std::string JavaFloatingString(F v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  const std::string_view sci(buf, static_cast<size_t>(end - buf));  // [-]d[.ddd]e[+-]xx
  const size_t e = sci.find('e');
  const bool negative = sci[0] == '-';
  std::string digits;
  for (char c : sci.substr(negative ? 1 : 0, e - (negative ? 1 : 0))) {
    if (c != '.') digits.push_back(c);
  }
  const int exp = std::stoi(std::string(sci.substr(e + 1)));
  std::string out = negative ? "-" : "";
  const F magnitude = negative ? -v : v;
  if (magnitude >= F(1e-3) && magnitude < F(1e7)) {
    if (exp >= 0) {
      while (digits.size() < static_cast<size_t>(exp) + 2) digits.push_back('0');
      out += digits.substr(0, static_cast<size_t>(exp) + 1) + "." +
             digits.substr(static_cast<size_t>(exp) + 1);
      while (out.size() > 2 && out.back() == '0' && out[out.size() - 2] != '.') out.pop_back();
    } else {
      out += "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    return out;
  }
  out += digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  return out + "E" + std::to_string(exp);
}

std::string JoinItems(const ValueList& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += items[i].ToJavaString();
  }
  return out + "]";
}

// A HashSet prints in its iteration order (json_value.cc writes it so too).
std::string JoinHashSetItems(const ValueList& items) {
  std::optional<std::vector<size_t>> order = JavaHashOrderOfValues(items);
  if (!order.has_value()) return JoinItems(items);
  ValueList ordered;
  ordered.reserve(items.size());
  for (size_t i : *order) ordered.push_back(items[i]);
  return JoinItems(ordered);
}

}  // namespace

std::string_view JavaClassName(ValueType type) {
  if (type == ValueType::kHyperLogLogPlus) return kHyperLogLogPlusClass;
  if (type == ValueType::kNull) return "null";
  for (const ClassName& c : kClassNames) {
    if (c.type == type) return c.full;
  }
  return "unknown";
}

Result<ValueType> ValueTypeFromClassName(std::string_view name) {
  if (name == kHyperLogLogPlusClass || name == "HyperLogLogPlus")
    return ValueType::kHyperLogLogPlus;
  bool simple = name.find('.') == std::string_view::npos;
  for (const ClassName& c : kClassNames) {
    if (name == c.full) return c.type;
    if (simple && EqualsIgnoringFirstCase(name, SimpleName(c.full))) return c.type;
  }
  // Gaffer's wrapper forms of a few aliases.
  if (name == "Date") return ValueType::kDate;
  return InvalidArgumentError("unknown class '" + std::string(name) + "'");
}

std::string Value::ToJavaString() const {
  switch (type_) {
    case ValueType::kNull:
      return "null";
    case ValueType::kBool:
      return AsBool() ? "true" : "false";
    case ValueType::kInt16:
    case ValueType::kInt32:
      return std::to_string(AsInt32());
    case ValueType::kInt64:
    case ValueType::kDate:
      return std::to_string(AsInt64());
    case ValueType::kFloat:
      return JavaFloatingString(AsFloat());
    case ValueType::kDouble:
      return JavaFloatingString(AsDouble());
    case ValueType::kString:
    case ValueType::kBytes:
      return AsString();
    case ValueType::kHashSet:
      return JoinHashSetItems(AsItems());
    case ValueType::kTreeSet:
    case ValueType::kList:
      return JoinItems(AsItems());
    case ValueType::kMap: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, v] : AsEntries()) {
        if (!first) out += ", ";
        first = false;
        out += k.ToJavaString() + "=" + v.ToJavaString();
      }
      return out + "}";
    }
    case ValueType::kFreqMap: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, v] : AsFreqMap()) {
        if (!first) out += ", ";
        first = false;
        out += k + "=" + std::to_string(v);
      }
      return out + "}";
    }
    case ValueType::kTypeValue: {
      const auto& t = AsTypeSubTypeValue();
      return "TypeValue[type=" + t.type + ",value=" + t.value + "]";
    }
    case ValueType::kTypeSubTypeValue: {
      const auto& t = AsTypeSubTypeValue();
      return "TypeSubTypeValue[type=" + t.type + ",subType=" + t.sub_type + ",value=" + t.value +
             "]";
    }
    case ValueType::kHllSketch:
      return "Sketch[estimate=" + JavaFloatingString(AsSketch().Estimate()) + "]";
    case ValueType::kHyperLogLogPlus: {
      // Object.toString(): the class name, '@' and the hash code in hex.
      char hex[9];
      std::snprintf(hex, sizeof hex, "%x",
                    static_cast<unsigned>(AsHyperLogLogPlus().JavaHashCode()));
      return std::string(kHyperLogLogPlusClass) + "@" + hex;
    }
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      return AsTimestampSet().ToJavaString();
    case ValueType::kLongTimeSeries:
      return AsLongTimeSeries().ToJavaString();
  }
  return "";
}

std::string Value::DebugString() const {
  if (type_ == ValueType::kNull) return "null";
  std::string name(SimpleName(JavaClassName(type_)));
  if (type_ == ValueType::kString) return name + "(\"" + AsString() + "\")";
  return name + "(" + ToJavaString() + ")";
}

}  // namespace quarry
