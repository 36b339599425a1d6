// Date parsing: koryphe's ParseDate and ParseTime functions, with a
// SimpleDateFormat pattern and a time zone, or without a format (koryphe
// DateUtil's forms). Input: text NUL format NUL timeZone; a missing part is
// left out of the function's JSON.
#include <cstdlib>

#include "fuzz/fuzz_util.h"
#include "graph-core/function.h"
#include "graph-core/value.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string_view> parts = quarry::fuzz::SplitInput(data, size, 3);
  quarry::Value text = quarry::Value::String(std::string(parts[0]));
  const quarry::Value* args[] = {&text};
  for (const char* cls : {"ParseDate", "ParseTime"}) {
    quarry::Json json = {{"class", cls}};
    if (parts.size() > 1) json["format"] = std::string(parts[1]);
    if (parts.size() > 2) json["timeZone"] = std::string(parts[2]);
    try {
      (void)json.dump();  // Functions arrive as JSON text: bytes that are not UTF-8 cannot.
    } catch (...) {
      return 0;
    }
    auto function = quarry::ParseFunction(json, "date");
    if (!function.ok()) continue;
    (void)(*function)->Apply(args);
  }
  return 0;
}
