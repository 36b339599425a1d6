// Gaffer JSON -> Operation. The per-kind field readers are small named steps.
#include <string>
#include <utility>

#include "graph-core/json_depth.h"
#include "graph-core/json_fields.h"
#include "operations/generators/csv_generator.h"
#include "operations/generators/generator.h"
#include "operations/internal/flow_parser.h"
#include "operations/internal/input_parser.h"
#include "operations/internal/job_fields.h"
#include "operations/internal/map_join_parser.h"
#include "operations/internal/walk_named_parser.h"
#include "operations/operation.h"

namespace quarry {
namespace {

using InputParser = Result<std::vector<Item>> (*)(const Json&, std::string_view);

// Reads `field` with `parser` into `*out` if present.
Status ReadInput(const Json& obj, const std::string& path, std::string_view field,
                 InputParser parser, std::optional<std::vector<Item>>* out) {
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(*out, parser(*j, json_fields::Join(path, field)));
  return Status::OK();
}

template <typename Enum>
Status ReadEnum(const Json& obj, const std::string& path, std::string_view field,
                std::optional<Enum> (*parse)(std::string_view), std::optional<Enum>* out) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s,
                          json_fields::OptionalString(obj, field, path));
  if (!s.has_value()) return Status::OK();
  *out = parse(*s);
  if (!out->has_value()) {
    return InvalidArgumentError(json_fields::Join(path, field) + ": unknown value '" + *s + "'");
  }
  return Status::OK();
}

std::optional<EdgeVertices> ParseEdgeVertices(std::string_view s) {
  if (s == "NONE") return EdgeVertices::kNone;
  if (s == "SOURCE") return EdgeVertices::kSource;
  if (s == "DESTINATION") return EdgeVertices::kDestination;
  if (s == "BOTH") return EdgeVertices::kBoth;
  return std::nullopt;
}

std::optional<UseMatchedVertex> ParseUseMatchedVertex(std::string_view s) {
  if (s == "IGNORE") return UseMatchedVertex::kIgnore;
  if (s == "EQUAL") return UseMatchedVertex::kEqual;
  if (s == "OPPOSITE") return UseMatchedVertex::kOpposite;
  return std::nullopt;
}

std::optional<bool> ParseSeedMatchingEqual(std::string_view s) {
  if (s == "EQUAL") return true;
  if (s == "RELATED") return false;
  return std::nullopt;
}

// view, includeIncomingOutGoing, directedType, seedMatching.
Status ReadQueryFields(const Json& obj, const std::string& path, Operation* op) {
  // Branch `named`: "view" and "views", named views kept for resolution.
  QUARRY_RETURN_IF_ERROR(operations_internal::ReadViewFields(obj, path, op));
  std::optional<IncludeIncomingOutgoing> io;
  QUARRY_RETURN_IF_ERROR(
      ReadEnum(obj, path, "includeIncomingOutGoing", &ParseIncludeIncomingOutgoing, &io));
  op->include_incoming_outgoing = io.value_or(IncludeIncomingOutgoing::kEither);
  std::optional<DirectedType> dt;
  QUARRY_RETURN_IF_ERROR(ReadEnum(obj, path, "directedType", &ParseDirectedType, &dt));
  op->directed_type = dt.value_or(DirectedType::kEither);
  std::optional<bool> equal;
  QUARRY_RETURN_IF_ERROR(ReadEnum(obj, path, "seedMatching", &ParseSeedMatchingEqual, &equal));
  op->seed_matching_equal = equal.value_or(false);
  return Status::OK();
}

Status ReadAddFields(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(op->validate, json_fields::BoolOr(obj, "validate", path, true));
  QUARRY_ASSIGN_OR_RETURN(op->skip_invalid_elements,
                          json_fields::BoolOr(obj, "skipInvalidElements", path, false));
  return Status::OK();
}

Status RequireString(const Json& obj, const std::string& path, std::string_view field,
                     std::string* out) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s,
                          json_fields::OptionalString(obj, field, path));
  if (!s.has_value() || s->empty()) {
    return InvalidArgumentError(json_fields::Join(path, field) + ": required");
  }
  *out = std::move(*s);
  return Status::OK();
}

