// koryphe's arithmetic functions: Increment, and the integer ones Multiply,
// MultiplyBy, Divide and DivideBy, whose inputs must be Integers. Results
// wrap like Java int/long arithmetic.
// Divide and DivideBy return the tuple (quotient, remainder) as a two-item
// list, which a two-key projection spreads over two properties.
#include <cstdint>
#include <limits>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kIncrement = "uk.gov.gchq.koryphe.impl.function.Increment";
constexpr std::string_view kMultiply = "uk.gov.gchq.koryphe.impl.function.Multiply";
constexpr std::string_view kMultiplyBy = "uk.gov.gchq.koryphe.impl.function.MultiplyBy";
constexpr std::string_view kDivide = "uk.gov.gchq.koryphe.impl.function.Divide";
constexpr std::string_view kDivideBy = "uk.gov.gchq.koryphe.impl.function.DivideBy";

Status RequireInt(std::string_view class_name, const Value& v) {
  if (v.is_null() || v.type() == ValueType::kInt32) return Status::OK();
  return CannotApply(class_name, "use", v);
}

int32_t WrapMultiply(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

// Java's a / b and a % b, including Integer.MIN_VALUE / -1 == MIN_VALUE.
Result<Value> DivideInts(std::string_view class_name, int32_t a, int32_t b) {
  if (b == 0) return InvalidArgumentError(std::string(class_name) + ": division by zero");
  if (a == std::numeric_limits<int32_t>::min() && b == -1) {
    return Value::List({Value::Int32(a), Value::Int32(0)});
  }
  return Value::List({Value::Int32(a / b), Value::Int32(a % b)});
}

Result<Value> Multiply(ValueRefs args) {
  QUARRY_RETURN_IF_ERROR(RequireInt(kMultiply, *args[0]));
  QUARRY_RETURN_IF_ERROR(RequireInt(kMultiply, *args[1]));
  if (args[1]->is_null()) return *args[0];
  if (args[0]->is_null()) return Value();
  return Value::Int32(WrapMultiply(args[0]->AsInt32(), args[1]->AsInt32()));
}

Result<Value> Divide(ValueRefs args) {
  QUARRY_RETURN_IF_ERROR(RequireInt(kDivide, *args[0]));
  QUARRY_RETURN_IF_ERROR(RequireInt(kDivide, *args[1]));
  if (args[0]->is_null()) return Value();
  int32_t by = args[1]->is_null() ? 1 : args[1]->AsInt32();
  return DivideInts(kDivide, args[0]->AsInt32(), by);
}

// MultiplyBy / DivideBy: one Integer input and an int field "by" (default 1).
Result<std::unique_ptr<Function>> ParseBy(const Json& json, std::string_view path, bool divide) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> by_field, jf::OptionalInt32(json, "by", path));
  int32_t by = by_field.value_or(1);
  std::string_view name = divide ? kDivideBy : kMultiplyBy;
  return MakeFunction(
      name, 1,
      [by, divide, name](ValueRefs args) -> Result<Value> {
        QUARRY_RETURN_IF_ERROR(RequireInt(name, *args[0]));
        if (args[0]->is_null()) return Value();
        if (divide) return DivideInts(name, args[0]->AsInt32(), by);
        return Value::Int32(WrapMultiply(args[0]->AsInt32(), by));
      },
      Json{{"by", by}});
}

// input + increment in the increment's class (the input is narrowed to it
// with Java's Number.xValue()). A null input gives the increment; a null
// increment gives the input.
Result<Value> AddIncrement(const Value& increment, const Value& input) {
  if (input.is_null()) return increment;
  if (increment.is_null()) return input;
  if (!input.is_number()) return CannotApply(kIncrement, "increment", input);
  switch (increment.type()) {
    case ValueType::kInt32:
      return Value::Int32(static_cast<int32_t>(static_cast<uint32_t>(increment.AsInt32()) +
                                               static_cast<uint32_t>(JavaIntValue(input))));
    case ValueType::kInt64:
      return Value::Int64(static_cast<int64_t>(static_cast<uint64_t>(increment.AsInt64()) +
                                               static_cast<uint64_t>(JavaLongValue(input))));
    case ValueType::kFloat:
      return Value::Float(increment.AsFloat() + JavaFloatValue(input));
    default:
      return Value::Double(increment.AsDouble() + JavaDoubleValue(input));
  }
}

Result<std::unique_ptr<Function>> ParseIncrement(const Json& json, std::string_view path) {
  Value increment;
  Json fields = Json::object();
  if (const Json* field = jf::Find(json, "increment")) {
    QUARRY_ASSIGN_OR_RETURN(increment, ValueFromJson(*field, jf::Join(path, "increment")));
    if (!increment.is_number()) {
      return InvalidArgumentError(jf::Join(path, "increment") +
                                  ": must be an Integer, Long, Float or Double, got " +
                                  std::string(JavaClassName(increment.type())));
    }
    fields["increment"] = ValueToJson(increment);
  }
  return MakeFunction(
      kIncrement, 1, [increment](ValueRefs args) { return AddIncrement(increment, *args[0]); },
      std::move(fields));
}

Result<std::unique_ptr<Function>> TwoInputs(std::string_view class_name, FunctionBody body) {
  return MakeFunction(class_name, 2, std::move(body));
}

}  // namespace

void AddNumericFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kIncrement, ParseIncrement});
  out->push_back(
      {kMultiply, [](const Json&, std::string_view) { return TwoInputs(kMultiply, Multiply); }});
  out->push_back(
      {kDivide, [](const Json&, std::string_view) { return TwoInputs(kDivide, Divide); }});
  out->push_back({kMultiplyBy, [](const Json& json, std::string_view path) {
                    return ParseBy(json, path, false);
                  }});
  out->push_back({kDivideBy, [](const Json& json, std::string_view path) {
                    return ParseBy(json, path, true);
                  }});
}

}  // namespace quarry::functions_internal
