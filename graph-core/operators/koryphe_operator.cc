// KorypheOperator: koryphe's null-skipping wrapper shared by every operator.
#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry::operators_internal {

Status KorypheOperator::Apply(Value* state, const Value& input) const {
  if (input.is_null()) return Status::OK();
  if (!Accepts(input.type())) return Unsupported(input);
  if (state->is_null()) {
    *state = input;
    return Status::OK();
  }
  if (!Accepts(state->type())) return Unsupported(*state);
  return Combine(state, input);
}

Status KorypheOperator::Unsupported(const Value& value) const {
  return InvalidArgumentError(std::string(class_name()) + " cannot aggregate values of class " +
                              std::string(JavaClassName(value.type())));
}

Status KorypheOperator::Mismatch(const Value& state, const Value& input) const {
  return InvalidArgumentError(std::string(class_name()) + " cannot combine " +
                              std::string(JavaClassName(state.type())) + " with " +
                              std::string(JavaClassName(input.type())));
}

}  // namespace quarry::operators_internal
