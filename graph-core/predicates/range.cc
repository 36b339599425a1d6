// Range predicates: InRange (any Comparable bounds), InDateRange (Date input)
// and InTimeRange (Long input in `timeUnit`).
//
// Bounds are inclusive unless startInclusive/endInclusive say otherwise; an
// omitted bound is unbounded. The input must be of the bounds' class (a Long
// never falls in an Integer range). For the time ranges a bound is
// `start` (a date string) plus `startOffset` (in `offsetUnit`, DAY by
// default); with an offset and no `start` the base is the time of evaluation
// (NowMillis()), so "the last 7 days" is {"startOffset": -7}.
#include <vector>

#include "graph-core/clock.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/date_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kInRange = "uk.gov.gchq.koryphe.impl.predicate.range.InRange";
constexpr std::string_view kInDateRange = "uk.gov.gchq.koryphe.impl.predicate.range.InDateRange";
constexpr std::string_view kInTimeRange = "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange";

struct Inclusivity {
  std::optional<bool> start, end;  // As given; absent means inclusive.

  void AddToJson(Json* out) const {
    if (start) (*out)["startInclusive"] = *start;
    if (end) (*out)["endInclusive"] = *end;
  }
};

Result<Inclusivity> ReadInclusivity(const Json& json, std::string_view path) {
  Inclusivity out;
  QUARRY_ASSIGN_OR_RETURN(out.start, ReadOptionalBool(json, "startInclusive", path));
  QUARRY_ASSIGN_OR_RETURN(out.end, ReadOptionalBool(json, "endInclusive", path));
  return out;
}

// c = input.compareTo(bound); does it satisfy the bound on this side?
bool AfterStart(int c, const Inclusivity& inc) {
  return c > 0 || (c == 0 && inc.start.value_or(true));
}
bool BeforeEnd(int c, const Inclusivity& inc) {
  return c < 0 || (c == 0 && inc.end.value_or(true));
}

class InRange : public Predicate {
 public:
  InRange(Value start, Value end, Inclusivity inc)
      : start_(std::move(start)), end_(std::move(end)), inc_(inc) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.is_null()) return false;
    if (!start_.is_null()) {
      if (input.type() != start_.type() || !AfterStart(input.Compare(start_), inc_)) return false;
    }
    if (!end_.is_null()) {
      if (input.type() != end_.type() || !BeforeEnd(input.Compare(end_), inc_)) return false;
    }
    return true;
  }
  Json ToJson() const override {
    Json out = ClassJson(kInRange);
    if (!start_.is_null()) out["start"] = ValueToJson(start_);
    if (!end_.is_null()) out["end"] = ValueToJson(end_);
    inc_.AddToJson(&out);
    return out;
  }

 private:
  Value start_, end_;
  Inclusivity inc_;
};

Result<Value> ReadBound(const Json& json, std::string_view field, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value v, ReadValueField(json, field, path, false));
  if (!v.is_null() && !IsComparableType(v.type())) {
    return JsonError(
        JoinPath(path, field),
        "a value of class '" + std::string(JavaClassName(v.type())) + "' is not Comparable");
  }
  return v;
}

Result<PredicatePtr> ParseInRange(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value start, ReadBound(json, "start", path));
  QUARRY_ASSIGN_OR_RETURN(Value end, ReadBound(json, "end", path));
  QUARRY_ASSIGN_OR_RETURN(Inclusivity inc, ReadInclusivity(json, path));
  return PredicatePtr(std::make_unique<InRange>(std::move(start), std::move(end), inc));
}

// The JSON fields of InDateRange / InTimeRange, kept to write them back.
struct TimeRangeSpec {
  bool is_date = false;  // InDateRange: Date input, millisecond time unit.
  std::optional<std::string> start, end, time_zone;
  std::optional<int64_t> start_offset, end_offset;
  std::optional<TimeUnit> offset_unit;
  TimeUnit time_unit = TimeUnit::kMillisecond;
  Inclusivity inc;
};

// One side of the range, in the time unit: `time` plus `offset`, where an
// offset without a time counts from now.
struct TimeBound {
  std::optional<int64_t> time, offset;

  std::optional<int64_t> Resolve(TimeUnit unit) const {
    if (!offset) return time;
    int64_t base = time ? *time : FromMillis(unit, NowMillis());
    int64_t out;
    if (__builtin_add_overflow(base, *offset, &out)) out = *offset < 0 ? INT64_MIN : INT64_MAX;
    return out;
  }
};

