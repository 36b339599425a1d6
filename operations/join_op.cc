// Join (Gaffer's JoinHandler with its JoinFunctions FullJoin, InnerJoin and
// OuterJoin and its match methods ElementMatch and KeyFunctionMatch).
//
// The left side is the Join's input, the right side the output of its
// operation (run with no input of the Join's). Both sides are held in
// memory: each is refused past collectionLimit (Gaffer's default 100000) or
// the executor's materialisation limit, whichever is lower. Each key (an item
// of the matchKey side) is matched against the other side, and the result is
// a list of MapTuples, written as Gaffer writes them:
// {"values": {"LEFT": ..., "RIGHT": ...}}. Flattened, there is one tuple per
// matched pair (and, for FULL and OUTER, one with null for an unmatched key);
// not flattened, one tuple per key with the list of its matches.
#include <string>
#include <unordered_map>
#include <utility>

#include "graph-core/json_fields.h"
#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

constexpr int64_t kDefaultCollectionLimit = 100000;  // Gaffer's JoinHandler.

// ElementJoinComparator: same kind, group and ids (an edge's directedness
// included), and equal values of the groupBy properties.
Result<bool> ElementsJoin(const FnObject& a, const FnObject& b,
                          const std::vector<std::string>& group_by) {
  const Element* x = a.item.has_value() ? std::get_if<Element>(&*a.item) : nullptr;
  const Element* y = b.item.has_value() ? std::get_if<Element>(&*b.item) : nullptr;
  if (x == nullptr || y == nullptr || a.is_list || b.is_list) {
    return InvalidArgumentError("ElementMatch: both sides must be elements, got " +
                                FnObjectToJson(x == nullptr ? a : b).dump());
  }
  if (x->kind() != y->kind() || x->group() != y->group()) return false;
  if (x->is_entity()) {
    if (x->vertex() != y->vertex()) return false;
  } else if (x->source() != y->source() || x->destination() != y->destination() ||
             x->directed() != y->directed()) {
    return false;
  }
  for (const std::string& p : group_by) {
    if (x->properties().Get(p) != y->properties().Get(p)) return false;
  }
  return true;
}

// Gaffer's Match: init with the non-key side, then matching(key).
class Matcher {
 public:
  Matcher(const JoinMatchMethod& method, const std::vector<FnObject>& candidates)
      : method_(method), candidates_(candidates) {}

  Status Init() {
    if (method_.element_match) return Status::OK();
    for (size_t i = 0; i < candidates_.size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(FnObject key, method_.second_key_function->Apply(candidates_[i]));
      index_[FnObjectToJson(key).dump()].push_back(i);
    }
    return Status::OK();
  }

  Result<std::vector<FnObject>> Matching(const FnObject& key) const {
    std::vector<FnObject> out;
    if (method_.element_match) {
      for (const FnObject& c : candidates_) {
        QUARRY_ASSIGN_OR_RETURN(bool joins, ElementsJoin(c, key, method_.group_by_properties));
        if (joins) out.push_back(c);
      }
      return out;
    }
    QUARRY_ASSIGN_OR_RETURN(FnObject k, method_.first_key_function->Apply(key));
    auto it = index_.find(FnObjectToJson(k).dump());
    if (it != index_.end()) {
      for (size_t i : it->second) out.push_back(candidates_[i]);
    }
    return out;
  }

 private:
  const JoinMatchMethod& method_;
  const std::vector<FnObject>& candidates_;
  std::unordered_map<std::string, std::vector<size_t>> index_;
};

// One MapTuple: {"values": {"LEFT": ..., "RIGHT": ...}} (LEFT first, as
// Gaffer's HashMap happens to order them).
Item Tuple(bool key_is_left, const Json& key, Json matched) {
  Json values = Json::object();
  values["LEFT"] = key_is_left ? key : matched;
  values["RIGHT"] = key_is_left ? std::move(matched) : key;
  return Item(Json{{"values", std::move(values)}});
}

