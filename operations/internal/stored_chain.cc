#include "operations/internal/stored_chain.h"

#include <string>
#include <utility>

namespace quarry::operations_internal {

const Operation* AddedNamedChain(const Operation& op, Operation* storage) {
  if (op.kind != OperationKind::kAddNamedOperation || !op.named_request.is_object()) {
    return nullptr;
  }
  for (const char* field : {"operationChain", "operations"}) {
    auto it = op.named_request.find(field);
    if (it == op.named_request.end()) continue;
    Json chain = it->is_string() ? Json::parse(it->get<std::string>(), nullptr, false) : *it;
    if (!chain.is_object()) return nullptr;
    Result<Operation> parsed =
        ParseOperation(chain, op.path.empty() ? field : op.path + "." + field);
    if (!parsed.ok()) return nullptr;
    *storage = std::move(parsed).value();
    return storage;
  }
  return nullptr;
}

}  // namespace quarry::operations_internal
