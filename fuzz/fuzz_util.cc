#include "fuzz/fuzz_util.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace quarry::fuzz {
namespace {

std::string ReadFileOrDie(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz: cannot read %s\n", path.c_str());
    std::abort();
  }
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::vector<std::string_view> SplitInput(const uint8_t* data, size_t size, size_t max_parts) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> parts;
  while (parts.size() + 1 < max_parts) {
    size_t nul = text.find('\0');
    if (nul == std::string_view::npos) break;
    parts.push_back(text.substr(0, nul));
    text.remove_prefix(nul + 1);
  }
  parts.push_back(text);
  return parts;
}

std::shared_ptr<const Schema> FuzzSchema() {
  static const std::shared_ptr<const Schema> schema = [] {
    const std::string example = std::string(QUARRY_SOURCE_DIR) +
                                "/tests/data/gaffer-examples/gaffer-doc-operations-example/";
    auto parsed = Schema::FromJsonStrings(
        {ReadFileOrDie(example + "elements.json"), ReadFileOrDie(example + "types.json"),
         ReadFileOrDie(std::string(QUARRY_SOURCE_DIR) + "/fuzz/fuzz_schema_extra.json")},
        {"elements.json", "types.json", "fuzz_schema_extra.json"});
    if (!parsed.ok()) {
      std::fprintf(stderr, "fuzz: %s\n", parsed.status().ToString().c_str());
      std::abort();
    }
    return *parsed;
  }();
  return schema;
}

}  // namespace quarry::fuzz
