// koryphe's date functions: ParseDate {"format", "timeZone",
// "microseconds"}, ParseTime {"format", "timeZone", "timeUnit"},
// ToDateString {"format"}, CurrentDate and CurrentTime.
//
// Without a format, ParseDate/ParseTime read koryphe's DateUtil forms (epoch
// ms, or yyyy/MM/dd HH:mm:ss.SSS with any of " -/_:|." as separators); with
// one, a SimpleDateFormat subset (internal/simple_date_format.h). Java's
// default zone is the JVM's; Quarry's is UTC, and ToDateString (which has no
// zone field) always writes UTC.
#include "graph-core/clock.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/functions/internal/simple_date_format.h"
#include "graph-core/json_fields.h"
#include "graph-core/predicates/internal/date_util.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kParseDate = "uk.gov.gchq.koryphe.impl.function.ParseDate";
constexpr std::string_view kParseTime = "uk.gov.gchq.koryphe.impl.function.ParseTime";
constexpr std::string_view kToDateString = "uk.gov.gchq.koryphe.impl.function.ToDateString";
constexpr std::string_view kCurrentDate = "uk.gov.gchq.koryphe.impl.function.CurrentDate";
constexpr std::string_view kCurrentTime = "uk.gov.gchq.koryphe.impl.function.CurrentTime";

// The fields ParseDate and ParseTime share.
struct DateParser {
  std::optional<SimpleDateFormat> format;
  int64_t offset_ms = 0;
  bool microseconds = false;

  // Epoch ms of `text`; errors name the function.
  Result<int64_t> Parse(std::string_view class_name, const std::string& text) const {
    Result<int64_t> ms = Parse(text);
    if (ms.ok()) return ms;
    return InvalidArgumentError(std::string(class_name) + ": " + ms.status().message());
  }

 private:
  Result<int64_t> Parse(const std::string& text) const {
    if (format) return format->Parse(text, offset_ms);
    bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    if (digits && microseconds) {
      QUARRY_ASSIGN_OR_RETURN(int64_t micros, ParseJavaLong(text));
      return micros / 1000;
    }
    return internal::ParseDateMillis(text, offset_ms);
  }
};

// Reads "format" and "timeZone" into `parser` and `fields`.
Status ReadFormatAndZone(const Json& json, std::string_view path, DateParser* parser,
                         Json* fields) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> format,
                          jf::OptionalString(json, "format", path));
  if (format) {
    Result<SimpleDateFormat> compiled = SimpleDateFormat::Compile(*format);
    if (!compiled.ok()) {
      return InvalidArgumentError(jf::Join(path, "format") + ": " + compiled.status().message());
    }
    parser->format = std::move(compiled).value();
    (*fields)["format"] = *format;
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> zone,
                          jf::OptionalString(json, "timeZone", path));
  if (zone) {
    Result<int64_t> offset = ZoneOffsetMillis(*zone);
    if (!offset.ok()) {
      return InvalidArgumentError(jf::Join(path, "timeZone") + ": " + offset.status().message());
    }
    parser->offset_ms = *offset;
    (*fields)["timeZone"] = *zone;
  }
  return Status::OK();
}

Result<const std::string*> RequireDateString(std::string_view class_name, const Value& v) {
  if (v.type() != ValueType::kString) return CannotApply(class_name, "parse a date from", v);
  return &v.AsString();
}

Result<std::unique_ptr<Function>> ParseParseDate(const Json& json, std::string_view path) {
  DateParser parser;
  Json fields = Json::object();
  QUARRY_RETURN_IF_ERROR(ReadFormatAndZone(json, path, &parser, &fields));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> micros, jf::OptionalBool(json, "microseconds", path));
  parser.microseconds = micros.value_or(false);
  fields["microseconds"] = parser.microseconds;
  return MakeFunction(
      kParseDate, 1,
      [parser](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* text, RequireDateString(kParseDate, *args[0]));
        QUARRY_ASSIGN_OR_RETURN(int64_t ms, parser.Parse(kParseDate, *text));
        return Value::Date(ms);
      },
      std::move(fields));
}

Result<std::unique_ptr<Function>> ParseParseTime(const Json& json, std::string_view path) {
  DateParser parser;
  Json fields = Json::object();
  QUARRY_RETURN_IF_ERROR(ReadFormatAndZone(json, path, &parser, &fields));
  QUARRY_ASSIGN_OR_RETURN(std::optional<internal::TimeUnit> unit_field,
                          internal::ReadTimeUnitField(json, "timeUnit", path));
  const internal::TimeUnit unit = unit_field.value_or(internal::TimeUnit::kMillisecond);
  fields["timeUnit"] = std::string(internal::TimeUnitName(unit));
  return MakeFunction(
      kParseTime, 1,
      [parser, unit](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* text, RequireDateString(kParseTime, *args[0]));
        QUARRY_ASSIGN_OR_RETURN(int64_t ms, parser.Parse(kParseTime, *text));
        return Value::Int64(internal::FromMillis(unit, ms));
      },
      std::move(fields));
}

// A Date written with the format (UTC), or as Instant.toString() without.
Result<std::unique_ptr<Function>> ParseToDateString(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> pattern,
                          jf::OptionalString(json, "format", path));
  std::optional<SimpleDateFormat> format;
  Json fields = Json::object();
  if (pattern) {
    Result<SimpleDateFormat> compiled = SimpleDateFormat::Compile(*pattern);
    if (!compiled.ok()) {
      return InvalidArgumentError(jf::Join(path, "format") + ": " + compiled.status().message());
    }
    format = std::move(compiled).value();
    fields["format"] = *pattern;
  }
  return MakeFunction(
      kToDateString, 1,
      [format](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.is_null()) return Value();
        if (v.type() != ValueType::kDate) return CannotApply(kToDateString, "format", v);
        int64_t ms = v.AsInt64();
        return Value::String(format ? format->Format(ms, 0) : InstantString(ms));
      },
      std::move(fields));
}

FunctionFactory Clock(std::string_view class_name, bool as_date) {
  return [class_name, as_date](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, [as_date](ValueRefs) -> Result<Value> {
      int64_t now = NowMillis();
      return as_date ? Value::Date(now) : Value::Int64(now);
    });
  };
}

}  // namespace

void AddDateFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kParseDate, ParseParseDate});
  out->push_back({kParseTime, ParseParseTime});
  out->push_back({kToDateString, ParseToDateString});
  out->push_back({kCurrentDate, Clock(kCurrentDate, true)});
  out->push_back({kCurrentTime, Clock(kCurrentTime, false)});
}

}  // namespace quarry::functions_internal
