// The Gaffer conformance cases (tests/conformance/, copied from
// ../shared/conformance): each case creates a graph with its schema in a
// temporary directory, loads graph_input with one AddElements (as a user
// with every auth), runs "operation" as "user" and compares the result as
// the case says, with Gaffer's Element.equals semantics.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/executor.h"
#include "operations/internal/input_parser.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

namespace fs = std::filesystem;

fs::path ConformanceDir() {
  if (fs::exists("tests/conformance/cases")) return "tests/conformance";
  return fs::path(testing::SharedDir()) / "conformance";
}

std::vector<std::string> CaseNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(ConformanceDir() / "cases", ec)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

Result<Json> ReadJson(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return NotFoundError("cannot read " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  Json j = Json::parse(text.str(), nullptr, false);
  if (j.is_discarded()) return InvalidArgumentError("malformed JSON in " + path.string());
  return j;
}

// A canonical text for one result item: parsed and re-written (so property
// order and typing forms do not matter); matchedVertex dropped unless compared.
bool IsElementJson(const Json& j) {
  if (!j.is_object() || !j.contains("class") || !j["class"].is_string()) return false;
  const std::string& c = j["class"].get_ref<const std::string&>();
  return c == "uk.gov.gchq.gaffer.data.element.Entity" ||
         c == "uk.gov.gchq.gaffer.data.element.Edge";
}

// A result that is not an element or id (e.g. a Walk): its elements re-written
// canonically, matchedVertex dropped unless compared, and each list of elements
// sorted (a walk's hop or vertex holds its elements in no order).
Json Normalised(const Json& j, bool compare_matched_vertex) {
  if (IsElementJson(j)) {
    Result<Item> parsed = operations_internal::ParseItem(j, "item");
    Json out = parsed.ok() ? ItemToJson(*parsed) : j;
    if (!compare_matched_vertex) out.erase("matchedVertex");
    return out;
  }
  if (j.is_object()) {
    Json out = Json::object();
    for (const auto& [k, v] : j.items()) out[k] = Normalised(v, compare_matched_vertex);
    return out;
  }
  if (!j.is_array()) return j;
  Json out = Json::array();
  bool all_elements = !j.empty();
  for (const Json& v : j) {
    all_elements = all_elements && IsElementJson(v);
    out.push_back(Normalised(v, compare_matched_vertex));
  }
  if (all_elements) {
    std::sort(out.begin(), out.end(),
              [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  }
  return out;
}

std::string Canonical(const Json& item, bool compare_matched_vertex, bool unordered_nested) {
  if (unordered_nested && item.is_array()) {
    std::vector<std::string> inner;
    for (const Json& i : item) inner.push_back(Canonical(i, compare_matched_vertex, false));
    std::sort(inner.begin(), inner.end());
    return Json(inner).dump();
  }
  Result<Item> parsed = operations_internal::ParseItem(item, "item");
  if (!parsed.ok()) return Normalised(item, compare_matched_vertex).dump();
  Json j = ItemToJson(*parsed);
  if (!compare_matched_vertex && j.is_object()) j.erase("matchedVertex");
  return j.dump();
}

// `sorted` false keeps the result's order ("ordered" mode).
std::vector<std::string> CanonicalList(const Json& items, bool mv, bool nested,
                                       bool sorted = true) {
  std::vector<std::string> out;
  if (!items.is_array()) return {"not an array: " + items.dump()};
  for (const Json& item : items) out.push_back(Canonical(item, mv, nested));
  if (sorted) std::sort(out.begin(), out.end());
  return out;
}

// "ordered_by_property": the named property never decreases along the result.
::testing::AssertionResult OrderedBy(const Json& c, const Json& actual) {
  const std::string key = c.value("ordered_by_property", "");
  if (key.empty() || !actual.is_array()) return ::testing::AssertionSuccess();
  Json previous;
  for (const Json& item : actual) {
    Json value = item.is_object() && item.contains("properties") && item["properties"].contains(key)
                     ? item["properties"][key]
                     : Json();
    if (!previous.is_null() && value < previous) {
      return ::testing::AssertionFailure() << "not ordered by " << key << ": " << actual.dump();
    }
    previous = value;
  }
  return ::testing::AssertionSuccess();
}

std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += "  " + x + "\n";
  return s;
}

::testing::AssertionResult Compare(const Json& c, const Json& actual) {
  std::string mode = c.value("compare", "multiset");
  bool mv = c.value("compare_matched_vertex", false);
  bool nested = c.value("unordered_nested", false);
  const Json& expected = c["expected"];
  if (::testing::AssertionResult ordered = OrderedBy(c, actual); !ordered) return ordered;
  if (mode == "exact") {
    if (actual == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << actual.dump() << " want " << expected.dump();
  }
  if (mode == "group_counts_total") {
    int64_t total = 0;
    for (const char* k : {"entityGroups", "edgeGroups"}) {
      if (actual.contains(k) && actual[k].is_object()) {
        for (const Json& n : *actual.find(k)) total += n.is_number() ? n.get<int64_t>() : 0;
      }
    }
    bool ok = total == expected.value("total", int64_t{-1}) &&
              (!expected.contains("limitHit") ||
               actual.value("limitHit", false) == expected.value("limitHit", false));
    if (ok) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << actual.dump() << " want " << expected.dump();
  }
  // A single result (Max, Min, Map's FirstItem) compares as a list of one.
  const Json listed = actual.is_array() ? actual : Json::array({actual});
  const Json listed_expected = expected.is_array() ? expected : Json::array({expected});
  const bool keep_order = mode == "ordered";
  std::vector<std::string> got = CanonicalList(listed, mv, nested, !keep_order);
  std::vector<std::string> want = CanonicalList(listed_expected, mv, nested, !keep_order);
  bool ok = false;
  if (mode == "multiset" || mode == "ordered") {
    ok = got == want;
  } else if (mode == "set") {
    ok = std::set<std::string>(got.begin(), got.end()) ==
         std::set<std::string>(want.begin(), want.end());
  } else if (mode == "subset") {
    std::set<std::string> allowed(want.begin(), want.end());
    ok = got.size() == c.value("expected_size", size_t{0}) &&
         std::all_of(got.begin(), got.end(), [&](const auto& g) { return allowed.contains(g); });
  } else {
    return ::testing::AssertionFailure() << "unknown compare mode " << mode;
  }
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << mode << " mismatch\ngot:\n"
                                       << Join(got) << "want:\n"
                                       << Join(want);
}

// Cases the store does not pass yet, with the reason. Such a case must still
// fail; once it passes, remove it from this list.
const std::map<std::string, std::string>& KnownStoreGaps() {
  static const auto* gaps = new std::map<std::string, std::string>{};
  return *gaps;
}

class ConformanceTest : public ::testing::TestWithParam<std::string> {
 protected:
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }
  fs::path dir_;
};

TEST_P(ConformanceTest, MatchesGaffer) {
  ASSERT_OK_AND_ASSIGN(Json c, ReadJson(ConformanceDir() / "cases" / (GetParam() + ".json")));
  ASSERT_OK_AND_ASSIGN(
      auto schema,
      Schema::FromFiles({(ConformanceDir() / c["schema"].get<std::string>()).string()}));
  dir_ = fs::temp_directory_path() /
         ("quarry_conformance_" + std::to_string(::getpid()) + "_" + GetParam());
  fs::remove_all(dir_);
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> created,
                       Graph::Create(dir_.string(), schema, StoreProperties()));
  std::shared_ptr<Graph> graph = std::move(created);
  Executor executor(graph);

  Json add = {{"class", "AddElements"}, {"input", c["graph_input"]}};
  if (c.contains("add_elements_options") && c["add_elements_options"].is_object()) {
    for (const auto& [k, v] : c["add_elements_options"].items()) add[k] = v;
  }
  User loader;
  loader.user_id = "loader";
  ASSERT_OK(executor.Execute(loader, add.dump()).status());

  User user;
  user.user_id = c["user"].value("userId", "UNKNOWN");
  if (c["user"].contains("dataAuths")) {
    for (const Json& a : c["user"]["dataAuths"]) user.data_auths.push_back(a.get<std::string>());
  }
  if (c["user"].contains("opAuths")) {
    for (const Json& a : c["user"]["opAuths"]) user.op_auths.push_back(a.get<std::string>());
  }
  // "setup": operations the case's user runs first (e.g. AddNamedOperation).
  for (const Json& op : c.value("setup", Json::array())) {
    ASSERT_OK(executor.Execute(user, op.dump()).status());
  }
  ASSERT_OK_AND_ASSIGN(Json actual, executor.Execute(user, c["operation"].dump()));
  ::testing::AssertionResult result = Compare(c, actual);
  auto gap = KnownStoreGaps().find(GetParam());
  if (gap != KnownStoreGaps().end()) {
    EXPECT_FALSE(result) << "now passes: remove it from KnownStoreGaps()";
    GTEST_SKIP() << "known gap: " << gap->second;
  }
  EXPECT_TRUE(result) << c.value("notes", "");
}

INSTANTIATE_TEST_SUITE_P(Cases, ConformanceTest, ::testing::ValuesIn(CaseNames()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace quarry
