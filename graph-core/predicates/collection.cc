// Membership and size predicates: IsIn, AreIn, CollectionContains,
// MapContains, MapContainsPredicate, PredicateMap, IsLongerThan, IsShorterThan.
#include <unordered_set>
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kIsIn = "uk.gov.gchq.koryphe.impl.predicate.IsIn";
constexpr std::string_view kAreIn = "uk.gov.gchq.koryphe.impl.predicate.AreIn";
constexpr std::string_view kCollectionContains =
    "uk.gov.gchq.koryphe.impl.predicate.CollectionContains";
constexpr std::string_view kMapContains = "uk.gov.gchq.koryphe.impl.predicate.MapContains";
constexpr std::string_view kMapContainsPredicate =
    "uk.gov.gchq.koryphe.impl.predicate.MapContainsPredicate";
constexpr std::string_view kPredicateMap = "uk.gov.gchq.koryphe.predicate.PredicateMap";
constexpr std::string_view kIsLongerThan = "uk.gov.gchq.koryphe.impl.predicate.IsLongerThan";
constexpr std::string_view kIsShorterThan = "uk.gov.gchq.koryphe.impl.predicate.IsShorterThan";

using SharedPredicate = std::shared_ptr<const Predicate>;
using ValueSet = std::unordered_set<Value, ValueHash>;

bool IsCollection(const Value& v) {
  return v.type() == ValueType::kTreeSet || v.type() == ValueType::kHashSet ||
         v.type() == ValueType::kList;
}

Json ValuesToJson(const ValueList& values) {
  Json out = Json::array();
  for (const Value& v : values) out.push_back(ValueToJson(v));
  return out;
}

// IsIn: the input is one of `values`. AreIn: every item of the input
// collection is; with no values the answer is nullOrEmptyValuesAccepted.
class Membership : public Predicate {
 public:
  Membership(bool are_in, ValueList values, bool empty_accepted)
      : are_in_(are_in),
        values_(std::move(values)),
        set_(values_.begin(), values_.end()),
        empty_accepted_(empty_accepted) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (!are_in_) return set_.count(input) > 0;
    if (set_.empty()) return empty_accepted_;
    if (!IsCollection(input)) return false;
    for (const Value& item : input.AsItems()) {
      if (set_.count(item) == 0) return false;
    }
    return true;
  }
  Json ToJson() const override {
    Json out = ClassJson(are_in_ ? kAreIn : kIsIn);
    out["values"] = ValuesToJson(values_);
    if (are_in_ && !empty_accepted_) out["nullOrEmptyValuesAccepted"] = false;
    return out;
  }

 private:
  bool are_in_;
  ValueList values_;
  ValueSet set_;
  bool empty_accepted_;
};

template <bool kAreIn>
Result<PredicatePtr> ParseMembership(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(ValueList values, ReadValueListField(json, "values", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> accepted,
                          ReadOptionalBool(json, "nullOrEmptyValuesAccepted", path));
  return PredicatePtr(
      std::make_unique<Membership>(kAreIn, std::move(values), accepted.value_or(true)));
}

class CollectionContains : public Predicate {
 public:
  explicit CollectionContains(Value value) : value_(std::move(value)) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (!IsCollection(input)) return false;
    for (const Value& item : input.AsItems()) {
      if (item == value_) return true;
    }
    return false;
  }
  Json ToJson() const override {
    Json out = ClassJson(kCollectionContains);
    out["value"] = ValueToJson(value_);
    return out;
  }

 private:
  Value value_;
};

Result<PredicatePtr> ParseCollectionContains(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value value, ReadValueField(json, "value", path, true));
  return PredicatePtr(std::make_unique<CollectionContains>(std::move(value)));
}

// map.get(key) for a Map or FreqMap input; null when absent.
Value MapGet(const Value& map, const Value& key) {
  if (map.type() == ValueType::kFreqMap) {
    if (key.type() != ValueType::kString) return Value();
    auto it = map.AsFreqMap().find(key.AsString());
    return it == map.AsFreqMap().end() ? Value() : Value::Int64(it->second);
  }
  for (const auto& [k, v] : map.AsEntries()) {
    if (k == key) return v;
  }
  return Value();
}

bool IsMap(const Value& v) {
  return v.type() == ValueType::kMap || v.type() == ValueType::kFreqMap;
}

// Calls fn(key) for each key of a Map or FreqMap until it returns true.
template <typename Fn>
bool AnyKey(const Value& map, Fn fn) {
  if (map.type() == ValueType::kFreqMap) {
    for (const auto& entry : map.AsFreqMap()) {
      if (fn(Value::String(entry.first))) return true;
    }
    return false;
  }
  for (const auto& entry : map.AsEntries()) {
    if (fn(entry.first)) return true;
  }
  return false;
}

class MapContains : public Predicate {
 public:
  explicit MapContains(std::string key) : key_(std::move(key)), key_value_(Value::String(key_)) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (!IsMap(input)) return false;
    return AnyKey(input, [this](const Value& k) { return k == key_value_; });
  }
  Json ToJson() const override {
    Json out = ClassJson(kMapContains);
    out["key"] = key_;
    return out;
  }

 private:
  std::string key_;
  Value key_value_;
};

