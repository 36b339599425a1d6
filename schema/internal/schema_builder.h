// SchemaBuilder: binds a merged, parent-expanded, structurally checked
// RawSchema to native serialisers, predicates and binary operators, runs the
// binding-time checks and produces the immutable Schema.
//
// Binding-time checks (InvalidArgument naming file and path):
// * every class, serialiser, predicate and operator is known;
// * a type's serialiser can handle its class;
// * types used as a groupBy property get Gaffer's default serialiser with
//   preserve_order and consistent (§2.9); an explicit one must be consistent;
// * the vertex serialiser (explicit, or chosen as §2.9) is consistent,
//   order-preserving and handles every vertex class;
// * in an aggregated group, every property's per-value aggregator accepts its
//   class; a tuple operator (BinaryOperator::IsTupleOperator) with a non-zero
//   TupleSize() selects exactly that many properties.
// Types no group uses are dropped (Gaffer's SchemaOptimiser) after their
// class, serialiser, validators and aggregator have been checked;
// Schema::json() still lists them.
//
// Thread safety: one builder per thread.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "graph-core/status.h"
#include "schema/internal/raw_schema.h"
#include "schema/schema.h"

namespace quarry {

class SchemaBuilder {
 public:
  // REQUIRES: `raw` passed schema_internal::CheckRawSchema.
  static Result<std::shared_ptr<const Schema>> Build(schema_internal::RawSchema raw);

 private:
  explicit SchemaBuilder(schema_internal::RawSchema raw);

  Status BindTypes();
  Status CheckUnusedType(const schema_internal::RawTypeDef& raw) const;
  Result<std::unique_ptr<TypeDefinition>> BindType(const schema_internal::RawTypeDef& raw,
                                                   bool used_in_key);
  Status BindSerialiser(const schema_internal::RawTypeDef& raw, bool used_in_key,
                        TypeDefinition* type);
  Status BindGroups();
  Result<std::unique_ptr<SchemaElementDefinition>> BindGroup(
      const schema_internal::RawElementDef& raw);
  static Status CheckTupleSize(const schema_internal::RawTupleFunction& raw,
                               const TupleBinaryOperator& op);
  Status CheckAggregatorsAccept(const schema_internal::RawElementDef& raw,
                                const SchemaElementDefinition& def);
  void DeriveAggregators(SchemaElementDefinition* def) const;
  Status BindVertexSerialiser();
  Status ChooseVertexSerialiser();

  const TypeDefinition* BoundType(const std::string& name) const;

  schema_internal::RawSchema raw_;
  std::shared_ptr<Schema> schema_;
  std::set<std::string> group_by_types_;  // Types used as a groupBy property.
  std::set<std::string> vertex_types_;    // Types used as VERTEX, SOURCE or DESTINATION.
  std::set<std::string> used_types_;      // Types any group uses.
};

}  // namespace quarry
