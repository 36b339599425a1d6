// Schema: a Gaffer JSON schema, parsed, merged, parent-expanded, validated and
// bound to native types, serialisers, aggregators and validators.
//
// Build one with Schema::FromFiles / FromJsonStrings; the result is immutable
// and shared as std::shared_ptr<const Schema>.
//
// Errors name the file, the JSON path and what is wrong, e.g.
//   "types.json: types.count.class: unknown class 'java.lang.Lnog'".
// The rules (merge §2.7, parents §2.8, validation §2.6 and more) are listed in
// schema/internal/schema_merge.h, schema_checks.h and schema_builder.h.
// Decisions beyond Gaffer:
// * A parent that does not exist is an error (Gaffer silently keeps it).
// * The timestamp property must be a Long, may not be a groupBy property,
//   and its type must aggregate with Max (AccumuloStore's rule).
// * The visibility property must be a String or byte[]; it MAY be a groupBy
//   property (Gaffer's own AccumuloStore test schema does this).
// * A class, serialiser, predicate or operator Quarry does not implement is
//   InvalidArgument naming it and its path, never ignored. Quarry implements
//   the gaffer-doc example classes its example schemas name
//   (ExampleTuple2BinaryOperator, VisibilityAggregator: see
//   graph-core/operators/gaffer_doc_operators.h; VisibilitySerialiser: see
//   schema/serialisers/visibility_serialiser.h).
// * An aggregateFunctions entry with a tuple operator
//   (BinaryOperator::IsTupleOperator) must select exactly TupleSize()
//   properties when that is non-zero; a per-value operator may select any
//   number and folds each independently. Accepts() is checked per selected
//   property for per-value operators only.
// * A class Gaffer would store with JavaSerialiser (HashSet, ArrayList,
//   HashMap, TreeMap) with no serialiser named gets Quarry's
//   TypedCollectionSerialiser (schema/serialisers/typed_collection_serialiser.h).
//
// Thread safety: immutable after construction; safe to share.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/enums.h"
#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "graph-core/status.h"
#include "graph-core/value.h"
#include "schema/serialiser.h"

namespace quarry {

struct TypeDefinition {
  std::string name;        // The type's key in "types", e.g. "count.long".
  std::string class_name;  // Full Java class name, e.g. "java.lang.Long".
  ValueType value_type = ValueType::kNull;
  std::shared_ptr<const Serialiser> serialiser;              // Never null once built.
  std::shared_ptr<const BinaryOperator> aggregate_function;  // May be null.
  std::vector<std::shared_ptr<const Predicate>> validate_functions;
  std::string description;
};

struct PropertyDefinition {
  std::string name;
  const TypeDefinition* type = nullptr;  // Owned by the Schema.
};

class SchemaElementDefinition {
 public:
  const std::string& group() const { return group_; }
  ElementKind kind() const { return kind_; }
  bool is_entity() const { return kind_ == ElementKind::kEntity; }

  // Identifier types: vertex for entities; source, destination, directed for edges.
  const TypeDefinition* vertex_type() const { return vertex_type_; }
  const TypeDefinition* source_type() const { return source_type_; }
  const TypeDefinition* destination_type() const { return destination_type_; }
  const TypeDefinition* directed_type() const { return directed_type_; }  // May be null.

  // Properties in schema order (this order fixes the stored value layout).
  const std::vector<PropertyDefinition>& properties() const { return properties_; }
  const PropertyDefinition* FindProperty(std::string_view name) const;
  // Index into properties(), or -1.
  int PropertyIndex(std::string_view name) const;

  const std::vector<std::string>& group_by() const { return group_by_; }
  bool IsGroupBy(std::string_view property) const;
  bool aggregate() const { return aggregate_; }
  const std::string& description() const { return description_; }

  // Element-level validateFunctions (with selections).
  const ElementFilter& validate_functions() const { return validate_functions_; }
  // Element-level aggregateFunctions (override type-level aggregators).
  const std::vector<TupleBinaryOperator>& aggregate_functions() const {
    return aggregate_functions_;
  }

  // The aggregator for one property: the element-level one that selects it,
  // else its type's aggregateFunction; null if none or if !aggregate().
  // For display and checks only: it may be a tuple operator, whose Apply()
  // on a single value fails; aggregate with the tuple lists below.
  const BinaryOperator* AggregatorFor(std::string_view property) const;

