// ParseBinaryOperator and the tuple adapter: Gaffer JSON -> operators.
#include <functional>
#include <optional>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/json_fields.h"
#include "graph-core/operators/gaffer_doc_operators.h"
#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry {
namespace operators_internal {
namespace {

namespace jf = json_fields;
namespace oi = operators_internal;

template <std::unique_ptr<BinaryOperator> (*Make)()>
Result<std::unique_ptr<BinaryOperator>> NoFields(const Json&, std::string_view) {
  return Make();
}

// The "separator" field of StringConcat / StringDeduplicateConcat (default ",").
template <std::unique_ptr<BinaryOperator> (*Make)(std::string)>
Result<std::unique_ptr<BinaryOperator>> WithSeparator(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> separator,
                          jf::OptionalString(json, "separator", path));
  return Make(separator.value_or(","));
}

}  // namespace

const std::vector<OperatorClass>& OperatorClasses() {
  static const auto* const kClasses = new std::vector<OperatorClass>{
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Sum", NoFields<oi::MakeSum>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Product", NoFields<oi::MakeProduct>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Max", NoFields<oi::MakeMax>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Min", NoFields<oi::MakeMin>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.First", NoFields<oi::MakeFirst>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Last", NoFields<oi::MakeLast>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.And", NoFields<oi::MakeAnd>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.Or", NoFields<oi::MakeOr>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat", WithSeparator<oi::MakeStringConcat>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.StringDeduplicateConcat",
       WithSeparator<oi::MakeStringDeduplicateConcat>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat",
       NoFields<oi::MakeCollectionConcat>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect",
       NoFields<oi::MakeCollectionIntersect>},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.IterableMerge", NoFields<oi::MakeIterableMerge>},
      {"uk.gov.gchq.gaffer.types.function.FreqMapAggregator", NoFields<oi::MakeFreqMapAggregator>},
      {"uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator."
       "HyperLogLogPlusAggregator",
       NoFields<oi::MakeHyperLogLogPlusAggregator>},
      {"uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSketchAggregator",
       NoFields<oi::MakeHllSketchAggregator>},
      {"uk.gov.gchq.gaffer.time.binaryoperator.RBMBackedTimestampSetAggregator",
       NoFields<oi::MakeRbmBackedTimestampSetAggregator>},
      {"uk.gov.gchq.gaffer.time.binaryoperator.BoundedTimestampSetAggregator",
       NoFields<oi::MakeBoundedTimestampSetAggregator>},
      {"uk.gov.gchq.gaffer.time.binaryoperator.LongTimeSeriesAggregator",
       NoFields<oi::MakeLongTimeSeriesAggregator>},
      {kVisibilityAggregatorClass, NoFields<MakeVisibilityAggregator>},
      {kExampleTuple2BinaryOperatorClass, NoFields<MakeExampleTuple2BinaryOperator>},
  };
  return *kClasses;
}

}  // namespace operators_internal

namespace {

namespace jf = json_fields;
namespace oi = operators_internal;

}  // namespace

Result<std::unique_ptr<BinaryOperator>> ParseBinaryOperator(const Json& json,
                                                            std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string class_name, jf::ClassField(json, path));
  for (const oi::OperatorClass& c : oi::OperatorClasses()) {
    if (jf::ClassNameMatches(class_name, c.full_name)) return c.factory(json, path);
  }
  return InvalidArgumentError(jf::Join(path, "class") + ": unknown binary operator class '" +
                              class_name + "'");
}

Json TupleBinaryOperator::ToJson() const {
  Json json = Json::object();
  json["selection"] = selection;
  json["binaryOperator"] = op ? op->ToJson() : Json();
  return json;
}

Result<TupleBinaryOperator> ParseTupleBinaryOperator(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  TupleBinaryOperator out;
  const Json* selection = jf::Find(json, "selection");
  if (selection == nullptr) {
    return InvalidArgumentError(jf::Join(path, "selection") + ": missing");
  }
  QUARRY_ASSIGN_OR_RETURN(out.selection, jf::StringList(*selection, jf::Join(path, "selection")));
  if (out.selection.empty()) {
    return InvalidArgumentError(jf::Join(path, "selection") + ": must name at least one property");
  }
  const Json* op = jf::Find(json, "binaryOperator");
  if (op == nullptr) return InvalidArgumentError(jf::Join(path, "binaryOperator") + ": missing");
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<BinaryOperator> parsed,
                          ParseBinaryOperator(*op, jf::Join(path, "binaryOperator")));
  out.op = std::move(parsed);
  return out;
}

}  // namespace quarry
