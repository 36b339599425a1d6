// View: which groups an operation returns and how each is filtered,
// aggregated, transformed and trimmed (gaffer-compat.md §8).
//
// A parsed View is exactly what the JSON said. Expanded() turns it into the
// view a store runs (Graph.updateOperationChainView followed by
// View.expandGlobalDefinitions): group selection defaults applied and global
// definitions merged into each group. Schema-aware checks (unknown groups,
// groupBy a prefix of the schema groupBy, transient properties clashing with
// schema properties) belong to the layers that hold the schema.
//
// Thread safety: a value type; const access from many threads is safe.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/enums.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/view_element_definition.h"

namespace quarry {

class View {
 public:
  // Group name -> definition, in JSON order, names unique.
  using Groups = std::vector<std::pair<std::string, ViewElementDefinition>>;

  View() = default;

  // The view Gaffer uses for a null operation view (GraphConfig's default):
  // every group, no filters.
  static View AllGroups(const std::vector<std::string>& entity_groups,
                        const std::vector<std::string>& edge_groups);

  const Groups& entities() const { return entities_; }
  const Groups& edges() const { return edges_; }
  bool has_entities() const { return !entities_.empty(); }
  bool has_edges() const { return !edges_.empty(); }
  bool has_groups() const { return has_entities() || has_edges(); }

  // The definition of a group, or nullptr if the view does not list it.
  const ViewElementDefinition* GetEntity(std::string_view group) const;
  const ViewElementDefinition* GetEdge(std::string_view group) const;
  const ViewElementDefinition* Get(ElementKind kind, std::string_view group) const;

  const std::vector<GlobalViewElementDefinition>& global_elements() const {
    return global_elements_;
  }
  const std::vector<GlobalViewElementDefinition>& global_entities() const {
    return global_entities_;
  }
  const std::vector<GlobalViewElementDefinition>& global_edges() const { return global_edges_; }
  bool all_entities() const { return all_entities_; }
  bool all_edges() const { return all_edges_; }
  // "config": string options in JSON order (e.g. skipViewValidation).
  const std::vector<std::pair<std::string, std::string>>& config() const { return config_; }

  // Adds or replaces a group's definition (keeps its position if present).
  void SetEntity(std::string group, ViewElementDefinition definition);
  void SetEdge(std::string group, ViewElementDefinition definition);
  void set_all_entities(bool v) { all_entities_ = v; }
  void set_all_edges(bool v) { all_edges_ = v; }

  // The view to execute against a graph whose schema has these groups:
  // - no groups and neither allEdges nor allEntities: every schema group
  //   (only the entity groups if the view has only globalEntities, only the
  //   edge groups if only globalEdges);
  // - allEntities / allEdges: adds the missing schema groups of that kind;
  // - then global definitions are merged into each group (globalElements,
  //   then globalEntities / globalEdges, then the group's own definition;
  //   see ViewElementDefinition::Merge) and cleared.
  // InvalidArgument if a globalEntities / globalEdges "groups" entry names a
  // group the view does not have (globalElements skips such groups), or a
  // merge conflicts. allEntities / allEdges are cleared in the result.
  Result<View> Expanded(const std::vector<std::string>& entity_groups,
                        const std::vector<std::string>& edge_groups) const;

  // Gaffer's JSON (empty lists and false flags left out).
  Json ToJson() const;

 private:
  friend Result<View> ParseView(const Json& json, std::string_view path);

  Groups entities_;
  Groups edges_;
  std::vector<GlobalViewElementDefinition> global_elements_;
  std::vector<GlobalViewElementDefinition> global_entities_;
  std::vector<GlobalViewElementDefinition> global_edges_;
  bool all_entities_ = false;
  bool all_edges_ = false;
  std::vector<std::pair<std::string, std::string>> config_;
};

// Parses a view object. A JSON null gives an empty View (which Expanded()
// turns into all groups). Unknown fields are ignored. InvalidArgument naming
// the JSON path on a malformed field.
Result<View> ParseView(const Json& json, std::string_view path);

}  // namespace quarry
