#include "schema/internal/schema_builder.h"

#include <algorithm>

#include "schema/internal/schema_json.h"

namespace quarry {

using schema_internal::Origin;
using schema_internal::RawElementDef;
using schema_internal::RawFunction;
using schema_internal::RawTupleFunction;
using schema_internal::RawTypeDef;
using schema_internal::RawTypeRef;
using schema_internal::SchemaError;

namespace {

// The full class name to report: as written when qualified, else Gaffer's.
std::string FullClassName(const std::string& written, ValueType type) {
  if (written.find('.') != std::string::npos || written == "byte[]") return written;
  return std::string(JavaClassName(type));
}

std::string OperatorName(const BinaryOperator& op) {
  return schema_internal::FunctionClassName(op.ToJson());
}

}  // namespace

SchemaBuilder::SchemaBuilder(schema_internal::RawSchema raw)
    : raw_(std::move(raw)), schema_(std::make_shared<Schema>()) {
  for (const schema_internal::RawGroups* groups : {&raw_.entities, &raw_.edges}) {
    for (const auto& [name, def] : *groups) {
      for (const RawTypeRef& id : def.identifiers) {
        used_types_.insert(id.type);
        if (id.name != "DIRECTED") vertex_types_.insert(id.type);
      }
      for (const RawTypeRef& p : def.properties) used_types_.insert(p.type);
      for (const std::string& g : def.group_by) {
        if (const RawTypeRef* p = def.FindProperty(g)) group_by_types_.insert(p->type);
      }
    }
  }
}

Result<std::shared_ptr<const Schema>> SchemaBuilder::Build(schema_internal::RawSchema raw) {
  SchemaBuilder builder(std::move(raw));
  QUARRY_RETURN_IF_ERROR(builder.BindTypes());
  QUARRY_RETURN_IF_ERROR(builder.BindGroups());
  QUARRY_RETURN_IF_ERROR(builder.BindVertexSerialiser());
  Schema& s = *builder.schema_;
  s.visibility_property_ = builder.raw_.visibility_property;
  s.timestamp_property_ = builder.raw_.timestamp_property();
  s.json_ = schema_internal::RawSchemaToJson(builder.raw_);
  return std::shared_ptr<const Schema>(std::move(builder.schema_));
}

const TypeDefinition* SchemaBuilder::BoundType(const std::string& name) const {
  auto it = schema_->types_.find(name);
  return it == schema_->types_.end() ? nullptr : it->second.get();
}

Status SchemaBuilder::BindTypes() {
  for (const auto& [name, raw] : raw_.types) {
    if (!used_types_.count(name)) {  // Gaffer's SchemaOptimiser drops unused types...
      QUARRY_RETURN_IF_ERROR(CheckUnusedType(raw));  // ...after reading them.
      continue;
    }
    bool in_key = group_by_types_.count(name) || vertex_types_.count(name);
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<TypeDefinition> type, BindType(raw, in_key));
    schema_->types_.emplace(name, std::move(type));
  }
  return Status::OK();
}

// An unused type is not bound, but its serialiser, validators and aggregator
// must still name known classes (Gaffer's JSON reader resolves them all).
Status SchemaBuilder::CheckUnusedType(const RawTypeDef& raw) const {
  if (raw.serialiser) {
    QUARRY_RETURN_IF_ERROR(
        ParseSerialiser(raw.serialiser->json, raw.serialiser->origin.Where()).status());
  }
  if (raw.aggregate_function) {
    QUARRY_RETURN_IF_ERROR(
        ParseBinaryOperator(raw.aggregate_function->json, raw.aggregate_function->origin.Where())
            .status());
  }
  for (const RawFunction& f : raw.validate_functions) {
    QUARRY_RETURN_IF_ERROR(ParsePredicate(f.json, f.origin.Where()).status());
  }
  return Status::OK();
}

Result<std::unique_ptr<TypeDefinition>> SchemaBuilder::BindType(const RawTypeDef& raw,
                                                                bool used_in_key) {
  auto type = std::make_unique<TypeDefinition>();
  type->name = raw.name;
  Result<ValueType> vt = ValueTypeFromClassName(raw.class_name.value_or(""));
  if (!vt.ok()) return SchemaError(raw.class_origin, vt.status().message());
  type->value_type = *vt;
  type->class_name = FullClassName(*raw.class_name, *vt);
  type->description = raw.description.value_or("");
  QUARRY_RETURN_IF_ERROR(BindSerialiser(raw, used_in_key, type.get()));
  if (raw.aggregate_function) {
    QUARRY_ASSIGN_OR_RETURN(
        std::unique_ptr<BinaryOperator> op,
        ParseBinaryOperator(raw.aggregate_function->json, raw.aggregate_function->origin.Where()));
    type->aggregate_function = std::move(op);
  }
  for (const RawFunction& f : raw.validate_functions) {
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Predicate> p, ParsePredicate(f.json, f.origin.Where()));
    type->validate_functions.push_back(std::move(p));
  }
  return type;
}

