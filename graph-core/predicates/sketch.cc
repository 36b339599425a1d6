// Gaffer's sketch predicates: HyperLogLogPlusIsLessThan and
// HllSketchIsLessThan compare a sketch's cardinality estimate (rounded to a
// long) with a control value. A null or non-sketch input fails.
#include <cmath>
#include <vector>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kHyperLogLogPlusIsLessThan =
    "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.predicate.HyperLogLogPlusIsLessThan";
constexpr std::string_view kHllSketchIsLessThan =
    "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.predicate.HllSketchIsLessThan";

class SketchIsLessThan : public Predicate {
 public:
  SketchIsLessThan(std::string_view name, int64_t value, bool or_equal_to)
      : name_(name), value_(value), or_equal_to_(or_equal_to) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.type() != ValueType::kHllSketch && input.type() != ValueType::kHyperLogLogPlus) {
      return false;
    }
    const int64_t cardinality = input.type() == ValueType::kHyperLogLogPlus
                                    ? input.AsHyperLogLogPlus().Cardinality()
                                    : std::llround(input.AsSketch().Estimate());
    return or_equal_to_ ? cardinality <= value_ : cardinality < value_;
  }
  Json ToJson() const override {
    Json out = ClassJson(name_);
    out["value"] = value_;
    out["orEqualTo"] = or_equal_to_;
    return out;
  }

 private:
  std::string_view name_;
  int64_t value_;
  bool or_equal_to_;
};

// The control value is a long: a bare integer or a typed Integer/Long.
Result<int64_t> ReadControlValue(const Json& json, std::string_view path) {
  const Json* f = json_fields::Find(json, "value");
  if (f == nullptr) return MissingField(path, "value");
  std::string field_path = json_fields::Join(path, "value");
  if (f->is_number_integer()) return JsonToInt64(*f, field_path);
  QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(*f, field_path));
  if (v.type() == ValueType::kInt64) return v.AsInt64();
  if (v.type() == ValueType::kInt32) return int64_t{v.AsInt32()};
  return JsonError(field_path, "expected a long, got " + v.DebugString());
}

template <const std::string_view* kName>
Result<PredicatePtr> ParseSketchIsLessThan(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(int64_t value, ReadControlValue(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> or_equal_to,
                          ReadOptionalBool(json, "orEqualTo", path));
  return PredicatePtr(
      std::make_unique<SketchIsLessThan>(*kName, value, or_equal_to.value_or(false)));
}

}  // namespace

void AddSketchPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kHyperLogLogPlusIsLessThan, ParseSketchIsLessThan<&kHyperLogLogPlusIsLessThan>,
                  "com.clearspring.analytics.stream.cardinality.HyperLogLogPlus"});
  out->push_back({kHllSketchIsLessThan, ParseSketchIsLessThan<&kHllSketchIsLessThan>,
                  "org.apache.datasketches.hll.HllSketch"});
}

}  // namespace quarry::internal
