// koryphe's single-value conversions and lookups: ToSet {"implementation"},
// Cast {"outputClass"}, ToBoolean, DictionaryLookup {"dictionary"},
// Base64Decode, ToBytes {"charset"}, SetValue {"value"} and MultiplyLongBy
// {"by"}.
#include <cstdint>

#include "graph-core/base64.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kToSet = "uk.gov.gchq.koryphe.impl.function.ToSet";
constexpr std::string_view kCast = "uk.gov.gchq.koryphe.impl.function.Cast";
constexpr std::string_view kToBoolean = "uk.gov.gchq.koryphe.impl.function.ToBoolean";
constexpr std::string_view kDictionaryLookup = "uk.gov.gchq.koryphe.impl.function.DictionaryLookup";
constexpr std::string_view kBase64Decode = "uk.gov.gchq.koryphe.impl.function.Base64Decode";
constexpr std::string_view kToBytes = "uk.gov.gchq.koryphe.impl.function.ToBytes";
constexpr std::string_view kSetValue = "uk.gov.gchq.koryphe.impl.function.SetValue";
constexpr std::string_view kMultiplyLongBy = "uk.gov.gchq.koryphe.impl.function.MultiplyLongBy";

// ToSet: a HashSet (default) or TreeSet. A set of the chosen class is
// returned as it is, other iterables are copied, anything else is wrapped;
// null gives {null} for HashSet but an empty TreeSet (TreeSet cannot hold
// null).
Result<std::unique_ptr<Function>> ParseToSet(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          jf::OptionalString(json, "implementation", path));
  std::string simple(jf::SimpleClassName(name.value_or("java.util.HashSet")));
  bool tree;
  if (simple == "HashSet" || simple == "Set" || simple == "AbstractSet" || simple == "Collection") {
    tree = false;
  } else if (simple == "TreeSet" || simple == "SortedSet" || simple == "NavigableSet") {
    tree = true;
  } else {
    return InvalidArgumentError(jf::Join(path, "implementation") +
                                ": unrecognised Set implementation '" + *name + "'");
  }
  ValueType type = tree ? ValueType::kTreeSet : ValueType::kHashSet;
  Value (*make)(ValueList) = tree ? Value::TreeSet : Value::HashSet;
  return MakeFunction(
      kToSet, 1,
      [type, make, tree](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.is_null() && tree) return make({});
        if (v.type() == type) return v;
        if (IsIterable(v)) return make(v.AsItems());
        return make({v});
      },
      Json{{"implementation", tree ? "java.util.TreeSet" : "java.util.HashSet"}});
}

// The classes Cast accepts: a Value class, or one of the Java supertypes
// below. `IsInstance` is Class.isInstance.
struct CastTarget {
  std::string full_name;
  std::optional<ValueType> exact;
  enum class Super { kNone, kObject, kNumber, kIterable, kSet, kMap } super = Super::kNone;

  bool IsInstance(const Value& v) const {
    switch (super) {
      case Super::kObject:
        return true;
      case Super::kNumber:
        return v.is_number();
      case Super::kIterable:
        return IsIterable(v);
      case Super::kSet:
        return v.type() == ValueType::kHashSet || v.type() == ValueType::kTreeSet;
      case Super::kMap:
        return v.type() == ValueType::kMap || v.type() == ValueType::kFreqMap;
      case Super::kNone:
        break;
    }
    // FreqMap extends HashMap.
    return v.type() == *exact || (*exact == ValueType::kMap && v.type() == ValueType::kFreqMap);
  }
};

Result<CastTarget> ParseCastTarget(const std::string& name, std::string_view path) {
  using Super = CastTarget::Super;
  static const std::pair<std::string_view, Super> kSupers[] = {
      {"java.lang.Object", Super::kObject},     {"java.lang.Number", Super::kNumber},
      {"java.lang.Iterable", Super::kIterable}, {"java.util.Collection", Super::kIterable},
      {"java.util.Set", Super::kSet},           {"java.util.Map", Super::kMap},
  };
  for (const auto& [full, super] : kSupers) {
    if (jf::ClassNameMatches(name, full)) return CastTarget{std::string(full), std::nullopt, super};
  }
  Result<ValueType> type = ValueTypeFromClassName(name);
  if (!type.ok()) {
    return InvalidArgumentError(jf::Join(path, "outputClass") + ": " + type.status().message());
  }
  return CastTarget{std::string(JavaClassName(*type)), *type};
}

// Class.cast: null passes, an instance passes unchanged, anything else is
// a ClassCastException. Without an outputClass Java fails on every apply;
// so does Quarry, after parsing as Java does.
Result<std::unique_ptr<Function>> ParseCast(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          jf::OptionalString(json, "outputClass", path));
  std::optional<CastTarget> target;
  Json fields = Json::object();
  if (name) {
    QUARRY_ASSIGN_OR_RETURN(target, ParseCastTarget(*name, path));
    fields["outputClass"] = target->full_name;
  }
  return MakeFunction(
      kCast, 1,
      [target](ValueRefs args) -> Result<Value> {
        if (!target) return InvalidArgumentError(std::string(kCast) + ": no outputClass is set");
        const Value& v = *args[0];
        if (v.is_null() || target->IsInstance(v)) return v;
        return CannotApply(kCast, "cast to " + target->full_name + " the value", v);
      },
      std::move(fields));
}

