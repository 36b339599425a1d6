// Gaffer's time-library functions (uk.gov.gchq.gaffer.time.function):
// ToTimeBucket, ToTimeBucketStart and ToTimeBucketEnd over Long epoch ms,
// DateToTimeBucketStart and DateToTimeBucketEnd over Dates, each with a
// "bucket" of MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK (starting
// Monday), MONTH or YEAR, in UTC (CommonTimeUtil). A null input gives null;
// no bucket fails on apply, as Java's switch on a null enum does.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/functions/internal/simple_date_format.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kPackage = "uk.gov.gchq.gaffer.time.function.";
constexpr int64_t kSecond = 1000;
constexpr int64_t kMinute = 60 * kSecond;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kDay = 24 * kHour;

enum class Bucket { kMillisecond, kSecond, kMinute, kHour, kDay, kWeek, kMonth, kYear };
constexpr std::pair<std::string_view, Bucket> kBuckets[] = {{"MILLISECOND", Bucket::kMillisecond},
                                                            {"SECOND", Bucket::kSecond},
                                                            {"MINUTE", Bucket::kMinute},
                                                            {"HOUR", Bucket::kHour},
                                                            {"DAY", Bucket::kDay},
                                                            {"WEEK", Bucket::kWeek},
                                                            {"MONTH", Bucket::kMonth},
                                                            {"YEAR", Bucket::kYear}};

int64_t FloorTo(int64_t ms, int64_t unit) {
  int64_t q = ms / unit;
  if (ms % unit != 0 && ms < 0) --q;
  return q * unit;
}

// CommonTimeUtil.timeToBucketStart.
int64_t BucketStart(int64_t ms, Bucket bucket) {
  switch (bucket) {
    case Bucket::kMillisecond:
      return ms;
    case Bucket::kSecond:
      return FloorTo(ms, kSecond);
    case Bucket::kMinute:
      return FloorTo(ms, kMinute);
    case Bucket::kHour:
      return FloorTo(ms, kHour);
    case Bucket::kDay:
      return FloorTo(ms, kDay);
    case Bucket::kWeek: {
      int64_t days = FloorTo(ms, kDay) / kDay;
      int64_t since_monday = ((days + 3) % 7 + 7) % 7;  // 1970-01-01 was a Thursday
      return (days - since_monday) * kDay;
    }
    case Bucket::kMonth: {
      YearMonth ym = YearMonthOf(ms);
      return DaysFromCivil(ym.year, ym.month, 1) * kDay;
    }
    case Bucket::kYear:
      return DaysFromCivil(YearMonthOf(ms).year, 1, 1) * kDay;
  }
  return ms;
}

// CommonTimeUtil.timeToBucketEnd: the last millisecond of the bucket.
int64_t BucketEnd(int64_t ms, Bucket bucket) {
  int64_t start = BucketStart(ms, bucket);
  switch (bucket) {
    case Bucket::kMillisecond:
      return start;
    case Bucket::kSecond:
      return start + kSecond - 1;
    case Bucket::kMinute:
      return start + kMinute - 1;
    case Bucket::kHour:
      return start + kHour - 1;
    case Bucket::kDay:
      return start + kDay - 1;
    case Bucket::kWeek:
      return start + 7 * kDay - 1;
    case Bucket::kMonth: {
      YearMonth ym = YearMonthOf(start);
      return DaysFromCivil(ym.year + (ym.month == 12), ym.month % 12 + 1, 1) * kDay - 1;
    }
    case Bucket::kYear:
      return DaysFromCivil(YearMonthOf(start).year + 1, 1, 1) * kDay - 1;
  }
  return ms;
}

struct Spec {
  bool end;
  bool dates;  // Date in and out, else Long.
};

FunctionFactory BucketFactory(Spec spec, std::string_view full_name) {
  return [spec, full_name](const Json& json,
                           std::string_view path) -> Result<std::unique_ptr<Function>> {
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                            jf::OptionalString(json, "bucket", path));
    std::optional<Bucket> bucket;
    Json fields = Json::object();
    if (name) {
      for (const auto& [bucket_name, value] : kBuckets) {
        if (*name == bucket_name) bucket = value;
      }
      if (!bucket) {
        return InvalidArgumentError(jf::Join(path, "bucket") + ": unknown time bucket '" + *name +
                                    "'");
      }
      fields["bucket"] = *name;
    }
    return MakeFunction(
        full_name, 1,
        [spec, full_name, bucket](ValueRefs args) -> Result<Value> {
          const Value& v = *args[0];
          if (v.is_null()) return Value();
          ValueType want = spec.dates ? ValueType::kDate : ValueType::kInt64;
          if (v.type() != want) return CannotApply(full_name, "bucket", v);
          if (!bucket) return InvalidArgumentError(std::string(full_name) + ": no bucket is set");
          int64_t ms = v.AsInt64();
          int64_t out = spec.end ? BucketEnd(ms, *bucket) : BucketStart(ms, *bucket);
          return spec.dates ? Value::Date(out) : Value::Int64(out);
        },
        std::move(fields));
  };
}

}  // namespace

void AddTimeBucketFunctions(std::vector<FunctionClass>* out) {
  static const auto* const kNames = [] {
    auto* names = new std::vector<std::string>();
    for (std::string_view simple : {"ToTimeBucket", "ToTimeBucketStart", "ToTimeBucketEnd",
                                    "DateToTimeBucketStart", "DateToTimeBucketEnd"}) {
      names->push_back(std::string(kPackage) + std::string(simple));
    }
    return names;
  }();
  // In kNames' order: {end, dates}.
  const Spec specs[] = {{false, false}, {false, false}, {true, false}, {false, true}, {true, true}};
  for (size_t i = 0; i < std::size(specs); ++i) {
    out->push_back({(*kNames)[i], BucketFactory(specs[i], (*kNames)[i])});
  }
}

}  // namespace quarry::functions_internal
