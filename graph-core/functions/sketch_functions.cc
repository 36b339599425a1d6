// Gaffer's sketches-library functions: ToHllSketch {"logK"} and
// IterableToHllSketch {"logK"} (uk.gov.gchq.gaffer.sketches.datasketches.
// cardinality.function), ToHyperLogLogPlus {"p", "sp"} and
// IterableToHyperLogLogPlus {"p", "sp"} (...clearspring.cardinality.function).
//
// The result is a sketch of the non-null input (or items), hashed as
// json_value.h describes. Two deliberate differences from Java: every call
// starts a fresh sketch (Java's ToHllSketch keeps one sketch per function
// object and keeps adding to it across calls), and the configured logK is
// honoured (Java's JSON-built ToHllSketch creates its sketch before logK is
// set, so it always uses 10). HyperLogLogPlus sketches are Quarry
// HllSketches with lg_k = p; "sp" is kept for the JSON only.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/hll_sketch.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kToHllSketch =
    "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.function.ToHllSketch";
constexpr std::string_view kIterableToHllSketch =
    "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.function.IterableToHllSketch";
constexpr std::string_view kToHyperLogLogPlus =
    "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.function.ToHyperLogLogPlus";
constexpr std::string_view kIterableToHyperLogLogPlus =
    "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.function.IterableToHyperLogLogPlus";

constexpr int kDefaultP = 5;  // ToHyperLogLogPlus's default p and sp.

// One of the four functions, by its sketch type and whether it reads an
// iterable.
struct SketchSpec {
  std::string_view class_name;
  ValueType type;
  bool iterable;
};

Result<int> ReadPrecision(const Json& json, std::string_view key, std::string_view path,
                          int default_value) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> v, jf::OptionalInt32(json, key, path));
  int precision = v.value_or(default_value);
  if (precision < HllSketch::kMinLgK || precision > HllSketch::kMaxLgK) {
    return InvalidArgumentError(
        jf::Join(path, key) + ": must be between " + std::to_string(HllSketch::kMinLgK) + " and " +
        std::to_string(HllSketch::kMaxLgK) + ", got " + std::to_string(precision));
  }
  return precision;
}

Result<Value> Sketch(const SketchSpec& spec, int lg_k, const Value& input) {
  auto sketch = std::make_shared<HllSketch>(lg_k);
  if (spec.iterable && !input.is_null()) {
    if (!IsIterable(input)) return CannotApply(spec.class_name, "iterate over", input);
    for (const Value& item : input.AsItems()) {
      if (!item.is_null()) internal::OfferToSketch(item, sketch.get());
    }
  } else if (!spec.iterable && !input.is_null()) {
    internal::OfferToSketch(input, sketch.get());
  }
  return Value::Sketch(spec.type, std::move(sketch));
}

FunctionFactory SketchFactory(SketchSpec spec) {
  return [spec](const Json& json, std::string_view path) -> Result<std::unique_ptr<Function>> {
    Json fields = Json::object();
    int lg_k;
    if (spec.type == ValueType::kHllSketch) {
      QUARRY_ASSIGN_OR_RETURN(lg_k, ReadPrecision(json, "logK", path, HllSketch::kDefaultLgK));
      // NON_DEFAULT inclusion: Gaffer omits the default logK.
      if (lg_k != HllSketch::kDefaultLgK) fields["logK"] = lg_k;
    } else {
      QUARRY_ASSIGN_OR_RETURN(lg_k, ReadPrecision(json, "p", path, kDefaultP));
      QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> sp, jf::OptionalInt32(json, "sp", path));
      if (lg_k != kDefaultP) fields["p"] = lg_k;
      if (sp.value_or(kDefaultP) != kDefaultP) fields["sp"] = *sp;
    }
    return MakeFunction(
        spec.class_name, 1, [spec, lg_k](ValueRefs args) { return Sketch(spec, lg_k, *args[0]); },
        std::move(fields));
  };
}

}  // namespace

void AddSketchFunctions(std::vector<FunctionClass>* out) {
  for (SketchSpec spec :
       {SketchSpec{kToHllSketch, ValueType::kHllSketch, false},
        SketchSpec{kIterableToHllSketch, ValueType::kHllSketch, true},
        SketchSpec{kToHyperLogLogPlus, ValueType::kHyperLogLogPlus, false},
        SketchSpec{kIterableToHyperLogLogPlus, ValueType::kHyperLogLogPlus, true}}) {
    out->push_back({spec.class_name, SketchFactory(spec)});
  }
}

}  // namespace quarry::functions_internal
