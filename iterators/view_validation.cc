#include "iterators/view_validation.h"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "iterators/aggregate.h"

namespace quarry {
namespace {

constexpr std::string_view kEntityIdentifiers[] = {"VERTEX", "GROUP"};
constexpr std::string_view kEdgeIdentifiers[] = {
    "SOURCE", "DESTINATION", "DIRECTED", "MATCHED_VERTEX", "ADJACENT_MATCHED_VERTEX", "GROUP"};

std::vector<std::string> Names(const std::vector<const SchemaElementDefinition*>& defs) {
  std::vector<std::string> names;
  for (const SchemaElementDefinition* def : defs) names.push_back(def->group());
  return names;
}

// Validates one group's selections and names.
class GroupChecker {
 public:
  GroupChecker(const SchemaElementDefinition& def, const ViewElementDefinition& view)
      : def_(def), view_(view) {
    where_ = std::string("view ") + (def.is_entity() ? "entity" : "edge") + " group '" +
             def.group() + "': ";
  }

  Status Check(const Schema& schema) const {
    for (const auto& [name, type] : view_.transient_properties) {
      if (def_.FindProperty(name) != nullptr) {
        return Error("transientProperties: '" + name + "' is already a schema property");
      }
    }
    QUARRY_RETURN_IF_ERROR(
        CheckFilter(view_.pre_aggregation_filter, "preAggregationFilterFunctions"));
    QUARRY_RETURN_IF_ERROR(
        CheckFilter(view_.post_aggregation_filter, "postAggregationFilterFunctions"));
    QUARRY_RETURN_IF_ERROR(
        CheckFilter(view_.post_transform_filter, "postTransformFilterFunctions"));
    QUARRY_RETURN_IF_ERROR(CheckTransform());
    if (view_.properties.has_value() && !view_.exclude_properties.empty()) {
      return Error("properties and excludeProperties are both set");
    }
    const std::vector<std::string>* group_by =
        view_.group_by.has_value() ? &*view_.group_by : nullptr;
    return QueryAggregation::Create(schema, def_, group_by, view_.aggregator).status();
  }

 private:
  Status Error(const std::string& what) const { return InvalidArgumentError(where_ + what); }

  bool Known(std::string_view key) const {
    auto identifiers = def_.is_entity() ? std::span<const std::string_view>(kEntityIdentifiers)
                                        : std::span<const std::string_view>(kEdgeIdentifiers);
    if (std::find(identifiers.begin(), identifiers.end(), key) != identifiers.end()) return true;
    return def_.FindProperty(key) != nullptr || view_.TransientPropertyType(key).has_value();
  }

  Status CheckKeys(const std::vector<std::string>& keys, const std::string& field) const {
    for (const std::string& key : keys) {
      if (!Known(key)) return Error(field + " selects unknown property '" + key + "'");
    }
    return Status::OK();
  }

  // Gaffer's ViewValidator skips the type check of a filter whose selection
  // names a key the group does not have (its class is null), and at scan time
  // that key reads as null: a global filter on `startDate` applies to every
  // group and simply rejects the groups without it. So filters select freely.
  Status CheckFilter(const ElementFilter& filter, std::string_view field) const {
    (void)filter;
    (void)field;
    return Status::OK();
  }

  Status CheckTransform() const {
    for (size_t i = 0; i < view_.transform_functions.size(); ++i) {
      const TupleFunction& f = view_.transform_functions[i];
      std::string field = "transformFunctions[" + std::to_string(i) + "]";
      QUARRY_RETURN_IF_ERROR(CheckKeys(f.selection, field));
      for (const std::string& key : f.projection) {
        if (!Known(key)) return Error(field + " projects onto unknown property '" + key + "'");
      }
    }
    return Status::OK();
  }

  const SchemaElementDefinition& def_;
  const ViewElementDefinition& view_;
  std::string where_;
};

Status CheckGroups(const View::Groups& groups, ElementKind kind, const Schema& schema) {
  const char* kind_name = kind == ElementKind::kEntity ? "entity" : "edge";
  for (const auto& [group, definition] : groups) {
    const SchemaElementDefinition* def = schema.Group(group);
    if (def == nullptr || def->kind() != kind) {
      return InvalidArgumentError(std::string("view ") + kind_name + " group '" + group +
                                  "' is not an " + kind_name + " group of the schema");
    }
    QUARRY_RETURN_IF_ERROR(GroupChecker(*def, definition).Check(schema));
  }
  return Status::OK();
}

}  // namespace

Result<View> ExpandViewForSchema(const View& view, const Schema& schema) {
  return view.Expanded(Names(schema.entity_groups()), Names(schema.edge_groups()));
}

Status ValidateViewForSchema(const View& view, const Schema& schema) {
  QUARRY_RETURN_IF_ERROR(CheckGroups(view.entities(), ElementKind::kEntity, schema));
  return CheckGroups(view.edges(), ElementKind::kEdge, schema);
}

}  // namespace quarry
