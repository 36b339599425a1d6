// ToMap: each element as a map through Gaffer's MapGenerator. A field is an
// identifier (IdentifierType name), GROUP or a property; a field the element
// lacks is left out; constants are added after the fields.
#include <utility>

#include "graph-core/json_value.h"
#include "operations/generators/element_object_generators.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {

Result<StepOutput> RunToMap(const Operation& op, StepOutput input, ExecContext& ctx) {
  (void)ctx;
  CsvGeneratorSpec spec = op.csv;
  std::string what = OpName(op);
  auto to_map = [spec = std::move(spec), what](const Item& item, std::vector<Item>* out) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(item, what));
    out->push_back(Item(ElementToMap(e, spec)));
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(to_map)));
}

}  // namespace quarry::operations_internal
