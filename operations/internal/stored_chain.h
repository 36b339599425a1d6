// The chain an AddNamedOperation stores, parsed as it is, for the checks
// that look inside it before it runs (OperationAuthoriser, OperationScorer).
#pragma once

#include "operations/operation.h"

namespace quarry::operations_internal {

// The chain `op` (an AddNamedOperation) stores, parsed into `*storage`; null
// if `op` is another operation or its chain does not parse as it is (one
// whose parameters make it unparseable is checked when it is resolved and
// run).
const Operation* AddedNamedChain(const Operation& op, Operation* storage);

}  // namespace quarry::operations_internal
