// The pieces of the executor: the output of one step, the per-request
// context, and one runner per family of operations.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "iterators/visibility.h"
#include "operations/executor.h"
#include "operations/item.h"
#include "operations/operation.h"
#include "store-rocks/graph.h"

namespace quarry::operations_internal {

// What an operation produced: nothing (AddElements, DiscardOutput), a stream
// of items, or one JSON value (Count, CountGroups, GetSchema...).
struct StepOutput {
  enum class Kind { kNone, kStream, kJson };
  Kind kind = Kind::kNone;
  std::unique_ptr<ItemStream> stream;
  Json json;

  static StepOutput None() { return StepOutput(); }
  static StepOutput Stream(std::unique_ptr<ItemStream> s) {
    StepOutput out;
    out.kind = Kind::kStream;
    out.stream = std::move(s);
    return out;
  }
  static StepOutput Value(Json j) {
    StepOutput out;
    out.kind = Kind::kJson;
    out.json = std::move(j);
    return out;
  }
};

// The step's input as a stream: a stream as is, a JSON array as its items,
// other JSON as one item, nothing as an empty stream.
std::unique_ptr<ItemStream> AsStream(StepOutput in);

// A request variable (SetVariable): the value as it was, materialised.
struct StoredVariable {
  StepOutput::Kind kind = StepOutput::Kind::kNone;
  std::vector<Item> items;  // kStream.
  Json json;                // kJson.
};

// Everything a request's operations share. The graph is held for the life of
// every stream the request returns.
struct ExecContext {
  std::shared_ptr<Graph> graph;
  User user;
  Authorizations auths;  // From the user's data auths, never from the request.
  ExecutorLimits limits;
  // Gaffer's Context variables: per request, shared by nested operations.
  std::map<std::string, StoredVariable, std::less<>> variables;
};

// Runs `op` (any kind, chains included) on `input`.
Result<StepOutput> RunOperation(const Operation& op, StepOutput input, ExecContext& ctx);

// Families (each REQUIRES op.kind in its family).
Result<StepOutput> RunRead(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunOutput(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunAdmin(const Operation& op, StepOutput input, ExecContext& ctx);
// --- branch flow: element functions (Filter, Transform, Aggregate,
// Validate), comparisons (Sort, Max, Min), flow control and variables (If,
// While, ForEach, Set/GetVariable(s)) and traits (GetTraits, HasTrait).
Result<StepOutput> RunElementFunction(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunComparison(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunFlow(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunTraits(const Operation& op, const ExecContext& ctx);
// GetSchema's result: the schema's JSON, or with `compact` Gaffer's compact
// form (no descriptions, the chosen serialisers written out).
Json SchemaJson(const Schema& schema, bool compact);
// Checks the limits a chain can be refused for before anything runs (a
// While asking for more repeats than limits.max_while_repeats), at any depth.
Status CheckFlowLimits(const Operation& op, const ExecutorLimits& limits);

// Drains `stream` into a vector, refusing more than `max_items` items.
Result<std::vector<Item>> Collect(ItemStream& stream, size_t max_items, std::string_view what);

// A human name for messages: "GetElements (operations[0])".
std::string OpName(const Operation& op);

// Standard base64 (RFC 4648, with padding), for split points as Gaffer's
// Accumulo store passes them.
std::string Base64Encode(std::string_view bytes);
Result<std::string> Base64Decode(std::string_view text, std::string_view what);

}  // namespace quarry::operations_internal
