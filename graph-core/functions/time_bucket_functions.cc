// Gaffer's time-library functions (uk.gov.gchq.gaffer.time.function):
// ToTimeBucket, ToTimeBucketStart and ToTimeBucketEnd over Long epoch ms,
// DateToTimeBucketStart and DateToTimeBucketEnd over Dates, each with a
// "bucket" of MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK (starting
// Monday), MONTH or YEAR, in UTC (CommonTimeUtil). A null input gives null;
// no bucket fails on apply, as Java's switch on a null enum does.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/functions/internal/simple_date_format.h"
#include "graph-core/json_fields.h"
#include "graph-core/timestamp_set.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kPackage = "uk.gov.gchq.gaffer.time.function.";
struct Spec {
  bool end;
  bool dates;  // Date in and out, else Long.
};

FunctionFactory BucketFactory(Spec spec, std::string_view full_name) {
  return [spec, full_name](const Json& json,
                           std::string_view path) -> Result<std::unique_ptr<Function>> {
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                            jf::OptionalString(json, "bucket", path));
    std::optional<TimeBucket> bucket;
    Json fields = Json::object();
    if (name) {
      bucket = ParseTimeBucket(*name);
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
          int64_t out = spec.end ? TimeBucketEnd(ms, *bucket) : TimeBucketStart(ms, *bucket);
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
