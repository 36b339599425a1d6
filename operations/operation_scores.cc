#include "operations/operation_scores.h"

#include <algorithm>

#include "operations/flow_fields.h"
#include "operations/internal/stored_chain.h"

namespace quarry {
namespace {

// Deeper than any chain the parser accepts (ParseLimits::max_depth).
constexpr int kMaxScoreDepth = 256;

// The operations Gaffer's Operations interface hands the default resolver
// for `op` (its getOperations()), or false if `op` does not hold any.
bool HeldOperations(const Operation& op, std::vector<const Operation*>* out) {
  switch (op.kind) {
    case OperationKind::kOperationChain:
    case OperationKind::kGetWalks:  // each hop is a chain
      for (const Operation& child : op.operations) out->push_back(&child);
      return true;
    case OperationKind::kIf:
    case OperationKind::kWhile:
    case OperationKind::kForEach:
    case OperationKind::kJoin:
      if (op.flow != nullptr) {
        const FlowFields& flow = *op.flow;
        if (flow.conditional.has_value()) out->push_back(flow.conditional->transform.get());
        out->push_back(flow.then_op.get());
        out->push_back(flow.otherwise_op.get());
        out->push_back(flow.operation.get());
      }
      return true;
    default:
      return false;
  }
}

}  // namespace

int64_t OperationScorer::TableScore(OperationKind kind) const {
  for (auto it = op_scores_.rbegin(); it != op_scores_.rend(); ++it) {
    if (it->every_operation || it->kind == kind) return it->score;
  }
  return 1;  // Gaffer's DEFAULT_OPERATION_SCORE
}

// Gaffer's NamedOperationScoreResolver: the stored score, else the stored
// chain's; 0 for a name with nothing stored. (Operation-valued parameters,
// which it adds, are not something Quarry's named operations take.)
Result<std::optional<int64_t>> OperationScorer::NamedScore(const Operation& call,
                                                           const NamedScoreLookup& lookup,
                                                           int depth) const {
  if (!lookup) return std::optional<int64_t>(0);
  QUARRY_ASSIGN_OR_RETURN(std::optional<NamedOperationScore> named, lookup(call));
  if (!named.has_value()) return std::optional<int64_t>(0);
  if (named->score.has_value()) return named->score;
  if (!named->chain.has_value()) return std::optional<int64_t>(0);
  QUARRY_ASSIGN_OR_RETURN(int64_t score, ScoreOf(&*named->chain, lookup, &call, depth + 1));
  return std::optional<int64_t>(score);
}

Result<int64_t> OperationScorer::ScoreOf(const Operation* op, const NamedScoreLookup& lookup,
                                         const Operation* skip, int depth) const {
  if (op == nullptr) return 0;
  if (depth > kMaxScoreDepth) return InvalidArgumentError("operation nesting too deep to score");
  std::vector<const Operation*> held;
  Operation stored;  // AddNamedOperation holds the operations of its chain
  if (const Operation* chain = operations_internal::AddedNamedChain(*op, &stored)) {
    held.push_back(chain);
  }
  if (!held.empty() || (op->kind != OperationKind::kNamedOperation && HeldOperations(*op, &held))) {
    int64_t sum = 0;
    for (const Operation* child : held) {
      QUARRY_ASSIGN_OR_RETURN(int64_t score, ScoreOf(child, lookup, nullptr, depth + 1));
      sum += score;
    }
    return sum;
  }
  if (op->kind == OperationKind::kNamedOperation && named_resolver_ && op != skip) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<int64_t> score, NamedScore(*op, lookup, depth));
    if (score.has_value()) return *score;
  }
  return TableScore(op->kind);
}

Result<int64_t> OperationScorer::Score(const Operation& op, const NamedScoreLookup& lookup) const {
  return ScoreOf(&op, lookup, nullptr, 0);
}

int64_t OperationScorer::MaxUserScore(const std::vector<std::string>& op_auths) const {
  int64_t max = 0;
  for (const std::string& auth : op_auths) {
    if (auto it = auth_scores_.find(auth); it != auth_scores_.end())
      max = std::max(max, it->second);
  }
  return max;
}

Status OperationScorer::CheckLimit(const Operation& chain, std::string_view user_id,
                                   const std::vector<std::string>& op_auths,
                                   const NamedScoreLookup& lookup) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t score, Score(chain, lookup));
  const int64_t max = MaxUserScore(op_auths);
  if (score <= max) return Status::OK();
  // Gaffer's UnauthorisedException message, with the chain's score.
  return PermissionDeniedError("The maximum score limit for user: " + std::string(user_id) +
                               " is " + std::to_string(max) +
                               ".\nThe requested operation chain exceeded this score limit (it "
                               "scores " +
                               std::to_string(score) + ").");
}

Status OperationScorer::CheckLimitKind(OperationKind kind, std::string_view user_id,
                                       const std::vector<std::string>& op_auths) const {
  Operation op;
  op.kind = kind;
  return CheckLimit(op, user_id, op_auths, nullptr);
}

}  // namespace quarry
