// Writes and store administration: AddElements, AddElementsFromFile,
// GetSchema, split points (from an iterable or a file), Checkpoint and the
// validation preview.
#include <cctype>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>

#include "graph-core/base64.h"
#include "graph-core/json_element.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

constexpr size_t kAddBatch = 10000;       // Elements per AddElements call from a stream.
constexpr size_t kImportBatch = 100000;   // Elements per BulkImport call.
constexpr uint64_t kSampleSeed = 0x5eed;  // Fixed: the same input gives the same sample.

AddElementsOptions AddOptions(const Operation& op) {
  AddElementsOptions options;
  options.validate = op.validate;
  options.skip_invalid_elements = op.skip_invalid_elements;
  return options;
}

// An explicit input is one call (atomic), read in place (RunOperation does
// not copy it into a stream); a stream is added kAddBatch elements at a time.
Result<StepOutput> RunAddElements(const Operation& op, StepOutput input, ExecContext& ctx) {
  const std::string name = OpName(op);
  const AddElementsOptions options = AddOptions(op);
  std::vector<Element> batch;
  AddElementsResult result;
  if (op.input.has_value()) {
    batch.reserve(op.input->size());
    for (const Item& item : *op.input) {
      QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, name));
      batch.push_back(std::move(e));
    }
    if (!batch.empty()) QUARRY_RETURN_IF_ERROR(ctx.graph->AddElements(batch, options, &result));
    return StepOutput::None();
  }
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  while (true) {
    batch.clear();
    for (; in->Valid() && batch.size() < kAddBatch; in->Next()) {
      QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in->item(), name));
      batch.push_back(std::move(e));
    }
    QUARRY_RETURN_IF_ERROR(in->status());
    if (batch.empty()) break;
    QUARRY_RETURN_IF_ERROR(ctx.graph->AddElements(batch, options, &result));
    if (!in->Valid()) break;
  }
  return StepOutput::None();
}

// Reads elements from `path`: a JSON array, or one element JSON per line.
// Calls `sink` with batches of at most kImportBatch elements.
Status ReadElementFile(const std::string& path,
                       const std::function<Status(std::vector<Element>&)>& sink) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return NotFoundError("AddElementsFromFile: cannot open '" + path + "'");
  char first = 0;
  while (file.get(first) && std::isspace(static_cast<unsigned char>(first))) {
  }
  file.unget();
  std::vector<Element> batch;
  if (first == '[') {
    std::stringstream text;
    text << file.rdbuf();
    Json all = Json::parse(text.str(), nullptr, false);
    if (all.is_discarded() || !all.is_array()) {
      return InvalidArgumentError(path + ": malformed JSON array of elements");
    }
    for (size_t i = 0; i < all.size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(Element e,
                              ElementFromJson(all[i], path + "[" + std::to_string(i) + "]"));
      batch.push_back(std::move(e));
      if (batch.size() >= kImportBatch) QUARRY_RETURN_IF_ERROR(sink(batch));
    }
  } else {
    std::string line;
    for (size_t n = 1; std::getline(file, line); ++n) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::string where = path + ":" + std::to_string(n);
      Json j = Json::parse(line, nullptr, false);
      if (j.is_discarded()) return InvalidArgumentError(where + ": malformed JSON");
      QUARRY_ASSIGN_OR_RETURN(Element e, ElementFromJson(j, where));
      batch.push_back(std::move(e));
      if (batch.size() >= kImportBatch) QUARRY_RETURN_IF_ERROR(sink(batch));
    }
  }
  if (!batch.empty()) QUARRY_RETURN_IF_ERROR(sink(batch));
  return Status::OK();
}

Result<StepOutput> RunAddElementsFromFile(const Operation& op, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  AddElementsOptions options = AddOptions(op);
  auto sink = [&](std::vector<Element>& batch) {
    AddElementsResult result;
    Status s = ctx.graph->BulkImport(batch, options, &result);
    batch.clear();
    return s;
  };
  QUARRY_RETURN_IF_ERROR(ReadElementFile(op.filename, sink));
  return StepOutput::None();
}

// Split points from a sample (every element kept with probability
// proportion_to_sample), as base64 strings.
Result<StepOutput> RunSplitPointsFromSample(const Operation& op, StepOutput input,
                                            ExecContext& ctx) {
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  std::mt19937_64 rng(kSampleSeed);
  std::bernoulli_distribution keep(op.proportion_to_sample);
  std::vector<Element> sample;
  for (; in->Valid(); in->Next()) {
    if (op.proportion_to_sample < 1.0 && !keep(rng)) continue;
    if (sample.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": sample too large");
    }
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in->item(), OpName(op)));
    sample.push_back(std::move(e));
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> points,
                          ctx.graph->SplitPointsFromSample(sample, op.num_splits + 1));
  std::vector<Item> out;
  for (const std::string& p : points) out.push_back(Item(Value::String(Base64Encode(p))));
  return StepOutput::Stream(MakeVectorStream(std::move(out)));
}

