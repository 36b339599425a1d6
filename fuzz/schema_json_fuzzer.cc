// Gaffer schema JSON: up to three schema documents (split at NUL bytes),
// parsed, merged and validated as `quarry create --schema A --schema B`
// does; a schema that parses must print and parse again.
#include <cstdlib>

#include "fuzz/fuzz_util.h"
#include "schema/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string_view> parts = quarry::fuzz::SplitInput(data, size, 3);
  std::vector<std::string> texts(parts.begin(), parts.end());
  std::vector<std::string> names;
  for (size_t i = 0; i < texts.size(); ++i) names.push_back("part" + std::to_string(i));
  auto schema = quarry::Schema::FromJsonStrings(texts, names);
  if (!schema.ok()) return 0;
  // What a graph stores and reopens with (store-rocks metadata).
  auto again = quarry::Schema::FromJsonStrings({(*schema)->json().dump()}, {"stored"});
  if (!again.ok()) {
    std::fprintf(stderr, "a parsed schema does not parse again: %s\n",
                 again.status().ToString().c_str());
    std::abort();
  }
  return 0;
}
