#include "iterators/aggregate.h"

#include <algorithm>
#include <utility>

namespace quarry {
namespace {

bool Contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Folds one property. Null-skipping is done here so that the swapped
// application never hands the operator a null state.
Status FoldOne(const BinaryOperator& op, std::string_view group, const std::string& property,
               const Properties& input, bool input_is_newer, Properties* state) {
  const Value* in = input.Find(property);
  if (in == nullptr || in->is_null()) return Status::OK();
  const Value* current = state->Find(property);
  if (current == nullptr) {
    state->Set(property, *in);
    return Status::OK();
  }
  Status status;
  Value result;
  if (input_is_newer) {
    // Newest-first semantics with the newer operand arriving second.
    result = *in;
    status = op.Apply(&result, *current);
  } else {
    result = *current;
    status = op.Apply(&result, *in);
  }
  if (!status.ok()) {
    return Status(status.code(), "group '" + std::string(group) + "', property '" + property +
                                     "': " + std::string(status.message()));
  }
  state->Set(property, std::move(result));
  return Status::OK();
}

}  // namespace

Status AggregateProperties(const std::vector<TupleBinaryOperator>& aggregator,
                           std::string_view group, const Properties& input, bool input_is_newer,
                           Properties* state) {
  for (const TupleBinaryOperator& tuple : aggregator) {
    if (tuple.op == nullptr) {
      return InvalidArgumentError("group '" + std::string(group) +
                                  "': aggregator tuple without an operator");
    }
    if (tuple.op->IsTupleOperator()) {
      // A tuple operator folds the whole selection at once (and skips null
      // tuples itself); newest-first order as for single properties.
      Status status = input_is_newer ? tuple.ApplyInputFirst(state, input)
                                     : tuple.Apply(state, input);
      if (!status.ok()) return status.WithContext("group '" + std::string(group) + "'");
      continue;
    }
    for (const std::string& property : tuple.selection) {
      QUARRY_RETURN_IF_ERROR(FoldOne(*tuple.op, group, property, input, input_is_newer, state));
    }
  }
  return Status::OK();
}

Result<Properties> AggregateAll(const std::vector<TupleBinaryOperator>& aggregator,
                                std::string_view group, std::span<const Properties> operands,
                                OperandOrder order) {
  if (operands.empty()) {
    return InvalidArgumentError("group '" + std::string(group) + "': nothing to aggregate");
  }
  Properties state = operands[0];
  bool newer = order == OperandOrder::kOldestFirst;
  for (size_t i = 1; i < operands.size(); ++i) {
    QUARRY_RETURN_IF_ERROR(AggregateProperties(aggregator, group, operands[i], newer, &state));
  }
  return state;
}

Status AggregateElements(const SchemaElementDefinition& def, const Element& input,
                         bool input_is_newer, Element* state) {
  if (input.group() != def.group() || state->group() != def.group()) {
    return InvalidArgumentError("cannot aggregate group '" + input.group() + "' into group '" +
                                state->group() + "' with the definition of group '" + def.group() +
                                "'");
  }
  return AggregateProperties(def.ingest_aggregator(), def.group(), input.properties(),
                             input_is_newer, &state->mutable_properties());
}

Status MergeStoredValues(const PropertyLayout& layout, std::span<const std::string_view> values,
                         OperandOrder order, std::string* dst) {
  const SchemaElementDefinition& def = layout.definition();
  if (values.empty()) {
    return InvalidArgumentError("group '" + def.group() + "': nothing to merge");
  }
  const bool newer = order == OperandOrder::kOldestFirst;
  Properties state;
  int64_t timestamp = 0;
  QUARRY_RETURN_IF_ERROR(layout.DecodeValue(values[0], &timestamp, &state));
  Properties input;
  for (size_t i = 1; i < values.size(); ++i) {
    input = Properties();
    int64_t input_timestamp = 0;
    QUARRY_RETURN_IF_ERROR(layout.DecodeValue(values[i], &input_timestamp, &input));
    timestamp = std::max(timestamp, input_timestamp);
    QUARRY_RETURN_IF_ERROR(
        AggregateProperties(def.ingest_aggregator(), def.group(), input, newer, &state));
  }
  return layout.EncodeValue(state, timestamp, dst);
}

namespace {

Status CheckViewGroupBy(const SchemaElementDefinition& def, const std::vector<std::string>& view) {
  const std::vector<std::string>& schema = def.group_by();
  for (size_t i = 0; i < view.size(); ++i) {
    if (i >= schema.size() || view[i] != schema[i]) {
      return InvalidArgumentError("view group '" + def.group() + "': groupBy[" + std::to_string(i) +
                                  "] '" + view[i] +
                                  "' does not keep a prefix of the schema groupBy");
    }
  }
  return Status::OK();
}

Status CheckViewAggregator(const SchemaElementDefinition& def,
                           const std::vector<std::string>& group_by,
                           const std::vector<TupleBinaryOperator>& view_aggregator) {
  for (size_t i = 0; i < view_aggregator.size(); ++i) {
    const TupleBinaryOperator& t = view_aggregator[i];
    std::string where =
        "view group '" + def.group() + "': aggregator.operators[" + std::to_string(i) + "]";
    if (t.op == nullptr) return InvalidArgumentError(where + " has no binaryOperator");
    for (const std::string& property : t.selection) {
      const PropertyDefinition* p = def.FindProperty(property);
      if (p == nullptr) {
        return InvalidArgumentError(where + " selects unknown property '" + property + "'");
      }
      if (Contains(group_by, property)) {
        return InvalidArgumentError(where + " selects groupBy property '" + property + "'");
      }
      if (!t.op->IsTupleOperator() && !t.op->Accepts(p->type->value_type)) {
        return InvalidArgumentError(where + ": the operator does not accept property '" + property +
                                    "' of class " + p->type->class_name);
      }
    }
  }
  return Status::OK();
}

}  // namespace

Result<QueryAggregation> QueryAggregation::Create(
    const Schema& schema, const SchemaElementDefinition& def,
    const std::vector<std::string>* view_group_by,
    const std::vector<TupleBinaryOperator>& view_aggregator) {
  QueryAggregation q;
  q.def_ = &def;
  if (view_group_by != nullptr) {
    QUARRY_RETURN_IF_ERROR(CheckViewGroupBy(def, *view_group_by));
    q.group_by_ = *view_group_by;
  } else {
    q.group_by_ = def.group_by();
  }
  QUARRY_RETURN_IF_ERROR(CheckViewAggregator(def, q.group_by_, view_aggregator));
  q.aggregator_ = def.QueryAggregator(view_group_by, view_aggregator);
  const std::optional<std::string>& visibility = schema.visibility_property();
  bool has_visibility = visibility.has_value() && def.FindProperty(*visibility) != nullptr;
  bool group_by_differs = q.group_by_.size() != def.group_by().size();
  q.required_ = def.aggregate() && (group_by_differs || has_visibility);
  return q;
}

}  // namespace quarry
