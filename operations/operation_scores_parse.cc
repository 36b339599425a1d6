// OperationScorer::Parse: the three JSON shapes operation_scores.h names.
#include <fstream>
#include <sstream>

#include "graph-core/json_fields.h"
#include "operations/operation_scores.h"

namespace quarry {
namespace {

constexpr std::string_view kLimiter = "uk.gov.gchq.gaffer.graph.hook.OperationChainLimiter";
constexpr std::string_view kHandler =
    "uk.gov.gchq.gaffer.store.operation.handler.ScoreOperationChainHandler";
constexpr std::string_view kScoredEveryOperation = "uk.gov.gchq.gaffer.operation.Operation";
constexpr std::string_view kNamedResolver =
    "uk.gov.gchq.gaffer.store.operation.resolver.named.NamedOperationScoreResolver";
constexpr std::string_view kIfResolver =
    "uk.gov.gchq.gaffer.store.operation.resolver.IfScoreResolver";
constexpr std::string_view kWhileResolver =
    "uk.gov.gchq.gaffer.store.operation.resolver.WhileScoreResolver";

Status ScoreFieldError(std::string_view source, const std::string& path, std::string_view what) {
  return InvalidArgumentError(std::string(source) + ": " + path + ": " + std::string(what));
}

}  // namespace

class OperationScorerParser {
 public:
  static Result<OperationScorer> Parse(const Json& json, std::string_view source);

 private:
  static Status ReadOpScores(const Json& json, std::string_view source, OperationScorer* out);
  static Status ReadAuthScores(const Json& json, std::string_view source, OperationScorer* out);
  static Status ReadResolvers(const Json& json, std::string_view source, OperationScorer* out);
};

Status OperationScorerParser::ReadOpScores(const Json& json, std::string_view source,
                                           OperationScorer* out) {
  if (!json.is_object())
    return ScoreFieldError(source, "opScores", "expected operation class -> score");
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string path = "opScores." + it.key();
    if (!it->is_number_integer()) return ScoreFieldError(source, path, "expected an integer score");
    OperationScorer::OpScore entry;
    entry.score = it->get<int64_t>();
    if (json_fields::ClassNameMatches(it.key(), kScoredEveryOperation)) {
      entry.every_operation = true;
    } else if (std::optional<OperationKind> kind = OperationKindFromClassName(it.key())) {
      entry.kind = *kind;
    } else {
      return ScoreFieldError(source, path,
                             "unknown operation class (expected an operation class, or " +
                                 std::string(kScoredEveryOperation) + " for every operation)");
    }
    // A later entry wins, so a later parent hides every earlier entry.
    if (entry.every_operation && !out->op_scores_.empty()) {
      const OperationScorer::OpScore& first = out->op_scores_.front();
      const std::string child =
          first.every_operation
              ? std::string("Operation")
              : std::string(json_fields::SimpleClassName(OperationClassName(first.kind)));
      return ScoreFieldError(
          source, path,
          "Operation scores are configured incorrectly.  The operation Operation is "
          "a parent operation of " +
              child + " so the score of " + child + " can never be accessed.");
    }
    out->op_scores_.push_back(entry);
  }
  return Status::OK();
}

Status OperationScorerParser::ReadAuthScores(const Json& json, std::string_view source,
                                             OperationScorer* out) {
  if (!json.is_object()) return ScoreFieldError(source, "authScores", "expected op auth -> score");
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (!it->is_number_integer()) {
      return ScoreFieldError(source, "authScores." + it.key(), "expected an integer score");
    }
    out->auth_scores_[it.key()] = it->get<int64_t>();
  }
  return Status::OK();
}

