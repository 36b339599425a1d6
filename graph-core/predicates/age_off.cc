// Time-to-live predicates: AgeOff and AgeOffFromDays. "Now" is NowMillis()
// read at every Test(), so a long-lived predicate (e.g. a schema validator in
// the compaction filter) keeps ageing data off as time passes.
#include <vector>

#include "graph-core/clock.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kAgeOff = "uk.gov.gchq.koryphe.impl.predicate.AgeOff";
constexpr std::string_view kAgeOffFromDays = "uk.gov.gchq.koryphe.impl.predicate.AgeOffFromDays";

constexpr int64_t kMillisPerHour = 60LL * 60 * 1000;
constexpr int64_t kMillisPerDay = 24 * kMillisPerHour;
constexpr int64_t kDefaultAgeOffMillis = 365 * kMillisPerDay;

// Epoch-ms timestamps arrive as a Long or a Date.
bool IsTimestamp(const Value& v) {
  return v.type() == ValueType::kInt64 || v.type() == ValueType::kDate;
}

// now - age < timestamp, without overflow.
bool Younger(int64_t timestamp, __int128 age_millis) {
  return static_cast<__int128>(NowMillis()) - age_millis < timestamp;
}

class AgeOff : public Predicate {
 public:
  explicit AgeOff(int64_t age_off_millis) : age_off_millis_(age_off_millis) {}
  // Keep iff the input is present and now - input < ageOffTime.
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    return IsTimestamp(input) && Younger(input.AsInt64(), age_off_millis_);
  }
  Json ToJson() const override {
    Json out = ClassJson(kAgeOff);
    out["ageOffTime"] = age_off_millis_;
    return out;
  }

 private:
  int64_t age_off_millis_;
};

// ageOffTime (ms), ageOffHours or ageOffDays; at most one of them.
Result<PredicatePtr> ParseAgeOff(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> time, ReadOptionalInt(json, "ageOffTime", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> hours, ReadOptionalInt(json, "ageOffHours", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> days, ReadOptionalInt(json, "ageOffDays", path));
  if (time.has_value() + hours.has_value() + days.has_value() > 1) {
    return JsonError(path, "give only one of ageOffTime, ageOffHours and ageOffDays");
  }
  int64_t millis = kDefaultAgeOffMillis;
  if (time) millis = *time;
  if (hours && __builtin_mul_overflow(*hours, kMillisPerHour, &millis)) {
    return JsonError(json_fields::Join(path, "ageOffHours"), "too large");
  }
  if (days) {
    if (*days < INT32_MIN || *days > INT32_MAX) {
      return JsonError(json_fields::Join(path, "ageOffDays"),
                       "outside the java.lang.Integer range");
    }
    millis = *days * kMillisPerDay;
  }
  return PredicatePtr(std::make_unique<AgeOff>(millis));
}

// Two inputs: a timestamp (Long or Date) and a number of days (Integer or Long).
class AgeOffFromDays : public Predicate {
 public:
  bool Test(ValueRefs args) const override {
    const Value& timestamp = ArgAt(args, 0);
    const Value& days = ArgAt(args, 1);
    if (!IsTimestamp(timestamp)) return false;
    int64_t d;
    if (days.type() == ValueType::kInt32) {
      d = days.AsInt32();
    } else if (days.type() == ValueType::kInt64) {
      d = days.AsInt64();
    } else {
      return false;
    }
    return Younger(timestamp.AsInt64(), static_cast<__int128>(d) * kMillisPerDay);
  }
  Json ToJson() const override { return ClassJson(kAgeOffFromDays); }
};

Result<PredicatePtr> ParseAgeOffFromDays(const Json&, std::string_view) {
  return PredicatePtr(std::make_unique<AgeOffFromDays>());
}

}  // namespace

void AddAgeOffPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kAgeOff, ParseAgeOff, "java.lang.Long"});
  out->push_back({kAgeOffFromDays, ParseAgeOffFromDays, kTupleInput});
}

}  // namespace quarry::internal
