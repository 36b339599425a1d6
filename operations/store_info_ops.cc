// What the store can do and what its schema is: GetTraits, HasTrait and
// GetSchema's compact form.
#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <string_view>

#include "graph-core/json_fields.h"
#include "iterators/validate.h"
#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

// Gaffer's StoreTrait names, in declaration order. Quarry's store has every
// trait of Gaffer's AccumuloStore (AccumuloStore.TRAITS), which is all of
// them.
constexpr std::array<std::string_view, 10> kStoreTraits = {"INGEST_AGGREGATION",
                                                           "QUERY_AGGREGATION",
                                                           "PRE_AGGREGATION_FILTERING",
                                                           "POST_AGGREGATION_FILTERING",
                                                           "POST_TRANSFORMATION_FILTERING",
                                                           "TRANSFORMATION",
                                                           "STORE_VALIDATION",
                                                           "ORDERED",
                                                           "VISIBILITY",
                                                           "MATCHED_VERTEX"};

struct SchemaFeatures {
  bool aggregated_groups = false;
  bool group_by = false;
  bool validation = false;
  bool visibility = false;
};

SchemaFeatures FeaturesOf(const Schema& schema) {
  SchemaFeatures f;
  f.visibility = schema.visibility_property().has_value();
  for (const auto* groups : {&schema.entity_groups(), &schema.edge_groups()}) {
    for (const SchemaElementDefinition* def : *groups) {
      f.aggregated_groups = f.aggregated_groups || def->aggregate();
      f.group_by = f.group_by || !def->group_by().empty();
      f.validation = f.validation || HasValidators(*def);
    }
  }
  return f;
}

// GetTraitsHandler: every store trait, or with currentTraits those this
// schema can use (createCurrentTraits).
std::vector<std::string_view> Traits(const Schema& schema, bool current) {
  std::vector<std::string_view> traits(kStoreTraits.begin(), kStoreTraits.end());
  if (!current) return traits;
  SchemaFeatures f = FeaturesOf(schema);
  auto drop = [&traits](std::string_view t) { std::erase(traits, t); };
  if (!f.aggregated_groups) {
    drop("INGEST_AGGREGATION");
    drop("QUERY_AGGREGATION");
  }
  if (!f.group_by && f.aggregated_groups) drop("QUERY_AGGREGATION");
  if (!f.validation) drop("STORE_VALIDATION");
  if (!f.visibility) drop("VISIBILITY");
  return traits;
}

bool IsStoreTrait(std::string_view name) {
  for (std::string_view t : kStoreTraits) {
    if (t == name) return true;
  }
  return false;
}

}  // namespace

Result<StepOutput> RunTraits(const Operation& op, const ExecContext& ctx) {
  std::vector<std::string_view> traits = Traits(*ctx.graph->schema(), op.current_traits);
  if (op.kind == OperationKind::kGetTraits) {
    std::vector<Item> items;
    for (std::string_view t : traits) items.push_back(Item(Value::String(std::string(t))));
    return StepOutput::Stream(MakeVectorStream(std::move(items)));
  }
  if (!IsStoreTrait(op.trait)) {
    return InvalidArgumentError(json_fields::Join(op.path, "trait") + ": unknown store trait '" +
                                op.trait + "'");
  }
  bool has = std::find(traits.begin(), traits.end(), op.trait) != traits.end();
  return StepOutput::Value(Json(has));
}

namespace {

// The names of the types some group's properties use.
std::set<std::string> PropertyTypeNames(const Schema& schema) {
  std::set<std::string> names;
  for (const auto* groups : {&schema.entity_groups(), &schema.edge_groups()}) {
    for (const SchemaElementDefinition* def : *groups) {
      for (const PropertyDefinition& p : def->properties()) {
        if (p.type != nullptr) names.insert(p.type->name);
      }
    }
  }
  return names;
}

}  // namespace

// Gaffer's Schema.toCompactJson of the store's (optimised) schema: no
// descriptions, and the serialisers the store chose written out: each
// property type's (identifier types have none) and the vertex serialiser.
Json SchemaJson(const Schema& schema, bool compact) {
  Json json = schema.json();
  if (!compact) return json;
  std::set<std::string> property_types = PropertyTypeNames(schema);
  for (const char* kind : {"entities", "edges"}) {
    if (!json.contains(kind) || !json[kind].is_object()) continue;
    for (auto& [group, def] : json[kind].items()) {
      if (def.is_object()) def.erase("description");
    }
  }
  if (json.contains("types") && json["types"].is_object()) {
    for (auto& [name, type] : json["types"].items()) {
      if (!type.is_object()) continue;
      type.erase("description");
      const TypeDefinition* def = schema.Type(name);
      if (def != nullptr && def->serialiser != nullptr && property_types.contains(name) &&
          !type.contains("serialiser")) {
        type["serialiser"] = def->serialiser->ToJson();
      }
    }
  }
  json["vertexSerialiser"] = schema.vertex_serialiser().ToJson();
  return json;
}

}  // namespace quarry::operations_internal