// Gaffer adds its NamedOperation, If and While resolvers whenever
// "scoreResolvers" is set; only the NamedOperation one is ever consulted
// (If and While are summed first), so the others are checked and kept out.
Status OperationScorerParser::ReadResolvers(const Json& json, std::string_view source,
                                            OperationScorer* out) {
  if (!json.is_object()) {
    return ScoreFieldError(source, "scoreResolvers",
                           "expected operation class -> {\"class\": ...}");
  }
  out->named_resolver_ = true;
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string path = "scoreResolvers." + it.key();
    const Json* cls = it->is_object() && it->contains("class") ? &(*it)["class"] : nullptr;
    if (cls == nullptr || !cls->is_string()) {
      return ScoreFieldError(source, path, "expected {\"class\": \"<score resolver class>\"}");
    }
    const std::string& resolver = cls->get_ref<const std::string&>();
    std::optional<OperationKind> kind = OperationKindFromClassName(it.key());
    const bool fits =
        (json_fields::ClassNameMatches(resolver, kNamedResolver) &&
         kind == OperationKind::kNamedOperation) ||
        (json_fields::ClassNameMatches(resolver, kIfResolver) && kind == OperationKind::kIf) ||
        (json_fields::ClassNameMatches(resolver, kWhileResolver) && kind == OperationKind::kWhile);
    if (!fits) {
      return ScoreFieldError(
          source, path,
          "unsupported score resolver '" + resolver +
              "' (NamedOperationScoreResolver for NamedOperation, IfScoreResolver "
              "for If, WhileScoreResolver for While)");
    }
  }
  return Status::OK();
}

Result<OperationScorer> OperationScorerParser::Parse(const Json& json, std::string_view source) {
  OperationScorer scorer;
  scorer.limits_chains_ = true;
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string& key = it.key();
    if (key == "class") {
      const std::string name = it->is_string() ? it->get<std::string>() : "";
      if (json_fields::ClassNameMatches(name, kHandler)) {
        scorer.limits_chains_ = false;
      } else if (!json_fields::ClassNameMatches(name, kLimiter)) {
        return ScoreFieldError(
            source, "class",
            "expected \"" + std::string(kLimiter) + "\" or \"" + std::string(kHandler) + "\"");
      }
    } else if (key == "opScores") {
      QUARRY_RETURN_IF_ERROR(ReadOpScores(*it, source, &scorer));
    } else if (key == "authScores") {
      QUARRY_RETURN_IF_ERROR(ReadAuthScores(*it, source, &scorer));
    } else if (key == "scoreResolvers") {
      QUARRY_RETURN_IF_ERROR(ReadResolvers(*it, source, &scorer));
    } else if (key != "suffixNamedOperationCacheName" && key != "namedOperationCacheNameSuffix") {
      return ScoreFieldError(source, key,
                             "unknown key (expected class, opScores, authScores, scoreResolvers)");
    }
  }
  return scorer;
}

Result<OperationScorer> OperationScorer::Parse(std::string_view json_text,
                                               std::string_view source) {
  Json json = Json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return InvalidArgumentError(std::string(source) + ": not valid JSON");
  if (!json.is_object()) return ScoreFieldError(source, "$", "expected an object");
  auto declarations = json.find("operations");
  if (declarations == json.end()) return OperationScorerParser::Parse(json, source);
  // An operation declarations file: its ScoreOperationChain handler.
  if (!declarations->is_array()) return ScoreFieldError(source, "operations", "expected an array");
  for (size_t i = 0; i < declarations->size(); ++i) {
    const Json& d = (*declarations)[i];
    const std::string path = "operations[" + std::to_string(i) + "]";
    if (!d.is_object() || !d.contains("operation") || !d["operation"].is_string()) {
      return ScoreFieldError(source, path, "expected {\"operation\": ..., \"handler\": {...}}");
    }
    std::optional<OperationKind> kind =
        OperationKindFromClassName(d["operation"].get<std::string>());
    if (kind != OperationKind::kScoreOperationChain) continue;
    if (!d.contains("handler") || !d["handler"].is_object()) {
      return ScoreFieldError(source, path + ".handler", "expected the ScoreOperationChainHandler");
    }
    Result<OperationScorer> scorer =
        OperationScorerParser::Parse(d["handler"], std::string(source) + ": " + path + ".handler");
    if (scorer.ok()) scorer->limits_chains_ = false;
    return scorer;
  }
  return ScoreFieldError(source, "operations", "declares no ScoreOperationChain handler");
}

Result<OperationScorer> OperationScorer::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("operation scores file '" + path + "' cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return IOError("operation scores file '" + path + "': read failed");
  return Parse(text.str(), path);
}

}  // namespace quarry
