#include "bench/schema/bench_data.h"

#include <fstream>
#include <sstream>

#include "graph-core/json_value.h"

namespace quarry::bench {
namespace {

Result<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return NotFoundError("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// types.json with an age-off validator on date.day.
Result<std::string> WithAgeOff(const std::string& types_json, uint32_t day) {
  Json types = Json::parse(types_json, nullptr, false);
  if (types.is_discarded() || !types.is_object() || !types.contains("types") ||
      !types["types"].is_object() || !types["types"].contains("date.day") ||
      !types["types"]["date.day"].is_object()) {
    return InvalidArgumentError("bench types.json: no object at types.date.day");
  }
  Json predicate = Json::object();
  predicate["class"] = "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan";
  predicate["value"] = Json::object();
  predicate["value"]["java.util.Date"] = DayMillis(day);
  predicate["orEqualTo"] = true;
  types["types"]["date.day"]["validateFunctions"] = Json::array({predicate});
  return types.dump();
}

}  // namespace

Result<std::shared_ptr<const Schema>> LoadBenchSchema(const std::string& repo,
                                                      std::optional<uint32_t> age_off_before_day) {
  const std::string elements_path = repo + "/bench/schema/elements.json";
  const std::string types_path = repo + "/bench/schema/types.json";
  QUARRY_ASSIGN_OR_RETURN(std::string elements, ReadFile(elements_path));
  QUARRY_ASSIGN_OR_RETURN(std::string types, ReadFile(types_path));
  if (age_off_before_day.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(types, WithAgeOff(types, *age_off_before_day));
  }
  return Schema::FromJsonStrings({elements, types}, {elements_path, types_path});
}

void AppendEventElements(const EdgeEvent& event, std::vector<Element>* out) {
  std::string src = VertexName(event.src);
  out->push_back(Element::Edge(
      std::string(kEdgeGroup), Value::String(src), Value::String(VertexName(event.dst)),
      /*directed=*/true,
      Properties{{"startDate", Value::Date(DayMillis(event.day))}, {"count", Value::Int64(1)}}));
  out->push_back(Element::Entity(std::string(kEntityGroup), Value::String(std::move(src)),
                                 Properties{{"count", Value::Int64(1)}}));
}

std::vector<ElementId> SeedsOf(const std::vector<uint32_t>& vertices) {
  std::vector<ElementId> seeds;
  seeds.reserve(vertices.size());
  for (uint32_t v : vertices) seeds.push_back(EntitySeed{Value::String(VertexName(v))});
  return seeds;
}

Result<View> CountAboveOneView() {
  Json json = Json::parse(R"json({"edges": {"Event": {"preAggregationFilterFunctions": [
      {"selection": ["count"],
       "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
                     "value": {"java.lang.Long": 1}}}]}}})json",
                          nullptr, false);
  if (json.is_discarded()) return InternalError("the bench view JSON does not parse");
  return ParseView(json, "bench view");
}

}  // namespace quarry::bench
