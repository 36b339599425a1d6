// BinaryOperator::ApplyTuple's per-value default and TupleBinaryOperator::Apply.
#include <string>
#include <utility>
#include <vector>

#include "graph-core/binary_operator.h"

namespace quarry {
namespace {

std::string JoinSelection(const std::vector<std::string>& selection) {
  std::string out = "[";
  for (size_t i = 0; i < selection.size(); ++i) out += (i ? ", " : "") + selection[i];
  return out + "]";
}

}  // namespace

Status BinaryOperator::ApplyTuple(std::vector<Value>* state,
                                  const std::vector<Value>& input) const {
  if (state->size() != input.size()) {
    return InvalidArgumentError("cannot fold a tuple of " + std::to_string(input.size()) +
                                " values into one of " + std::to_string(state->size()));
  }
  for (size_t i = 0; i < input.size(); ++i) {
    QUARRY_RETURN_IF_ERROR(Apply(&(*state)[i], input[i]));
  }
  return Status::OK();
}

namespace {

// Folds `right`'s selected values into `left`'s (op(left, right)) and stores
// the result in `*state`. `left` may be `*state`.
Status FoldSelection(const TupleBinaryOperator& t, const Properties& left, const Properties& right,
                     Properties* state) {
  std::vector<Value> folded;
  std::vector<Value> in;
  folded.reserve(t.selection.size());
  in.reserve(t.selection.size());
  for (const std::string& name : t.selection) {
    folded.push_back(left.Get(name));
    in.push_back(right.Get(name));
  }
  Status status = t.op->ApplyTuple(&folded, in);
  if (!status.ok()) {
    return Status(status.code(),
                  "aggregating " + JoinSelection(t.selection) + ": " + status.message());
  }
  for (size_t i = 0; i < t.selection.size(); ++i) {
    state->Set(t.selection[i], std::move(folded[i]));
  }
  return Status::OK();
}

}  // namespace

Status TupleBinaryOperator::Apply(Properties* state, const Properties& input) const {
  return FoldSelection(*this, *state, input, state);
}

Status TupleBinaryOperator::ApplyInputFirst(Properties* state, const Properties& input) const {
  return FoldSelection(*this, input, *state, state);
}

}  // namespace quarry
