#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "fuzz/fuzz_util.h"
#include "graph-core/json_element.h"
#include "store/graph.h"
#include "stores/builtin_stores.h"

namespace quarry::fuzz {
namespace {

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
  RegisterBuiltinStores();
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
