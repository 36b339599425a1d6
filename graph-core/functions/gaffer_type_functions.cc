// Gaffer's own functions over its types (uk.gov.gchq.gaffer.types.function):
// FreqMapExtractor {"key"}: a FreqMap's count for the key, null when the key
// or the map is absent (FreqMapExtractor.apply); FreqMapPredicator
// {"predicate"}; ToFreqMap, IterableToFreqMap,
// ToTypeValue {"type"}, ToTypeSubTypeValue {"type", "subType"},
// StringsToTypeValue, StringsToTypeSubTypeValue, and the reverse
// TypeValueToTuple / TypeSubTypeValueToTuple (uk.gov.gchq.gaffer.data.element.
// function).
//
// Quarry's TypeValue/TypeSubTypeValue fields are strings, so a null type,
// subType or value is held as "". A FreqMap cannot hold Java's null key:
// ToFreqMap of null is InvalidArgument where Java returns {null=1}.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kFreqMapExtractor = "uk.gov.gchq.gaffer.types.function.FreqMapExtractor";

Result<std::unique_ptr<Function>> ParseFreqMapExtractor(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> key, jf::OptionalString(json, "key", path));
  Json fields = Json::object();
  if (key.has_value()) fields["key"] = *key;
  return MakeFunction(
      kFreqMapExtractor, 1,
      [key](ValueRefs args) -> Result<Value> {
        const Value& map = *args[0];
        if (map.is_null()) return Value();
        if (map.type() != ValueType::kFreqMap) {
          return CannotApply(kFreqMapExtractor, "extract a count from", map);
        }
        if (!key.has_value()) return Value();
        auto it = map.AsFreqMap().find(*key);
        return it == map.AsFreqMap().end() ? Value() : Value::Int64(it->second);
      },
      std::move(fields));
}

// FreqMapPredicator {"predicate"}: a new FreqMap of the entries whose key
// passes the predicate, or of every entry when there is none. Java throws on
// a null map; Quarry returns null, as the other FreqMap functions do.
constexpr std::string_view kFreqMapPredicator =
    "uk.gov.gchq.gaffer.types.function.FreqMapPredicator";

Result<std::unique_ptr<Function>> ParseFreqMapPredicator(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Predicate> predicate,
                          OptionalNestedPredicate(json, "predicate", path));
  Json fields = Json::object();
  if (predicate) fields["predicate"] = predicate->ToJson();
  return MakeFunction(
      kFreqMapPredicator, 1,
      [predicate](ValueRefs args) -> Result<Value> {
        const Value& map = *args[0];
        if (map.is_null()) return Value();
        if (map.type() != ValueType::kFreqMap) {
          return CannotApply(kFreqMapPredicator, "filter the keys of", map);
        }
        if (!predicate) return map;
        quarry::FreqMap kept;
        for (const auto& [key, count] : map.AsFreqMap()) {
          if (predicate->Test(Value::String(key))) kept.emplace(key, count);
        }
        return Value::FreqMap(std::move(kept));
      },
      std::move(fields));
}

constexpr std::string_view kToFreqMap = "uk.gov.gchq.gaffer.types.function.ToFreqMap";
constexpr std::string_view kIterableToFreqMap =
    "uk.gov.gchq.gaffer.types.function.IterableToFreqMap";
constexpr std::string_view kToTypeValue = "uk.gov.gchq.gaffer.types.function.ToTypeValue";
constexpr std::string_view kToTypeSubTypeValue =
    "uk.gov.gchq.gaffer.types.function.ToTypeSubTypeValue";
constexpr std::string_view kStringsToTypeValue =
    "uk.gov.gchq.gaffer.types.function.StringsToTypeValue";
constexpr std::string_view kStringsToTypeSubTypeValue =
    "uk.gov.gchq.gaffer.types.function.StringsToTypeSubTypeValue";
constexpr std::string_view kTypeValueToTuple =
    "uk.gov.gchq.gaffer.data.element.function.TypeValueToTuple";
constexpr std::string_view kTypeSubTypeValueToTuple =
    "uk.gov.gchq.gaffer.data.element.function.TypeSubTypeValueToTuple";

// Object.toString(), with null as "" (see the file comment).
std::string TextOf(const Value& v) {
  if (v.is_null()) return "";
  return v.type() == ValueType::kBytes ? v.AsString() : v.ToJavaString();
}

Result<Value> ToFreqMap(ValueRefs args) {
  if (args[0]->is_null()) {
    return InvalidArgumentError(std::string(kToFreqMap) +
                                ": cannot count a null value (FreqMap keys are Strings)");
  }
  return Value::FreqMap({{TextOf(*args[0]), 1}});
}

