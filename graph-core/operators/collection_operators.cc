// koryphe's CollectionConcat and CollectionIntersect, Gaffer's
// FreqMapAggregator and the two cardinality-sketch aggregators.
#include <algorithm>
#include <cstdint>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry::operators_internal {
namespace {

bool IsCollection(ValueType type) {
  return type == ValueType::kTreeSet || type == ValueType::kHashSet || type == ValueType::kList;
}

// A collection of the state's class holding `items`.
Value SameCollection(ValueType type, ValueList items) {
  switch (type) {
    case ValueType::kTreeSet:
      return Value::TreeSet(std::move(items));
    case ValueType::kHashSet:
      return Value::HashSet(std::move(items));
    default:
      return Value::List(std::move(items));
  }
}

// a.addAll(b) (union for sets, append for lists) or a.retainAll(b). The
// result keeps the state's class; the input may be any collection.
class CollectionOperator final : public KorypheOperator {
 public:
  CollectionOperator(std::string_view class_name, bool intersect)
      : KorypheOperator(class_name), intersect_(intersect) {}

  bool Accepts(ValueType type) const override { return IsCollection(type); }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    const ValueList& a = state->AsItems();
    const ValueList& b = input.AsItems();
    ValueList items;
    if (!intersect_) {
      items.reserve(a.size() + b.size());
      items = a;
      items.insert(items.end(), b.begin(), b.end());
    } else {
      ValueList sorted_b = b;
      std::sort(sorted_b.begin(), sorted_b.end());
      for (const Value& item : a) {
        if (std::binary_search(sorted_b.begin(), sorted_b.end(), item)) items.push_back(item);
      }
    }
    *state = SameCollection(state->type(), std::move(items));
    return Status::OK();
  }

 private:
  bool intersect_;
};

// Per-key sum of the counts; keys present on one side only are copied. The
// sum wraps on overflow like Java's long addition.
class FreqMapAggregator final : public KorypheOperator {
 public:
  FreqMapAggregator() : KorypheOperator("uk.gov.gchq.gaffer.types.function.FreqMapAggregator") {}

  bool Accepts(ValueType type) const override { return type == ValueType::kFreqMap; }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    FreqMap merged = state->AsFreqMap();
    for (const auto& [key, count] : input.AsFreqMap()) {
      auto [it, inserted] = merged.emplace(key, count);
      if (!inserted) {
        it->second =
            static_cast<int64_t>(static_cast<uint64_t>(it->second) + static_cast<uint64_t>(count));
      }
    }
    *state = Value::FreqMap(std::move(merged));
    return Status::OK();
  }
};

// Union of two sketches of one type, on a copy (Values share sketches).
class SketchAggregator final : public KorypheOperator {
 public:
  SketchAggregator(std::string_view class_name, ValueType type)
      : KorypheOperator(class_name), type_(type) {}

  bool Accepts(ValueType type) const override { return type == type_; }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    if (type_ == ValueType::kHyperLogLogPlus) {
      auto merged = std::make_shared<HyperLogLogPlus>(state->AsHyperLogLogPlus());
      Status merge = merged->Merge(input.AsHyperLogLogPlus());
      if (!merge.ok()) {
        return InvalidArgumentError(
            "An Exception occurred when trying to aggregate the HyperLogLogPlus objects: " +
            merge.message());
      }
      *state = Value::HyperLogLogPlus(std::move(merged));
      return Status::OK();
    }
    auto merged = std::make_shared<HllSketch>(state->AsSketch());
    merged->Merge(input.AsSketch());
    *state = Value::Sketch(type_, std::move(merged));
    return Status::OK();
  }

 private:
  ValueType type_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeCollectionConcat() {
  return std::make_unique<CollectionOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat", false);
}

std::unique_ptr<BinaryOperator> MakeCollectionIntersect() {
  return std::make_unique<CollectionOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect", true);
}

std::unique_ptr<BinaryOperator> MakeFreqMapAggregator() {
  return std::make_unique<FreqMapAggregator>();
}

std::unique_ptr<BinaryOperator> MakeHyperLogLogPlusAggregator() {
  return std::make_unique<SketchAggregator>(
      "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator."
      "HyperLogLogPlusAggregator",
      ValueType::kHyperLogLogPlus);
}

std::unique_ptr<BinaryOperator> MakeHllSketchAggregator() {
  return std::make_unique<SketchAggregator>(
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSketchAggregator",
      ValueType::kHllSketch);
}

}  // namespace quarry::operators_internal
