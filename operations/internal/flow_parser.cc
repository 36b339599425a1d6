// Gaffer JSON -> the fields of Filter, Transform, Aggregate, Sort, Max, Min,
// Validate, If, While, ForEach, the variable and the trait operations.
#include "operations/internal/flow_parser.h"

#include <memory>
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kElementPropertyComparator =
    "uk.gov.gchq.gaffer.data.element.comparison.ElementPropertyComparator";
constexpr std::string_view kComparableOrToString =
    "uk.gov.gchq.gaffer.data.element.comparison.ComparableOrToStringComparator";

Status ReadInputField(const Json& obj, const std::string& path, bool elements, Operation* op) {
  const Json* in = jf::Find(obj, "input");
  if (in == nullptr) return Status::OK();
  std::string ipath = jf::Join(path, "input");
  QUARRY_ASSIGN_OR_RETURN(op->input,
                          elements ? ParseElementList(*in, ipath) : ParseItemList(*in, ipath));
  op->input_is_single_value = !elements && !in->is_array();
  return Status::OK();
}

// {"functions": [...]} (ElementTransformer).
Status ReadTransformer(const Json& json, const std::string& path, GroupFunctions* out) {
  const Json* list = json.is_object() ? jf::Find(json, "functions") : &json;
  if (list == nullptr) return Status::OK();
  std::string lpath = json.is_object() ? jf::Join(path, "functions") : path;
  if (!list->is_array()) return InvalidArgumentError(lpath + ": expected an array");
  for (size_t i = 0; i < list->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(TupleFunction f, ParseTupleFunction((*list)[i], jf::Index(lpath, i)));
    out->functions.push_back(std::move(f));
  }
  return Status::OK();
}

// AggregatePair: {"groupBy": [...], "elementAggregator": {"operators": [...]}}.
Status ReadAggregatePair(const Json& json, const std::string& path, GroupFunctions* out) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(out->group_by, jf::OptionalStringList(json, "groupBy", path));
  const Json* agg = jf::Find(json, "elementAggregator");
  if (agg == nullptr) return Status::OK();
  std::string apath = jf::Join(path, "elementAggregator");
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*agg, apath));
  const Json* ops = jf::Find(*agg, "operators");
  if (ops == nullptr) return Status::OK();
  std::string opath = jf::Join(apath, "operators");
  if (!ops->is_array()) return InvalidArgumentError(opath + ": expected an array");
  for (size_t i = 0; i < ops->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(TupleBinaryOperator t,
                            ParseTupleBinaryOperator((*ops)[i], jf::Index(opath, i)));
    out->aggregator.push_back(std::move(t));
  }
  return Status::OK();
}

// "entities" / "edges": group -> per-operation definition.
Status ReadGroupMap(const Json& obj, const std::string& path, std::string_view field,
                    OperationKind kind, std::optional<GroupFunctionMap>* out) {
  const Json* map = jf::Find(obj, field);
  if (map == nullptr) return Status::OK();
  std::string mpath = jf::Join(path, field);
  if (!map->is_object()) return InvalidArgumentError(mpath + ": expected an object of groups");
  out->emplace();
  for (auto it = map->begin(); it != map->end(); ++it) {
    std::string gpath = jf::Join(mpath, it.key());
    GroupFunctions group;
    if (!it->is_null()) {
      if (kind == OperationKind::kFilter) {
        QUARRY_ASSIGN_OR_RETURN(group.filter, ParseElementFilter(*it, gpath));
      } else if (kind == OperationKind::kTransform) {
        QUARRY_RETURN_IF_ERROR(ReadTransformer(*it, gpath, &group));
      } else {
        QUARRY_RETURN_IF_ERROR(ReadAggregatePair(*it, gpath, &group));
      }
    }
    (*out)->emplace_back(it.key(), std::move(group));
  }
  return Status::OK();
}

Status ReadElementFunctions(const Json& obj, const std::string& path, Operation* op) {
  auto fields = std::make_shared<ElementFunctionFields>();
  QUARRY_RETURN_IF_ERROR(ReadGroupMap(obj, path, "entities", op->kind, &fields->entities));
  QUARRY_RETURN_IF_ERROR(ReadGroupMap(obj, path, "edges", op->kind, &fields->edges));
  if (op->kind == OperationKind::kFilter) {
    const std::pair<std::string_view, ElementFilter*> globals[] = {
        {"globalElements", &fields->global_elements},
        {"globalEntities", &fields->global_entities},
        {"globalEdges", &fields->global_edges}};
    for (const auto& [name, filter] : globals) {
      const Json* j = jf::Find(obj, name);
      if (j != nullptr) {
        QUARRY_ASSIGN_OR_RETURN(*filter, ParseElementFilter(*j, jf::Join(path, name)));
      }
    }
  }
  op->element_functions = std::move(fields);
  return ReadInputField(obj, path, /*elements=*/true, op);
}

