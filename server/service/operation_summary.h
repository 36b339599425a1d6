// The operation classes a request names, for the request log and metrics
// (branch service, issue 19): read from the operation JSON by a streaming
// scan that builds nothing, so a large AddElements document costs one pass
// and no copy of its input.
//
// Thread safety: a pure function.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry {

// The short class names (text after the last '.') of the operations in
// `operation_json`: for an OperationChain the chain's operations in order,
// otherwise the one operation's class. Nested chains are not opened (they
// count as "OperationChain"). Malformed JSON yields what was read before the
// error (possibly nothing); the executor reports the error itself.
std::vector<std::string> OperationClassNames(std::string_view operation_json);

// The label metrics use for a request's operations: the one class, or
// "OperationChain" for several, or "" when none was named.
std::string OperationLabel(const std::vector<std::string>& classes);

// The short form of a class name: "uk.gov...GetElements" -> "GetElements".
std::string ShortClassName(std::string_view class_name);

}  // namespace quarry
