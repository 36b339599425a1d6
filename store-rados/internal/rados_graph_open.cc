// RadosGraph: Create, Open and the metadata object
// (internal/graph_metadata.h).
#include <cerrno>
#include <set>

#include "cls/batch_format.h"
#include "graph-core/clock.h"
#include "iterators/visibility.h"
#include "keypackages/key_format.h"
#include "store-rados/internal/graph_metadata.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/internal/schema_change.h"
#include "store-rados/rados_kv_iterator.h"
#include "store/schema_migration.h"

namespace quarry::internal {
namespace {

// The tablets: created (or reset, after an interrupted create) with the
// schema xattrs the object class reads, in parallel.
Status CreateTablets(librados::IoCtx& io, const TabletMap& map, const std::string& schema_json,
                     std::string_view package, uint32_t value_format) {
  auto reset = [&](librados::ObjectWriteOperation* op) {
    op->create(false);
    op->omap_clear();
    op->setxattr(cls::kSchemaXattr, BufferOf(schema_json));
    op->setxattr(cls::kKeyPackageXattr, BufferOf(package));
    op->setxattr(cls::kValueFormatXattr, BufferOf(std::to_string(value_format)));
  };
  return WriteEachTablet(io, map, reset, 0, "creating the tablet objects");
}

// What the metadata object says the graph is.
struct StoredMeta {
  uint64_t tablets = 0;
  uint64_t created = 0;
  std::string package;
  uint32_t value_format = 0;
  std::string schema_json;
  std::shared_ptr<const Schema> schema;
  uint64_t schema_version = 0;          // kMetaSchemaVersion (schema_change.h).
  uint64_t tablets_schema_version = 0;  // kMetaTabletsSchemaVersion.
};

// Reads and verifies the metadata object of the graph `props` name.
Result<StoredMeta> ReadStoredMeta(librados::IoCtx& io, const RadosProperties& props) {
  const std::string meta_object = TabletMap(props.graph, 1).MetaObject();
  librados::bufferlist state;
  int r = io.getxattr(meta_object, kStateXattr, state);
  if (r == -ENOENT) {
    return NotFoundError("no RADOS graph '" + props.graph + "' in pool " + props.pool);
  }
  QUARRY_RETURN_IF_ERROR(FromRados(r, "reading " + meta_object));
  if (state.to_str() != kStateReady) {
    return FailedPreconditionError("RADOS graph '" + props.graph +
                                   "': its create did not finish (state " + state.to_str() + ")");
  }
  MetaValues meta;
  QUARRY_RETURN_IF_ERROR(FromRados(io.omap_get_vals_by_keys(meta_object, GraphMetaKeys(), &meta),
                                   "reading " + meta_object));
  QUARRY_RETURN_IF_ERROR(CheckGraphMeta(meta));
  StoredMeta out;
  QUARRY_ASSIGN_OR_RETURN(out.tablets, MetaNumber(meta, kMetaTablets));
  QUARRY_ASSIGN_OR_RETURN(out.created, MetaNumber(meta, kMetaCreatedMs));
  QUARRY_ASSIGN_OR_RETURN(out.value_format, StoredValueFormat(meta));
  QUARRY_ASSIGN_OR_RETURN(out.schema_version, OptionalMetaNumber(meta, kMetaSchemaVersion));
  QUARRY_ASSIGN_OR_RETURN(out.tablets_schema_version,
                          OptionalMetaNumber(meta, kMetaTabletsSchemaVersion));
  out.schema_json = meta[kMetaSchema].to_str();
  out.package = meta[kMetaKeyPackage].to_str();
  auto parsed = Schema::FromJsonStrings({out.schema_json}, {meta_object + " quarry.schema"});
  if (!parsed.ok()) return DataLossError(parsed.status().message());
  out.schema = *std::move(parsed);
  return out;
}

// With `proposed` differing from the stored schema: the migration rules
// (store/schema_migration.h), then the change stored with a compare-and-set
// (schema_change.h), re-read and re-checked if another client changed the
// schema meanwhile.
Status AdoptSchema(librados::IoCtx& io, const RadosProperties& props,
                   std::shared_ptr<const Schema> proposed, StoredMeta* meta) {
  constexpr int kAttempts = 5;
  if (proposed == nullptr) return Status::OK();
  const std::string json = proposed->json().dump();
  const std::string meta_object = TabletMap(props.graph, 1).MetaObject();
  for (int attempt = 1;; ++attempt) {
    if (json == meta->schema_json) return Status::OK();
    QUARRY_RETURN_IF_ERROR(CheckSchemaMigration(*meta->schema, *proposed));
    QUARRY_ASSIGN_OR_RETURN(bool stored, CommitSchemaChange(io, meta_object, meta->schema_json,
                                                            meta->schema_version, json));
    if (stored) {
      meta->schema_json = json;
      meta->schema = proposed;
      ++meta->schema_version;
      return Status::OK();
    }
    if (attempt == kAttempts) {
      return UnavailableError("RADOS graph '" + props.graph + "': its schema changed " +
                              std::to_string(kAttempts) + " times during this change; try again");
    }
    QUARRY_ASSIGN_OR_RETURN(*meta, ReadStoredMeta(io, props));
  }
}

}  // namespace

RadosClient::~RadosClient() {
  io.close();
  rados.shutdown();
}

Result<std::shared_ptr<RadosClient>> ConnectRados(const RadosProperties& props) {
  auto client = std::make_shared<RadosClient>();
  QUARRY_RETURN_IF_ERROR(
      FromRados(client->rados.init2(props.client.c_str(), "ceph", 0), "initialising librados"));
  QUARRY_RETURN_IF_ERROR(
      FromRados(client->rados.conf_read_file(props.conf.c_str()), "reading " + props.conf));
  std::string timeout = std::to_string(props.op_timeout_s);
  QUARRY_RETURN_IF_ERROR(FromRados(client->rados.conf_set("rados_osd_op_timeout", timeout.c_str()),
                                   "setting rados_osd_op_timeout"));
  QUARRY_RETURN_IF_ERROR(FromRados(client->rados.conf_set("rados_mon_op_timeout", timeout.c_str()),
                                   "setting rados_mon_op_timeout"));
  QUARRY_RETURN_IF_ERROR(
      FromRados(client->rados.connect(), "connecting to the cluster of " + props.conf));
  QUARRY_RETURN_IF_ERROR(FromRados(client->rados.ioctx_create(props.pool.c_str(), client->io),
                                   "opening pool " + props.pool));
  return client;
}

RadosGraph::RadosGraph(std::shared_ptr<RadosClient> client, RadosProperties rados,
                       StoreProperties properties, std::shared_ptr<const Schema> schema,
                       uint32_t tablets)
    : client_(std::move(client)),
      rados_(std::move(rados)),
      properties_(std::move(properties)),
      schema_(std::move(schema)),
      tablets_(rados_.graph, tablets) {
  ids_ = std::make_unique<DistinctIds>(client_->io, tablets_.MetaObject());
}

Status RadosGraph::Assemble(std::string_view package_name, uint32_t value_format) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<const KeyPackage> package,
                          MakeKeyPackage(package_name, schema_, value_format));
  package_ = std::move(package);
  for (const auto* list : {&schema_->entity_groups(), &schema_->edge_groups()}) {
    for (const SchemaElementDefinition* def : *list) {
      groups_[def->group()] =
          RadosGroup{def, cls::TabletKeyPrefix(def->group()), !def->aggregate()};
    }
  }
  QUARRY_ASSIGN_OR_RETURN(no_view_template_,
                          ScanTemplate::Create(*schema_, View(), /*validate=*/true));
  return Status::OK();
}

