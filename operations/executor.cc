#include "operations/executor.h"

#include <utility>

#include "graph-core/clock.h"
#include "graph-core/json_writer.h"
#include "operations/internal/exec.h"
#include "operations/job_detail.h"
#include "operations/operation.h"
#include "operations/operation_authoriser.h"
#include "operations/read_ahead_stream.h"

namespace quarry {
namespace operations_internal {

std::unique_ptr<ItemStream> AsStream(StepOutput in) {
  switch (in.kind) {
    case StepOutput::Kind::kStream:
      return std::move(in.stream);
    case StepOutput::Kind::kJson: {
      std::vector<Item> items;
      if (in.json.is_array()) {
        for (Json& j : in.json) items.push_back(Item(std::move(j)));
      } else {
        items.push_back(Item(std::move(in.json)));
      }
      return MakeVectorStream(std::move(items));
    }
    case StepOutput::Kind::kNone:
      break;
  }
  return MakeVectorStream({});
}

Result<std::vector<Item>> Collect(ItemStream& stream, size_t max_items, std::string_view what) {
  std::vector<Item> items;
  for (; stream.Valid(); stream.Next()) {
    if (items.size() >= max_items) {
      return ResourceExhaustedError(std::string(what) + ": more than " + std::to_string(max_items) +
                                    " items; page the result instead");
    }
    items.push_back(stream.item());
  }
  QUARRY_RETURN_IF_ERROR(stream.status());
  return items;
}

std::string OpName(const Operation& op) {
  std::string_view full = OperationClassName(op.kind);
  std::string name(full.substr(full.rfind('.') + 1));
  return op.path.empty() ? name : name + " (" + op.path + ")";
}

namespace {

Result<StepOutput> RunChain(const Operation& chain, StepOutput input, ExecContext& ctx) {
  StepOutput current = std::move(input);
  for (const Operation& child : chain.operations) {
    QUARRY_ASSIGN_OR_RETURN(current, RunOperation(child, std::move(current), ctx));
  }
  return current;
}

}  // namespace

Result<StepOutput> RunOperation(const Operation& op, StepOutput input, ExecContext& ctx) {
  // An explicit input wins over the previous operation's output. AddElements
  // reads its explicit input in place: a large batch is not copied twice.
  if (op.input.has_value() && op.kind != OperationKind::kAddElements) {
    input = op.input_is_single_value && op.input->size() == 1
                ? StepOutput::Value(ItemToJson(op.input->front()))
                : StepOutput::Stream(MakeVectorStream(*op.input));
  }
  switch (op.kind) {
    case OperationKind::kOperationChain:
      return RunChain(op, std::move(input), ctx);
    case OperationKind::kGetElements:
    case OperationKind::kGetAllElements:
    case OperationKind::kGetAdjacentIds:
    case OperationKind::kGetElementsBetweenSets:
    case OperationKind::kGetElementsBetweenSetsPairs:
    case OperationKind::kGetElementsWithinSet:
    case OperationKind::kGetElementsInRanges:
    case OperationKind::kSummariseGroupOverRanges:
    case OperationKind::kCountAllElementsDefaultView:  // Branch restdone.
      return RunRead(op, std::move(input), ctx);
    case OperationKind::kAddElements:
    case OperationKind::kAddElementsFromFile:
    case OperationKind::kGetSchema:
    case OperationKind::kSplitStoreFromIterable:
    case OperationKind::kSplitStoreFromFile:
    case OperationKind::kSampleElementsForSplitPoints:
    case OperationKind::kGenerateSplitPointsFromSample:
    case OperationKind::kCheckpoint:
    case OperationKind::kPreviewValidation:
      return RunAdmin(op, std::move(input), ctx);
    case OperationKind::kGenerateElements:
    case OperationKind::kGenerateObjects:
      return RunGenerate(op, std::move(input), ctx);
    // --- branch `named` ---
    case OperationKind::kGetWalks:
      return RunGetWalks(op, std::move(input), ctx);
    case OperationKind::kToMap:
      return RunToMap(op, std::move(input), ctx);
    case OperationKind::kAddNamedOperation:
    case OperationKind::kGetAllNamedOperations:
    case OperationKind::kDeleteNamedOperation:
    case OperationKind::kNamedOperation:
    case OperationKind::kAddNamedView:
    case OperationKind::kGetAllNamedViews:
    case OperationKind::kDeleteNamedView:
      return RunNamed(op, std::move(input), ctx);
    // --- end of branch `named` ---
    // --- Jobs and exports ---
    case OperationKind::kGetJobDetails:
    case OperationKind::kGetAllJobDetails:
    case OperationKind::kGetJobResults:
    case OperationKind::kCancelScheduledJob:
      return RunJobOp(op, std::move(input), ctx);
    case OperationKind::kExportToSet:
    case OperationKind::kGetSetExport:
    case OperationKind::kGetExports:
    case OperationKind::kExportToGafferResultCache:
    case OperationKind::kGetGafferResultCacheExport:
    case OperationKind::kExportToLocalFile:
    case OperationKind::kImportFromLocalFile:
      return RunExport(op, std::move(input), ctx);
    // --- end of jobs and exports ---
    // --- branch flow.
    case OperationKind::kFilter:
    case OperationKind::kTransform:
    case OperationKind::kAggregate:
    case OperationKind::kValidate:
      return RunElementFunction(op, std::move(input), ctx);
    case OperationKind::kSort:
    case OperationKind::kMax:
    case OperationKind::kMin:
      return RunComparison(op, std::move(input), ctx);
    case OperationKind::kIf:
    case OperationKind::kWhile:
    case OperationKind::kForEach:
    case OperationKind::kSetVariable:
    case OperationKind::kGetVariable:
    case OperationKind::kGetVariables:
      return RunFlow(op, std::move(input), ctx);
    case OperationKind::kGetTraits:
    case OperationKind::kHasTrait:
      return RunTraits(op, ctx);
    // --- branch mapjoin.
    case OperationKind::kMap:
    case OperationKind::kReduce:
      return RunMapOrReduce(op, std::move(input), ctx);
    case OperationKind::kJoin:
      return RunJoin(op, std::move(input), ctx);
    case OperationKind::kValidateOperationChain:
      return RunValidateOperationChain(op, ctx);
    case OperationKind::kScoreOperationChain:
      return RunScoreOperationChain(op, ctx);
    // --- branch deletes.
    case OperationKind::kDeleteElements:
    case OperationKind::kDeleteAllData:
    case OperationKind::kGetGraphCreatedTime:
      return RunDelete(op, std::move(input), ctx);
    default:
      return RunOutput(op, std::move(input), ctx);
  }
}

}  // namespace operations_internal

Status ResultCursor::NextPageText(size_t max_items, JsonTextPage* page) {
  page->Clear();
  QUARRY_ASSIGN_OR_RETURN(std::vector<Json> items, NextPage(max_items));
  for (const Json& item : items) {
    AppendJson(item, page->BeginItem());
    page->EndItem();
  }
  return Status::OK();
}

namespace {

using operations_internal::ExecContext;
using operations_internal::StepOutput;

class StreamCursor : public ResultCursor {
 public:
  StreamCursor(std::unique_ptr<ExecContext> ctx, StepOutput output)
      : ctx_(std::move(ctx)), output_(std::move(output)), shape_(ShapeOf(output_.kind)) {}

