// Every predicate in the shared Gaffer example schemas and conformance cases
// parses, round-trips through ToJson, and the documented view filters select
// the documented elements.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

namespace fs = std::filesystem;
using ::quarry::testing::SharedDir;

Json ReadJsonFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return Json::parse(text.str(), nullptr, false);
}

std::vector<fs::path> JsonFiles() {
  std::vector<fs::path> out;
  for (const char* dir : {"gaffer-examples", "conformance"}) {
    fs::path root = fs::path(SharedDir()) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.is_regular_file() && entry.path().extension() == ".json")
        out.push_back(entry.path());
    }
  }
  return out;
}

bool IsFilterKey(const std::string& key) {
  return key == "preAggregationFilterFunctions" || key == "postAggregationFilterFunctions" ||
         key == "postTransformFilterFunctions";
}

// Parses each validateFunctions entry and view filter below `json`; counts them.
void CheckPredicatesIn(const Json& json, const std::string& path, int* count) {
  if (json.is_array()) {
    for (size_t i = 0; i < json.size(); ++i) {
      CheckPredicatesIn(json[i], path + "[" + std::to_string(i) + "]", count);
    }
    return;
  }
  if (!json.is_object()) return;
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string child = path + "." + it.key();
    if ((it.key() == "validateFunctions" || IsFilterKey(it.key())) && it.value().is_array()) {
      for (size_t i = 0; i < it.value().size(); ++i) {
        const Json& entry = it.value()[i];
        const std::string entry_path = child + "[" + std::to_string(i) + "]";
        if (entry.contains("selection")) {
          Result<TuplePredicate> p = ParseTuplePredicate(entry, entry_path);
          ASSERT_TRUE(p.ok()) << p.status().ToString();
          ASSERT_OK(ParseTuplePredicate(p->ToJson(), entry_path));
          EXPECT_EQ(ParseTuplePredicate(p->ToJson(), entry_path)->ToJson(), p->ToJson());
        } else {
          Result<std::unique_ptr<Predicate>> p = ParsePredicate(entry, entry_path);
          ASSERT_TRUE(p.ok()) << p.status().ToString();
          EXPECT_EQ((*ParsePredicate((*p)->ToJson(), entry_path))->ToJson(), (*p)->ToJson());
        }
        ++*count;
      }
      continue;
    }
    CheckPredicatesIn(it.value(), child, count);
  }
}

TEST(GafferFixturesTest, EveryPredicateParsesAndRoundTrips) {
  std::vector<fs::path> files = JsonFiles();
  ASSERT_FALSE(files.empty()) << "no fixtures under " << SharedDir();
  int count = 0;
  for (const fs::path& file : files) {
    Json json = ReadJsonFile(file);
    ASSERT_FALSE(json.is_discarded()) << file;
    CheckPredicatesIn(json, file.filename().string(), &count);
  }
  EXPECT_GE(count, 20);  // the fixtures hold at least this many predicates
}

Result<Element> ElementFromJson(const Json& json) {
  const std::string& cls = json["class"].get_ref<const std::string&>();
  Properties props;
  if (json.contains("properties")) {
    for (auto it = json["properties"].begin(); it != json["properties"].end(); ++it) {
      QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(it.value(), it.key()));
      props.Set(it.key(), std::move(v));
    }
  }
  const std::string group = json["group"].get<std::string>();
  if (cls.ends_with("Entity")) {
    QUARRY_ASSIGN_OR_RETURN(Value vertex, ValueFromJson(json["vertex"], "vertex"));
    return Element::Entity(group, std::move(vertex), std::move(props));
  }
  QUARRY_ASSIGN_OR_RETURN(Value source, ValueFromJson(json["source"], "source"));
  QUARRY_ASSIGN_OR_RETURN(Value destination, ValueFromJson(json["destination"], "destination"));
  return Element::Edge(group, std::move(source), std::move(destination),
                       json.value("directed", true), std::move(props));
}

// The elements of the case's expected output, or of the input that touch a
// seed vertex and pass the view's pre-aggregation filter for their group.
using Selected = std::set<std::string>;

void RunFilterCase(const std::string& name) {
  Json c = ReadJsonFile(fs::path(SharedDir()) / "conformance" / "cases" / (name + ".json"));
  ASSERT_FALSE(c.is_discarded()) << name;
  std::set<Value> seeds;
  for (const Json& seed : c["operation"]["input"]) {
    for (const char* key : {"vertex", "source", "destination"}) {
      if (seed.contains(key)) seeds.insert(*ValueFromJson(seed[key], key));
    }
  }
  const Json& view = c["operation"]["view"];
  Selected selected, expected;
  for (const Json& e : c["graph_input"]) {
    ASSERT_OK_AND_ASSIGN(Element element, ElementFromJson(e));
    // A view may define only entities or only edges (const operator[] on a
    // missing key is undefined behaviour).
    auto defs_it = view.find(element.is_entity() ? "entities" : "edges");
    if (defs_it == view.end() || !defs_it->contains(element.group())) continue;
    const Json& defs = *defs_it;
    bool touches = element.is_entity()
                       ? seeds.count(element.vertex()) > 0
                       : seeds.count(element.source()) + seeds.count(element.destination()) > 0;
    if (!touches) continue;
    ASSERT_OK_AND_ASSIGN(
        ElementFilter filter,
        ParseElementFilter(defs[element.group()]["preAggregationFilterFunctions"], "view"));
    if (filter.Test(element)) selected.insert(element.DebugString());
  }
  for (const Json& e : c["expected"]) {
    ASSERT_OK_AND_ASSIGN(Element element, ElementFromJson(e));
    element.set_matched_vertex(std::nullopt);
    expected.insert(element.DebugString());
  }
  EXPECT_EQ(selected, expected) << name;
}

TEST(GafferFixturesTest, DocumentedOrFilterOnEntities) {
  RunFilterCase("doc_getelements_or_filter_entities");
}

TEST(GafferFixturesTest, DocumentedOrTupleFilterOnEdges) {
  RunFilterCase("doc_getelements_or_tuple_filter_edges");
}

}  // namespace
}  // namespace quarry