const RadosGroup* RadosGraph::group(std::string_view name) const {
  auto it = groups_.find(name);
  return it == groups_.end() ? nullptr : &it->second;
}

Result<std::unique_ptr<Graph>> RadosGraph::Create(std::shared_ptr<const Schema> schema,
                                                  const StoreProperties& properties) {
  QUARRY_ASSIGN_OR_RETURN(RadosProperties props, RadosProperties::From(properties));
  QUARRY_ASSIGN_OR_RETURN(std::string_view package,
                          CanonicalKeyPackageName(properties.key_package));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<RadosClient> client, ConnectRados(props));
  std::unique_ptr<RadosGraph> g(
      new RadosGraph(client, props, properties, std::move(schema), props.tablets));
  QUARRY_RETURN_IF_ERROR(g->Assemble(package, kValueFormatVersion));
  g->created_time_ms_ = NowMillis();
  const std::string schema_json = g->schema_->json().dump();
  std::map<std::string, librados::bufferlist> meta = {
      {"quarry.schema", BufferOf(schema_json)},
      {"quarry.key_package", BufferOf(package)},
      {"quarry.key_format", BufferOf(std::to_string(kKeyFormatVersion))},
      {"quarry.value_format", BufferOf(std::to_string(kValueFormatVersion))},  // As tablets'.
      {"quarry.tablets", BufferOf(std::to_string(props.tablets))},
      {"quarry.layout", BufferOf(std::to_string(kTabletLayoutVersion))},
      {"quarry.created_ms", BufferOf(std::to_string(g->created_time_ms_))}};
  librados::ObjectWriteOperation create;
  create.create(true);
  create.setxattr(kStateXattr, BufferOf(kStateCreating));
  create.setxattr(kDistinctLimitXattr, BufferOf("0"));
  create.omap_set(meta);
  const std::string meta_object = g->tablets_.MetaObject();
  int r = client->io.operate(meta_object, &create);
  if (r == -EEXIST) {
    return AlreadyExistsError("RADOS graph '" + props.graph + "' already exists in pool " +
                              props.pool);
  }
  QUARRY_RETURN_IF_ERROR(FromRados(r, "creating " + meta_object));
  QUARRY_RETURN_IF_ERROR(
      CreateTablets(client->io, g->tablets_, schema_json, package, kValueFormatVersion));
  librados::ObjectWriteOperation ready;
  ready.cmpxattr(kStateXattr, LIBRADOS_CMPXATTR_OP_EQ, BufferOf(kStateCreating));
  ready.setxattr(kStateXattr, BufferOf(kStateReady));
  QUARRY_RETURN_IF_ERROR(
      FromRados(client->io.operate(meta_object, &ready), "marking " + meta_object + " ready"));
  return std::unique_ptr<Graph>(std::move(g));
}

