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

Status TupleBinaryOperator::Apply(Properties* state, const Properties& input) const {
  std::vector<Value> folded;
  std::vector<Value> in;
  folded.reserve(selection.size());
  in.reserve(selection.size());
  for (const std::string& name : selection) {
    folded.push_back(state->Get(name));
    in.push_back(input.Get(name));
  }
  Status status = op->ApplyTuple(&folded, in);
  if (!status.ok()) {
    return Status(status.code(),
                  "aggregating " + JoinSelection(selection) + ": " + status.message());
  }
  for (size_t i = 0; i < selection.size(); ++i) state->Set(selection[i], std::move(folded[i]));
  return Status::OK();
}

}  // namespace quarry
