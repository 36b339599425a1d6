// koryphe's reflective functions, over the classes a Gaffer JSON value can
// have: CallMethod {"method"} and CreateObject {"objectClass"}.
//
// Java finds the method or constructor by reflection; Quarry knows a fixed
// set of them per value class (below), so a call Java could make on some
// other class is an error naming the method and the class, as koryphe's
// "Unable to invoke <method> on object class <class>" is.
//
// CallMethod, no-argument methods only (null in gives null out):
//   any value       toString, hashCode (not for collections, maps, sketches)
//   String          toLowerCase, toUpperCase (ASCII letters only, as
//                   koryphe's ToLowerCase in Quarry), trim, strip, length,
//                   isEmpty, isBlank
//   numbers         intValue, longValue, floatValue, doubleValue
//   Boolean         booleanValue            Date   getTime
//   collections     size, isEmpty           maps   size, isEmpty
// CreateObject: a null input calls the no-argument constructor (String "",
// empty collections and maps; the boxed numbers have none, an error);
// otherwise the one-argument constructor that accepts the input's class:
// String(String), the collections from any collection, the maps from any
// map, and Long/Integer/Double/Float/Boolean from a String (their
// primitive-argument constructors do not accept a boxed value).
#include <cmath>
#include <cstring>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/java_hash_order.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kCallMethod = "uk.gov.gchq.koryphe.impl.function.CallMethod";
constexpr std::string_view kCreateObject = "uk.gov.gchq.koryphe.impl.function.CreateObject";

Status UnableToInvoke(const std::string& method, const Value& v) {
  return InvalidArgumentError(std::string(kCallMethod) + ": unable to invoke " + method +
                              " on object class " + std::string(JavaClassName(v.type())));
}

