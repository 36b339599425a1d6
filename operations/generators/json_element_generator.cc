// Gaffer's JsonToElementGenerator (uk.gov.gchq.gaffer.data.generator): each
// input is a string holding one element's Gaffer JSON.
#include "graph-core/json_element.h"
#include "operations/generators/internal/generator_classes.h"

namespace quarry::generators_internal {
namespace {

constexpr std::string_view kJsonToElementGenerator =
    "uk.gov.gchq.gaffer.data.generator.JsonToElementGenerator";

class JsonToElementGenerator : public ElementGenerator {
 public:
  Status Generate(const Item& object, std::vector<Element>* out) override {
    QUARRY_ASSIGN_OR_RETURN(std::string text,
                            GeneratorInputString(object, kJsonToElementGenerator));
    Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) {
      return InvalidArgumentError("JsonToElementGenerator: unable to process JSON string: " +
                                  text.substr(0, 200));
    }
    QUARRY_ASSIGN_OR_RETURN(Element element, ElementFromJson(json, "JsonToElementGenerator input"));
    out->push_back(std::move(element));
    return Status::OK();
  }
};

}  // namespace

void AddJsonToElementGenerator(std::vector<ElementGeneratorClass>* out) {
  out->push_back({kJsonToElementGenerator, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<ElementGenerator>>(
                        std::make_unique<JsonToElementGenerator>());
                  }});
}

}  // namespace quarry::generators_internal
