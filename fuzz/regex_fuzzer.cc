// Java regular expressions (Gaffer's Regex and MultiRegex predicates, the
// regex functions): a pattern, then after a NUL the text it is tested on.
#include "fuzz/fuzz_util.h"
#include "graph-core/predicate.h"
#include "graph-core/value.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string_view> parts = quarry::fuzz::SplitInput(data, size, 2);
  std::string pattern(parts[0]);
  std::string text(parts.size() > 1 ? parts[1] : "");
  for (const char* cls : {"Regex", "MultiRegex"}) {
    quarry::Json json = {{"class", cls}};
    json["value"] =
        std::string(cls) == "Regex" ? quarry::Json(pattern) : quarry::Json::array({pattern});
    // Patterns arrive as JSON text: bytes that are not UTF-8 cannot.
    std::string checked;
    try {
      checked = json.dump();
    } catch (...) {
      return 0;
    }
    auto predicate = quarry::ParsePredicate(json, "regex");
    if (!predicate.ok()) continue;
    quarry::Value value = quarry::Value::String(text);
    const quarry::Value* args[] = {&value};
    (void)(*predicate)->Test(args);
  }
  return 0;
}
