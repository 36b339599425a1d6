// Gaffer's time library predicate RBMBackedTimestampSetInRange {startTime,
// endTime (Numbers, either may be absent), timeUnit (default MILLISECOND),
// includeAllTimestamps (default false)}: true when some timestamp of the set
// falls in the buckets from startTime's to endTime's, both inclusive (with
// includeAllTimestamps, when every one does). Gaffer throws on a null or
// empty set; a filter here leaves such an element out instead.
#include <memory>
#include <optional>
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/date_util.h"
#include "graph-core/predicates/internal/predicate_util.h"
#include "graph-core/timestamp_set.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kRbmBackedTimestampSetInRange =
    "uk.gov.gchq.gaffer.time.predicate.RBMBackedTimestampSetInRange";

class RbmBackedTimestampSetInRange : public Predicate {
 public:
  RbmBackedTimestampSetInRange(Value start, Value end, TimeUnit unit, bool include_all)
      : start_(std::move(start)), end_(std::move(end)), unit_(unit), include_all_(include_all) {}

  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.type() != ValueType::kRbmTimestampSet) return false;
    const TimestampSet& set = input.AsTimestampSet();
    if (set.timestamps().empty()) return false;
    // Gaffer masks a copy and compares; the kept run says the same without one.
    Result<std::pair<size_t, size_t>> kept = set.MaskedRange(Millis(start_), Millis(end_));
    if (!kept.ok()) return false;
    const auto [first, last] = *kept;
    return include_all_ ? first == 0 && last == set.timestamps().size() : first < last;
  }

  Json ToJson() const override {
    Json out = ClassJson(kRbmBackedTimestampSetInRange);
    if (!start_.is_null()) out["startTime"] = ValueToJson(start_);
    if (!end_.is_null()) out["endTime"] = ValueToJson(end_);
    if (unit_ != TimeUnit::kMillisecond) out["timeUnit"] = std::string(TimeUnitName(unit_));
    if (include_all_) out["includeAllTimestamps"] = true;
    return out;
  }

 private:
  std::optional<int64_t> Millis(const Value& v) const {
    if (v.is_null()) return std::nullopt;
    return ToMillis(
        unit_, v.type() == ValueType::kInt64 ? v.AsInt64() : static_cast<int64_t>(v.ToDouble()));
  }

  Value start_, end_;
  TimeUnit unit_;
  bool include_all_;
};

// A Number field: a typed number ({"java.lang.Long": n}) or a bare one,
// which Jackson reads as an Integer, or a Long when it does not fit.
Result<Value> ReadNumberField(const Json& json, std::string_view field, std::string_view path) {
  const Json* bare = json_fields::Find(json, field);
  if (bare != nullptr && bare->is_number_integer()) {
    QUARRY_ASSIGN_OR_RETURN(int64_t n, JsonToInt64(*bare, json_fields::Join(path, field)));
    if (n >= INT32_MIN && n <= INT32_MAX) return Value::Int32(static_cast<int32_t>(n));
    return Value::Int64(n);
  }
  QUARRY_ASSIGN_OR_RETURN(Value v, ReadValueField(json, field, path, false));
  if (!v.is_null() && !v.is_number()) {
    return JsonError(json_fields::Join(path, field), "expected a number, got " + v.DebugString());
  }
  return v;
}

Result<PredicatePtr> ParseRbmBackedTimestampSetInRange(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value start, ReadNumberField(json, "startTime", path));
  QUARRY_ASSIGN_OR_RETURN(Value end, ReadNumberField(json, "endTime", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<TimeUnit> unit, ReadTimeUnitField(json, "timeUnit", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> include_all,
                          ReadOptionalBool(json, "includeAllTimestamps", path));
  return PredicatePtr(std::make_unique<RbmBackedTimestampSetInRange>(
      std::move(start), std::move(end), unit.value_or(TimeUnit::kMillisecond),
      include_all.value_or(false)));
}

}  // namespace

void AddTimeLibraryPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kRbmBackedTimestampSetInRange, ParseRbmBackedTimestampSetInRange,
                  "uk.gov.gchq.gaffer.time.RBMBackedTimestampSet"});
}

}  // namespace quarry::internal
