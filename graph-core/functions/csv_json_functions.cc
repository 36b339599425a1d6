// koryphe's text-parsing functions: CsvToMaps and CsvLinesToMaps
// {"header", "firstRow", "delimiter", "quoted", "quoteChar"; CsvLinesToMaps
// also "trim", "nullString"} and DeserialiseJson {"outputClass"}.
//
// CSV follows Apache Commons CSV's DEFAULT format (graph-core/commons_csv.h):
// its '"' quoting is on whatever "quoted" says; "quoted" only makes
// "quoteChar" the quote. Each record becomes a HashMap from the header's
// names, in column order, to the fields (Strings, or null where
// CsvLinesToMaps' nullString matched; its default "" makes empty fields
// null). CsvToMaps fails on a record with more fields than header names;
// CsvLinesToMaps on any line whose field count differs from the header's.
//
// DeserialiseJson reads JSON as Jackson reads it into an Object: objects
// become Maps, arrays Lists, integers Integer (or Long beyond the int range),
// decimals Double. A "class" member is an ordinary map entry. With a scalar
// outputClass (Long, Integer, ...) a scalar is coerced as Jackson does.
#include <optional>

#include "graph-core/commons_csv.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kCsvToMaps = "uk.gov.gchq.koryphe.impl.function.CsvToMaps";
constexpr std::string_view kCsvLinesToMaps = "uk.gov.gchq.koryphe.impl.function.CsvLinesToMaps";
constexpr std::string_view kDeserialiseJson = "uk.gov.gchq.koryphe.impl.function.DeserialiseJson";

// A Java char field: a one-character string.
Result<std::optional<char>> OptionalChar(const Json& json, std::string_view key,
                                         std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s, jf::OptionalString(json, key, path));
  if (!s) return std::optional<char>();
  if (s->size() != 1) {
    return InvalidArgumentError(jf::Join(path, key) + ": expected one character, got \"" + *s +
                                "\"");
  }
  return std::optional<char>((*s)[0]);
}

// The fields both CSV functions share, and their JSON (non-default only,
// as koryphe's @JsonInclude(NON_DEFAULT) writes them).
struct CsvSettings {
  std::vector<std::string> header;
  int32_t first_row = 0;
  CsvOptions options;
  Json fields = Json::object();
};

Result<CsvSettings> ParseCsvSettings(const Json& json, std::string_view path, bool lines) {
  CsvSettings s;
  QUARRY_ASSIGN_OR_RETURN(auto header, jf::OptionalStringList(json, "header", path));
  if (header) s.header = std::move(*header);
  QUARRY_ASSIGN_OR_RETURN(auto first_row, jf::OptionalInt32(json, "firstRow", path));
  s.first_row = std::max(0, first_row.value_or(0));
  QUARRY_ASSIGN_OR_RETURN(auto delimiter, OptionalChar(json, "delimiter", path));
  QUARRY_ASSIGN_OR_RETURN(auto quoted, jf::OptionalBool(json, "quoted", path));
  QUARRY_ASSIGN_OR_RETURN(auto quote_char, OptionalChar(json, "quoteChar", path));
  s.options.delimiter = delimiter.value_or(',');
  if (quoted.value_or(false)) s.options.quote = quote_char.value_or('"');
  if (!s.header.empty()) s.fields["header"] = s.header;
  if (s.first_row != 0) s.fields["firstRow"] = s.first_row;
  if (s.options.delimiter != ',') s.fields["delimiter"] = std::string(1, s.options.delimiter);
  if (quoted.value_or(false)) s.fields["quoted"] = true;
  if (quote_char && *quote_char != '"') s.fields["quoteChar"] = std::string(1, *quote_char);
  if (!lines) return s;
  QUARRY_ASSIGN_OR_RETURN(auto trim, jf::OptionalBool(json, "trim", path));
  QUARRY_ASSIGN_OR_RETURN(auto null_string, jf::OptionalString(json, "nullString", path));
  s.options.trim = trim.value_or(false);
  s.options.null_string = null_string.value_or("");
  if (s.options.trim) s.fields["trim"] = true;
  if (!s.options.null_string->empty()) s.fields["nullString"] = *s.options.null_string;
  return s;
}

// One record as a HashMap from the header's names, in column order, to its
// fields (null where the null string matched). REQUIRES: record.size() <=
// header.size().
Value RecordToMap(const std::vector<std::string>& header, const CsvRecord& record) {
  ValueEntries entries;
  for (size_t i = 0; i < record.size(); ++i) {
    entries.emplace_back(Value::String(header[i]), record[i] ? Value::String(*record[i]) : Value());
  }
  return Value::Map(std::move(entries));
}

