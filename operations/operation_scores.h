// OperationScorer: Gaffer's operation scores, behind its ScoreOperationChain
// operation and its OperationChainLimiter graph hook
// (gaffer-doc administration-guide/operation-score.md).
//
// Config: the hook's JSON, the handler's JSON, or an operation declarations
// file holding the ScoreOperationChain handler:
//
//   {"class": "uk.gov.gchq.gaffer.graph.hook.OperationChainLimiter",
//    "opScores": {"uk.gov.gchq.gaffer.operation.Operation": 1,
//                 "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements": 5},
//    "authScores": {"User": 2, "SuperUser": 5},
//    "scoreResolvers": {"uk.gov.gchq.gaffer.named.operation.NamedOperation":
//        {"class":
//        "uk.gov.gchq.gaffer.store.operation.resolver.named.NamedOperationScoreResolver"}}}
//
// The hook's JSON (or one without "class") also limits every chain; the
// handler's or a declarations file only scores. As in Gaffer:
//  * A chain, and every operation Gaffer treats as holding operations (If,
//    While, ForEach, GetWalks, Join, AddNamedOperation), scores the sum of
//    what it holds; If and While are summed even when resolvers name them,
//    since Gaffer's DefaultScoreResolver sums an Operations first.
//  * Any other operation scores its resolver's answer (NamedOperation only,
//    and only when "scoreResolvers" is given: the stored "score", else its
//    chain's score), else the last opScores entry whose class it is
//    ("...operation.Operation" matches every operation), else 1.
//  * A user may run a chain scoring at most the highest authScores value of
//    their op auths (0 with none): more is PermissionDenied.
//
// Thread safety: immutable after parsing; const methods are reentrant.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry {

// What the scorer needs of a stored named operation.
struct NamedOperationScore {
  std::optional<int64_t> score;    // AddNamedOperation's "score", if it set one.
  std::optional<Operation> chain;  // Its chain with the call's parameters.
};
// Looks up the named operation a NamedOperation `call` names; nullopt if
// there is none (it then scores 0, as Gaffer's resolver does).
using NamedScoreLookup =
    std::function<Result<std::optional<NamedOperationScore>>(const Operation& call)>;

class OperationScorer {
 public:
  OperationScorer() = default;

  // InvalidArgument naming `source` and the JSON path for malformed JSON, an
  // unknown key, class or resolver, a score that is not an integer, or
  // scores a later (parent) entry would hide (Gaffer's validateOpScores).
  static Result<OperationScorer> Parse(std::string_view json_text, std::string_view source);
  // Reads and parses a file. NotFound if it cannot be read.
  static Result<OperationScorer> FromFile(const std::string& path);

  // True when loaded as the OperationChainLimiter hook.
  bool limits_chains() const { return limits_chains_; }

  // The score of `op` and everything it holds. InvalidArgument if nesting
  // is deeper than Operation parsing allows; errors from `lookup`.
  Result<int64_t> Score(const Operation& op, const NamedScoreLookup& lookup) const;

  // The most a user holding `op_auths` may spend on one chain.
  int64_t MaxUserScore(const std::vector<std::string>& op_auths) const;

  // OK if `chain` scores no more than MaxUserScore(op_auths); else
  // PermissionDenied with Gaffer's message.
  Status CheckLimit(const Operation& chain, std::string_view user_id,
                    const std::vector<std::string>& op_auths, const NamedScoreLookup& lookup) const;
  // The same for one operation of `kind` with nothing nested (the typed
  // AddElements / DeleteElements paths).
  Status CheckLimitKind(OperationKind kind, std::string_view user_id,
                        const std::vector<std::string>& op_auths) const;

 private:
  struct OpScore {
    bool every_operation = false;  // uk.gov.gchq.gaffer.operation.Operation
    OperationKind kind = OperationKind::kOperationChain;
    int64_t score = 0;
  };

  Result<int64_t> ScoreOf(const Operation* op, const NamedScoreLookup& lookup,
                          const Operation* skip, int depth) const;
  Result<std::optional<int64_t>> NamedScore(const Operation& call, const NamedScoreLookup& lookup,
                                            int depth) const;
  int64_t TableScore(OperationKind kind) const;

  std::vector<OpScore> op_scores_;  // In the file's order: the last match wins.
  std::map<std::string, int64_t> auth_scores_;
  bool named_resolver_ = false;  // "scoreResolvers" given (Gaffer adds its defaults).
  bool limits_chains_ = false;

  friend class OperationScorerParser;
};

}  // namespace quarry