Status SchemaBuilder::BindSerialiser(const RawTypeDef& raw, bool used_in_key,
                                     TypeDefinition* type) {
  std::string class_name(JavaClassName(type->value_type));
  if (!raw.serialiser) {
    auto s = DefaultSerialiser(type->value_type, used_in_key, used_in_key);
    if (!s.ok()) {
      return SchemaError(
          raw.origin,
          "no " + std::string(used_in_key ? "order-preserving, consistent " : "") +
              "serialiser for class " + class_name +
              (used_in_key ? " (the type is used as a groupBy property or vertex)" : "") + ": " +
              s.status().message());
    }
    type->serialiser = *s;
    return Status::OK();
  }
  const Origin& origin = raw.serialiser->origin;
  QUARRY_ASSIGN_OR_RETURN(type->serialiser, ParseSerialiser(raw.serialiser->json, origin.Where()));
  std::string name(type->serialiser->ClassName());
  if (!type->serialiser->CanHandle(type->value_type)) {
    return SchemaError(origin, "serialiser '" + name + "' cannot handle class " + class_name);
  }
  if (group_by_types_.count(raw.name) && !type->serialiser->IsConsistent()) {
    return SchemaError(origin, "serialiser '" + name + "' is not consistent, so type '" + raw.name +
                                   "' cannot be used as a groupBy property");
  }
  return Status::OK();
}

Status SchemaBuilder::BindGroups() {
  for (const schema_internal::RawGroups* groups : {&raw_.entities, &raw_.edges}) {
    for (const auto& [name, raw] : *groups) {
      QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<SchemaElementDefinition> def, BindGroup(raw));
      QUARRY_RETURN_IF_ERROR(CheckAggregatorsAccept(raw, *def));
      DeriveAggregators(def.get());
      auto& list = raw.kind == ElementKind::kEntity ? schema_->entities_ : schema_->edges_;
      list.push_back(def.get());
      schema_->groups_.emplace(name, std::move(def));
    }
  }
  return Status::OK();
}

Result<std::unique_ptr<SchemaElementDefinition>> SchemaBuilder::BindGroup(
    const RawElementDef& raw) {
  auto def = std::make_unique<SchemaElementDefinition>();
  def->group_ = raw.group;
  def->kind_ = raw.kind;
  for (const RawTypeRef& id : raw.identifiers) {
    const TypeDefinition* type = BoundType(id.type);
    if (id.name == "VERTEX") def->vertex_type_ = type;
    if (id.name == "SOURCE") def->source_type_ = type;
    if (id.name == "DESTINATION") def->destination_type_ = type;
    if (id.name == "DIRECTED") def->directed_type_ = type;
  }
  for (const RawTypeRef& p : raw.properties) {
    def->properties_.push_back(PropertyDefinition{p.name, BoundType(p.type)});
  }
  def->group_by_ = raw.group_by;
  def->aggregate_ = raw.aggregate;
  def->description_ = raw.description.value_or("");
  std::vector<TuplePredicate> validators;
  for (const RawTupleFunction& f : raw.validate_functions) {
    QUARRY_ASSIGN_OR_RETURN(TuplePredicate p, ParseTuplePredicate(f.json, f.origin.Where()));
    validators.push_back(std::move(p));
  }
  def->validate_functions_ = ElementFilter(std::move(validators));
  for (const RawTupleFunction& f : raw.aggregate_functions) {
    QUARRY_ASSIGN_OR_RETURN(TupleBinaryOperator op,
                            ParseTupleBinaryOperator(f.json, f.origin.Where()));
    QUARRY_RETURN_IF_ERROR(CheckTupleSize(f, op));
    def->aggregate_functions_.push_back(std::move(op));
  }
  return def;
}

// A tuple operator with a fixed arity must select exactly that many properties.
Status SchemaBuilder::CheckTupleSize(const RawTupleFunction& raw, const TupleBinaryOperator& op) {
  size_t want = op.op->TupleSize();
  if (!op.op->IsTupleOperator() || want == 0 || op.selection.size() == want) return Status::OK();
  return SchemaError(raw.origin.Field("selection"), "tuple operator '" + OperatorName(*op.op) +
                                                        "' needs a selection of " +
                                                        std::to_string(want) + " properties, not " +
                                                        std::to_string(op.selection.size()));
}

