// ParseFunction: Gaffer JSON -> koryphe functions, by full or simple class name.
#include <vector>

#include "graph-core/function.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

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
    AddIterableFunctions(classes);
    AddCompositeFunctions(classes);
    AddValueFunctions(classes);
    AddStringEditFunctions(classes);
    AddRegexFunctions(classes);
    AddDateFunctions(classes);
    AddSketchFunctions(classes);
    AddTimeBucketFunctions(classes);
    AddTimeLibraryFunctions(classes);
    AddTupleAdaptedFunctions(classes);
    AddCsvJsonFunctions(classes);
    AddMapFunctions(classes);
    AddObjectFunctions(classes);
    AddGunzipFunction(classes);
    AddXmlFunction(classes);
    return classes;
  }();
  return *kClasses;
}

Result<std::shared_ptr<const Function>> OptionalNestedFunction(const Json& json,
                                                               std::string_view key,
                                                               std::string_view path) {
  const Json* field = json_fields::Find(json, key);
  if (field == nullptr || field->is_null()) return std::shared_ptr<const Function>();
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Function> fn,
                          ParseFunction(*field, json_fields::Join(path, key)));
  return std::shared_ptr<const Function>(std::move(fn));
}

Result<std::shared_ptr<const Predicate>> OptionalNestedPredicate(const Json& json,
                                                                 std::string_view key,
                                                                 std::string_view path) {
  const Json* field = json_fields::Find(json, key);
  if (field == nullptr || field->is_null()) return std::shared_ptr<const Predicate>();
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Predicate> predicate,
                          ParsePredicate(*field, json_fields::Join(path, key)));
  return std::shared_ptr<const Predicate>(std::move(predicate));
}

Result<std::vector<std::shared_ptr<const Function>>> NestedFunctionList(const Json& json,
                                                                        std::string_view key,
                                                                        std::string_view path) {
  std::vector<std::shared_ptr<const Function>> out;
  const Json* field = json_fields::Find(json, key);
  if (field == nullptr || field->is_null()) return out;
  std::string list_path = json_fields::Join(path, key);
  if (!field->is_array()) return InvalidArgumentError(list_path + ": expected an array");
  for (size_t i = 0; i < field->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Function> fn,
                            ParseFunction((*field)[i], json_fields::Index(list_path, i)));
    out.push_back(std::move(fn));
  }
  return out;
}

}  // namespace functions_internal

namespace {

namespace jf = json_fields;
namespace fi = functions_internal;

// Nesting depth of ParseFunction calls on this thread (If, FunctionChain,
// IterableFunction, ... nest), bounded so deep JSON cannot exhaust the stack.
thread_local int parse_depth = 0;

class DepthGuard {
 public:
  DepthGuard() { ++parse_depth; }
  ~DepthGuard() { --parse_depth; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
};

}  // namespace

Result<std::unique_ptr<Function>> ParseFunction(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string class_name, jf::ClassField(json, path));
  DepthGuard guard;
  if (parse_depth > kMaxJsonValueDepth) {
    return InvalidArgumentError(std::string(path) + ": functions nested deeper than " +
                                std::to_string(kMaxJsonValueDepth));
  }
  for (const fi::FunctionClass& c : fi::FunctionClasses()) {
    if (jf::ClassNameMatches(class_name, c.full_name)) return c.factory(json, path);
  }
  return InvalidArgumentError(jf::Join(path, "class") + ": unknown function class '" + class_name +
                              "'");
}

}  // namespace quarry
