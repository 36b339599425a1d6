#include "operations/generators/generator.h"

#include <algorithm>

#include "graph-core/json_fields.h"
#include "operations/generators/internal/generator_classes.h"

namespace quarry {
namespace {

namespace gi = generators_internal;

struct Registry {
  std::vector<gi::ElementGeneratorClass> element;
  std::vector<gi::ObjectGeneratorClass> object;
};

const Registry& Generators() {
  static const Registry* const kRegistry = [] {
    auto* registry = new Registry();
    gi::AddRoadTrafficGenerators(&registry->element);
    gi::AddRestExampleGenerators(&registry->element, &registry->object);
    gi::AddCsvObjectGenerator(&registry->object);
    gi::AddElementObjectGenerators(&registry->object);
    gi::AddJsonToElementGenerator(&registry->element);
    gi::AddCardinalityEntityGenerators(&registry->element);
    gi::AddOpenCypherCsvGenerators(&registry->element, &registry->object);
    return registry;
  }();
  return *kRegistry;
}

std::string Join(std::string_view path, std::string_view field) {
  return path.empty() ? std::string(field) : std::string(path) + "." + std::string(field);
}

// The spec's "class": a full class name, or a simple name that only one
// registered generator has (Gaffer's simple names, e.g.
// ExampleElementGenerator, are not all unique).
Result<std::string> GeneratorClass(const Json& spec, std::string_view path) {
  if (!spec.is_object()) return InvalidArgumentError(std::string(path) + ": expected an object");
  auto it = spec.find("class");
  if (it == spec.end() || !it->is_string()) {
    return InvalidArgumentError(Join(path, "class") + ": required (the generator's class name)");
  }
  return it->get<std::string>();
}

template <typename Table>
const typename Table::value_type* FindClass(const Table& table, std::string_view name) {
  const typename Table::value_type* by_simple_name = nullptr;
  int simple_matches = 0;
  for (const auto& c : table) {
    if (c.full_name == name) return &c;
    if (json_fields::ClassNameMatches(name, c.full_name)) {
      by_simple_name = &c;
      ++simple_matches;
    }
  }
  return simple_matches == 1 ? by_simple_name : nullptr;
}

template <typename Table>
std::vector<std::string> SortedNames(const Table& table) {
  std::vector<std::string> names;
  for (const auto& c : table) names.emplace_back(c.full_name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

Result<std::unique_ptr<ElementGenerator>> MakeElementGenerator(const Json& spec,
                                                               std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::string name, GeneratorClass(spec, path));
  const gi::ElementGeneratorClass* c = FindClass(Generators().element, name);
  if (c == nullptr) {
    return InvalidArgumentError(Join(path, "class") + ": unknown element generator class '" + name +
                                "'");
  }
  return c->make(spec, path);
}

Result<std::unique_ptr<ObjectGenerator>> MakeObjectGenerator(const Json& spec,
                                                             std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::string name, GeneratorClass(spec, path));
  const gi::ObjectGeneratorClass* c = FindClass(Generators().object, name);
  if (c == nullptr) {
    return InvalidArgumentError(Join(path, "class") + ": unknown object generator class '" + name +
                                "'");
  }
  return c->make(spec, path);
}

std::vector<std::string> RegisteredElementGeneratorClassNames() {
  return SortedNames(Generators().element);
}

std::vector<std::string> RegisteredObjectGeneratorClassNames() {
  return SortedNames(Generators().object);
}

Result<std::string> GeneratorInputString(const Item& item, std::string_view generator) {
  if (const auto* json = std::get_if<Json>(&item); json != nullptr && json->is_string()) {
    return json->get<std::string>();
  }
  if (const auto* value = std::get_if<Value>(&item);
      value != nullptr && value->type() == ValueType::kString) {
    return std::string(value->AsString());
  }
  return InvalidArgumentError(std::string(generator) + ": expected a string input, got " +
                              ItemToJson(item).dump());
}

}  // namespace quarry
