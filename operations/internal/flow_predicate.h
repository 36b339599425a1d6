// The input of a flow-control step held in memory (If and While use it twice:
// once for the condition, once for the operation) and Gaffer's Conditional
// predicate tested against it.
#pragma once

#include <string_view>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/internal/exec.h"

namespace quarry::operations_internal {

// Materialises `in`, refusing more than `max_items` stream items (ResourceExhausted
// naming `what`).
Result<StoredVariable> Hold(StepOutput in, size_t max_items, std::string_view what);
// A fresh StepOutput with the held value (copies the items).
StepOutput Replay(const StoredVariable& held);
// The held value as Gaffer JSON: a list as an array, none as null.
Json HeldToJson(const StoredVariable& held);

// Tests koryphe predicate `predicate` (JSON) against the whole held value,
// as Gaffer's If/While do with a Conditional. A value that is a plain value,
// or a list of plain values, is tested with graph-core's predicates. A list
// holding elements or seeds supports the predicates that look at a
// collection as a whole: IsShorterThan, IsLongerThan, CollectionContains
// (item equality as Gaffer's equals), Exists, and Not / And / Or of those.
// InvalidArgument naming `path` for a predicate that cannot accept the input
// (Gaffer: "The predicate 'X' cannot accept an input of type ...").
Result<bool> TestHeld(const Json& predicate, const StoredVariable& held, std::string_view path);

}  // namespace quarry::operations_internal
