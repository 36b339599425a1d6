// koryphe's CollectionConcat, CollectionIntersect and IterableMerge, Gaffer's
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

// CollectionConcat: a.addAll(b) (union for sets, append for lists);
// CollectionIntersect: a.retainAll(b); both keep the state's class.
// IterableMerge: a's items then b's, duplicates kept, as a List (koryphe's
// ChainedIterable, which Gaffer writes as a JSON array). The input may be
// any collection.
enum class CollectionMode { kConcat, kIntersect, kMerge };

class CollectionOperator final : public KorypheOperator {
 public:
  CollectionOperator(std::string_view class_name, CollectionMode mode)
      : KorypheOperator(class_name), mode_(mode) {}

  bool Accepts(ValueType type) const override { return IsCollection(type); }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    const ValueList& a = state->AsItems();
    const ValueList& b = input.AsItems();
    ValueList items;
    if (mode_ != CollectionMode::kIntersect) {
      items.reserve(a.size() + b.size());
      items = a;
      items.insert(items.end(), b.begin(), b.end());
      if (mode_ == CollectionMode::kMerge) {
        *state = Value::List(std::move(items));
        return Status::OK();
      }
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
  CollectionMode mode_;
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
    *state = Value::Sketch(std::move(merged));
    return Status::OK();
  }

 private:
  ValueType type_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeCollectionConcat() {
  return std::make_unique<CollectionOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat", CollectionMode::kConcat);
}

std::unique_ptr<BinaryOperator> MakeCollectionIntersect() {
  return std::make_unique<CollectionOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect", CollectionMode::kIntersect);
}

std::unique_ptr<BinaryOperator> MakeIterableMerge() {
  return std::make_unique<CollectionOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.IterableMerge", CollectionMode::kMerge);
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
