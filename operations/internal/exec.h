// The pieces of the executor: the output of one step, the per-request
// context, and one runner per family of operations.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "iterators/visibility.h"
#include "operations/executor.h"
#include "operations/item.h"
#include "operations/item_function.h"
#include "operations/operation.h"
#include "operations/operation_scores.h"
#include "operations/result_cache.h"
#include "operations/set_export.h"
#include "store/graph.h"

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

  // --- Jobs and exports ---
  std::string job_id;         // Gaffer's Context jobId: the job's, or one per request.
  bool in_job = false;        // Running as a submitted job (Executor::SubmitJob).
  std::string op_chain;       // OperationChainOverview of the request's chain.
  int64_t start_time_ms = 0;  // When the request started.
  std::unique_ptr<SetExports> set_exports;  // ExportToSet's exports; made on first use.
  // A plain request is recorded as a job (as Gaffer's JobTracker records every
  // chain) once it exports to the result cache, so that its job id reads back
  // with GetJobDetails and GetGafferResultCacheExport; the record says RUNNING
  // until the context ends, then FINISHED, or FAILED with `failure`.
  bool recorded_as_job = false;
  std::optional<std::string> failure;
  ~ExecContext();
  // --- end of jobs and exports ---
  // Gaffer's Context variables: per request, shared by nested operations.
  std::map<std::string, StoredVariable, std::less<>> variables;
};

// Runs `op` (any kind, chains included) on `input`.
Result<StepOutput> RunOperation(const Operation& op, StepOutput input, ExecContext& ctx);

// Families (each REQUIRES op.kind in its family).
Result<StepOutput> RunRead(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunOutput(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunAdmin(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunGenerate(const Operation& op, StepOutput input, ExecContext& ctx);
// Jobs (operations/job_ops.cc) and exports (operations/export_ops.cc).
Result<StepOutput> RunJobOp(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunExport(const Operation& op, StepOutput input, ExecContext& ctx);
// ExportToLocalFile / ImportFromLocalFile (local_file_ops.cc).
Result<StepOutput> RunExportToLocalFile(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunImportFromLocalFile(const Operation& op, ExecContext& ctx);
// The result cache settings of `limits`; a user's op auths plus user id
// (what Gaffer's result cache checks a reader against); whether `user`
// holds the configured admin auth (sees every job).
ResultCacheOptions ResultCacheOptionsFrom(const ExecutorLimits& limits);
std::set<std::string> ReaderAuths(const User& user);
bool IsJobAdmin(const User& user, const ExecutorLimits& limits);

// Saves the running plain request `ctx` as a RUNNING job (see
// ExecContext::recorded_as_job); its context's end saves the outcome.
Status RecordRequestAsJob(ExecContext& ctx);

// Runs a parsed root chain for `user` as request (or job) `job_id`,
// returning the context that keeps the output's streams alive.
Result<std::pair<std::unique_ptr<ExecContext>, StepOutput>> RunParsed(
    const std::shared_ptr<Graph>& graph, const ExecutorLimits& limits, const User& user,
    Operation chain, std::string job_id, bool in_job);
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

// Gaffer's Conditional: its predicate tested on `held`, or on what its
// optional transform operation makes of it. `path` names the conditional in
// errors.
Result<bool> TestConditionalAt(const std::string& path, const Conditional& c,
                               const StoredVariable& held, ExecContext& ctx);

// Drains `stream` into a vector, refusing more than `max_items` items.
Result<std::vector<Item>> Collect(ItemStream& stream, size_t max_items, std::string_view what);

// A human name for messages: "GetElements (operations[0])".
std::string OpName(const Operation& op);

// --- Walks, named operations and named views (branch `named`). ---
// GetWalks (walk_ops.cc).
Result<StepOutput> RunGetWalks(const Operation& op, StepOutput input, ExecContext& ctx);
// ToMap (to_map_op.cc).
Result<StepOutput> RunToMap(const Operation& op, StepOutput input, ExecContext& ctx);
// Add/GetAll/Delete of named operations and views (named_resolver.cc).
Result<StepOutput> RunNamed(const Operation& op, StepOutput input, ExecContext& ctx);
// Replaces the NamedOperation calls under `root` by their stored chains
// (recursively, within the depth limit, refusing loops) and resolves views
// naming stored views. Run before anything executes.
Status ResolveNamed(Operation* root, const ExecContext& ctx);
// named_operations.cc.
Status AddNamedOperation(const Operation& op, ExecContext& ctx);
Result<StepOutput> GetAllNamedOperations(ExecContext& ctx);
Status DeleteNamedOperation(const Operation& op, ExecContext& ctx);
bool CanReadNamedOperation(const Json& detail, const ExecContext& ctx);
// named_views.cc.
Status AddNamedView(const Operation& op, ExecContext& ctx);
Result<StepOutput> GetAllNamedViews(ExecContext& ctx);
Status DeleteNamedView(const Operation& op, ExecContext& ctx);
Result<View> ResolveNamedView(const Json& named_view, const std::string& path,
                              const ExecContext& ctx);
// --- end of branch `named` ---
// --- branch deletes: DeleteElements, DeleteAllData, GetGraphCreatedTime
// (delete_ops.cc).
Result<StepOutput> RunDelete(const Operation& op, StepOutput input, ExecContext& ctx);
// PermissionDenied naming the operation and user unless the user holds the
// configured admin auth (always OK when none is configured).
Status RequireAdmin(const Operation& op, const ExecContext& ctx);
// --- end of branch deletes.

// --- Map, Reduce, Join, ValidateOperationChain (branch mapjoin). ---
// Map and Reduce (map_reduce_ops.cc), Join (join_op.cc),
// ValidateOperationChain (validate_chain_op.cc).
Result<StepOutput> RunMapOrReduce(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunJoin(const Operation& op, StepOutput input, ExecContext& ctx);
Result<StepOutput> RunValidateOperationChain(const Operation& op, ExecContext& ctx);
// ScoreOperationChain (operations/score_ops.cc), and the named-operation
// lookup the scorer uses for it and for the chain limiter.
Result<StepOutput> RunScoreOperationChain(const Operation& op, ExecContext& ctx);
NamedScoreLookup NamedScores(const ExecContext& ctx);
// The stored chain of the named operation `name` that `call` runs, as the
// user may read it, with the call's parameters substituted
// (operations/named_resolver.cc). NotFound, PermissionDenied, or
// InvalidArgument for parameters that do not fit.
Result<Json> NamedOperationChainJson(const Operation& call, const std::string& name,
                                     const ExecContext& ctx);
// A step's items as one object for the item functions (JSON items read as
// Gaffer JSON), holding at most `max_items` items.
Result<std::vector<FnObject>> CollectObjects(StepOutput input, size_t max_items,
                                             std::string_view what);
// --- end of branch mapjoin ---

}  // namespace quarry::operations_internal
