// koryphe's functions over maps and iterables (lists and sets):
// ExtractKeys, ExtractValues, ExtractValue {"key"}, FirstItem, LastItem,
// NthItem {"selection"}, IterableConcat, IterableLongest, Longest (two
// inputs), IsEmpty, DefaultIfEmpty {"defaultValue"}, ToList, ToArray and
// ToSet {"implementation"}.
//
// Java returns live views (HashMap$KeySet, HashMap$Values); Quarry returns
// copies: keys as a HashSet, values as a List in key order. Quarry has no
// Object[] type, so ToArray returns a List (both are JSON arrays).
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kExtractKeys = "uk.gov.gchq.koryphe.impl.function.ExtractKeys";
constexpr std::string_view kExtractValues = "uk.gov.gchq.koryphe.impl.function.ExtractValues";
constexpr std::string_view kExtractValue = "uk.gov.gchq.koryphe.impl.function.ExtractValue";
constexpr std::string_view kFirstItem = "uk.gov.gchq.koryphe.impl.function.FirstItem";
constexpr std::string_view kLastItem = "uk.gov.gchq.koryphe.impl.function.LastItem";
constexpr std::string_view kNthItem = "uk.gov.gchq.koryphe.impl.function.NthItem";
constexpr std::string_view kIterableConcat = "uk.gov.gchq.koryphe.impl.function.IterableConcat";
constexpr std::string_view kIterableLongest = "uk.gov.gchq.koryphe.impl.function.IterableLongest";
constexpr std::string_view kLongest = "uk.gov.gchq.koryphe.impl.function.Longest";
constexpr std::string_view kIsEmpty = "uk.gov.gchq.koryphe.impl.function.IsEmpty";
constexpr std::string_view kDefaultIfEmpty = "uk.gov.gchq.koryphe.impl.function.DefaultIfEmpty";
constexpr std::string_view kToList = "uk.gov.gchq.koryphe.impl.function.ToList";
constexpr std::string_view kToArray = "uk.gov.gchq.koryphe.impl.function.ToArray";

// A factory for a function without fields.
FunctionFactory Plain(std::string_view class_name, size_t arity, FunctionBody body) {
  return [class_name, arity, body](const Json&,
                                   std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, arity, body);
  };
}

Result<Value> ExtractKeys(ValueRefs args) {
  if (args[0]->is_null()) return Value();
  QUARRY_ASSIGN_OR_RETURN(ValueEntries entries, MapEntries(kExtractKeys, *args[0]));
  ValueList keys;
  for (auto& [key, value] : entries) keys.push_back(std::move(key));
  return Value::HashSet(std::move(keys));
}

Result<Value> ExtractValues(ValueRefs args) {
  if (args[0]->is_null()) return Value();
  QUARRY_ASSIGN_OR_RETURN(ValueEntries entries, MapEntries(kExtractValues, *args[0]));
  ValueList values;
  for (auto& [key, value] : entries) values.push_back(std::move(value));
  return Value::List(std::move(values));
}

// Map.get(key): equal keys only (Integer 1 is not Long 1); absent is null.
Result<std::unique_ptr<Function>> ParseExtractValue(const Json& json, std::string_view path) {
  Value key;
  if (const Json* field = jf::Find(json, "key")) {
    QUARRY_ASSIGN_OR_RETURN(key, ValueFromJson(*field, jf::Join(path, "key")));
  }
  Json fields = Json::object();
  if (!key.is_null()) fields["key"] = ValueToJson(key);
  return MakeFunction(
      kExtractValue, 1,
      [key](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(ValueEntries entries, MapEntries(kExtractValue, *args[0]));
        for (const auto& [k, v] : entries) {
          if (k == key) return v;
        }
        return Value();
      },
      std::move(fields));
}

// The items of an iterable input; null is "Input cannot be null" as in
// FirstItem/LastItem/NthItem/IsEmpty.
Result<const ValueList*> RequireItems(std::string_view class_name, const Value& v) {
  if (v.is_null()) return InvalidArgumentError(std::string(class_name) + ": input cannot be null");
  if (!IsIterable(v)) return CannotApply(class_name, "iterate over", v);
  return &v.AsItems();
}

Result<Value> FirstItem(ValueRefs args) {
  QUARRY_ASSIGN_OR_RETURN(const ValueList* items, RequireItems(kFirstItem, *args[0]));
  return items->empty() ? Value() : items->front();
}

Result<Value> LastItem(ValueRefs args) {
  QUARRY_ASSIGN_OR_RETURN(const ValueList* items, RequireItems(kLastItem, *args[0]));
  return items->empty() ? Value() : items->back();
}