Result<std::unique_ptr<Graph>> RadosGraph::Open(const StoreProperties& properties,
                                                std::shared_ptr<const Schema> schema,
                                                bool read_only) {
  QUARRY_ASSIGN_OR_RETURN(RadosProperties props, RadosProperties::From(properties));
  if (read_only && schema != nullptr) {
    return InvalidArgumentError("RADOS graph '" + props.graph +
                                "': a read-only open takes no schema");
  }
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<RadosClient> client, ConnectRados(props));
  QUARRY_ASSIGN_OR_RETURN(StoredMeta meta, ReadStoredMeta(client->io, props));
  QUARRY_RETURN_IF_ERROR(AdoptSchema(client->io, props, std::move(schema), &meta));
  StoreProperties effective = properties;
  effective.key_package = meta.package;
  std::unique_ptr<RadosGraph> g(new RadosGraph(client, props, std::move(effective), meta.schema,
                                               static_cast<uint32_t>(meta.tablets)));
  QUARRY_RETURN_IF_ERROR(g->Assemble(meta.package, meta.value_format));
  g->created_time_ms_ = static_cast<int64_t>(meta.created);
  g->read_only_ = read_only;
  // A read-only open writes nothing: an unfinished schema push or delete
  // is left to the next writable open.
  if (read_only) return std::unique_ptr<Graph>(std::move(g));
  if (meta.tablets_schema_version < meta.schema_version) {
    QUARRY_RETURN_IF_ERROR(
        PushSchemaToTablets(client->io, g->tablets_, meta.schema_json, meta.schema_version));
  }
  QUARRY_RETURN_IF_ERROR(g->FinishPendingDeletes());
  return std::unique_ptr<Graph>(std::move(g));
}

Status RadosGraph::CheckWritable(std::string_view method) const {
  if (!read_only_) return Status::OK();
  return FailedPreconditionError("RADOS graph '" + rados_.graph + "' in pool " + rados_.pool +
                                 " is open read-only: " + std::string(method) + " refused");
}

// Schema validation (with IsA) when asked, and always Gaffer's ingest check
// that the visibility property parses (store-rocks' CheckElement).
Status RadosGraph::CheckElement(size_t index, const Element& element, bool validate) const {
  auto where = [&] {
    return "element " + std::to_string(index) + " (group '" + element.group() + "')";
  };
  const SchemaElementDefinition* def = schema_->Group(element.group());
  if (def == nullptr || def->kind() != element.kind()) {
    return InvalidArgumentError(where() + ": no " + (element.is_entity() ? "entity" : "edge") +
                                " group of that name in the schema");
  }
  if (validate) {
    Status s = def->Validate(element, /*include_is_a=*/true);
    if (!s.ok()) return InvalidArgumentError(where() + ": " + s.message());
  }
  const auto& vis_property = schema_->visibility_property();
  if (!vis_property.has_value()) return Status::OK();
  const Value* v = element.properties().Find(*vis_property);
  if (v == nullptr || (v->type() != ValueType::kString && v->type() != ValueType::kBytes)) {
    return Status::OK();
  }
  Result<VisibilityExpression> parsed = VisibilityExpression::Parse(v->AsString());
  if (!parsed.ok()) {
    return InvalidArgumentError(where() + ": property '" + *vis_property +
                                "': " + parsed.status().message());
  }
  return Status::OK();
}

}  // namespace quarry::internal

namespace quarry {

Result<std::unique_ptr<Graph>> CreateRadosGraph(std::shared_ptr<const Schema> schema,
                                                const StoreProperties& properties) {
  return internal::RadosGraph::Create(std::move(schema), properties);
}

Result<std::unique_ptr<Graph>> OpenRadosGraph(const StoreProperties& properties,
                                              std::shared_ptr<const Schema> schema) {
  return internal::RadosGraph::Open(properties, std::move(schema), /*read_only=*/false);
}

Result<std::unique_ptr<Graph>> OpenRadosGraphReadOnly(const StoreProperties& properties) {
  return internal::RadosGraph::Open(properties, nullptr, /*read_only=*/true);
}

}  // namespace quarry
