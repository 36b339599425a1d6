// GenerateElements and GenerateObjects: a flat-map stream over the input, so
// a chain into AddElements holds one input's elements at a time.
#include <memory>
#include <utility>

#include "operations/generators/generator.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

Result<StepOutput> GenerateElements(const Operation& op, StepOutput input) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<ElementGenerator> generator,
                          MakeElementGenerator(op.generator, op.path));
  auto elements = std::make_shared<std::vector<Element>>();
  FlatMapFn fn = [generator, elements](const Item& in, std::vector<Item>* out) -> Status {
    elements->clear();
    QUARRY_RETURN_IF_ERROR(generator->Generate(in, elements.get()));
    for (Element& e : *elements) out->push_back(Item(std::move(e)));
    return Status::OK();
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(fn)));
}

Result<StepOutput> GenerateObjects(const Operation& op, StepOutput input) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<ObjectGenerator> generator,
                          MakeObjectGenerator(op.generator, op.path));
  std::string what = OpName(op);
  FlatMapFn fn = [generator, what](const Item& in, std::vector<Item>* out) -> Status {
    QUARRY_ASSIGN_OR_RETURN(Element element, ItemToElement(in, what));
    return generator->Generate(element, out);
  };
  return StepOutput::Stream(MakeFlatMapStream(AsStream(std::move(input)), std::move(fn)));
}

}  // namespace

Result<StepOutput> RunGenerate(const Operation& op, StepOutput input, ExecContext& ctx) {
  (void)ctx;  // Generators read nothing from the graph.
  if (op.kind == OperationKind::kGenerateElements) return GenerateElements(op, std::move(input));
  return GenerateObjects(op, std::move(input));
}

}  // namespace quarry::operations_internal
