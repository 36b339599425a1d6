// The class lists read the parsers' own tables (PredicateClasses,
// FunctionClasses, OperatorClasses), so a class appears here exactly when it
// parses.
#include "graph-core/class_catalogue.h"

#include <algorithm>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/internal/catalogue_data.h"
#include "graph-core/java_hash_order.h"
#include "graph-core/json_fields.h"
#include "graph-core/operators/internal/koryphe_operator.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry {
namespace {

namespace ci = catalogue_internal;

template <typename Table>
std::vector<std::string> SortedNames(const Table& table) {
  std::vector<std::string> names;
  names.reserve(table.size());
  for (const auto& c : table) names.emplace_back(c.full_name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// The known Java type `name` (full or simple) denotes, or nullptr.
const ci::JavaType* FindJavaType(std::string_view name) {
  for (const ci::JavaType& t : ci::KnownJavaTypes()) {
    if (json_fields::ClassNameMatches(name, t.name)) return &t;
  }
  return nullptr;
}

// Java's target.isAssignableFrom(type).
bool IsAssignableFrom(std::string_view target, const ci::JavaType& type) {
  if (target == "java.lang.Object" || target == type.name) return true;
  return std::find(type.supertypes.begin(), type.supertypes.end(), target) != type.supertypes.end();
}

// Gaffer's test: a generic single input, or one assignable from the class.
// Predicates over tuples (two or more inputs) never qualify.
bool AcceptsInput(std::string_view input_class, const ci::JavaType& type) {
  if (input_class == internal::kGenericInput) return true;
  if (input_class == internal::kTupleInput) return false;
  return IsAssignableFrom(input_class, type);
}

}  // namespace

std::vector<std::string> FilterFunctionClassNames() {
  return SortedNames(internal::PredicateClasses());
}

Result<std::vector<std::string>> FilterFunctionClassNamesFor(std::string_view input_class) {
  const ci::JavaType* type = FindJavaType(input_class);
  if (type == nullptr) {
    return NotFoundError("Could not find input class: " + std::string(input_class));
  }
  std::vector<std::string> names;
  for (const internal::PredicateClass& c : internal::PredicateClasses()) {
    if (AcceptsInput(c.input_class, *type)) names.emplace_back(c.full_name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> TransformFunctionClassNames() {
  return SortedNames(functions_internal::FunctionClasses());
}

std::vector<std::string> AggregationFunctionClassNames() {
  return SortedNames(operators_internal::OperatorClasses());
}

Result<std::vector<SerialisedField>> SerialisedFieldsOf(std::string_view class_name) {
  for (const ci::ClassFields& c : ci::SerialisedFieldTable()) {
    if (!json_fields::ClassNameMatches(class_name, c.class_name)) continue;
    std::vector<std::string> names;
    for (const ci::FieldSpec& f : c.fields) names.emplace_back(f.name);
    std::vector<SerialisedField> out;
    for (size_t i : JavaHashOrder(names)) {
      out.push_back({names[i], std::string(c.fields[i].class_name)});
    }
    return out;
  }
  return NotFoundError("Class name was not recognised: " + std::string(class_name));
}

}  // namespace quarry
