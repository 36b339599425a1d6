// Helpers shared by the koryphe functions: the generic wrapper and Java's
// number parsing and narrowing rules.
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "graph-core/functions/internal/koryphe_function.h"

namespace quarry::functions_internal {
namespace {

class BodyFunction final : public Function {
 public:
  BodyFunction(std::string_view class_name, size_t arity, FunctionBody body, Json fields)
      : class_name_(class_name),
        arity_(arity),
        body_(std::move(body)),
        fields_(std::move(fields)) {}

  Result<Value> Apply(ValueRefs args) const override {
    if (arity_ == kAnyArity && args.empty()) {
      return InvalidArgumentError(std::string(class_name_) + " takes at least one input");
    }
    if (arity_ != kAnyArity && args.size() != arity_) {
      return InvalidArgumentError(std::string(class_name_) + " takes " + std::to_string(arity_) +
                                  " input(s), got " + std::to_string(args.size()));
    }
    return body_(args);
  }

  Json ToJson() const override {
    Json json = {{"class", std::string(class_name_)}};
    for (const auto& [key, value] : fields_.items()) json[key] = value;
    return json;
  }

 private:
  std::string_view class_name_;
  size_t arity_;
  FunctionBody body_;
  Json fields_;
};

Status NumberFormat(std::string_view s) {
  return InvalidArgumentError("cannot parse number from string \"" + std::string(s) + "\"");
}

// Java's String.trim(): strips characters <= ' ' from both ends.
std::string_view JavaTrim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

// Double.valueOf's grammar, approximated with strtod: optional sign, "NaN",
// "Infinity" or a decimal/hex literal with an optional f/F/d/D suffix.
Result<double> ParseFloating(std::string_view input) {
  std::string_view s = JavaTrim(input);
  std::string_view body = s;
  bool negative = false;
  if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (body == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (body == "Infinity") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  if (body.empty() ||
      !(std::isdigit(static_cast<unsigned char>(body.front())) || body.front() == '.')) {
    return NumberFormat(input);
  }
  char last = s.back();
  if (last == 'f' || last == 'F' || last == 'd' || last == 'D') s.remove_suffix(1);
  std::string text(s);
  char* end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return NumberFormat(input);
  return d;
}

template <typename F>
int64_t SaturatingToLong(F f) {
  if (std::isnan(f)) return 0;
  if (f >= static_cast<F>(9223372036854775807.0)) return std::numeric_limits<int64_t>::max();
  if (f <= static_cast<F>(-9223372036854775808.0)) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(f);
}

template <typename F>
int32_t SaturatingToInt(F f) {
  if (std::isnan(f)) return 0;
  if (f >= static_cast<F>(2147483647.0)) return std::numeric_limits<int32_t>::max();
  if (f <= static_cast<F>(-2147483648.0)) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(f);
}

}  // namespace

std::unique_ptr<Function> MakeFunction(std::string_view class_name, size_t arity, FunctionBody body,
                                       Json fields) {
  return std::make_unique<BodyFunction>(class_name, arity, std::move(body), std::move(fields));
}

Status CannotApply(std::string_view class_name, std::string_view what, const Value& value) {
  return InvalidArgumentError(std::string(class_name) + " cannot " + std::string(what) + " " +
                              std::string(JavaClassName(value.type())) + " " + value.DebugString());
}

Result<ValueEntries> MapEntries(std::string_view class_name, const Value& map) {
  if (map.type() == ValueType::kMap) return map.AsEntries();
  if (map.type() != ValueType::kFreqMap) return CannotApply(class_name, "read a Map from", map);
  ValueEntries entries;
  for (const auto& [key, count] : map.AsFreqMap()) {
    entries.emplace_back(Value::String(key), Value::Int64(count));
  }
  return entries;
}

Result<const std::string*> RequireString(std::string_view class_name, const Value& v) {
  if (v.type() != ValueType::kString) return CannotApply(class_name, "apply to", v);
  return &v.AsString();
}

bool IsIterable(const Value& v) {
  return v.type() == ValueType::kList || v.type() == ValueType::kTreeSet ||
         v.type() == ValueType::kHashSet;
}

Result<Value> ApplyToOne(const Function& fn, const Value& v) {
  const Value* arg = &v;
  return fn.Apply(ValueRefs(&arg, 1));
}

int64_t JavaStringLength(std::string_view utf8) {
  int64_t units = 0;
  for (unsigned char c : utf8) {
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    units += (c >= 0xF0) ? 2 : 1;      // 4-byte sequences are surrogate pairs
  }
  return units;
}

Result<int64_t> ParseJavaLong(std::string_view s) {
  std::string_view digits = s;
  bool negative = false;
  if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) {
    negative = digits.front() == '-';
    digits.remove_prefix(1);
  }
  if (digits.empty() || digits.front() == '+' || digits.front() == '-') return NumberFormat(s);
  uint64_t magnitude = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return NumberFormat(s);
  constexpr uint64_t kMaxPositive = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  if (magnitude > kMaxPositive + (negative ? 1 : 0)) return NumberFormat(s);
  return negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

Result<int32_t> ParseJavaInt(std::string_view s) {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, ParseJavaLong(s));
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    return NumberFormat(s);
  }
  return static_cast<int32_t>(v);
}

Result<double> ParseJavaDouble(std::string_view s) { return ParseFloating(s); }

Result<float> ParseJavaFloat(std::string_view s) {
  QUARRY_ASSIGN_OR_RETURN(double d, ParseFloating(s));
  return static_cast<float>(d);
}

int64_t JavaLongValue(const Value& v) {
  switch (v.type()) {
    case ValueType::kInt16:
    case ValueType::kInt32:
      return v.AsInt32();
    case ValueType::kInt64:
      return v.AsInt64();
    case ValueType::kFloat:
      return SaturatingToLong(v.AsFloat());
    default:
      return SaturatingToLong(v.AsDouble());
  }
}

int32_t JavaIntValue(const Value& v) {
  switch (v.type()) {
    case ValueType::kInt16:
    case ValueType::kInt32:
      return v.AsInt32();
    case ValueType::kInt64:
      return static_cast<int32_t>(v.AsInt64());  // low 32 bits
    case ValueType::kFloat:
      return SaturatingToInt(v.AsFloat());
    default:
      return SaturatingToInt(v.AsDouble());
  }
}

double JavaDoubleValue(const Value& v) {
  switch (v.type()) {
    case ValueType::kInt16:
    case ValueType::kInt32:
      return v.AsInt32();
    case ValueType::kInt64:
      return static_cast<double>(v.AsInt64());
    case ValueType::kFloat:
      return v.AsFloat();
    default:
      return v.AsDouble();
  }
}

float JavaFloatValue(const Value& v) {
  switch (v.type()) {
    case ValueType::kInt16:
    case ValueType::kInt32:
      return static_cast<float>(v.AsInt32());
    case ValueType::kInt64:
      return static_cast<float>(v.AsInt64());
    case ValueType::kFloat:
      return v.AsFloat();
    default:
      return static_cast<float>(v.AsDouble());
  }
}

}  // namespace quarry::functions_internal