// Decodes Gaffer's padded base64 split points (as its Accumulo store takes
// them) and sets them. `where` names the source of a bad one.
Status SetEncodedSplitPoints(const Operation& op, const std::vector<std::string>& encoded,
                             const std::function<std::string(size_t)>& where, ExecContext& ctx) {
  std::vector<std::string> points;
  points.reserve(encoded.size());
  for (size_t i = 0; i < encoded.size(); ++i) {
    std::optional<std::string> p = Base64Decode(encoded[i], Base64Padding::kRequired);
    if (!p) {
      return InvalidArgumentError(OpName(op) + ": malformed base64 '" + encoded[i] + "'" +
                                  where(i));
    }
    points.push_back(std::move(*p));
  }
  return ctx.graph->SetSplitPoints(std::move(points));
}

Result<StepOutput> RunSplitStore(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(
      std::vector<Item> items,
      Collect(*AsStream(std::move(input)), ctx.limits.max_materialised_items, OpName(op)));
  std::vector<std::string> encoded;
  for (const Item& item : items) {
    const auto* v = std::get_if<Value>(&item);
    if (v == nullptr || v->type() != ValueType::kString) {
      return InvalidArgumentError(OpName(op) + ": split points must be base64 strings");
    }
    encoded.push_back(v->AsString());
  }
  QUARRY_RETURN_IF_ERROR(SetEncodedSplitPoints(
      op, encoded, [](size_t) { return std::string(); }, ctx));
  return StepOutput::None();
}

// Gaffer's SplitStoreFromFile: one base64 split point per line of a file
// on the server, set as SplitStoreFromIterable sets them. Blank lines (a
// final newline's) are skipped.
Result<StepOutput> RunSplitStoreFromFile(const Operation& op, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  std::ifstream file(op.filename, std::ios::binary);
  if (!file) return NotFoundError("Splits file does not exist: " + op.filename);
  std::vector<std::string> encoded;
  std::vector<size_t> line_of;
  std::string line;
  for (size_t n = 1; std::getline(file, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (encoded.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": " + op.filename + " holds more than " +
                                    std::to_string(ctx.limits.max_materialised_items) +
                                    " split points");
    }
    encoded.push_back(std::move(line));
    line_of.push_back(n);
  }
  if (file.bad()) return UnavailableError("Unable to read splits from file: " + op.filename);
  auto where = [&](size_t i) { return " at " + op.filename + ":" + std::to_string(line_of[i]); };
  QUARRY_RETURN_IF_ERROR(SetEncodedSplitPoints(op, encoded, where, ctx));
  return StepOutput::None();
}

Result<StepOutput> RunPreviewValidation(const Operation& op, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Schema> proposed,
                          Schema::FromJsonStrings({op.proposed_schema.dump()}, {"schema"}));
  QUARRY_ASSIGN_OR_RETURN(auto counts, ctx.graph->PreviewValidation(proposed));
  Json out = Json::object();
  for (const auto& [group, n] : counts) out[group] = n;
  return StepOutput::Value(std::move(out));
}

}  // namespace

Status RequireAdmin(const Operation& op, const ExecContext& ctx) {
  const std::string& auth = ctx.limits.admin_auth;
  if (auth.empty()) return Status::OK();
  for (const std::string& a : ctx.user.op_auths) {
    if (a == auth) return Status::OK();
  }
  return PermissionDeniedError(OpName(op) + ": user '" + ctx.user.user_id +
                               "' lacks the admin operation auth");
}

Result<StepOutput> RunAdmin(const Operation& op, StepOutput input, ExecContext& ctx) {
  switch (op.kind) {
    case OperationKind::kAddElements:
      return RunAddElements(op, std::move(input), ctx);
    case OperationKind::kAddElementsFromFile:
      return RunAddElementsFromFile(op, ctx);
    case OperationKind::kGetSchema:
      return StepOutput::Value(SchemaJson(*ctx.graph->schema(), op.compact));
    case OperationKind::kSplitStoreFromIterable:
      return RunSplitStore(op, std::move(input), ctx);
    case OperationKind::kSplitStoreFromFile:
      return RunSplitStoreFromFile(op, ctx);
    case OperationKind::kSampleElementsForSplitPoints:
    case OperationKind::kGenerateSplitPointsFromSample:
      return RunSplitPointsFromSample(op, std::move(input), ctx);
    case OperationKind::kCheckpoint:
      QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
      QUARRY_RETURN_IF_ERROR(ctx.graph->Checkpoint(op.directory));
      return StepOutput::None();
    case OperationKind::kPreviewValidation:
      return RunPreviewValidation(op, ctx);
    default:
      return InternalError("RunAdmin: not an admin operation: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal
