// Functions used by View transforms (koryphe's Function implementations).
//
// Apply maps the selected input values (in selection order; a missing value
// is a null Value) to one output value. Single-input functions take exactly
// one arg, two-input ones (Concat, Multiply, Divide) exactly two; a wrong
// count is InvalidArgument. Functions whose Java result is a tuple (Divide,
// DivideBy) return its items as a kList.
//
// Supported (full koryphe names "uk.gov.gchq.koryphe.impl.function.X" or the
// simple names): Identity, ToNull, ToString, ToLong, ToInteger, ToDouble,
// ToFloat, ToUpperCase, ToLowerCase (ASCII case only), Concat (separator),
// Length (maxLength), Size, Multiply, MultiplyBy (by), Divide, DivideBy (by),
// Increment (increment), DefaultIfNull (defaultValue).
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

  // Applies to `element`. With one projection key the output is written to
  // it; with several, the output must be a collection whose items are
  // written to the keys in order (koryphe's TupleOutputAdapter). A key that
  // names an identifier (VERTEX, SOURCE, DESTINATION, DIRECTED,
  // MATCHED_VERTEX, ADJACENT_MATCHED_VERTEX, GROUP) replaces it, re-normalising
  // an undirected edge; any other key is a property (null removes it).
  // On error the element may be partly updated.
  Status Apply(Element* element) const;
  Json ToJson() const;
};
Result<TupleFunction> ParseTupleFunction(const Json& json, std::string_view path);

}  // namespace quarry