  ResultShape shape() const override { return shape_; }

  Result<std::vector<Json>> NextPage(size_t max_items) override {
    std::vector<Json> page;
    if (output_.kind == StepOutput::Kind::kJson) {
      page.push_back(ToResultJson(std::move(output_.json)));
      output_ = StepOutput::None();
    } else if (output_.kind == StepOutput::Kind::kStream) {
      ItemStream& s = *output_.stream;
      for (; s.Valid() && page.size() < max_items; s.Next())
        page.push_back(ItemToResultJson(s.item()));
      if (!s.Valid()) {
        QUARRY_RETURN_IF_ERROR(s.status());
        output_ = StepOutput::None();
      }
    }
    return page;
  }

  // The same walk as NextPage, each item written straight to text.
  Status NextPageText(size_t max_items, JsonTextPage* page) override {
    page->Clear();
    if (output_.kind == StepOutput::Kind::kJson) {
      AppendJson(ToResultJson(std::move(output_.json)), page->BeginItem());
      page->EndItem();
      output_ = StepOutput::None();
    } else if (output_.kind == StepOutput::Kind::kStream) {
      ItemStream& s = *output_.stream;
      for (; s.Valid() && page->size() < max_items; s.Next()) {
        AppendItemResultJson(s.item(), page->BeginItem());
        page->EndItem();
      }
      if (!s.Valid()) {
        QUARRY_RETURN_IF_ERROR(s.status());
        output_ = StepOutput::None();
      }
    }
    return Status::OK();
  }

