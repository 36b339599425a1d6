// Functions used by View transforms (koryphe's Function implementations).
//
// Apply maps the selected input values to output values, one per projection
// key (most functions produce one output).
//
// Thread safety: immutable after parsing; Apply() is const and reentrant.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "graph-core/status.h"

namespace quarry {

class Function {
 public:
  virtual ~Function() = default;
  virtual Result<Value> Apply(ValueRefs args) const = 0;
  virtual Json ToJson() const = 0;
};

Result<std::unique_ptr<Function>> ParseFunction(const Json& json, std::string_view path);

// koryphe's TupleAdaptedFunction: {"selection", "function", "projection"}.
struct TupleFunction {
  std::vector<std::string> selection;
  std::shared_ptr<const Function> function;
  std::vector<std::string> projection;

  // Applies to `element`, writing the projection properties.
  Status Apply(Element* element) const;
  Json ToJson() const;
};
Result<TupleFunction> ParseTupleFunction(const Json& json, std::string_view path);

}  // namespace quarry
