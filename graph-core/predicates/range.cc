// Range predicates: InRange (any Comparable bounds), InDateRange (Date input)
// and InTimeRange (Long input in `timeUnit`), and their Dual forms, which test
// a [start, end] pair of inputs against the range.
//
// Semantics are koryphe's RangeUtil.inRange: a single-input range tests the
// pair (v, v). Bounds are inclusive unless startInclusive/endInclusive say
// otherwise; an omitted bound is unbounded. A pair passes when it lies in the
// range, or overlaps it on a side that is not required to be fully contained
// (startFullyContained/endFullyContained, both false by default). The inputs
// must be of the bounds' class (a Long never falls in an Integer range).
// For the time ranges a bound is `start` (a date string) plus `startOffset`
// (in `offsetUnit`, DAY by default); with an offset and no `start` the base
// is the time of evaluation (NowMillis()), so "the last 7 days" is
// {"startOffset": -7}.
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
constexpr std::string_view kInRangeDual = "uk.gov.gchq.koryphe.impl.predicate.range.InRangeDual";
constexpr std::string_view kInDateRangeDual =
    "uk.gov.gchq.koryphe.impl.predicate.range.InDateRangeDual";
constexpr std::string_view kInTimeRangeDual =
    "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRangeDual";

// The optional flags of every range predicate, kept as given to write back.
struct RangeFlags {
  std::optional<bool> start_inclusive, end_inclusive;              // absent: true
  std::optional<bool> start_fully_contained, end_fully_contained;  // absent: false; Dual only

  void AddToJson(Json* out) const {
    if (start_inclusive) (*out)["startInclusive"] = *start_inclusive;
    if (end_inclusive) (*out)["endInclusive"] = *end_inclusive;
    if (start_fully_contained) (*out)["startFullyContained"] = *start_fully_contained;
    if (end_fully_contained) (*out)["endFullyContained"] = *end_fully_contained;
  }
};

Result<RangeFlags> ReadRangeFlags(const Json& json, std::string_view path, bool dual) {
  RangeFlags out;
  QUARRY_ASSIGN_OR_RETURN(out.start_inclusive, ReadOptionalBool(json, "startInclusive", path));
  QUARRY_ASSIGN_OR_RETURN(out.end_inclusive, ReadOptionalBool(json, "endInclusive", path));
  if (dual) {
    QUARRY_ASSIGN_OR_RETURN(out.start_fully_contained,
                            ReadOptionalBool(json, "startFullyContained", path));
    QUARRY_ASSIGN_OR_RETURN(out.end_fully_contained,
                            ReadOptionalBool(json, "endFullyContained", path));
  }
  return out;
}

// Where one input value lies relative to the two bounds.
struct Placement {
  bool after_start;  // at or after the start (strictly if exclusive), or unbounded
  bool before_end;   // at or before the end (strictly if exclusive), or unbounded
};

// c_start = value.compareTo(start), c_end = value.compareTo(end); nullopt
// for an unbounded side.
Placement Place(std::optional<int> c_start, std::optional<int> c_end, const RangeFlags& f) {
  Placement p;
  p.after_start = !c_start || *c_start > 0 || (*c_start == 0 && f.start_inclusive.value_or(true));
  p.before_end = !c_end || *c_end < 0 || (*c_end == 0 && f.end_inclusive.value_or(true));
  return p;
}

// koryphe RangeUtil.inRange for the pair placed at `s` and `e`.
bool PairInRange(Placement s, Placement e, const RangeFlags& f) {
  const bool start_fully = f.start_fully_contained.value_or(false);
  const bool end_fully = f.end_fully_contained.value_or(false);
  const bool start_in = s.after_start && s.before_end;
  const bool end_in = e.after_start && e.before_end;
  if (start_in && end_in) return true;  // {  [  ]  }
  if ((start_in && !e.before_end && !end_fully) || (end_in && !s.after_start && !start_fully)) {
    return true;  // {  [  }  ]  or  [  {  ]  }
  }
  return !s.after_start && !start_fully && !e.before_end && !end_fully;  // [  {  }  ]
}

