#include "bench/thrift/gaffer_json.h"

#include <charconv>

#include "graph-core/json_value.h"

namespace quarry::bench {
namespace {

constexpr std::string_view kEntityClass = "uk.gov.gchq.gaffer.data.element.Entity";
constexpr std::string_view kEdgeClass = "uk.gov.gchq.gaffer.data.element.Edge";

void AppendNumber(int64_t n, std::string* out) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), n);
  out->append(buf, end);
}

void AppendEvent(const EdgeEvent& e, std::string* out) {
  const std::string src = VertexName(e.src);
  out->append(R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"Event","source":")");
  out->append(src);
  out->append(R"(","destination":")");
  out->append(VertexName(e.dst));
  out->append(R"(","directed":true,"properties":{"startDate":{"java.util.Date":)");
  AppendNumber(DayMillis(e.day), out);
  out->append(R"(},"count":{"java.lang.Long":1}}},)");
  out->append(R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"Vertex","vertex":")");
  out->append(src);
  out->append(R"(","properties":{"count":{"java.lang.Long":1}}})");
}

// The `count` property: {"java.lang.Long": n} (or a bare integer).
bool CountOf(const Json& element, int64_t* count) {
  auto props = element.find("properties");
  if (props == element.end() || !props->is_object()) return false;
  auto c = props->find("count");
  if (c == props->end()) return false;
  const Json* value = &*c;
  if (value->is_object()) {
    auto wrapped = value->find("java.lang.Long");
    if (wrapped == value->end()) return false;
    value = &*wrapped;
  }
  if (!value->is_number_integer()) return false;
  *count = value->get<int64_t>();
  return true;
}

std::string StringField(const Json& element, const char* name) {
  auto it = element.find(name);
  return it != element.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

void AppendAddElementsJson(std::span<const EdgeEvent> events, std::string* out) {
  out->append(R"({"class":"uk.gov.gchq.gaffer.operation.impl.add.AddElements",)"
              R"("validate":true,"skipInvalidElements":false,"input":[)");
  for (size_t i = 0; i < events.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendEvent(events[i], out);
  }
  out->append("]}");
}

bool SumElements(std::string_view json_array, ElementSums* sums, bool keep_edges) {
  Json json = Json::parse(json_array, nullptr, /*allow_exceptions=*/false);
  if (!json.is_array()) return false;
  for (const Json& element : json) {
    if (!element.is_object()) return false;
    auto cls = element.find("class");
    if (cls == element.end() || !cls->is_string()) return false;
    int64_t count = 0;
    if (!CountOf(element, &count)) return false;
    const std::string& name = cls->get_ref<const std::string&>();
    if (name == kEntityClass) {
      ++sums->entities;
      sums->entity_count += count;
    } else if (name == kEdgeClass) {
      ++sums->edges;
      sums->edge_count += count;
      if (keep_edges) {
        sums->edge_list.push_back(
            {StringField(element, "source"), StringField(element, "destination"), count});
      }
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace quarry::bench
