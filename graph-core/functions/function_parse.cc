// ParseFunction: Gaffer JSON -> koryphe functions, by full or simple class name.
#include <vector>

#include "graph-core/function.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/internal/json_fields.h"

namespace quarry {
namespace functions_internal {

const std::vector<FunctionClass>& FunctionClasses() {
  static const auto* const kClasses = [] {
    auto* classes = new std::vector<FunctionClass>();
    AddConversionFunctions(classes);
    AddStringFunctions(classes);
    AddNumericFunctions(classes);
    AddRoadTrafficFunctions(classes);
    AddGafferTypeFunctions(classes);
    return classes;
  }();
  return *kClasses;
}

}  // namespace functions_internal

namespace {

namespace jf = json_fields;
namespace fi = functions_internal;

}  // namespace

Result<std::unique_ptr<Function>> ParseFunction(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string class_name, jf::ClassField(json, path));
  for (const fi::FunctionClass& c : fi::FunctionClasses()) {
    if (jf::ClassNameMatches(class_name, c.full_name)) return c.factory(json, path);
  }
  return InvalidArgumentError(jf::Join(path, "class") + ": unknown function class '" + class_name +
                              "'");
}

}  // namespace quarry