// The tested pair: (args[0], args[1]) for a Dual predicate, else (args[0], args[0]).
std::pair<const Value*, const Value*> TestedPair(ValueRefs args, bool dual) {
  const Value& first = ArgAt(args, 0);
  return {&first, dual ? &ArgAt(args, 1) : &first};
}

class InRange : public Predicate {
 public:
  InRange(bool dual, Value start, Value end, RangeFlags flags)
      : dual_(dual), start_(std::move(start)), end_(std::move(end)), flags_(flags) {}
  bool Test(ValueRefs args) const override {
    auto [first, second] = TestedPair(args, dual_);
    if (!Comparable(*first) || !Comparable(*second)) return false;
    return PairInRange(PlaceValue(*first), PlaceValue(*second), flags_);
  }
  Json ToJson() const override {
    Json out = ClassJson(dual_ ? kInRangeDual : kInRange);
    if (!start_.is_null()) out["start"] = ValueToJson(start_);
    if (!end_.is_null()) out["end"] = ValueToJson(end_);
    flags_.AddToJson(&out);
    return out;
  }

 private:
  // Present and of the bounds' class.
  bool Comparable(const Value& v) const {
    return !v.is_null() && (start_.is_null() || v.type() == start_.type()) &&
           (end_.is_null() || v.type() == end_.type());
  }
  Placement PlaceValue(const Value& v) const {
    std::optional<int> c_start, c_end;
    if (!start_.is_null()) c_start = v.Compare(start_);
    if (!end_.is_null()) c_end = v.Compare(end_);
    return Place(c_start, c_end, flags_);
  }

  bool dual_;
  Value start_, end_;
  RangeFlags flags_;
};

Result<Value> ReadBound(const Json& json, std::string_view field, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value v, ReadValueField(json, field, path, false));
  if (!v.is_null() && !IsJavaComparable(v.type())) {
    return JsonError(
        json_fields::Join(path, field),
        "a value of class '" + std::string(JavaClassName(v.type())) + "' is not Comparable");
  }
  return v;
}

template <bool kDual>
Result<PredicatePtr> ParseInRange(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value start, ReadBound(json, "start", path));
  QUARRY_ASSIGN_OR_RETURN(Value end, ReadBound(json, "end", path));
  if (!start.is_null() && !end.is_null() && start.type() != end.type()) {
    return JsonError(path, "start and end should be instances of the same class");
  }
  QUARRY_ASSIGN_OR_RETURN(RangeFlags flags, ReadRangeFlags(json, path, kDual));
  return PredicatePtr(std::make_unique<InRange>(kDual, std::move(start), std::move(end), flags));
}

// The JSON fields of InDateRange / InTimeRange, kept to write them back.
struct TimeRangeSpec {
  bool is_date = false;  // InDateRange: Date input, millisecond time unit.
  bool dual = false;
  std::optional<std::string> start, end, time_zone;
  std::optional<int64_t> start_offset, end_offset;
  std::optional<TimeUnit> offset_unit;
  TimeUnit time_unit = TimeUnit::kMillisecond;
  RangeFlags flags;
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
    auto [first, second] = TestedPair(args, spec_.dual);
    const ValueType type = spec_.is_date ? ValueType::kDate : ValueType::kInt64;
    if (first->type() != type || second->type() != type) return false;
    const std::optional<int64_t> start = start_.Resolve(spec_.time_unit);
    const std::optional<int64_t> end = end_.Resolve(spec_.time_unit);
    auto place = [&](int64_t x) {
      auto cmp = [x](std::optional<int64_t> b) -> std::optional<int> {
        if (!b) return std::nullopt;
        return x < *b ? -1 : (x > *b ? 1 : 0);
      };
      return Place(cmp(start), cmp(end), spec_.flags);
    };
    return PairInRange(place(first->AsInt64()), place(second->AsInt64()), spec_.flags);
  }
  Json ToJson() const override;

 private:
  TimeRangeSpec spec_;
  TimeBound start_, end_;
};

