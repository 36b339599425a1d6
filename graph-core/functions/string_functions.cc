// koryphe's Concat, ToUpperCase, ToLowerCase, Length and Size.
#include <algorithm>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kConcat = "uk.gov.gchq.koryphe.impl.function.Concat";
constexpr std::string_view kToUpperCase = "uk.gov.gchq.koryphe.impl.function.ToUpperCase";
constexpr std::string_view kToLowerCase = "uk.gov.gchq.koryphe.impl.function.ToLowerCase";
constexpr std::string_view kLength = "uk.gov.gchq.koryphe.impl.function.Length";
constexpr std::string_view kSize = "uk.gov.gchq.koryphe.impl.function.Size";

// Two inputs joined by toString() and the separator; a null side is dropped.
Result<std::unique_ptr<Function>> ParseConcat(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> sep,
                          jf::OptionalString(json, "separator", path));
  std::string separator = sep.value_or(",");
  return MakeFunction(
      kConcat, 2,
      [separator](ValueRefs args) -> Result<Value> {
        const Value& a = *args[0];
        const Value& b = *args[1];
        if (a.is_null()) return b.is_null() ? Value() : Value::String(b.ToJavaString());
        if (b.is_null()) return Value::String(a.ToJavaString());
        return Value::String(a.ToJavaString() + separator + b.ToJavaString());
      },
      Json{{"separator", separator}});
}

// StringUtils.upperCase/lowerCase(value.toString()). Only ASCII letters
// change case: Quarry does not carry Java's Unicode case tables.
FunctionFactory ChangeCase(std::string_view class_name, bool upper) {
  return [class_name, upper](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, [upper](ValueRefs args) -> Result<Value> {
      if (args[0]->is_null()) return Value();
      std::string s = args[0]->ToJavaString();
      for (char& c : s) {
        if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      }
      return Value::String(std::move(s));
    });
  };
}

// The number of items of a collection, or nullopt for other types.
std::optional<int64_t> CollectionSize(const Value& v) {
  switch (v.type()) {
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList:
      return static_cast<int64_t>(v.AsItems().size());
    default:
      return std::nullopt;
  }
}

// Length of a String (UTF-16 units), collection or map; null is 0; capped by
// the optional maxLength.
Result<std::unique_ptr<Function>> ParseLength(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> max_length,
                          jf::OptionalInt32(json, "maxLength", path));
  Json fields = Json::object();
  if (max_length) fields["maxLength"] = *max_length;
  return MakeFunction(
      kLength, 1,
      [max_length](ValueRefs args) -> Result<Value> {
        QUARRY_ASSIGN_OR_RETURN(int64_t length, KorypheLength(kLength, *args[0]));
        if (max_length) length = std::min<int64_t>(length, *max_length);
        return Value::Int32(static_cast<int32_t>(length));
      },
      std::move(fields));
}

Result<Value> SizeOf(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null()) return InvalidArgumentError(std::string(kSize) + ": input cannot be null");
  std::optional<int64_t> n = CollectionSize(v);
  if (!n) return CannotApply(kSize, "take the size of", v);
  return Value::Int32(static_cast<int32_t>(*n));
}

}  // namespace

Result<int64_t> KorypheLength(std::string_view class_name, const Value& v) {
  if (v.type() == ValueType::kString) return JavaStringLength(v.AsString());
  if (std::optional<int64_t> n = CollectionSize(v)) return *n;
  if (v.type() == ValueType::kMap) return static_cast<int64_t>(v.AsEntries().size());
  if (v.type() == ValueType::kFreqMap) return static_cast<int64_t>(v.AsFreqMap().size());
  if (v.is_null()) return 0;
  return CannotApply(class_name, "measure the length of", v);
}

void AddStringFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kConcat, ParseConcat});
  out->push_back({kToUpperCase, ChangeCase(kToUpperCase, true)});
  out->push_back({kToLowerCase, ChangeCase(kToLowerCase, false)});
  out->push_back({kLength, ParseLength});
  out->push_back({kSize, [](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
                    return MakeFunction(kSize, 1, SizeOf);
                  }});
}

}  // namespace quarry::functions_internal