class TimeRange : public Predicate {
 public:
  TimeRange(TimeRangeSpec spec, TimeBound start, TimeBound end)
      : spec_(std::move(spec)), start_(start), end_(end) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.type() != (spec_.is_date ? ValueType::kDate : ValueType::kInt64)) return false;
    const int64_t x = input.AsInt64();
    auto cmp = [](int64_t a, int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); };
    if (auto s = start_.Resolve(spec_.time_unit); s && !AfterStart(cmp(x, *s), spec_.inc)) {
      return false;
    }
    if (auto e = end_.Resolve(spec_.time_unit); e && !BeforeEnd(cmp(x, *e), spec_.inc)) {
      return false;
    }
    return true;
  }
  Json ToJson() const override;

 private:
  TimeRangeSpec spec_;
  TimeBound start_, end_;
};

Json TimeRange::ToJson() const {
  Json out = ClassJson(spec_.is_date ? kInDateRange : kInTimeRange);
  if (spec_.start) out["start"] = *spec_.start;
  if (spec_.start_offset) out["startOffset"] = *spec_.start_offset;
  if (spec_.end) out["end"] = *spec_.end;
  if (spec_.end_offset) out["endOffset"] = *spec_.end_offset;
  spec_.inc.AddToJson(&out);
  if (spec_.offset_unit) out["offsetUnit"] = TimeUnitName(*spec_.offset_unit);
  if (spec_.time_unit != TimeUnit::kMillisecond) out["timeUnit"] = TimeUnitName(spec_.time_unit);
  if (spec_.time_zone) out["timeZone"] = *spec_.time_zone;
  return out;
}

Result<std::optional<TimeUnit>> ReadTimeUnit(const Json& json, std::string_view field,
                                             std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name, ReadOptionalString(json, field, path));
  if (!name) return std::optional<TimeUnit>();
  std::optional<TimeUnit> unit = ParseTimeUnit(*name);
  if (!unit) return JsonError(JoinPath(path, field), "unknown time unit '" + *name + "'");
  return unit;
}

Result<TimeRangeSpec> ReadTimeRangeSpec(const Json& json, std::string_view path, bool is_date) {
  TimeRangeSpec spec;
  spec.is_date = is_date;
  QUARRY_ASSIGN_OR_RETURN(spec.start, ReadOptionalString(json, "start", path));
  QUARRY_ASSIGN_OR_RETURN(spec.end, ReadOptionalString(json, "end", path));
  QUARRY_ASSIGN_OR_RETURN(spec.time_zone, ReadOptionalString(json, "timeZone", path));
  QUARRY_ASSIGN_OR_RETURN(spec.start_offset, ReadOptionalInt(json, "startOffset", path));
  QUARRY_ASSIGN_OR_RETURN(spec.end_offset, ReadOptionalInt(json, "endOffset", path));
  QUARRY_ASSIGN_OR_RETURN(spec.offset_unit, ReadTimeUnit(json, "offsetUnit", path));
  if (!is_date) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<TimeUnit> unit, ReadTimeUnit(json, "timeUnit", path));
    spec.time_unit = unit.value_or(TimeUnit::kMillisecond);
  }
  QUARRY_ASSIGN_OR_RETURN(spec.inc, ReadInclusivity(json, path));
  return spec;
}

Result<TimeBound> ResolveBound(const TimeRangeSpec& spec, const std::optional<std::string>& date,
                               const std::optional<int64_t>& offset, int64_t zone_offset,
                               std::string_view field_path) {
  TimeBound bound;
  if (date) {
    Result<int64_t> ms = ParseDateMillis(*date, zone_offset);
    if (!ms.ok()) return JsonError(field_path, ms.status().message());
    bound.time = FromMillis(spec.time_unit, *ms);
  }
  if (offset) {
    int64_t ms = ToMillis(spec.offset_unit.value_or(TimeUnit::kDay), *offset);
    bound.offset = FromMillis(spec.time_unit, ms);
  }
  return bound;
}

template <bool kIsDate>
Result<PredicatePtr> ParseTimeRange(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(TimeRangeSpec spec, ReadTimeRangeSpec(json, path, kIsDate));
  int64_t zone_offset = 0;  // UTC unless a zone is given.
  if (spec.time_zone) {
    Result<int64_t> z = ParseTimeZoneOffset(*spec.time_zone);
    if (!z.ok()) return JsonError(JoinPath(path, "timeZone"), z.status().message());
    zone_offset = *z;
  }
  QUARRY_ASSIGN_OR_RETURN(TimeBound start, ResolveBound(spec, spec.start, spec.start_offset,
                                                        zone_offset, JoinPath(path, "start")));
  QUARRY_ASSIGN_OR_RETURN(TimeBound end, ResolveBound(spec, spec.end, spec.end_offset, zone_offset,
                                                      JoinPath(path, "end")));
  return PredicatePtr(std::make_unique<TimeRange>(std::move(spec), start, end));
}

}  // namespace

void AddRangePredicates(std::vector<PredicateClass>* out) {
  out->push_back({kInRange, ParseInRange});
  out->push_back({kInDateRange, ParseTimeRange<true>});
  out->push_back({kInTimeRange, ParseTimeRange<false>});
}

}  // namespace quarry::internal