Result<PredicatePtr> ParseMapContains(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> key, ReadOptionalString(json, "key", path));
  if (!key) return MissingField(path, "key");
  return PredicatePtr(std::make_unique<MapContains>(std::move(*key)));
}

class MapContainsPredicate : public Predicate {
 public:
  explicit MapContainsPredicate(SharedPredicate key_predicate)
      : key_predicate_(std::move(key_predicate)) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (!IsMap(input)) return false;
    return AnyKey(input, [this](const Value& k) { return key_predicate_->Test(k); });
  }
  Json ToJson() const override {
    Json out = ClassJson(kMapContainsPredicate);
    out["keyPredicate"] = key_predicate_->ToJson();
    return out;
  }

 private:
  SharedPredicate key_predicate_;
};

Result<PredicatePtr> ParseMapContainsPredicate(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr p, ReadPredicateField(json, "keyPredicate", path, true));
  return PredicatePtr(std::make_unique<MapContainsPredicate>(std::move(p)));
}

// koryphe: no predicate passes everything; a null map fails; else
// predicate.test(map.get(key)).
class PredicateMap : public Predicate {
 public:
  PredicateMap(Value key, SharedPredicate predicate)
      : key_(std::move(key)), predicate_(std::move(predicate)) {}
  bool Test(ValueRefs args) const override {
    if (!predicate_) return true;
    const Value& input = ArgAt(args, 0);
    if (!IsMap(input)) return false;
    return predicate_->Test(MapGet(input, key_));
  }
  Json ToJson() const override {
    Json out = ClassJson(kPredicateMap);
    if (!key_.is_null()) out["key"] = ValueToJson(key_);
    if (predicate_) out["predicate"] = predicate_->ToJson();
    return out;
  }

 private:
  Value key_;
  SharedPredicate predicate_;
};

Result<PredicatePtr> ParsePredicateMap(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value key, ReadValueField(json, "key", path, false));
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr p, ReadPredicateField(json, "predicate", path, false));
  return PredicatePtr(std::make_unique<PredicateMap>(std::move(key), std::move(p)));
}

// Java String.length(): UTF-16 code units of a UTF-8 string.
int64_t Utf16Length(std::string_view s) {
  int64_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++n;  // a lead byte starts a code point
    if (c >= 0xF0) ++n;           // a supplementary code point is a surrogate pair
  }
  return n;
}

// koryphe's Length: strings, arrays, collections and maps; -1 otherwise.
int64_t LengthOf(const Value& v) {
  switch (v.type()) {
    case ValueType::kString:
      return Utf16Length(v.AsString());
    case ValueType::kBytes:
      return static_cast<int64_t>(v.AsString().size());
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList:
      return static_cast<int64_t>(v.AsItems().size());
    case ValueType::kMap:
      return static_cast<int64_t>(v.AsEntries().size());
    case ValueType::kFreqMap:
      return static_cast<int64_t>(v.AsFreqMap().size());
    default:
      return -1;
  }
}

// IsLongerThan (longer) / IsShorterThan (!longer). A null input passes both,
// as in koryphe; an input without a length fails.
class LengthCompare : public Predicate {
 public:
  LengthCompare(bool longer, int64_t limit, bool or_equal_to)
      : longer_(longer), limit_(limit), or_equal_to_(or_equal_to) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.is_null()) return true;
    int64_t length = LengthOf(input);
    if (length < 0) return false;
    if (length == limit_) return or_equal_to_;
    return longer_ ? length > limit_ : length < limit_;
  }
  Json ToJson() const override {
    Json out = ClassJson(longer_ ? kIsLongerThan : kIsShorterThan);
    out[longer_ ? "minLength" : "maxLength"] = limit_;
    out["orEqualTo"] = or_equal_to_;
    return out;
  }

 private:
  bool longer_;
  int64_t limit_;
  bool or_equal_to_;
};

template <bool kLonger>
Result<PredicatePtr> ParseLengthCompare(const Json& json, std::string_view path) {
  std::string_view field = kLonger ? "minLength" : "maxLength";
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> limit, ReadOptionalInt(json, field, path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> or_equal_to,
                          ReadOptionalBool(json, "orEqualTo", path));
  // koryphe's int field defaults to 0 when absent.
  return PredicatePtr(
      std::make_unique<LengthCompare>(kLonger, limit.value_or(0), or_equal_to.value_or(false)));
}

}  // namespace

void AddCollectionPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kIsIn, ParseMembership<false>, "java.lang.Object"});
  out->push_back({kAreIn, ParseMembership<true>, "java.util.Collection"});
  out->push_back({kCollectionContains, ParseCollectionContains, "java.util.Collection"});
  out->push_back({kMapContains, ParseMapContains, "java.util.Map"});
  out->push_back({kMapContainsPredicate, ParseMapContainsPredicate, "java.util.Map"});
  out->push_back({kPredicateMap, ParsePredicateMap, "java.util.Map"});
  out->push_back({kIsLongerThan, ParseLengthCompare<true>, "java.lang.Object"});
  out->push_back({kIsShorterThan, ParseLengthCompare<false>, "java.lang.Object"});
}

}  // namespace quarry::internal