Result<ElementPropertyComparator> ParseComparator(const Json& json, const std::string& path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> cls,
                          json_fields::OptionalString(json, "class", path));
  if (cls.has_value() && !jf::ClassNameMatches(*cls, kElementPropertyComparator)) {
    return InvalidArgumentError(jf::Join(path, "class") + ": unsupported comparator class '" +
                                *cls + "' (ElementPropertyComparator is supported)");
  }
  ElementPropertyComparator c;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> property,
                          json_fields::OptionalString(json, "property", path));
  if (!property.has_value()) return InvalidArgumentError(jf::Join(path, "property") + ": required");
  c.property = std::move(*property);
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> groups,
                          jf::OptionalStringList(json, "groups", path));
  c.groups = groups.value_or(std::vector<std::string>());
  QUARRY_ASSIGN_OR_RETURN(c.reversed, json_fields::BoolOr(json, "reversed", path, false));
  if (const Json* inner = jf::Find(json, "comparator")) {
    std::string ipath = jf::Join(path, "comparator");
    QUARRY_RETURN_IF_ERROR(jf::RequireObject(*inner, ipath));
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> icls,
                            json_fields::OptionalString(*inner, "class", ipath));
    if (!icls.has_value() || !jf::ClassNameMatches(*icls, kComparableOrToString)) {
      return InvalidArgumentError(jf::Join(ipath, "class") + ": unsupported comparator class '" +
                                  icls.value_or("") +
                                  "' (ComparableOrToStringComparator is supported)");
    }
    c.comparable_or_to_string = true;
  }
  return c;
}

Status ReadComparison(const Json& obj, const std::string& path, Operation* op) {
  auto fields = std::make_shared<ComparisonFields>();
  if (const Json* list = jf::Find(obj, "comparators")) {
    std::string lpath = jf::Join(path, "comparators");
    if (!list->is_array()) return InvalidArgumentError(lpath + ": expected an array");
    for (size_t i = 0; i < list->size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(ElementPropertyComparator c,
                              ParseComparator((*list)[i], jf::Index(lpath, i)));
      fields->comparators.push_back(std::move(c));
    }
  }
  if (op->kind == OperationKind::kSort) {
    QUARRY_ASSIGN_OR_RETURN(fields->result_limit,
                            json_fields::OptionalInt64(obj, "resultLimit", path));
    if (fields->result_limit.has_value() && *fields->result_limit < 1) {
      // Gaffer's LimitedInMemorySortedIterable refuses a limit below 1.
      return InvalidArgumentError(jf::Join(path, "resultLimit") + ": must be at least 1");
    }
    QUARRY_ASSIGN_OR_RETURN(fields->deduplicate,
                            json_fields::BoolOr(obj, "deduplicate", path, true));
  }
  op->comparison = std::move(fields);
  return ReadInputField(obj, path, /*elements=*/true, op);
}

Result<std::shared_ptr<const Operation>> ReadSubOperation(const Json& obj, const std::string& path,
                                                          std::string_view field) {
  const Json* j = jf::Find(obj, field);
  if (j == nullptr) return std::shared_ptr<const Operation>();
  QUARRY_ASSIGN_OR_RETURN(Operation sub, ParseOperation(*j, jf::Join(path, field)));
  return std::shared_ptr<const Operation>(std::make_shared<Operation>(std::move(sub)));
}

Status ReadConditional(const Json& obj, const std::string& path, FlowFields* flow) {
  QUARRY_ASSIGN_OR_RETURN(flow->conditional, ReadOptionalConditional(obj, path));
  return Status::OK();
}

