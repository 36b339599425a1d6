// Gaffer element JSON (what `quarry add`, AddElements and the REST API
// read): parsed as an element and as an element id, validated against the
// fuzz schema; an element that parses must print and parse to itself.
#include <cstdlib>

#include "fuzz/fuzz_util.h"
#include "graph-core/json_element.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  quarry::Json json = quarry::Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return 0;
  auto id = quarry::ElementIdFromJson(json, "input");
  if (id.ok()) (void)quarry::ElementIdToJson(*id);
  auto element = quarry::ElementFromJson(json, "input");
  if (!element.ok()) return 0;
  const quarry::SchemaElementDefinition* def = quarry::fuzz::FuzzSchema()->Group(element->group());
  if (def != nullptr) (void)def->Validate(*element, /*include_is_a=*/true);
  quarry::Json printed = quarry::ElementToJson(*element);
  auto again = quarry::ElementFromJson(printed, "printed");
  if (!again.ok() || !(*again == *element)) {
    std::fprintf(stderr, "element does not round-trip: %s\n", printed.dump().c_str());
    std::abort();
  }
  return 0;
}
