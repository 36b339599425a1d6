// koryphe's Identity, ToNull, ToString, ToLong, ToInteger, ToDouble, ToFloat
// (each maps null to null) and DefaultIfNull.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

constexpr std::string_view kToLong = "uk.gov.gchq.koryphe.impl.function.ToLong";
constexpr std::string_view kToInteger = "uk.gov.gchq.koryphe.impl.function.ToInteger";
constexpr std::string_view kToDouble = "uk.gov.gchq.koryphe.impl.function.ToDouble";
constexpr std::string_view kToFloat = "uk.gov.gchq.koryphe.impl.function.ToFloat";
constexpr std::string_view kDefaultIfNull = "uk.gov.gchq.koryphe.impl.function.DefaultIfNull";

template <typename Body>
FunctionFactory NoFields(std::string_view class_name, Body body) {
  return [class_name, body](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, body);
  };
}

// Applies Java's Number.xValue() to numbers and X.valueOf() to strings;
// anything else is an IllegalArgumentException in koryphe.
template <typename T>
Result<Value> Convert(std::string_view class_name, const Value& v, T (*from_number)(const Value&),
                      Result<T> (*from_string)(std::string_view), Value (*make)(T)) {
  if (v.is_null()) return Value();
  if (v.is_number()) return make(from_number(v));
  if (v.type() == ValueType::kString) {
    QUARRY_ASSIGN_OR_RETURN(T parsed, from_string(v.AsString()));
    return make(parsed);
  }
  return CannotApply(class_name, "convert", v);
}

Result<Value> ToJavaStringValue(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null()) return Value();
  // new String(bytes, UTF-8): Value keeps the raw bytes in its string.
  if (v.type() == ValueType::kBytes) return Value::String(v.AsString());
  return Value::String(v.ToJavaString());
}

// The typed "defaultValue" replaces a null input.
Result<std::unique_ptr<Function>> ParseDefaultIfNull(const Json& json, std::string_view path) {
  Value default_value;
  Json fields = Json::object();
  if (const Json* field = json_fields::Find(json, "defaultValue")) {
    QUARRY_ASSIGN_OR_RETURN(default_value,
                            ValueFromJson(*field, json_fields::Join(path, "defaultValue")));
    fields["defaultValue"] = ValueToJson(default_value);
  }
  return MakeFunction(
      kDefaultIfNull, 1,
      [default_value](ValueRefs args) -> Result<Value> {
        return args[0]->is_null() ? default_value : *args[0];
      },
      std::move(fields));
}

}  // namespace

void AddConversionFunctions(std::vector<FunctionClass>* out) {
  out->push_back({"uk.gov.gchq.koryphe.impl.function.Identity",
                  NoFields("uk.gov.gchq.koryphe.impl.function.Identity",
                           [](ValueRefs args) -> Result<Value> { return *args[0]; })});
  out->push_back({"uk.gov.gchq.koryphe.impl.function.ToNull",
                  NoFields("uk.gov.gchq.koryphe.impl.function.ToNull",
                           [](ValueRefs) -> Result<Value> { return Value(); })});
  // The charset field only matters for byte[] input; Quarry reads UTF-8.
  out->push_back({"uk.gov.gchq.koryphe.impl.function.ToString",
                  NoFields("uk.gov.gchq.koryphe.impl.function.ToString", ToJavaStringValue)});
  out->push_back({kToLong, NoFields(kToLong, [](ValueRefs args) {
                    return Convert<int64_t>(kToLong, *args[0], JavaLongValue, ParseJavaLong,
                                            Value::Int64);
                  })});
  out->push_back({kToInteger, NoFields(kToInteger, [](ValueRefs args) {
                    return Convert<int32_t>(kToInteger, *args[0], JavaIntValue, ParseJavaInt,
                                            Value::Int32);
                  })});
  out->push_back({kToDouble, NoFields(kToDouble, [](ValueRefs args) {
                    return Convert<double>(kToDouble, *args[0], JavaDoubleValue, ParseJavaDouble,
                                           Value::Double);
                  })});
  out->push_back({kToFloat, NoFields(kToFloat, [](ValueRefs args) {
                    return Convert<float>(kToFloat, *args[0], JavaFloatValue, ParseJavaFloat,
                                          Value::Float);
                  })});
  out->push_back({kDefaultIfNull, ParseDefaultIfNull});
}

}  // namespace quarry::functions_internal