// CsvToMaps: every record after the first `firstRow` of one CSV text.
Result<std::unique_ptr<Function>> ParseCsvToMaps(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(CsvSettings s, ParseCsvSettings(json, path, false));
  Json fields = s.fields;
  return MakeFunction(
      kCsvToMaps, 1,
      [s = std::move(s)](ValueRefs args) -> Result<Value> {
        const Value& csv = *args[0];
        if (csv.is_null()) return Value();
        if (csv.type() != ValueType::kString) return CannotApply(kCsvToMaps, "parse", csv);
        QUARRY_ASSIGN_OR_RETURN(std::vector<CsvRecord> records,
                                ParseCsv(csv.AsString(), s.options));
        ValueList maps;
        for (size_t r = static_cast<size_t>(s.first_row); r < records.size(); ++r) {
          if (records[r].size() > s.header.size()) {
            return InvalidArgumentError(
                std::string(kCsvToMaps) + ": a record has " + std::to_string(records[r].size()) +
                " fields, but there are only " + std::to_string(s.header.size()) + " header names");
          }
          maps.push_back(RecordToMap(s.header, records[r]));
        }
        return Value::List(std::move(maps));
      },
      std::move(fields));
}

// CsvLinesToMaps: the first record of each line after the first `firstRow`.
Result<std::unique_ptr<Function>> ParseCsvLinesToMaps(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(CsvSettings s, ParseCsvSettings(json, path, true));
  Json fields = s.fields;
  return MakeFunction(
      kCsvLinesToMaps, 1,
      [s = std::move(s)](ValueRefs args) -> Result<Value> {
        const Value& lines = *args[0];
        if (lines.is_null()) return Value();
        if (!IsIterable(lines)) return CannotApply(kCsvLinesToMaps, "iterate over", lines);
        ValueList maps;
        const ValueList& items = lines.AsItems();
        for (size_t l = static_cast<size_t>(s.first_row); l < items.size(); ++l) {
          if (items[l].type() != ValueType::kString) {
            return CannotApply(kCsvLinesToMaps, "parse a line from", items[l]);
          }
          QUARRY_ASSIGN_OR_RETURN(std::vector<CsvRecord> records,
                                  ParseCsv(items[l].AsString(), s.options, 1));
          const size_t columns = records.empty() ? 0 : records[0].size();
          if (records.empty() || columns != s.header.size()) {
            return InvalidArgumentError(std::string(kCsvLinesToMaps) + ": CSV has " +
                                        std::to_string(columns) + " columns, but there are " +
                                        std::to_string(s.header.size()) + " provided column names");
          }
          maps.push_back(RecordToMap(s.header, records[0]));
        }
        return Value::List(std::move(maps));
      },
      std::move(fields));
}

// Jackson reading a JSON scalar into `target` (Long, Integer, Short, Double,
// Float, Boolean or String), with its default coercions: a number to any
// numeric class (Java's narrowing), a numeric string to a number, "true" /
// "false" to a Boolean, and any scalar to a String.
Result<Value> CoerceScalar(const Value& v, ValueType target) {
  if (v.is_null() || v.type() == target) return v;
  if (v.is_number()) {
    switch (target) {
      case ValueType::kInt64:
        return Value::Int64(JavaLongValue(v));
      case ValueType::kInt32:
        return Value::Int32(JavaIntValue(v));
      case ValueType::kInt16:
        return Value::Int16(static_cast<int16_t>(JavaIntValue(v)));
      case ValueType::kDouble:
        return Value::Double(JavaDoubleValue(v));
      case ValueType::kFloat:
        return Value::Float(JavaFloatValue(v));
      case ValueType::kString:
        return Value::String(v.ToJavaString());
      default:
        break;
    }
  }
  if (v.type() == ValueType::kString) {
    const std::string& s = v.AsString();
    switch (target) {
      case ValueType::kInt64: {
        QUARRY_ASSIGN_OR_RETURN(int64_t l, ParseJavaLong(s));
        return Value::Int64(l);
      }
      case ValueType::kInt32: {
        QUARRY_ASSIGN_OR_RETURN(int32_t i, ParseJavaInt(s));
        return Value::Int32(i);
      }
      case ValueType::kDouble: {
        QUARRY_ASSIGN_OR_RETURN(double d, ParseJavaDouble(s));
        return Value::Double(d);
      }
      case ValueType::kFloat: {
        QUARRY_ASSIGN_OR_RETURN(float f, ParseJavaFloat(s));
        return Value::Float(f);
      }
      case ValueType::kBool:
        if (s == "true" || s == "false") return Value::Bool(s == "true");
        break;
      default:
        break;
    }
  }
  if (v.type() == ValueType::kBool && target == ValueType::kString) {
    return Value::String(v.ToJavaString());
  }
  return CannotApply(kDeserialiseJson, "read the outputClass from", v);
}