Status ReadFlow(const Json& obj, const std::string& path, Operation* op) {
  auto flow = std::make_shared<FlowFields>();
  if (op->kind != OperationKind::kForEach) {
    if (const Json* c = jf::Find(obj, "condition")) {
      if (!c->is_boolean()) {
        return InvalidArgumentError(jf::Join(path, "condition") + ": expected a boolean");
      }
      flow->condition = c->get<bool>();
    }
    QUARRY_RETURN_IF_ERROR(ReadConditional(obj, path, flow.get()));
  }
  if (op->kind == OperationKind::kIf) {
    QUARRY_ASSIGN_OR_RETURN(flow->then_op, ReadSubOperation(obj, path, "then"));
    QUARRY_ASSIGN_OR_RETURN(flow->otherwise_op, ReadSubOperation(obj, path, "otherwise"));
  } else {
    QUARRY_ASSIGN_OR_RETURN(flow->operation, ReadSubOperation(obj, path, "operation"));
  }
  if (op->kind == OperationKind::kWhile) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> max,
                            json_fields::OptionalInt64(obj, "maxRepeats", path));
    if (max.has_value() && *max < 0) {
      return InvalidArgumentError(jf::Join(path, "maxRepeats") + ": must not be negative");
    }
    flow->max_repeats = max.value_or(flow->max_repeats);
  }
  op->flow = std::move(flow);
  return ReadInputField(obj, path, /*elements=*/false, op);
}

Status ReadVariableFields(const Json& obj, const std::string& path, Operation* op) {
  if (op->kind == OperationKind::kGetVariables) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> names,
                            jf::OptionalStringList(obj, "variableNames", path));
    op->variable_names = names.value_or(std::vector<std::string>());
    return Status::OK();
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          json_fields::OptionalString(obj, "variableName", path));
  if (!name.has_value() || name->empty()) {
    return InvalidArgumentError(jf::Join(path, "variableName") + ": required");
  }
  op->variable_name = std::move(*name);
  return op->kind == OperationKind::kSetVariable ? ReadInputField(obj, path, /*elements=*/false, op)
                                                 : Status::OK();
}

Status ReadTraitFields(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(op->current_traits,
                          json_fields::BoolOr(obj, "currentTraits", path, true));
  if (op->kind != OperationKind::kHasTrait) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> trait,
                          json_fields::OptionalString(obj, "trait", path));
  if (!trait.has_value() || trait->empty()) {
    return InvalidArgumentError(jf::Join(path, "trait") + ": required");
  }
  op->trait = std::move(*trait);
  return Status::OK();
}

}  // namespace

Result<std::optional<Conditional>> ReadOptionalConditional(const Json& obj,
                                                           const std::string& path) {
  const Json* c = jf::Find(obj, "conditional");
  if (c == nullptr) return std::optional<Conditional>();
  std::string cpath = jf::Join(path, "conditional");
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(*c, cpath));
  Conditional conditional;
  if (const Json* p = jf::Find(*c, "predicate")) {
    QUARRY_RETURN_IF_ERROR(jf::RequireObject(*p, jf::Join(cpath, "predicate")));
    conditional.predicate = *p;
  }
  QUARRY_ASSIGN_OR_RETURN(conditional.transform, ReadSubOperation(*c, cpath, "transform"));
  return std::optional<Conditional>(std::move(conditional));
}

bool ReadFlowFields(const Json& obj, const std::string& path, Operation* op, Status* status) {
  switch (op->kind) {
    case OperationKind::kFilter:
    case OperationKind::kTransform:
    case OperationKind::kAggregate:
      *status = ReadElementFunctions(obj, path, op);
      return true;
    case OperationKind::kSort:
    case OperationKind::kMax:
    case OperationKind::kMin:
      *status = ReadComparison(obj, path, op);
      return true;
    case OperationKind::kValidate: {
      Result<bool> skip = json_fields::BoolOr(obj, "skipInvalidElements", path, false);
      *status = skip.status();
      if (skip.ok()) op->skip_invalid_elements = *skip;
      if (status->ok()) *status = ReadInputField(obj, path, /*elements=*/true, op);
      return true;
    }
    case OperationKind::kIf:
    case OperationKind::kWhile:
    case OperationKind::kForEach:
      *status = ReadFlow(obj, path, op);
      return true;
    case OperationKind::kSetVariable:
    case OperationKind::kGetVariable:
    case OperationKind::kGetVariables:
      *status = ReadVariableFields(obj, path, op);
      return true;
    case OperationKind::kGetTraits:
    case OperationKind::kHasTrait:
      *status = ReadTraitFields(obj, path, op);
      return true;
    default:
      return false;
  }
}

}  // namespace quarry::operations_internal
