// Gaffer JSON -> the fields of Map, Reduce, Join and ValidateOperationChain.
#include "operations/internal/map_join_parser.h"

#include <memory>
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kElementMatch =
    "uk.gov.gchq.gaffer.store.operation.handler.join.match.ElementMatch";
constexpr std::string_view kKeyFunctionMatch =
    "uk.gov.gchq.gaffer.store.operation.handler.join.match.KeyFunctionMatch";

Status ReadMap(const Json& obj, const std::string& path, MapJoinFields* f) {
  if (const Json* list = jf::Find(obj, "functions")) {
    QUARRY_ASSIGN_OR_RETURN(f->functions,
                            ParseItemFunctionList(*list, jf::Join(path, "functions")));
  } else if (const Json* one = jf::Find(obj, "function")) {  // Map.setFunction.
    QUARRY_ASSIGN_OR_RETURN(auto fn, ParseItemFunction(*one, jf::Join(path, "function")));
    f->functions.push_back(std::move(fn));
  } else {
    return InvalidArgumentError(jf::Join(path, "functions") + ": required");
  }
  if (const Json* in = jf::Find(obj, "input")) f->map_input = *in;
  return Status::OK();
}

Status ReadReduce(const Json& obj, const std::string& path, MapJoinFields* f, Operation* op) {
  const Json* fn = jf::Find(obj, "aggregateFunction");
  std::string fpath = jf::Join(path, "aggregateFunction");
  if (fn == nullptr) return InvalidArgumentError(fpath + ": required");
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<BinaryOperator> parsed, ParseBinaryOperator(*fn, fpath));
  if (parsed->IsTupleOperator()) {
    return InvalidArgumentError(fpath + ": a tuple operator cannot reduce single values");
  }
  f->aggregate_function = std::move(parsed);
  if (const Json* identity = jf::Find(obj, "identity")) f->identity = *identity;
  if (const Json* in = jf::Find(obj, "input")) {
    QUARRY_ASSIGN_OR_RETURN(op->input, ParseItemList(*in, jf::Join(path, "input")));
  }
  return Status::OK();
}

Result<JoinMatchMethod> ReadMatchMethod(const Json& json, const std::string& path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string cls, jf::ClassField(json, path));
  JoinMatchMethod m;
  if (jf::ClassNameMatches(cls, kElementMatch)) {
    // ElementMatch's Jackson setter is setElementGroupByProperties; the
    // shorter name is accepted as well.
    for (std::string_view field : {"elementGroupByProperties", "groupByProperties"}) {
      QUARRY_ASSIGN_OR_RETURN(auto props, jf::OptionalStringList(json, field, path));
      if (props.has_value()) m.group_by_properties = std::move(*props);
    }
    return m;
  }
  if (!jf::ClassNameMatches(cls, kKeyFunctionMatch)) {
    return InvalidArgumentError(jf::Join(path, "class") + ": unsupported match method '" + cls +
                                "' (ElementMatch and KeyFunctionMatch are supported)");
  }
  m.element_match = false;
  for (auto [field, slot] : {std::pair{"firstKeyFunction", &m.first_key_function},
                             std::pair{"secondKeyFunction", &m.second_key_function}}) {
    if (const Json* given = jf::Find(json, field)) {
      QUARRY_ASSIGN_OR_RETURN(*slot, ParseItemFunction(*given, jf::Join(path, field)));
    } else {  // KeyFunctionMatch's default: Identity.
      QUARRY_ASSIGN_OR_RETURN(
          *slot, ParseItemFunction(Json{{"class", "uk.gov.gchq.koryphe.impl.function.Identity"}},
                                   jf::Join(path, field)));
    }
  }
  return m;
}

template <typename Enum>
Status ReadJoinEnum(const Json& obj, const std::string& path, std::string_view field,
                    std::initializer_list<std::pair<std::string_view, Enum>> values,
                    std::optional<Enum>* out) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s,
                          json_fields::OptionalString(obj, field, path));
  if (!s.has_value()) return Status::OK();
  for (const auto& [name, value] : values) {
    if (*s == name) {
      *out = value;
      return Status::OK();
    }
  }
  return InvalidArgumentError(jf::Join(path, field) + ": unknown value '" + *s + "'");
}