// outputClass: Object (the default); a Map or List class the parsed value
// must then be; or a scalar class (CoerceScalar).
Result<std::unique_ptr<Function>> ParseDeserialiseJson(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(auto output, jf::OptionalString(json, "outputClass", path));
  std::string simple(jf::SimpleClassName(output.value_or("java.lang.Object")));
  std::optional<ValueType> required;
  std::optional<ValueType> scalar;
  if (simple == "Map" || simple == "HashMap" || simple == "LinkedHashMap") {
    required = ValueType::kMap;
  } else if (simple == "List" || simple == "ArrayList" || simple == "Collection") {
    required = ValueType::kList;
  } else if (simple != "Object") {
    Result<ValueType> type = ValueTypeFromClassName(*output);
    const bool is_scalar =
        type.ok() &&
        (*type == ValueType::kInt64 || *type == ValueType::kInt32 || *type == ValueType::kInt16 ||
         *type == ValueType::kDouble || *type == ValueType::kFloat || *type == ValueType::kBool ||
         *type == ValueType::kString);
    if (!is_scalar) {
      return InvalidArgumentError(jf::Join(path, "outputClass") + ": '" + *output +
                                  "' is not supported (Object, Map, List, a number, Boolean or "
                                  "String)");
    }
    scalar = *type;
  }
  Json fields = Json::object();
  if (output && simple != "Object") fields["outputClass"] = *output;
  return MakeFunction(
      kDeserialiseJson, 1,
      [required, scalar](ValueRefs args) -> Result<Value> {
        const Value& text = *args[0];
        if (text.is_null()) return Value();
        if (text.type() != ValueType::kString) return CannotApply(kDeserialiseJson, "parse", text);
        Json parsed = Json::parse(text.AsString(), nullptr, /*allow_exceptions=*/false);
        if (parsed.is_discarded()) {
          return InvalidArgumentError(std::string(kDeserialiseJson) +
                                      ": failed to deserialise JSON: " + text.AsString());
        }
        QUARRY_ASSIGN_OR_RETURN(Value v, UntypedJsonValue(parsed, kDeserialiseJson, 0));
        if (scalar) return CoerceScalar(v, *scalar);
        if (required && v.type() != *required && !v.is_null()) {
          return CannotApply(kDeserialiseJson, "return the outputClass for", v);
        }
        return v;
      },
      std::move(fields));
}

}  // namespace

// Jackson's untyped reading of `json` (see the file comment).
Result<Value> UntypedJsonValue(const Json& json, std::string_view function, int depth) {
  if (depth > kMaxJsonValueDepth) {
    return InvalidArgumentError(std::string(function) + ": JSON nested too deeply");
  }
  switch (json.type()) {
    case Json::value_t::null:
      return Value();
    case Json::value_t::boolean:
      return Value::Bool(json.get<bool>());
    case Json::value_t::string:
      return Value::String(json.get<std::string>());
    case Json::value_t::number_float:
      return Value::Double(json.get<double>());
    case Json::value_t::number_unsigned: {
      const uint64_t u = json.get<uint64_t>();
      if (u <= static_cast<uint64_t>(INT32_MAX)) return Value::Int32(static_cast<int32_t>(u));
      if (u <= static_cast<uint64_t>(INT64_MAX)) return Value::Int64(static_cast<int64_t>(u));
      return InvalidArgumentError(std::string(function) + ": " + json.dump() +
                                  " is beyond the long range (Quarry has no BigInteger)");
    }
    case Json::value_t::number_integer: {
      const int64_t i = json.get<int64_t>();
      if (i >= INT32_MIN && i <= INT32_MAX) return Value::Int32(static_cast<int32_t>(i));
      return Value::Int64(i);
    }
    case Json::value_t::array: {
      ValueList items;
      for (const Json& item : json) {
        QUARRY_ASSIGN_OR_RETURN(Value v, UntypedJsonValue(item, function, depth + 1));
        items.push_back(std::move(v));
      }
      return Value::List(std::move(items));
    }
    case Json::value_t::object: {
      ValueEntries entries;
      for (const auto& [key, item] : json.items()) {
        QUARRY_ASSIGN_OR_RETURN(Value v, UntypedJsonValue(item, function, depth + 1));
        entries.emplace_back(Value::String(key), std::move(v));
      }
      return Value::Map(std::move(entries));
    }
    default:
      return InvalidArgumentError(std::string(function) + ": unsupported JSON value");
  }
}

void AddCsvJsonFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kCsvToMaps, ParseCsvToMaps});
  out->push_back({kCsvLinesToMaps, ParseCsvLinesToMaps});
  out->push_back({kDeserialiseJson, ParseDeserialiseJson});
}

}  // namespace quarry::functions_internal