  bool done() const override { return output_.kind == StepOutput::Kind::kNone; }

 private:
  static ResultShape ShapeOf(StepOutput::Kind kind) {
    switch (kind) {
      case StepOutput::Kind::kStream:
        return ResultShape::kItems;
      case StepOutput::Kind::kJson:
        return ResultShape::kSingle;
      case StepOutput::Kind::kNone:
        break;
    }
    return ResultShape::kNone;
  }

  std::unique_ptr<ExecContext> ctx_;  // Holds the graph for the streams.
  StepOutput output_;
  ResultShape shape_;
};

}  // namespace

// The constructor and destructor live in executor_jobs.cc with the jobs.

namespace operations_internal {

Result<std::pair<std::unique_ptr<ExecContext>, StepOutput>> RunParsed(
    const std::shared_ptr<Graph>& graph, const ExecutorLimits& limits, const User& user,
    Operation chain, std::string job_id, bool in_job) {
  auto ctx = std::make_unique<ExecContext>();
  ctx->graph = graph;
  ctx->user = user;
  ctx->limits = limits;
  Result<Authorizations> auths = Authorizations::Create(user.data_auths);
  if (!auths.ok()) return auths.status().WithContext("user '" + user.user_id + "' data auths");
  ctx->auths = std::move(auths).value();
  ctx->job_id = std::move(job_id);
  ctx->in_job = in_job;
  ctx->op_chain = OperationChainOverview(chain);
  ctx->start_time_ms = NowMillis();
  // Named operations and views are resolved before anything runs (jobs too);
  // the job's details keep the chain as submitted, as Gaffer's do.
  // `chain` is this call's own (moved in by Execute/Open): resolved in place,
  // so an AddElements' explicit input is never copied.
  Operation& resolved = chain;
  QUARRY_RETURN_IF_ERROR(ResolveNamed(&resolved, *ctx));
  // Flow limits (While's maxRepeats) are checked on the resolved chain, so a
  // named operation cannot smuggle an unbounded loop past them.
  QUARRY_RETURN_IF_ERROR(CheckFlowLimits(resolved, limits));
  // branch tls: Gaffer's OperationAuthoriser, on the resolved chain.
  if (limits.authoriser != nullptr) {
    QUARRY_RETURN_IF_ERROR(limits.authoriser->Authorise(resolved, user.user_id, user.op_auths));
  }
  // Gaffer's OperationChainLimiter hook, also on the resolved chain.
  if (limits.scorer != nullptr && limits.scorer->limits_chains()) {
    QUARRY_RETURN_IF_ERROR(
        limits.scorer->CheckLimit(resolved, user.user_id, user.op_auths, NamedScores(*ctx)));
  }
  Result<StepOutput> out = RunOperation(resolved, StepOutput::None(), *ctx);
  if (!out.ok()) {
    ctx->failure = out.status().ToString();
    return out.status();
  }
  return std::make_pair(std::move(ctx), std::move(out).value());
}

}  // namespace operations_internal

namespace {

Result<std::pair<std::unique_ptr<ExecContext>, StepOutput>> Run(const std::shared_ptr<Graph>& graph,
                                                                const ExecutorLimits& limits,
                                                                const User& user,
                                                                std::string_view operation_json) {
  ParseLimits parse_limits{limits.max_operation_json_bytes, limits.max_json_depth};
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(operation_json, parse_limits));
  // Each request gets its own job id, as each Gaffer Context does.
  return operations_internal::RunParsed(graph, limits, user, std::move(chain), NewJobId(), false);
}

// A whole result held in memory stops at max_materialised_items.
Status TooManyItems(const ExecutorLimits& limits) {
  return ResourceExhaustedError("result has more than " +
                                std::to_string(limits.max_materialised_items) +
                                " items; page it with Open()");
}

}  // namespace