Status ReadCsvGenerator(const Json& obj, const std::string& path, Operation* op) {
  std::string_view field = "csvGenerator";
  const Json* gen = json_fields::Find(obj, field);
  if (gen == nullptr) {
    field = "elementGenerator";  // v1 name, honoured when v2's is absent.
    gen = json_fields::Find(obj, field);
  }
  QUARRY_ASSIGN_OR_RETURN(op->include_header,
                          json_fields::BoolOr(obj, "includeHeader", path, true));
  if (gen == nullptr)
    return InvalidArgumentError(json_fields::Join(path, "csvGenerator") + ": required");
  QUARRY_ASSIGN_OR_RETURN(op->csv, ParseCsvGeneratorSpec(*gen, json_fields::Join(path, field)));
  return Status::OK();
}

Status ReadLimitFields(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> limit,
                          json_fields::OptionalInt64(obj, "resultLimit", path));
  if (!limit.has_value())
    return InvalidArgumentError(json_fields::Join(path, "resultLimit") + ": required");
  if (*limit < 0) {
    return InvalidArgumentError(json_fields::Join(path, "resultLimit") + ": must not be negative");
  }
  op->result_limit = *limit;
  QUARRY_ASSIGN_OR_RETURN(op->truncate, json_fields::BoolOr(obj, "truncate", path, true));
  return Status::OK();
}

Status ReadSplitFields(const Json& obj, const std::string& path, Operation* op) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> n,
                          json_fields::OptionalInt64(obj, "numSplits", path));
  if (n.has_value() && (*n < 1 || *n > 100000)) {  // Gaffer refuses numSplits < 1.
    return InvalidArgumentError(json_fields::Join(path, "numSplits") + ": must be in [1, 100000]");
  }
  op->num_splits = n.value_or(1);
  QUARRY_ASSIGN_OR_RETURN(std::optional<double> p,
                          json_fields::OptionalNumber(obj, "proportionToSample", path));
  if (p.has_value() && !(*p > 0.0 && *p <= 1.0)) {
    return InvalidArgumentError(json_fields::Join(path, "proportionToSample") +
                                ": must be in (0, 1]");
  }
  op->proportion_to_sample = p.value_or(1.0);
  return Status::OK();
}

Status ReadBetweenSetsPairs(const Json& obj, const std::string& path, Operation* op) {
  const Json* in = json_fields::Find(obj, "input");
  if (in == nullptr) return InvalidArgumentError(json_fields::Join(path, "input") + ": required");
  std::string ipath = json_fields::Join(path, "input");
  if (in->is_array() && in->size() == 1) {  // A one-element list holding the Pair.
    in = &(*in)[0];
    ipath += "[0]";
  }
  if (!in->is_object() || !in->contains("first") || !in->contains("second")) {
    return InvalidArgumentError(ipath + ": expected a Pair of seed lists");
  }
  QUARRY_ASSIGN_OR_RETURN(op->input,
                          operations_internal::ParsePairSeedList((*in)["first"], ipath + ".first"));
  QUARRY_ASSIGN_OR_RETURN(
      op->input_b, operations_internal::ParsePairSeedList((*in)["second"], ipath + ".second"));
  return ReadQueryFields(obj, path, op);
}

Status ReadRanges(const Json& obj, const std::string& path, Operation* op) {
  const Json* in = json_fields::Find(obj, "input");
  if (in == nullptr) return InvalidArgumentError(json_fields::Join(path, "input") + ": required");
  std::string ipath = json_fields::Join(path, "input");
  if (!in->is_array()) return InvalidArgumentError(ipath + ": expected an array of Pairs");
  for (size_t i = 0; i < in->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(auto pair, operations_internal::ParseSeedPair(
                                           (*in)[i], ipath + "[" + std::to_string(i) + "]"));
    op->ranges.push_back(std::move(pair));
  }
  return ReadQueryFields(obj, path, op);
}

Status ReadChain(const Json& obj, const std::string& path, Operation* op);

// The fields of the read operations. Returns false if op->kind is not one.
bool ReadReadFields(const Json& obj, const std::string& path, Operation* op, Status* status) {
  using operations_internal::ParseSeedList;
  switch (op->kind) {
    case OperationKind::kGetElements:
    case OperationKind::kGetAdjacentIds:
    case OperationKind::kGetElementsWithinSet:
      *status = ReadInput(obj, path, "input", &ParseSeedList, &op->input);
      if (status->ok()) *status = ReadQueryFields(obj, path, op);
      return true;
    case OperationKind::kGetElementsBetweenSets:
      *status = ReadInput(obj, path, "input", &ParseSeedList, &op->input);
      if (status->ok()) *status = ReadInput(obj, path, "inputB", &ParseSeedList, &op->input_b);
      if (status->ok()) *status = ReadQueryFields(obj, path, op);
      return true;
    case OperationKind::kGetElementsBetweenSetsPairs:
      *status = ReadBetweenSetsPairs(obj, path, op);
      return true;
    case OperationKind::kGetElementsInRanges:
    case OperationKind::kSummariseGroupOverRanges:
      *status = ReadRanges(obj, path, op);
      return true;
    case OperationKind::kGetAllElements:
      *status = ReadQueryFields(obj, path, op);
      return true;
    default:
      return false;
  }
}

