// Gaffer's time library functions (uk.gov.gchq.gaffer.time.function):
//   ToTimestampSet {"bucket", "maxSize", "millisCorrection"}: a Long
//     timestamp (times millisCorrection, default 1) as a one-timestamp
//     RBMBackedTimestampSet, or a BoundedTimestampSet when maxSize is set;
//     null gives an empty set.
//   MaskTimestampSetByTimeRange {"startTime", "endTime", "timeUnit"}: a copy
//     of an RBMBackedTimestampSet keeping the buckets from startTime's to
//     endTime's (in timeUnit, default MILLISECOND), both inclusive.
//   ToSingletonTreeSet: any value as a one-item TreeSet (null: empty).
#include <memory>
#include <optional>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"
#include "graph-core/predicates/internal/date_util.h"
#include "graph-core/timestamp_set.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kToTimestampSet = "uk.gov.gchq.gaffer.time.function.ToTimestampSet";
constexpr std::string_view kMaskTimestampSetByTimeRange =
    "uk.gov.gchq.gaffer.time.function.MaskTimestampSetByTimeRange";
constexpr std::string_view kToSingletonTreeSet =
    "uk.gov.gchq.gaffer.time.function.ToSingletonTreeSet";

Result<std::unique_ptr<Function>> ParseToTimestampSet(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          jf::OptionalString(json, "bucket", path));
  std::optional<TimeBucket> bucket = name ? ParseTimeBucket(*name) : std::nullopt;
  if (!bucket) {
    return InvalidArgumentError(jf::Join(path, "bucket") +
                                ": required, one of SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, YEAR");
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> max_size,
                          jf::OptionalInt32(json, "maxSize", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> correction,
                          jf::OptionalInt64(json, "millisCorrection", path));
  // Checks the bucket and size now rather than on every apply.
  Result<TimestampSet> empty =
      max_size ? TimestampSet::Bounded(*bucket, *max_size) : TimestampSet::Rbm(*bucket);
  if (!empty.ok()) return InvalidArgumentError(std::string(path) + ": " + empty.status().message());
  Json fields = Json::object();
  fields["bucket"] = *name;
  if (max_size) fields["maxSize"] = *max_size;
  fields["millisCorrection"] = correction.value_or(1);
  return MakeFunction(
      kToTimestampSet, 1,
      [set = std::move(empty).value(),
       factor = correction.value_or(1)](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        auto out = std::make_shared<TimestampSet>(set);
        if (!v.is_null()) {
          if (v.type() != ValueType::kInt64) return CannotApply(kToTimestampSet, "add", v);
          Status added = out->Add(static_cast<int64_t>(static_cast<uint64_t>(v.AsInt64()) *
                                                       static_cast<uint64_t>(factor)));
          if (!added.ok())
            return InvalidArgumentError(std::string(kToTimestampSet) + ": " + added.message());
        }
        return Value::TimestampSet(std::move(out));
      },
      std::move(fields));
}

Result<std::unique_ptr<Function>> ParseMaskTimestampSetByTimeRange(const Json& json,
                                                                   std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> start, jf::OptionalInt64(json, "startTime", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> end, jf::OptionalInt64(json, "endTime", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<internal::TimeUnit> unit_field,
                          internal::ReadTimeUnitField(json, "timeUnit", path));
  const internal::TimeUnit unit = unit_field.value_or(internal::TimeUnit::kMillisecond);
  Json fields = Json::object();
  if (start) fields["startTime"] = *start;
  if (end) fields["endTime"] = *end;
  fields["timeUnit"] = std::string(internal::TimeUnitName(unit));
  auto millis = [unit](std::optional<int64_t> t) -> std::optional<int64_t> {
    if (!t) return std::nullopt;
    return internal::ToMillis(unit, *t);
  };
  return MakeFunction(
      kMaskTimestampSetByTimeRange, 1,
      [start = millis(start), end = millis(end)](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.type() != ValueType::kRbmTimestampSet) {
          return CannotApply(kMaskTimestampSetByTimeRange, "mask", v);
        }
        auto masked = std::make_shared<TimestampSet>(v.AsTimestampSet());
        Status status = masked->Mask(start, end);
        if (!status.ok()) {
          return InvalidArgumentError(std::string(kMaskTimestampSetByTimeRange) + ": " +
                                      status.message());
        }
        return Value::TimestampSet(std::move(masked));
      },
      std::move(fields));
}

}  // namespace

void AddTimeLibraryFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kToTimestampSet, ParseToTimestampSet});
  out->push_back({kMaskTimestampSetByTimeRange, ParseMaskTimestampSetByTimeRange});
  out->push_back({kToSingletonTreeSet, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<Function>>(
                        MakeFunction(kToSingletonTreeSet, 1, [](ValueRefs args) -> Result<Value> {
                          const Value& v = *args[0];
                          return Value::TreeSet(v.is_null() ? ValueList{} : ValueList{v});
                        }));
                  }});
}

}  // namespace quarry::functions_internal
