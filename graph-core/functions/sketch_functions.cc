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
// set, so it always uses 10). HyperLogLogPlus sketches are clearspring's
// (graph-core/hyper_log_log_plus.h), of precision p and sparse precision sp.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
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

// Calls `offer` with the non-null input, or with each non-null item of it.
template <typename Offer>
Status OfferInput(const SketchSpec& spec, const Value& input, const Offer& offer) {
  if (input.is_null()) return Status::OK();
  if (!spec.iterable) {
    offer(input);
    return Status::OK();
  }
  if (!IsIterable(input)) return CannotApply(spec.class_name, "iterate over", input);
  for (const Value& item : input.AsItems()) {
    if (!item.is_null()) offer(item);
  }
  return Status::OK();
}

FunctionFactory HllSketchFactory(SketchSpec spec) {
  return [spec](const Json& json, std::string_view path) -> Result<std::unique_ptr<Function>> {
    Json fields = Json::object();
    QUARRY_ASSIGN_OR_RETURN(int lg_k, ReadPrecision(json, "logK", path, HllSketch::kDefaultLgK));
    // NON_DEFAULT inclusion: Gaffer omits the default logK.
    if (lg_k != HllSketch::kDefaultLgK) fields["logK"] = lg_k;
    auto apply = [spec, lg_k](ValueRefs args) -> Result<Value> {
      auto sketch = std::make_shared<HllSketch>(lg_k);
      QUARRY_RETURN_IF_ERROR(OfferInput(
          spec, *args[0], [&](const Value& v) { internal::OfferToSketch(v, sketch.get()); }));
      return Value::Sketch(std::move(sketch));
    };
    return MakeFunction(spec.class_name, 1, std::move(apply), std::move(fields));
  };
}

FunctionFactory HyperLogLogPlusFactory(SketchSpec spec) {
  return [spec](const Json& json, std::string_view path) -> Result<std::unique_ptr<Function>> {
    constexpr int kDefault = HyperLogLogPlus::kDefaultP;  // p and sp alike
    QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> p, jf::OptionalInt32(json, "p", path));
    QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> sp, jf::OptionalInt32(json, "sp", path));
    Result<HyperLogLogPlus> empty =
        HyperLogLogPlus::Create(p.value_or(kDefault), sp.value_or(kDefault));
    if (!empty.ok()) {
      const char* field = sp.value_or(kDefault) > HyperLogLogPlus::kMaxSp ? "sp" : "p";
      return InvalidArgumentError(jf::Join(path, field) + ": " + empty.status().message());
    }
    Json fields = Json::object();
    if (p.value_or(kDefault) != kDefault) fields["p"] = *p;
    if (sp.value_or(kDefault) != kDefault) fields["sp"] = *sp;
    auto apply = [spec, empty = std::move(empty).value()](ValueRefs args) -> Result<Value> {
      std::vector<uint64_t> hashes;
      QUARRY_RETURN_IF_ERROR(OfferInput(spec, *args[0], [&](const Value& v) {
        hashes.push_back(internal::HyperLogLogPlusHashOf(v));
      }));
      auto sketch = std::make_shared<HyperLogLogPlus>(empty);
      sketch->OfferHashes(hashes);
      return Value::HyperLogLogPlus(std::move(sketch));
    };
    return MakeFunction(spec.class_name, 1, std::move(apply), std::move(fields));
  };
}

}  // namespace

void AddSketchFunctions(std::vector<FunctionClass>* out) {
  for (SketchSpec spec :
       {SketchSpec{kToHllSketch, ValueType::kHllSketch, false},
        SketchSpec{kIterableToHllSketch, ValueType::kHllSketch, true},
        SketchSpec{kToHyperLogLogPlus, ValueType::kHyperLogLogPlus, false},
        SketchSpec{kIterableToHyperLogLogPlus, ValueType::kHyperLogLogPlus, true}}) {
    out->push_back({spec.class_name, spec.type == ValueType::kHllSketch
                                         ? HllSketchFactory(spec)
                                         : HyperLogLogPlusFactory(spec)});
  }
}

}  // namespace quarry::functions_internal