// Counts each String item (upsert); the input must be an iterable of
// Strings.
Result<Value> IterableToFreqMap(ValueRefs args) {
  const Value& v = *args[0];
  if (!IsIterable(v)) return CannotApply(kIterableToFreqMap, "count the items of", v);
  FreqMap counts;
  for (const Value& item : v.AsItems()) {
    if (item.type() != ValueType::kString) return CannotApply(kIterableToFreqMap, "count", item);
    ++counts[item.AsString()];
  }
  return Value::FreqMap(std::move(counts));
}

// ToTypeValue (sub_type_key empty) and ToTypeSubTypeValue: the input's
// toString() as the value, the configured type (and subType).
Result<std::unique_ptr<Function>> ParseToTypeValue(const Json& json, std::string_view path,
                                                   bool with_sub_type) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> type, jf::OptionalString(json, "type", path));
  std::optional<std::string> sub_type;
  if (with_sub_type) {
    QUARRY_ASSIGN_OR_RETURN(sub_type, jf::OptionalString(json, "subType", path));
  }
  Json fields = Json::object();
  if (type) fields["type"] = *type;
  if (sub_type) fields["subType"] = *sub_type;
  std::string_view name = with_sub_type ? kToTypeSubTypeValue : kToTypeValue;
  return MakeFunction(
      name, 1,
      [t = type.value_or(""), st = sub_type.value_or(""), with_sub_type](ValueRefs args) {
        return Result<Value>(with_sub_type ? Value::TypeSubTypeValue(t, st, TextOf(*args[0]))
                                           : Value::TypeValue(t, TextOf(*args[0])));
      },
      std::move(fields));
}

// StringsToTypeValue(type, value) / StringsToTypeSubTypeValue(type,
// subType, value): String inputs only.
FunctionFactory StringsTo(std::string_view class_name, size_t arity) {
  return [class_name, arity](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, arity, [class_name, arity](ValueRefs args) -> Result<Value> {
      for (const Value* arg : args) {
        if (!arg->is_null() && arg->type() != ValueType::kString) {
          return CannotApply(class_name, "use", *arg);
        }
      }
      if (arity == 2) return Value::TypeValue(TextOf(*args[0]), TextOf(*args[1]));
      return Value::TypeSubTypeValue(TextOf(*args[0]), TextOf(*args[1]), TextOf(*args[2]));
    });
  };
}

// The fields of a TypeValue/TypeSubTypeValue as a tuple (a List).
FunctionFactory ToTuple(std::string_view class_name, ValueType type) {
  return [class_name, type](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, [class_name, type](ValueRefs args) -> Result<Value> {
      const Value& v = *args[0];
      if (v.is_null()) return Value();
      if (v.type() != type) return CannotApply(class_name, "split", v);
      const TypeSubTypeValue& t = v.AsTypeSubTypeValue();
      if (type == ValueType::kTypeValue) {
        return Value::List({Value::String(t.type), Value::String(t.value)});
      }
      return Value::List(
          {Value::String(t.type), Value::String(t.sub_type), Value::String(t.value)});
    });
  };
}

}  // namespace

void AddGafferTypeFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kFreqMapExtractor, ParseFreqMapExtractor});
  out->push_back({kFreqMapPredicator, ParseFreqMapPredicator});
  out->push_back({kToFreqMap, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<Function>>(
                        MakeFunction(kToFreqMap, 1, ToFreqMap));
                  }});
  out->push_back({kIterableToFreqMap, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<Function>>(
                        MakeFunction(kIterableToFreqMap, 1, IterableToFreqMap));
                  }});
  out->push_back({kToTypeValue, [](const Json& json, std::string_view path) {
                    return ParseToTypeValue(json, path, false);
                  }});
  out->push_back({kToTypeSubTypeValue, [](const Json& json, std::string_view path) {
                    return ParseToTypeValue(json, path, true);
                  }});
  out->push_back({kStringsToTypeValue, StringsTo(kStringsToTypeValue, 2)});
  out->push_back({kStringsToTypeSubTypeValue, StringsTo(kStringsToTypeSubTypeValue, 3)});
  out->push_back({kTypeValueToTuple, ToTuple(kTypeValueToTuple, ValueType::kTypeValue)});
  out->push_back(
      {kTypeSubTypeValueToTuple, ToTuple(kTypeSubTypeValueToTuple, ValueType::kTypeSubTypeValue)});
}

}  // namespace quarry::functions_internal
