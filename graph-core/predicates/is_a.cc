// IsA: the input's class is `type` or a subclass of it (Class.isAssignableFrom).
// Besides the value classes themselves, the Java supertypes a Gaffer schema may
// name (Object, Number, Comparable, Collection, Set, Map, ...) are understood.
#include <cstdint>
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kIsA = "uk.gov.gchq.koryphe.impl.predicate.IsA";

using TypeMask = uint32_t;

constexpr TypeMask Bit(ValueType t) { return TypeMask{1} << static_cast<int>(t); }

constexpr TypeMask kCollections =
    Bit(ValueType::kTreeSet) | Bit(ValueType::kHashSet) | Bit(ValueType::kList);
constexpr TypeMask kMaps = Bit(ValueType::kMap) | Bit(ValueType::kFreqMap);

struct Supertype {
  std::string_view name;
  TypeMask mask;
};

constexpr Supertype kSupertypes[] = {
    {"java.lang.Object", ~TypeMask{0}},
    {"java.lang.Number", Bit(ValueType::kInt32) | Bit(ValueType::kInt64) | Bit(ValueType::kFloat) |
                             Bit(ValueType::kDouble) | Bit(ValueType::kInt16)},
    {"java.lang.CharSequence", Bit(ValueType::kString)},
    {"java.lang.Iterable", kCollections},
    {"java.util.Collection", kCollections},
    {"java.util.Set", Bit(ValueType::kTreeSet) | Bit(ValueType::kHashSet)},
    {"java.util.SortedSet", Bit(ValueType::kTreeSet)},
    {"java.util.NavigableSet", Bit(ValueType::kTreeSet)},
    {"java.util.List", Bit(ValueType::kList)},
    {"java.util.Map", kMaps},
    {"java.util.AbstractMap", kMaps},
    {"java.util.HashMap", kMaps},  // FreqMap extends HashMap.
    {"uk.gov.gchq.gaffer.time.TimestampSet",
     Bit(ValueType::kRbmTimestampSet) | Bit(ValueType::kBoundedTimestampSet)},
    {"uk.gov.gchq.gaffer.time.TimeSeries", Bit(ValueType::kLongTimeSeries)},
};

TypeMask ComparableMask() {
  TypeMask mask = 0;
  for (int t = 0; t <= static_cast<int>(ValueType::kLongTimeSeries); ++t) {  // The last.
    if (IsJavaComparable(static_cast<ValueType>(t))) mask |= TypeMask{1} << t;
  }
  return mask;
}

Result<TypeMask> MaskForClass(const std::string& name, std::string_view path) {
  if (name == "java.lang.Comparable") return ComparableMask();
  for (const Supertype& s : kSupertypes) {
    if (name == s.name) return s.mask;
  }
  Result<ValueType> type = ValueTypeFromClassName(name);
  if (!type.ok()) return JsonError(json_fields::Join(path, "type"), "unknown class '" + name + "'");
  return Bit(*type);
}

class IsA : public Predicate {
 public:
  IsA(std::string type, TypeMask mask) : type_(std::move(type)), mask_(mask) {}
  // A null input passes, as in koryphe.
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    return input.is_null() || (mask_ & Bit(input.type())) != 0;
  }
  Json ToJson() const override {
    Json out = ClassJson(kIsA);
    out["type"] = type_;
    return out;
  }

 private:
  std::string type_;
  TypeMask mask_;
};

Result<PredicatePtr> ParseIsA(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> type, ReadOptionalString(json, "type", path));
  if (!type) return MissingField(path, "type");
  QUARRY_ASSIGN_OR_RETURN(TypeMask mask, MaskForClass(*type, path));
  return PredicatePtr(std::make_unique<IsA>(std::move(*type), mask));
}

}  // namespace

void AddIsAPredicate(std::vector<PredicateClass>* out) {
  out->push_back({kIsA, ParseIsA, "java.lang.Object"});
}

}  // namespace quarry::internal