Result<Json> Executor::Execute(const User& user, std::string_view operation_json) const {
  QUARRY_ASSIGN_OR_RETURN(auto run, Run(graph_, limits_, user, operation_json));
  StepOutput& out = run.second;
  if (out.kind == StepOutput::Kind::kNone) return Json(nullptr);
  if (out.kind == StepOutput::Kind::kJson) return ToResultJson(std::move(out.json));
  Json result = Json::array();
  ItemStream& s = *out.stream;
  for (; s.Valid(); s.Next()) {
    if (result.size() >= limits_.max_materialised_items) return TooManyItems(limits_);
    result.push_back(ItemToResultJson(s.item()));
  }
  QUARRY_RETURN_IF_ERROR(s.status());
  return result;
}

Status Executor::ExecuteText(const User& user, std::string_view operation_json,
                             std::string* out) const {
  out->clear();
  QUARRY_ASSIGN_OR_RETURN(auto run, Run(graph_, limits_, user, operation_json));
  StepOutput& output = run.second;
  if (output.kind == StepOutput::Kind::kNone) {
    out->append("null");
    return Status::OK();
  }
  if (output.kind == StepOutput::Kind::kJson) {
    AppendJson(ToResultJson(std::move(output.json)), out);
    return Status::OK();
  }
  out->push_back('[');
  size_t items = 0;
  for (ItemStream& s = *output.stream; s.Valid(); s.Next()) {
    if (items == limits_.max_materialised_items) return TooManyItems(limits_);
    if (items++ != 0) out->push_back(',');
    AppendItemResultJson(s.item(), out);
  }
  QUARRY_RETURN_IF_ERROR(output.stream->status());
  out->push_back(']');
  return Status::OK();
}

Result<std::unique_ptr<ResultCursor>> Executor::Open(const User& user,
                                                     std::string_view operation_json) const {
  QUARRY_ASSIGN_OR_RETURN(auto run, Run(graph_, limits_, user, operation_json));
  // A cursor's reader writes each item out (JSON for a transport); pulling
  // the items runs ahead of it on a second thread (read_ahead_stream.h).
  StepOutput& out = run.second;
  if (out.kind == StepOutput::Kind::kStream) {
    out.stream = MakeReadAheadStream(std::move(out.stream));
  }
  return std::unique_ptr<ResultCursor>(
      std::make_unique<StreamCursor>(std::move(run.first), std::move(run.second)));
}

bool Executor::MayRunAdminOperations(const User& user) const {
  if (limits_.admin_auth.empty()) return true;
  for (const std::string& auth : user.op_auths) {
    if (auth == limits_.admin_auth) return true;
  }
  return false;
}

Status Executor::AddElements(const User& user, std::span<const Element> elements,
                             const AddElementsOptions& options, AddElementsResult* result) const {
  // Writes are not restricted by data auths (Gaffer's AddElements); only by
  // the operation authoriser (branch tls).
  if (limits_.authoriser != nullptr) {
    QUARRY_RETURN_IF_ERROR(limits_.authoriser->AuthoriseKind(OperationKind::kAddElements,
                                                             user.user_id, user.op_auths));
  }
  if (limits_.scorer != nullptr && limits_.scorer->limits_chains()) {
    QUARRY_RETURN_IF_ERROR(
        limits_.scorer->CheckLimitKind(OperationKind::kAddElements, user.user_id, user.op_auths));
  }
  AddElementsResult local;
  return graph_->AddElements(elements, options, result != nullptr ? result : &local);
}

}  // namespace quarry