// FullJoin / InnerJoin / OuterJoin for one key and its matches.
void JoinOne(JoinType type, bool flatten, bool key_is_left, const FnObject& key,
             const std::vector<FnObject>& matches, std::vector<Item>* out) {
  Json k = FnObjectToJson(key);
  bool keep_unmatched = type != JoinType::kInner;
  bool keep_matched = type != JoinType::kOuter;
  if (matches.empty()) {
    if (keep_unmatched) {
      out->push_back(Tuple(key_is_left, k, flatten ? Json(nullptr) : Json::array()));
    }
    return;
  }
  if (!keep_matched) return;
  if (!flatten) {
    out->push_back(Tuple(key_is_left, k, FnObjectToJson(FnObject::List(matches))));
    return;
  }
  for (const FnObject& m : matches) out->push_back(Tuple(key_is_left, k, FnObjectToJson(m)));
}

// A side, refused past the lower of collectionLimit and the executor's limit.
Result<std::vector<FnObject>> CollectSide(const Operation& op, StepOutput side,
                                          std::string_view name, const ExecContext& ctx) {
  int64_t limit = op.map_join->collection_limit.value_or(kDefaultCollectionLimit);
  size_t max = ctx.limits.max_materialised_items;
  bool executor_limit = static_cast<uint64_t>(limit) >= max;
  Result<std::vector<FnObject>> items =
      CollectObjects(std::move(side), executor_limit ? max : static_cast<size_t>(limit), "");
  if (items.ok() || items.status().code() != StatusCode::kResourceExhausted) return items;
  if (executor_limit) {
    return ResourceExhaustedError(OpName(op) + ": the " + std::string(name) +
                                  " side has more than " + std::to_string(max) +
                                  " items, the executor's materialisation limit for a Join");
  }
  return ResourceExhaustedError(OpName(op) + ": Join exceeded the collectionLimit (" +
                                std::to_string(limit) + ") on the " + std::string(name) +
                                " side; a solution is to increase collectionLimit, up to " +
                                std::to_string(max));
}

}  // namespace

Result<StepOutput> RunJoin(const Operation& op, StepOutput input, ExecContext& ctx) {
  const MapJoinFields& f = *op.map_join;
  if (!f.join_type.has_value()) {
    return InvalidArgumentError(json_fields::Join(op.path, "joinType") +
                                ": A join type must be specified");
  }
  if (!f.match_method.has_value()) {
    return InvalidArgumentError(json_fields::Join(op.path, "matchMethod") +
                                ": A match method must be supplied");
  }
  if (!f.match_key.has_value() && *f.join_type != JoinType::kInner) {
    return InvalidArgumentError(json_fields::Join(op.path, "matchKey") +
                                ": You must specify an Iterable side to match on");
  }
  bool key_is_left = f.match_key.value_or(JoinMatchKey::kLeft) == JoinMatchKey::kLeft;
  QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> left,
                          CollectSide(op, std::move(input), "left", ctx));
  StepOutput right_out;
  if (op.flow != nullptr && op.flow->operation != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(right_out, RunOperation(*op.flow->operation, StepOutput::None(), ctx));
  }
  QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> right,
                          CollectSide(op, std::move(right_out), "right", ctx));
  const std::vector<FnObject>& keys = key_is_left ? left : right;
  Matcher matcher(*f.match_method, key_is_left ? right : left);
  Status init = matcher.Init();
  if (!init.ok()) return init.WithContext(OpName(op) + ": matchMethod");
  std::vector<Item> out;
  for (const FnObject& key : keys) {
    Result<std::vector<FnObject>> matches = matcher.Matching(key);
    if (!matches.ok()) return matches.status().WithContext(OpName(op) + ": matchMethod");
    JoinOne(*f.join_type, f.flatten, key_is_left, key, *matches, &out);
    if (out.size() > ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(OpName(op) + ": the result has more than " +
                                    std::to_string(ctx.limits.max_materialised_items) + " tuples");
    }
  }
  return StepOutput::Stream(MakeVectorStream(std::move(out)));
}

}  // namespace quarry::operations_internal