// The fields of the admin operations. Returns false if op->kind is not one.
bool ReadAdminFields(const Json& obj, const std::string& path, Operation* op, Status* status) {
  using operations_internal::ParseElementList;
  switch (op->kind) {
    case OperationKind::kAddElements:
      *status = ReadInput(obj, path, "input", &ParseElementList, &op->input);
      if (status->ok()) *status = ReadAddFields(obj, path, op);
      return true;
    case OperationKind::kGetSchema: {
      Result<bool> compact = json_fields::BoolOr(obj, "compact", path, false);
      *status = compact.status();
      if (compact.ok()) op->compact = *compact;
      return true;
    }
    case OperationKind::kSampleElementsForSplitPoints:
    case OperationKind::kGenerateSplitPointsFromSample:
      *status = ReadSplitFields(obj, path, op);
      if (status->ok()) *status = ReadInput(obj, path, "input", &ParseElementList, &op->input);
      return true;
    case OperationKind::kAddElementsFromFile:
      *status = RequireString(obj, path, "filename", &op->filename);
      if (status->ok()) *status = ReadAddFields(obj, path, op);
      return true;
    case OperationKind::kCheckpoint:
      *status = RequireString(obj, path, "directory", &op->directory);
      return true;
    case OperationKind::kSplitStoreFromFile:
      *status = RequireString(obj, path, "inputPath", &op->filename);
      return true;
    // --- branch deletes.
    case OperationKind::kDeleteElements:
      *status = ReadInput(obj, path, "input", &ParseElementList, &op->input);
      if (status->ok()) *status = ReadAddFields(obj, path, op);
      return true;
    case OperationKind::kDeleteAllData:
    case OperationKind::kGetGraphCreatedTime:
      *status = Status::OK();  // No fields but options.
      return true;
    // --- end of branch deletes.
    case OperationKind::kPreviewValidation: {
      const Json* s = json_fields::Find(obj, "schema");
      *status = s != nullptr && s->is_object()
                    ? Status::OK()
                    : InvalidArgumentError(json_fields::Join(path, "schema") +
                                           ": expected a schema object");
      if (status->ok()) op->proposed_schema = *s;
      return true;
    }
    default:
      return false;
  }
}

// GenerateElements / GenerateObjects: the generator (GenerateObjects also
// takes "objectGenerator") and the input. GenerateElements' input objects are
// kept as JSON: only the generator knows how to read them.
Status ReadGenerateFields(const Json& obj, const std::string& path, Operation* op) {
  bool elements = op->kind == OperationKind::kGenerateElements;
  std::string_view field = "elementGenerator";
  const Json* gen = json_fields::Find(obj, field);
  if (gen == nullptr && !elements) {
    field = "objectGenerator";
    gen = json_fields::Find(obj, field);
  }
  std::string gpath = json_fields::Join(path, field);
  if (gen == nullptr)
    return InvalidArgumentError(json_fields::Join(path, "elementGenerator") + ": required");
  // Made once here so an unknown class or bad field fails before anything runs.
  Status made = elements ? MakeElementGenerator(*gen, gpath).status()
                         : MakeObjectGenerator(*gen, gpath).status();
  QUARRY_RETURN_IF_ERROR(made);
  op->generator = *gen;
  if (!elements)
    return ReadInput(obj, path, "input", &operations_internal::ParseItemList, &op->input);
  const Json* in = json_fields::Find(obj, "input");
  if (in == nullptr) return Status::OK();
  std::vector<Item> items;
  if (in->is_array()) {
    items.reserve(in->size());
    for (const Json& j : *in) items.push_back(Item(j));
  } else {
    items.push_back(Item(*in));
  }
  op->input = std::move(items);
  return Status::OK();
}

Status ReadChain(const Json& obj, const std::string& path, Operation* op);

