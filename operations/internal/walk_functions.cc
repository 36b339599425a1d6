// Gaffer's walk functions over GetWalks' output (see item_function_classes.h).
// A Walk travels between operations as its JSON (operations/walk_ops.cc), so
// these read that JSON: each hop's edge set, each vertex's entity set.
#include <string>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "operations/internal/item_function_classes.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kWalkPackage = "uk.gov.gchq.gaffer.data.graph.function.walk.";

bool Is(std::string_view cls, std::string_view simple) {
  return jf::ClassNameMatches(cls, std::string(kWalkPackage) + std::string(simple));
}

// The walk's JSON, or InvalidArgument naming the function.
Result<const Json*> WalkJson(const FnObject& in, const std::string& name) {
  if (in.is_null()) return InvalidArgumentError(name + ": Walk cannot be null");
  const Json* j = !in.is_list && in.item.has_value() ? std::get_if<Json>(&*in.item) : nullptr;
  if (j == nullptr || !j->is_object() || !j->contains("edges") || !j->contains("entities") ||
      !(*j)["edges"].is_array() || !(*j)["entities"].is_array()) {
    return InvalidArgumentError(name + ": input is not a Walk: " + FnObjectToJson(in).dump());
  }
  return j;
}

// One hop's edge set, or one vertex's entity set ({vertex: [entity...]}).
FnObject HopSet(const Json& hop, bool entities) {
  if (entities && hop.is_object() && !hop.empty()) return FnObjectFromJson(hop.begin().value());
  return FnObjectFromJson(hop);
}

std::shared_ptr<const ItemFunction> MakeAll(bool entities) {
  std::string name = entities ? "ExtractWalkEntities" : "ExtractWalkEdges";
  return std::make_shared<LambdaItemFunction>(
      [entities, name](const FnObject& in) -> Result<FnObject> {
        QUARRY_ASSIGN_OR_RETURN(const Json* walk, WalkJson(in, name));
        std::vector<FnObject> out;
        for (const Json& hop : (*walk)[entities ? "entities" : "edges"]) {
          out.push_back(HopSet(hop, entities));
        }
        return FnObject::List(std::move(out));
      });
}

std::shared_ptr<const ItemFunction> MakeFromHop(bool entities, int64_t hop) {
  std::string name = entities ? "ExtractWalkEntitiesFromHop" : "ExtractWalkEdgesFromHop";
  return std::make_shared<LambdaItemFunction>(
      [entities, hop, name](const FnObject& in) -> Result<FnObject> {
        QUARRY_ASSIGN_OR_RETURN(const Json* walk, WalkJson(in, name));
        const Json& hops = (*walk)[entities ? "entities" : "edges"];
        if (hop < 0 || static_cast<size_t>(hop) >= hops.size()) {
          return InvalidArgumentError(name + ": the walk has no hop " + std::to_string(hop) + " (" +
                                      std::to_string(hops.size()) + " hops)");
        }
        return HopSet(hops[hop], entities);
      });
}

// Walk.getSourceVertex: the first edge's source, else the first vertex.
Result<FnObject> SourceVertex(const FnObject& in) {
  QUARRY_ASSIGN_OR_RETURN(const Json* walk, WalkJson(in, "ExtractWalkVertex"));
  const Json& edges = (*walk)["edges"];
  if (!edges.empty() && edges[0].is_array() && !edges[0].empty()) {
    const Json& edge = edges[0][0];
    if (edge.is_object() && edge.contains("source")) return FnObjectFromJson(edge["source"]);
  }
  const Json& entities = (*walk)["entities"];
  if (entities.empty() || !entities[0].is_object() || entities[0].empty()) return FnObject::Null();
  const Json& first = entities[0].begin().value();
  if (first.is_array() && !first.empty() && first[0].contains("vertex")) {
    return FnObjectFromJson(first[0]["vertex"]);
  }
  return FnObject::Of(Item(Value::String(entities[0].begin().key())));
}

}  // namespace

Result<std::shared_ptr<const ItemFunction>> ParseWalkFunction(std::string_view cls,
                                                              const Json& json,
                                                              std::string_view path) {
  if (Is(cls, "ExtractWalkEdges")) return MakeAll(/*entities=*/false);
  if (Is(cls, "ExtractWalkEntities")) return MakeAll(/*entities=*/true);
  if (Is(cls, "ExtractWalkVertex")) return std::make_shared<LambdaItemFunction>(&SourceVertex);
  bool edges = Is(cls, "ExtractWalkEdgesFromHop");
  if (!edges && !Is(cls, "ExtractWalkEntitiesFromHop")) return nullptr;
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> hop, jf::OptionalInt32(json, "hop", path));
  return MakeFromHop(/*entities=*/!edges, hop.value_or(0));
}

}  // namespace quarry::operations_internal