  // Gaffer's aggregators as lists of tuple operators (gaffer-compat.md §2.5);
  // all are empty when !aggregate(). Apply each with
  // TupleBinaryOperator::Apply(&state_properties, input_properties), which
  // folds a per-value operator's properties independently and a tuple
  // operator's (e.g. ExampleTuple2BinaryOperator) together.
  //
  // Full: the element-level aggregateFunctions, then the type-level
  // aggregateFunction of every property they do not select, in property order.
  const std::vector<TupleBinaryOperator>& full_aggregator() const { return full_aggregator_; }
  // Ingest (identical keys merged at write and compaction): as full, without
  // the groupBy properties and the visibility property (part of the key).
  // Element-level tuples selecting a groupBy property are left out.
  const std::vector<TupleBinaryOperator>& ingest_aggregator() const { return ingest_aggregator_; }
  // Query time: `view_group_by` (nullptr = the schema's groupBy) is the
  // effective groupBy; the view's aggregator tuples come first, then the
  // element-level tuples unless all their properties are in the effective
  // groupBy or all are covered by the view aggregator, then the type-level
  // aggregator of every remaining property not in the effective groupBy
  // (the visibility property included).
  std::vector<TupleBinaryOperator> QueryAggregator(
      const std::vector<std::string>* view_group_by,
      const std::vector<TupleBinaryOperator>& view_aggregator) const;

  // Gaffer's full validator (element-level functions, then each identifier's
  // and each property's type validators). With `include_is_a`, also checks
  // that identifier and property values have the schema's class. Returns
  // InvalidArgument naming the group and the failing key.
  Status Validate(const Element& element, bool include_is_a) const;

 private:
  friend class SchemaBuilder;

  std::string group_;
  ElementKind kind_ = ElementKind::kEntity;
  const TypeDefinition* vertex_type_ = nullptr;
  const TypeDefinition* source_type_ = nullptr;
  const TypeDefinition* destination_type_ = nullptr;
  const TypeDefinition* directed_type_ = nullptr;
  std::vector<PropertyDefinition> properties_;
  std::vector<std::string> group_by_;
  bool aggregate_ = true;
  std::string description_;
  ElementFilter validate_functions_;
  std::vector<TupleBinaryOperator> aggregate_functions_;
  std::vector<TupleBinaryOperator> full_aggregator_;
  std::vector<TupleBinaryOperator> ingest_aggregator_;
};

class Schema {
 public:
  // Parses and merges the files in order (elements + types split as Gaffer
  // allows), expands parents and validates.
  static Result<std::shared_ptr<const Schema>> FromFiles(const std::vector<std::string>& paths);
  // As FromFiles; `names[i]` labels `jsons[i]` in error messages.
  static Result<std::shared_ptr<const Schema>> FromJsonStrings(
      const std::vector<std::string>& jsons, const std::vector<std::string>& names);

  // nullptr if the group is not in the schema.
  const SchemaElementDefinition* Group(std::string_view group) const;
  // Sorted by group name.
  const std::vector<const SchemaElementDefinition*>& entity_groups() const { return entities_; }
  const std::vector<const SchemaElementDefinition*>& edge_groups() const { return edges_; }
  // nullptr if unknown or used by no group (Gaffer's SchemaOptimiser drops
  // unused types; json() still lists them).
  const TypeDefinition* Type(std::string_view name) const;

  // The one serialiser for all vertices (explicit vertexSerialiser, or chosen
  // from the vertex classes as Gaffer's SchemaOptimiser does). Order-preserving.
  const Serialiser& vertex_serialiser() const { return *vertex_serialiser_; }

  // The property holding the Accumulo visibility expression, if any.
  const std::optional<std::string>& visibility_property() const { return visibility_property_; }
  // config.timestampProperty (or v1's top-level timestampProperty), if any.
  const std::optional<std::string>& timestamp_property() const { return timestamp_property_; }

  // The merged, parent-expanded schema as Gaffer JSON (one document; v1 keys
  // written in their v2 form; properties in schema order). Loading
  // json().dump() again gives an equal schema: persist this.
  const Json& json() const { return json_; }

 private:
  friend class SchemaBuilder;

  std::map<std::string, std::unique_ptr<TypeDefinition>, std::less<>> types_;
  std::map<std::string, std::unique_ptr<SchemaElementDefinition>, std::less<>> groups_;
  std::vector<const SchemaElementDefinition*> entities_;
  std::vector<const SchemaElementDefinition*> edges_;
  std::shared_ptr<const Serialiser> vertex_serialiser_;
  std::optional<std::string> visibility_property_;
  std::optional<std::string> timestamp_property_;
  Json json_;
};

}  // namespace quarry
