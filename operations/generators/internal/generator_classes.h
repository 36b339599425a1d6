// The tables behind operations/generators/generator.h: each generator file
// contributes its classes.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "operations/generators/generator.h"

namespace quarry::generators_internal {

using ElementGeneratorFactory = std::function<Result<std::unique_ptr<ElementGenerator>>(
    const Json& spec, std::string_view path)>;
using ObjectGeneratorFactory = std::function<Result<std::unique_ptr<ObjectGenerator>>(
    const Json& spec, std::string_view path)>;

struct ElementGeneratorClass {
  std::string_view full_name;
  ElementGeneratorFactory make;
};
struct ObjectGeneratorClass {
  std::string_view full_name;
  ObjectGeneratorFactory make;
};

void AddRoadTrafficGenerators(std::vector<ElementGeneratorClass>* out);
void AddJsonToElementGenerator(std::vector<ElementGeneratorClass>* out);
void AddCardinalityEntityGenerators(std::vector<ElementGeneratorClass>* out);  // sketches
void AddCsvObjectGenerator(std::vector<ObjectGeneratorClass>* out);
void AddElementObjectGenerators(std::vector<ObjectGeneratorClass>* out);  // Map, EntityIdExtractor.
void AddOpenCypherCsvGenerators(std::vector<ElementGeneratorClass>* element_out,
                                std::vector<ObjectGeneratorClass>* object_out);
// CsvGenerator and its OpenCypher subclasses, from their JSON.
Result<std::unique_ptr<ObjectGenerator>> MakeCsvObjectGenerator(const Json& spec,
                                                                std::string_view path);
void AddRestExampleGenerators(std::vector<ElementGeneratorClass>* element_out,
                              std::vector<ObjectGeneratorClass>* object_out);

}  // namespace quarry::generators_internal