// Boolean.valueOf for Strings ("true" in any case), Booleans unchanged.
Result<Value> ToBoolean(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null() || v.type() == ValueType::kBool) return v;
  if (v.type() != ValueType::kString) return CannotApply(kToBoolean, "convert to Boolean", v);
  std::string s = v.AsString();
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return Value::Bool(s == "true");
}

// The dictionary's JSON keys are Strings, so only String inputs can match.
Result<std::unique_ptr<Function>> ParseDictionaryLookup(const Json& json, std::string_view path) {
  const Json* field = jf::Find(json, "dictionary");
  std::optional<std::map<std::string, Value>> dictionary;
  Json fields = Json::object();
  if (field != nullptr && !field->is_null()) {
    std::string field_path = jf::Join(path, "dictionary");
    if (!field->is_object()) return InvalidArgumentError(field_path + ": expected an object");
    dictionary.emplace();
    for (const auto& [key, value] : field->items()) {
      QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(value, jf::Join(field_path, key)));
      fields["dictionary"][key] = ValueToJson(v);
      dictionary->emplace(key, std::move(v));
    }
  }
  return MakeFunction(
      kDictionaryLookup, 1,
      [dictionary](ValueRefs args) -> Result<Value> {
        if (!dictionary) {
          return InvalidArgumentError(std::string(kDictionaryLookup) +
                                      " has not been provided with a dictionary");
        }
        if (args[0]->type() != ValueType::kString) return Value();
        auto it = dictionary->find(args[0]->AsString());
        return it == dictionary->end() ? Value() : it->second;
      },
      std::move(fields));
}

// byte[] of base64 text -> the decoded byte[]. Whitespace is skipped, as
// commons-codec does; other characters outside the alphabet are an error
// (commons-codec would drop them silently).
Result<Value> Base64DecodeBytes(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null()) return Value();
  if (v.type() != ValueType::kBytes) return CannotApply(kBase64Decode, "decode", v);
  std::string text;
  for (char c : v.AsString()) {
    if (!std::isspace(static_cast<unsigned char>(c))) text.push_back(c);
  }
  std::optional<std::string> decoded = Base64Decode(text);
  if (!decoded) return CannotApply(kBase64Decode, "decode invalid base64", v);
  return Value::Bytes(std::move(*decoded));
}

// String -> its bytes. Quarry strings are UTF-8, the default charset; other
// charsets are refused at parse time.
Result<std::unique_ptr<Function>> ParseToBytes(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> charset,
                          jf::OptionalString(json, "charset", path));
  if (charset && *charset != "UTF-8" && *charset != "UTF8" && *charset != "utf-8") {
    return InvalidArgumentError(jf::Join(path, "charset") + ": only UTF-8 is supported, got '" +
                                *charset + "'");
  }
  return MakeFunction(
      kToBytes, 1,
      [](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.is_null()) return Value();
        if (v.type() != ValueType::kString) return CannotApply(kToBytes, "encode", v);
        return Value::Bytes(v.AsString());
      },
      Json{{"charset", "UTF-8"}});
}

Result<std::unique_ptr<Function>> ParseSetValue(const Json& json, std::string_view path) {
  Value value;
  Json fields = Json::object();
  if (const Json* field = jf::Find(json, "value")) {
    QUARRY_ASSIGN_OR_RETURN(value, ValueFromJson(*field, jf::Join(path, "value")));
    fields["value"] = ValueToJson(value);
  }
  return MakeFunction(
      kSetValue, 1, [value](ValueRefs) -> Result<Value> { return value; }, std::move(fields));
}

// Long input * the long "by" (default 1), wrapping as Java's long does.
Result<std::unique_ptr<Function>> ParseMultiplyLongBy(const Json& json, std::string_view path) {
  int64_t by = 1;
  if (const Json* field = jf::Find(json, "by")) {
    QUARRY_ASSIGN_OR_RETURN(by, internal::JsonToInt64(*field, jf::Join(path, "by")));
  }
  return MakeFunction(
      kMultiplyLongBy, 1,
      [by](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.is_null()) return Value();
        if (v.type() != ValueType::kInt64) return CannotApply(kMultiplyLongBy, "multiply", v);
        return Value::Int64(
            static_cast<int64_t>(static_cast<uint64_t>(v.AsInt64()) * static_cast<uint64_t>(by)));
      },
      Json{{"by", by}});
}

template <typename Body>
FunctionFactory Plain(std::string_view class_name, Body body) {
  return [class_name, body](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, body);
  };
}

}  // namespace

void AddValueFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kToSet, ParseToSet});
  out->push_back({kCast, ParseCast});
  out->push_back({kToBoolean, Plain(kToBoolean, ToBoolean)});
  out->push_back({kDictionaryLookup, ParseDictionaryLookup});
  out->push_back({kBase64Decode, Plain(kBase64Decode, Base64DecodeBytes)});
  out->push_back({kToBytes, ParseToBytes});
  out->push_back({kSetValue, ParseSetValue});
  out->push_back({kMultiplyLongBy, ParseMultiplyLongBy});
}

}  // namespace quarry::functions_internal
