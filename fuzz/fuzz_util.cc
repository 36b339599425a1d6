#include "fuzz/fuzz_util.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "graph-core/json_element.h"
#include "store-rocks/graph.h"

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

// Elements of every FuzzSchema group, so scans and decoders meet real data.
constexpr char kElements[] = R"([
 {"class":"Entity","group":"entity","vertex":1,"properties":{"count":3}},
 {"class":"Entity","group":"cardinality","vertex":2,"properties":{
   "edgeGroup":{"java.util.TreeSet":["edge"]},"count":1}},
 {"class":"Edge","group":"edge","source":1,"destination":2,"directed":true,
  "properties":{"count":2}},
 {"class":"Edge","group":"edge","source":2,"destination":3,"directed":true,
  "properties":{"count":1}},
 {"class":"Entity","group":"fuzzProperties","vertex":1,"properties":{
   "long":{"java.lang.Long":5},"text":"a","real":1.5,"when":{"java.util.Date":1000},
   "freq":{"uk.gov.gchq.gaffer.types.FreqMap":{"x":2}},"flag":true,"vis":"A&B"}},
 {"class":"Entity","group":"fuzzEvents","vertex":2,"properties":{"text":"b","vis":""}}
])";

void CreateScratchGraph(const std::string& dir) {
  auto graph = Graph::Create(dir, FuzzSchema(), StoreProperties());
  if (!graph.ok()) {
    std::fprintf(stderr, "fuzz: %s\n", graph.status().ToString().c_str());
    std::abort();
  }
  Json array = Json::parse(kElements);
  std::vector<Element> elements;
  for (const Json& json : array) {
    Result<Element> element = ElementFromJson(json, "fuzz elements");
    if (!element.ok()) std::abort();
    elements.push_back(std::move(*element));
  }
  if (!(*graph)->AddElements(elements, {}, nullptr).ok()) std::abort();
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
    const std::string example =
        std::string(QUARRY_SOURCE_DIR) + "/tests/data/gaffer-examples/gaffer-doc-operations-example/";
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

std::string ScratchGraphDir() {
  static const std::string dir = [] {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("quarry_fuzz_" + std::to_string(std::random_device()()));
    CreateScratchGraph(path.string());
    static const std::string to_remove = path.string();
    std::atexit([] { std::filesystem::remove_all(to_remove); });
    return path.string();
  }();
  return dir;
}

}  // namespace quarry::fuzz