Result<Value> IsEmpty(ValueRefs args) {
  QUARRY_ASSIGN_OR_RETURN(const ValueList* items, RequireItems(kIsEmpty, *args[0]));
  return Value::Bool(items->empty());
}

// Iterables.get(input, selection): out of range is an error, not null.
Result<std::unique_ptr<Function>> ParseNthItem(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> field, jf::OptionalInt32(json, "selection", path));
  int32_t selection = field.value_or(0);
  return MakeFunction(
      kNthItem, 1,
      [selection](ValueRefs args) -> Result<Value> {
        QUARRY_ASSIGN_OR_RETURN(const ValueList* items, RequireItems(kNthItem, *args[0]));
        if (selection < 0 || static_cast<size_t>(selection) >= items->size()) {
          return InvalidArgumentError(std::string(kNthItem) + ": index " +
                                      std::to_string(selection) + " is out of range for " +
                                      std::to_string(items->size()) + " items");
        }
        return (*items)[selection];
      },
      Json{{"selection", selection}});
}

// The items of every inner iterable, in order, as one List.
Result<Value> IterableConcat(ValueRefs args) {
  const Value& outer = *args[0];
  if (outer.is_null()) {
    return InvalidArgumentError(std::string(kIterableConcat) + ": iterables are required");
  }
  if (!IsIterable(outer)) return CannotApply(kIterableConcat, "iterate over", outer);
  ValueList out;
  for (const Value& inner : outer.AsItems()) {
    if (!IsIterable(inner)) return CannotApply(kIterableConcat, "iterate over", inner);
    out.insert(out.end(), inner.AsItems().begin(), inner.AsItems().end());
  }
  return Value::List(std::move(out));
}

// The first item with the greatest Length (0-length items never win).
Result<Value> IterableLongest(ValueRefs args) {
  const Value& items = *args[0];
  if (items.is_null()) return Value();
  if (!IsIterable(items)) return CannotApply(kIterableLongest, "iterate over", items);
  Value longest;
  int64_t max_length = 0;
  for (const Value& item : items.AsItems()) {
    QUARRY_ASSIGN_OR_RETURN(int64_t length, KorypheLength(kIterableLongest, item));
    if (length > max_length) {
      longest = item;
      max_length = length;
    }
  }
  return longest;
}

// The first input if strictly longer, else the second.
Result<Value> Longest(ValueRefs args) {
  QUARRY_ASSIGN_OR_RETURN(int64_t first, KorypheLength(kLongest, *args[0]));
  QUARRY_ASSIGN_OR_RETURN(int64_t second, KorypheLength(kLongest, *args[1]));
  return first > second ? *args[0] : *args[1];
}

Result<std::unique_ptr<Function>> ParseDefaultIfEmpty(const Json& json, std::string_view path) {
  Value default_value;
  Json fields = Json::object();
  if (const Json* field = jf::Find(json, "defaultValue")) {
    QUARRY_ASSIGN_OR_RETURN(default_value, ValueFromJson(*field, jf::Join(path, "defaultValue")));
    fields["defaultValue"] = ValueToJson(default_value);
  }
  return MakeFunction(
      kDefaultIfEmpty, 1,
      [default_value](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(int64_t length, KorypheLength(kDefaultIfEmpty, *args[0]));
        return length == 0 ? default_value : *args[0];
      },
      std::move(fields));
}

// ToList and ToArray: a List stays as it is, other iterables are copied,
// anything else (null included) becomes a one-item list.
Result<Value> ToListBody(ValueRefs args) {
  const Value& v = *args[0];
  if (v.type() == ValueType::kList) return v;
  if (IsIterable(v)) return Value::List(v.AsItems());
  return Value::List({v});
}

}  // namespace

void AddIterableFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kExtractKeys, Plain(kExtractKeys, 1, ExtractKeys)});
  out->push_back({kExtractValues, Plain(kExtractValues, 1, ExtractValues)});
  out->push_back({kExtractValue, ParseExtractValue});
  out->push_back({kFirstItem, Plain(kFirstItem, 1, FirstItem)});
  out->push_back({kLastItem, Plain(kLastItem, 1, LastItem)});
  out->push_back({kNthItem, ParseNthItem});
  out->push_back({kIterableConcat, Plain(kIterableConcat, 1, IterableConcat)});
  out->push_back({kIterableLongest, Plain(kIterableLongest, 1, IterableLongest)});
  out->push_back({kLongest, Plain(kLongest, 2, Longest)});
  out->push_back({kIsEmpty, Plain(kIsEmpty, 1, IsEmpty)});
  out->push_back({kDefaultIfEmpty, ParseDefaultIfEmpty});
  out->push_back({kToList, Plain(kToList, 1, ToListBody)});
  out->push_back({kToArray, Plain(kToArray, 1, ToListBody)});
}

}  // namespace quarry::functions_internal