// Gaffer's full and ingest aggregators (§2.5). Unlike Gaffer, an
// element-level tuple selecting only the visibility property is left out of
// the ingest aggregator too: the visibility is part of the key.
void SchemaBuilder::DeriveAggregators(SchemaElementDefinition* def) const {
  if (!def->aggregate_) return;
  const std::optional<std::string>& visibility = raw_.visibility_property;
  auto in_key = [&](const std::string& p) {
    return def->IsGroupBy(p) || (visibility && p == *visibility);
  };
  std::set<std::string> covered;
  for (const TupleBinaryOperator& t : def->aggregate_functions_) {
    covered.insert(t.selection.begin(), t.selection.end());
    def->full_aggregator_.push_back(t);
    if (std::none_of(t.selection.begin(), t.selection.end(), in_key)) {
      def->ingest_aggregator_.push_back(t);
    }
  }
  for (const PropertyDefinition& p : def->properties_) {
    if (covered.count(p.name) || !p.type->aggregate_function) continue;
    TupleBinaryOperator t{{p.name}, p.type->aggregate_function};
    def->full_aggregator_.push_back(t);
    if (!in_key(p.name)) def->ingest_aggregator_.push_back(t);
  }
}

Status SchemaBuilder::CheckAggregatorsAccept(const RawElementDef& raw,
                                             const SchemaElementDefinition& def) {
  if (!def.aggregate()) return Status::OK();
  for (const PropertyDefinition& p : def.properties()) {
    const BinaryOperator* op = def.AggregatorFor(p.name);
    // A tuple operator sees the whole selection; it checks values itself.
    if (op == nullptr || op->IsTupleOperator() || op->Accepts(p.type->value_type)) continue;
    // Name where the operator is written: the element-level tuple, else the type.
    Origin origin = raw_.FindType(p.type->name)->origin.Field("aggregateFunction");
    for (size_t i = 0; i < def.aggregate_functions().size(); ++i) {
      const auto& sel = def.aggregate_functions()[i].selection;
      if (std::find(sel.begin(), sel.end(), p.name) != sel.end()) {
        origin = raw.aggregate_functions[i].origin;
        break;
      }
    }
    return SchemaError(origin, "aggregator '" + OperatorName(*op) +
                                   "' cannot aggregate property '" + p.name + "' of group '" +
                                   def.group() + "' (class " +
                                   std::string(JavaClassName(p.type->value_type)) + ")");
  }
  return Status::OK();
}

Status SchemaBuilder::BindVertexSerialiser() {
  if (!raw_.vertex_serialiser) return ChooseVertexSerialiser();
  const Origin& origin = raw_.vertex_serialiser->origin;
  QUARRY_ASSIGN_OR_RETURN(schema_->vertex_serialiser_,
                          ParseSerialiser(raw_.vertex_serialiser->json, origin.Where()));
  const Serialiser& s = *schema_->vertex_serialiser_;
  std::string name(s.ClassName());
  if (!s.IsConsistent() || !s.PreservesOrder()) {
    return SchemaError(origin,
                       "vertex serialiser '" + name + "' must be consistent and order-preserving");
  }
  for (const std::string& type_name : vertex_types_) {
    const TypeDefinition* type = BoundType(type_name);
    if (!s.CanHandle(type->value_type)) {
      return SchemaError(origin, "vertex serialiser '" + name + "' cannot handle class " +
                                     std::string(JavaClassName(type->value_type)) +
                                     " of vertex type '" + type_name + "'");
    }
  }
  return Status::OK();
}

// Gaffer's SchemaOptimiser choice: one vertex class -> its default
// order-preserving consistent serialiser; several -> the first such default
// serialiser (in vertex type order) that handles them all.
Status SchemaBuilder::ChooseVertexSerialiser() {
  std::vector<ValueType> classes;
  for (const std::string& type_name : vertex_types_) {
    ValueType vt = BoundType(type_name)->value_type;
    if (std::find(classes.begin(), classes.end(), vt) == classes.end()) classes.push_back(vt);
  }
  for (ValueType candidate_class : classes) {
    auto candidate = DefaultSerialiser(candidate_class, true, true);
    if (!candidate.ok()) continue;
    bool handles_all = std::all_of(classes.begin(), classes.end(),
                                   [&](ValueType vt) { return (*candidate)->CanHandle(vt); });
    if (handles_all) {
      schema_->vertex_serialiser_ = *candidate;
      return Status::OK();
    }
  }
  std::string names;
  for (ValueType vt : classes)
    names += (names.empty() ? "" : ", ") + std::string(JavaClassName(vt));
  return InvalidArgumentError(raw_.entities.empty() && raw_.edges.empty()
                                  ? "schema: no vertex types"
                                  : "schema: no order-preserving, consistent serialiser handles "
                                    "every vertex class (" +
                                        names + "); set \"vertexSerialiser\"");
}

}  // namespace quarry