std::string AsciiCase(std::string s, bool upper) {
  for (char& c : s) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// Java's trim() (chars <= ' ') or strip() (ASCII whitespace here).
std::string TrimJava(const std::string& s, bool strip) {
  auto drop = [strip](unsigned char c) {
    return strip ? (c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f)) : c <= ' ';
  };
  size_t begin = 0;
  while (begin < s.size() && drop(static_cast<unsigned char>(s[begin]))) ++begin;
  size_t end = s.size();
  while (end > begin && drop(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

std::optional<int32_t> JavaHashCode(const Value& v) {
  auto of_long = [](int64_t x) {
    const uint64_t u = static_cast<uint64_t>(x);
    return static_cast<int32_t>(static_cast<uint32_t>(u ^ (u >> 32)));
  };
  switch (v.type()) {
    case ValueType::kString:
      return JavaStringHashCode(v.AsString());
    case ValueType::kInt32:
      return v.AsInt32();
    case ValueType::kInt64:
    case ValueType::kDate:
      return of_long(v.AsInt64());
    case ValueType::kBool:
      return v.AsBool() ? 1231 : 1237;
    case ValueType::kDouble: {
      double d = v.AsDouble();
      if (std::isnan(d)) d = std::nan("");
      int64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return of_long(bits);
    }
    case ValueType::kFloat: {
      float f = v.AsFloat();
      if (std::isnan(f)) f = std::nanf("");
      int32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      return bits;
    }
    default:
      return std::nullopt;
  }
}

std::optional<Value> StringMethod(const std::string& m, const std::string& s) {
  if (m == "toLowerCase") return Value::String(AsciiCase(s, false));
  if (m == "toUpperCase") return Value::String(AsciiCase(s, true));
  if (m == "trim") return Value::String(TrimJava(s, false));
  if (m == "strip") return Value::String(TrimJava(s, true));
  if (m == "length") return Value::Int32(static_cast<int32_t>(JavaStringLength(s)));
  if (m == "isEmpty") return Value::Bool(s.empty());
  if (m == "isBlank") return Value::Bool(TrimJava(s, true).empty());
  return std::nullopt;
}

std::optional<Value> NumberMethod(const std::string& m, const Value& v) {
  if (m == "intValue") return Value::Int32(JavaIntValue(v));
  if (m == "longValue") return Value::Int64(JavaLongValue(v));
  if (m == "floatValue") return Value::Float(JavaFloatValue(v));
  if (m == "doubleValue") return Value::Double(JavaDoubleValue(v));
  return std::nullopt;
}

std::optional<Value> SizeMethod(const std::string& m, size_t size) {
  if (m == "size") return Value::Int32(static_cast<int32_t>(size));
  if (m == "isEmpty") return Value::Bool(size == 0);
  return std::nullopt;
}

Result<Value> CallMethod(const std::string& m, const Value& v) {
  if (v.is_null()) return Value();
  if (m == "toString") return Value::String(v.ToJavaString());
  if (m == "hashCode") {
    if (std::optional<int32_t> hash = JavaHashCode(v)) return Value::Int32(*hash);
    return UnableToInvoke(m, v);
  }
  std::optional<Value> out;
  if (v.type() == ValueType::kString) out = StringMethod(m, v.AsString());
  if (v.is_number()) out = NumberMethod(m, v);
  if (v.type() == ValueType::kBool && m == "booleanValue") out = v;
  if (v.type() == ValueType::kDate && m == "getTime") out = Value::Int64(v.AsInt64());
  if (IsIterable(v)) out = SizeMethod(m, v.AsItems().size());
  if (v.type() == ValueType::kMap) out = SizeMethod(m, v.AsEntries().size());
  if (v.type() == ValueType::kFreqMap) out = SizeMethod(m, v.AsFreqMap().size());
  if (!out) return UnableToInvoke(m, v);
  return std::move(*out);
}

Result<std::unique_ptr<Function>> ParseCallMethod(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> method,
                          jf::OptionalString(json, "method", path));
  Json fields = Json::object();
  if (method) fields["method"] = *method;
  return MakeFunction(
      kCallMethod, 1, [m = method.value_or("")](ValueRefs args) { return CallMethod(m, *args[0]); },
      std::move(fields));
}

Status NoConstructor(ValueType target, const Value& v) {
  return InvalidArgumentError(std::string(kCreateObject) + ": unable to create a new instance of " +
                              std::string(JavaClassName(target)) +
                              ". No constructors were found that accept a " +
                              std::string(JavaClassName(v.type())));
}

// new <target>() for a null input.
Result<Value> NoArgConstructor(ValueType target) {
  switch (target) {
    case ValueType::kString:
      return Value::String("");
    case ValueType::kList:
      return Value::List({});
    case ValueType::kHashSet:
      return Value::HashSet({});
    case ValueType::kTreeSet:
      return Value::TreeSet({});
    case ValueType::kMap:
      return Value::Map({});
    case ValueType::kFreqMap:
      return Value::FreqMap({});
    default:
      return InvalidArgumentError(
          std::string(kCreateObject) + ": unable to create a new instance of " +
          std::string(JavaClassName(target)) + " using the no-arg constructor");
  }
}

// new Long(String) and the like: Java's valueOf parsing.
Result<Value> FromString(ValueType target, const std::string& s) {
  switch (target) {
    case ValueType::kString:
      return Value::String(s);
    case ValueType::kInt64: {
      QUARRY_ASSIGN_OR_RETURN(int64_t v, ParseJavaLong(s));
      return Value::Int64(v);
    }
    case ValueType::kInt32: {
      QUARRY_ASSIGN_OR_RETURN(int32_t v, ParseJavaInt(s));
      return Value::Int32(v);
    }
    case ValueType::kDouble: {
      QUARRY_ASSIGN_OR_RETURN(double v, ParseJavaDouble(s));
      return Value::Double(v);
    }
    case ValueType::kFloat: {
      QUARRY_ASSIGN_OR_RETURN(float v, ParseJavaFloat(s));
      return Value::Float(v);
    }
    case ValueType::kBool:  // Boolean.parseBoolean: "true" in any case.
      return Value::Bool(AsciiCase(s, false) == "true");
    default:
      return NoConstructor(target, Value::String(s));
  }
}

Result<Value> CreateObject(ValueType target, const Value& v) {
  if (v.is_null()) return NoArgConstructor(target);
  if (v.type() == ValueType::kString) return FromString(target, v.AsString());
  if (IsIterable(v)) {
    if (target == ValueType::kList) return Value::List(v.AsItems());
    if (target == ValueType::kHashSet) return Value::HashSet(v.AsItems());
    if (target == ValueType::kTreeSet) return Value::TreeSet(v.AsItems());
  }
  if (target == ValueType::kMap &&
      (v.type() == ValueType::kMap || v.type() == ValueType::kFreqMap)) {
    if (v.type() == ValueType::kMap) return v;
    QUARRY_ASSIGN_OR_RETURN(ValueEntries entries, MapEntries(kCreateObject, v));
    return Value::Map(std::move(entries));
  }
  return NoConstructor(target, v);
}

Result<std::unique_ptr<Function>> ParseCreateObject(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          jf::OptionalString(json, "objectClass", path));
  if (!name) {  // koryphe: no class, null out.
    return MakeFunction(kCreateObject, 1, [](ValueRefs) -> Result<Value> { return Value(); });
  }
  QUARRY_ASSIGN_OR_RETURN(ValueType target, ValueTypeFromClassName(*name));
  return MakeFunction(
      kCreateObject, 1, [target](ValueRefs args) { return CreateObject(target, *args[0]); },
      Json{{"objectClass", std::string(JavaClassName(target))}});
}

}  // namespace

void AddObjectFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kCallMethod, ParseCallMethod});
  out->push_back({kCreateObject, ParseCreateObject});
}

}  // namespace quarry::functions_internal