Status ReadJoin(const Json& obj, const std::string& path, MapJoinFields* f, Operation* op) {
  if (const Json* in = jf::Find(obj, "input")) {
    QUARRY_ASSIGN_OR_RETURN(op->input, ParseItemList(*in, jf::Join(path, "input")));
  }
  auto flow = std::make_shared<FlowFields>();
  if (const Json* right = jf::Find(obj, "operation")) {
    QUARRY_ASSIGN_OR_RETURN(Operation parsed, ParseOperation(*right, jf::Join(path, "operation")));
    flow->operation = std::make_shared<Operation>(std::move(parsed));
  }
  op->flow = std::move(flow);
  if (const Json* m = jf::Find(obj, "matchMethod")) {
    QUARRY_ASSIGN_OR_RETURN(f->match_method, ReadMatchMethod(*m, jf::Join(path, "matchMethod")));
  }
  QUARRY_RETURN_IF_ERROR(ReadJoinEnum<JoinMatchKey>(
      obj, path, "matchKey", {{"LEFT", JoinMatchKey::kLeft}, {"RIGHT", JoinMatchKey::kRight}},
      &f->match_key));
  QUARRY_RETURN_IF_ERROR(ReadJoinEnum<JoinType>(
      obj, path, "joinType",
      {{"FULL", JoinType::kFull}, {"OUTER", JoinType::kOuter}, {"INNER", JoinType::kInner}},
      &f->join_type));
  QUARRY_ASSIGN_OR_RETURN(f->flatten, json_fields::BoolOr(obj, "flatten", path, true));
  QUARRY_ASSIGN_OR_RETURN(f->collection_limit,
                          json_fields::OptionalInt64(obj, "collectionLimit", path));
  if (f->collection_limit.has_value() && *f->collection_limit < 0) {
    return InvalidArgumentError(jf::Join(path, "collectionLimit") + ": must not be negative");
  }
  return Status::OK();
}

Status ReadFields(const Json& obj, const std::string& path, Operation* op) {
  auto fields = std::make_shared<MapJoinFields>();
  switch (op->kind) {
    case OperationKind::kMap:
      QUARRY_RETURN_IF_ERROR(ReadMap(obj, path, fields.get()));
      break;
    case OperationKind::kReduce:
      QUARRY_RETURN_IF_ERROR(ReadReduce(obj, path, fields.get(), op));
      break;
    case OperationKind::kJoin:
      QUARRY_RETURN_IF_ERROR(ReadJoin(obj, path, fields.get(), op));
      break;
    case OperationKind::kScoreOperationChain: {
      // Optional: a missing or null chain scores 0, as in Gaffer.
      const Json* chain = jf::Find(obj, "operationChain");
      if (chain != nullptr && !chain->is_null()) {
        if (!chain->is_object()) {
          return InvalidArgumentError(jf::Join(path, "operationChain") +
                                      ": expected an operation chain object");
        }
        QUARRY_RETURN_IF_ERROR(ParseOperation(*chain, jf::Join(path, "operationChain")).status());
        fields->operation_chain = *chain;
      }
      break;
    }
    default: {  // ValidateOperationChain.
      const Json* chain = jf::Find(obj, "operationChain");
      if (chain == nullptr || !chain->is_object()) {
        return InvalidArgumentError(jf::Join(path, "operationChain") +
                                    ": required (an operation chain object)");
      }
      fields->operation_chain = *chain;
    }
  }
  op->map_join = std::move(fields);
  return Status::OK();
}

}  // namespace

bool ReadMapJoinFields(const Json& obj, const std::string& path, Operation* op, Status* status) {
  switch (op->kind) {
    case OperationKind::kMap:
    case OperationKind::kReduce:
    case OperationKind::kJoin:
    case OperationKind::kValidateOperationChain:
    case OperationKind::kScoreOperationChain:
      *status = ReadFields(obj, path, op);
      return true;
    default:
      return false;
  }
}

}  // namespace quarry::operations_internal
