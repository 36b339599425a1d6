// ScoreOperationChain (Gaffer's ScoreOperationChainHandler): the score of
// the chain it holds, by the operation scores the server was started with
// (operations/operation_scores.h), or with none configured the handler's
// defaults (every operation scores 1; Gaffer offers the operation only once
// declared). Named operations in that chain are not
// resolved first (Gaffer's resolver hook does not look inside it): with
// "scoreResolvers" configured each is scored by its stored score, else by
// its stored chain.
#include <optional>
#include <string>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"
#include "operations/internal/named_store.h"

namespace quarry::operations_internal {

NamedScoreLookup NamedScores(const ExecContext& ctx) {
  return [&ctx](const Operation& call) -> Result<std::optional<NamedOperationScore>> {
    QUARRY_ASSIGN_OR_RETURN(
        std::optional<std::string> name,
        json_fields::OptionalString(call.named_request, "operationName", call.path));
    if (!name.has_value()) return std::optional<NamedOperationScore>();
    QUARRY_ASSIGN_OR_RETURN(std::optional<Json> detail,
                            GetNamedDetail(*ctx.graph, NamedKind::kOperation, *name));
    if (!detail.has_value()) return std::optional<NamedOperationScore>();
    NamedOperationScore out;
    if (const Json* score = json_fields::Find(*detail, "score");
        score != nullptr && score->is_number_integer()) {
      out.score = score->get<int64_t>();
      return std::optional<NamedOperationScore>(std::move(out));
    }
    QUARRY_ASSIGN_OR_RETURN(Json chain, NamedOperationChainJson(call, *name, ctx));
    QUARRY_ASSIGN_OR_RETURN(out.chain, ParseOperation(chain, call.path));
    return std::optional<NamedOperationScore>(std::move(out));
  };
}

Result<StepOutput> RunScoreOperationChain(const Operation& op, ExecContext& ctx) {
  if (op.map_join == nullptr) return InternalError("fields not parsed for " + OpName(op));
  // Unconfigured, the handler's defaults: every operation scores 1.
  static const OperationScorer kDefaults;
  const OperationScorer& scorer = ctx.limits.scorer != nullptr ? *ctx.limits.scorer : kDefaults;
  int64_t score = 0;
  if (!op.map_join->operation_chain.is_null()) {
    QUARRY_ASSIGN_OR_RETURN(Operation chain,
                            ParseOperation(op.map_join->operation_chain, "operationChain"));
    QUARRY_ASSIGN_OR_RETURN(score, scorer.Score(chain, NamedScores(ctx)));
  }
  return StepOutput::Value(Json(score));
}

}  // namespace quarry::operations_internal