Json TimeRange::ToJson() const {
  std::string_view name = spec_.is_date ? (spec_.dual ? kInDateRangeDual : kInDateRange)
                                        : (spec_.dual ? kInTimeRangeDual : kInTimeRange);
  Json out = ClassJson(name);
  if (spec_.start) out["start"] = *spec_.start;
  if (spec_.start_offset) out["startOffset"] = *spec_.start_offset;
  if (spec_.end) out["end"] = *spec_.end;
  if (spec_.end_offset) out["endOffset"] = *spec_.end_offset;
  spec_.flags.AddToJson(&out);
  if (spec_.offset_unit) out["offsetUnit"] = TimeUnitName(*spec_.offset_unit);
  if (spec_.time_unit != TimeUnit::kMillisecond) out["timeUnit"] = TimeUnitName(spec_.time_unit);
  if (spec_.time_zone) out["timeZone"] = *spec_.time_zone;
  return out;
}

Result<TimeRangeSpec> ReadTimeRangeSpec(const Json& json, std::string_view path, bool is_date,
                                        bool dual) {
  TimeRangeSpec spec;
  spec.is_date = is_date;
  spec.dual = dual;
  QUARRY_ASSIGN_OR_RETURN(spec.start, ReadOptionalString(json, "start", path));
  QUARRY_ASSIGN_OR_RETURN(spec.end, ReadOptionalString(json, "end", path));
  QUARRY_ASSIGN_OR_RETURN(spec.time_zone, ReadOptionalString(json, "timeZone", path));
  QUARRY_ASSIGN_OR_RETURN(spec.start_offset, ReadOptionalInt(json, "startOffset", path));
  QUARRY_ASSIGN_OR_RETURN(spec.end_offset, ReadOptionalInt(json, "endOffset", path));
  QUARRY_ASSIGN_OR_RETURN(spec.offset_unit, ReadTimeUnitField(json, "offsetUnit", path));
  if (!is_date) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<TimeUnit> unit,
                            ReadTimeUnitField(json, "timeUnit", path));
    spec.time_unit = unit.value_or(TimeUnit::kMillisecond);
  }
  QUARRY_ASSIGN_OR_RETURN(spec.flags, ReadRangeFlags(json, path, dual));
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

template <bool kIsDate, bool kDual>
Result<PredicatePtr> ParseTimeRange(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(TimeRangeSpec spec, ReadTimeRangeSpec(json, path, kIsDate, kDual));
  int64_t zone_offset = 0;  // UTC unless a zone is given.
  if (spec.time_zone) {
    Result<int64_t> z = ParseTimeZoneOffset(*spec.time_zone);
    if (!z.ok()) return JsonError(json_fields::Join(path, "timeZone"), z.status().message());
    zone_offset = *z;
  }
  QUARRY_ASSIGN_OR_RETURN(TimeBound start,
                          ResolveBound(spec, spec.start, spec.start_offset, zone_offset,
                                       json_fields::Join(path, "start")));
  QUARRY_ASSIGN_OR_RETURN(TimeBound end, ResolveBound(spec, spec.end, spec.end_offset, zone_offset,
                                                      json_fields::Join(path, "end")));
  return PredicatePtr(std::make_unique<TimeRange>(std::move(spec), start, end));
}

}  // namespace

void AddRangePredicates(std::vector<PredicateClass>* out) {
  out->push_back({kInRange, ParseInRange<false>, kGenericInput});
  out->push_back({kInRangeDual, ParseInRange<true>, kTupleInput});
  out->push_back({kInDateRange, ParseTimeRange<true, false>, "java.util.Date"});
  out->push_back({kInDateRangeDual, ParseTimeRange<true, true>, kTupleInput});
  out->push_back({kInTimeRange, ParseTimeRange<false, false>, "java.lang.Long"});
  out->push_back({kInTimeRangeDual, ParseTimeRange<false, true>, kTupleInput});
}

}  // namespace quarry::internal