// Reads the fields that `op->kind` uses.
Status ReadKindFields(const Json& obj, const std::string& path, Operation* op) {
  using operations_internal::ParseItemList;
  Status status;
  if (ReadReadFields(obj, path, op, &status) || ReadAdminFields(obj, path, op, &status) ||
      operations_internal::ReadWalkAndNamedFields(obj, path, op, &status)) {
    return status;
  }
  // Jobs and exports (operations/internal/job_fields.cc).
  if (operations_internal::ReadJobExportFields(obj, path, op, &status)) return status;
  // Element functions, comparisons, flow control, variables, traits (branch flow).
  if (operations_internal::ReadFlowFields(obj, path, op, &status)) return status;
  // Map, Reduce, Join, ValidateOperationChain (branch mapjoin).
  if (operations_internal::ReadMapJoinFields(obj, path, op, &status)) return status;
  switch (op->kind) {
    case OperationKind::kOperationChain:
      return ReadChain(obj, path, op);
    case OperationKind::kCountGroups: {
      QUARRY_ASSIGN_OR_RETURN(op->count_groups_limit,
                              json_fields::OptionalInt64(obj, "limit", path));
      break;
    }
    case OperationKind::kLimit:
      QUARRY_RETURN_IF_ERROR(ReadLimitFields(obj, path, op));
      break;
    case OperationKind::kToVertices:
      QUARRY_RETURN_IF_ERROR(
          ReadEnum(obj, path, "edgeVertices", &ParseEdgeVertices, &op->edge_vertices));
      QUARRY_RETURN_IF_ERROR(
          ReadEnum(obj, path, "useMatchedVertex", &ParseUseMatchedVertex, &op->use_matched_vertex));
      break;
    case OperationKind::kToCsv:
      QUARRY_RETURN_IF_ERROR(ReadCsvGenerator(obj, path, op));
      break;
    case OperationKind::kGenerateElements:
    case OperationKind::kGenerateObjects:
      return ReadGenerateFields(obj, path, op);
    default:  // Count, DiscardOutput, To*, SplitStoreFromIterable: input only.
      break;
  }
  if (op->kind == OperationKind::kToSingletonList) {  // Gaffer's Input<T>: any one value.
    const Json* in = json_fields::Find(obj, "input");
    op->input_is_single_value = in != nullptr && !in->is_array();
  }
  return ReadInput(obj, path, "input", &ParseItemList, &op->input);
}

Status ReadChain(const Json& obj, const std::string& path, Operation* op) {
  const Json* ops = json_fields::Find(obj, "operations");
  if (ops == nullptr) return Status::OK();
  std::string opath = json_fields::Join(path, "operations");
  if (!ops->is_array()) return InvalidArgumentError(opath + ": expected an array");
  for (size_t i = 0; i < ops->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Operation child,
                            ParseOperation((*ops)[i], opath + "[" + std::to_string(i) + "]"));
    op->operations.push_back(std::move(child));
  }
  return Status::OK();
}

}  // namespace

Result<Operation> ParseOperation(const Json& json, const std::string& path) {
  if (!json.is_object()) {
    return InvalidArgumentError((path.empty() ? std::string("operation") : path) +
                                ": expected an operation object");
  }
  Operation op;
  op.path = path;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> cls,
                          json_fields::OptionalString(json, "class", path));
  if (cls.has_value()) {
    std::optional<OperationKind> kind = OperationKindFromClassName(*cls);
    if (!kind.has_value()) {
      return InvalidArgumentError(json_fields::Join(path, "class") + ": unknown operation class '" +
                                  *cls + "'");
    }
    op.kind = *kind;
  }
  QUARRY_ASSIGN_OR_RETURN(op.options, json_fields::StringMap(json, "options", path));
  QUARRY_RETURN_IF_ERROR(ReadKindFields(json, path, &op));
  return op;
}

Result<Operation> ParseOperationChain(std::string_view text, const ParseLimits& limits) {
  if (text.size() > limits.max_bytes) {
    return ResourceExhaustedError("operation JSON is " + std::to_string(text.size()) +
                                  " bytes, over the limit of " + std::to_string(limits.max_bytes));
  }
  QUARRY_RETURN_IF_ERROR(CheckJsonDepth(text, limits.max_depth));
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return InvalidArgumentError("operation JSON: malformed JSON");
  QUARRY_ASSIGN_OR_RETURN(Operation op, ParseOperation(json, ""));
  if (op.kind == OperationKind::kOperationChain) return op;
  Operation chain;
  chain.operations.push_back(std::move(op));
  return chain;
}

}  // namespace quarry
