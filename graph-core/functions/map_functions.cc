// koryphe's functions over the entries of a map: FunctionMap {"function"}
// (package uk.gov.gchq.koryphe.function) and MapFilter {"keyPredicate",
// "valuePredicate", "keyValuePredicate"}.
//
// FunctionMap applies its function to every value and returns a new
// HashMap (a FreqMap in gives a HashMap out). MapFilter keeps the entries
// that pass every predicate it has (none: the map is returned as it is) and
// keeps the map's class. koryphe's MapFilter removes entries from its input
// in place; Quarry's values are immutable, so the input property is left as
// it was.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kFunctionMap = "uk.gov.gchq.koryphe.function.FunctionMap";
constexpr std::string_view kMapFilter = "uk.gov.gchq.koryphe.impl.function.MapFilter";

Result<std::unique_ptr<Function>> ParseFunctionMap(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Function> fn,
                          OptionalNestedFunction(json, "function", path));
  Json fields = Json::object();
  if (fn != nullptr) fields["function"] = fn->ToJson();
  return MakeFunction(
      kFunctionMap, 1,
      [fn](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        if (fn == nullptr) {  // koryphe accepts none, then fails on a map.
          return InvalidArgumentError(std::string(kFunctionMap) + ": no function to apply");
        }
        QUARRY_ASSIGN_OR_RETURN(ValueEntries entries, MapEntries(kFunctionMap, *args[0]));
        for (auto& [key, value] : entries) {
          QUARRY_ASSIGN_OR_RETURN(value, ApplyToOne(*fn, value));
        }
        return Value::Map(std::move(entries));
      },
      std::move(fields));
}

struct MapFilterPredicates {
  std::shared_ptr<const Predicate> key;
  std::shared_ptr<const Predicate> value;
  std::shared_ptr<const Predicate> key_value;

  bool any() const { return key || value || key_value; }
  bool Keep(const Value& k, const Value& v) const {
    if (key_value) {
      const Value* both[] = {&k, &v};
      if (!key_value->Test(ValueRefs(both, 2))) return false;
    }
    if (value && !value->Test(v)) return false;
    return !key || key->Test(k);
  }
};

Result<Value> FilterMap(const MapFilterPredicates& p, const Value& map) {
  if (map.is_null() || !p.any()) return map;
  if (map.type() == ValueType::kFreqMap) {
    quarry::FreqMap kept;
    for (const auto& [key, count] : map.AsFreqMap()) {
      if (p.Keep(Value::String(key), Value::Int64(count))) kept.emplace(key, count);
    }
    return Value::FreqMap(std::move(kept));
  }
  if (map.type() != ValueType::kMap) return CannotApply(kMapFilter, "filter", map);
  ValueEntries kept;
  for (const auto& [key, value] : map.AsEntries()) {
    if (p.Keep(key, value)) kept.emplace_back(key, value);
  }
  return Value::Map(std::move(kept));
}

Result<std::unique_ptr<Function>> ParseMapFilter(const Json& json, std::string_view path) {
  MapFilterPredicates p;
  QUARRY_ASSIGN_OR_RETURN(p.key, OptionalNestedPredicate(json, "keyPredicate", path));
  QUARRY_ASSIGN_OR_RETURN(p.value, OptionalNestedPredicate(json, "valuePredicate", path));
  QUARRY_ASSIGN_OR_RETURN(p.key_value, OptionalNestedPredicate(json, "keyValuePredicate", path));
  Json fields = Json::object();
  if (p.key) fields["keyPredicate"] = p.key->ToJson();
  if (p.value) fields["valuePredicate"] = p.value->ToJson();
  if (p.key_value) fields["keyValuePredicate"] = p.key_value->ToJson();
  return MakeFunction(
      kMapFilter, 1, [p](ValueRefs args) { return FilterMap(p, *args[0]); }, std::move(fields));
}

}  // namespace

void AddMapFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kFunctionMap, ParseFunctionMap});
  out->push_back({kMapFilter, ParseMapFilter});
}

}  // namespace quarry::functions_internal
