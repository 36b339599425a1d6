#include "store-rados/rados_graph_check.h"

#include <cerrno>
#include <functional>
#include <optional>

#include "cls/batch_format.h"
#include "keypackages/key_format.h"
#include "keypackages/key_package.h"
#include "store-rados/internal/graph_metadata.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/internal/schema_change.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry {
namespace {

using internal::MetaValues;

constexpr size_t kCheckPage = 1024;

// What the metadata object says the tablets hold.
struct CheckedLayout {
  std::optional<TabletMap> map;
  std::string schema_json;
  std::string package_name;
  std::shared_ptr<const KeyPackage> package;
  uint32_t value_format = 0;
  uint64_t schema_version = 0;
  uint64_t tablets_schema_version = 0;
  // Per group: its omap key prefix (cls::TabletKeyPrefix) and definition.
  std::vector<std::pair<std::string, const SchemaElementDefinition*>> groups;
};

// The metadata's key-package and schema, parsed (problems to `report`).
bool ParseLayout(const std::string& graph, const std::string& meta_object, MetaValues& meta,
                 CheckedLayout* layout, GraphCheckReport* report) {
  auto problem = [&](const std::string& text) {
    report->problems.push_back(meta_object + ": " + text);
    return false;
  };
  Status s = internal::CheckGraphMeta(meta);
  if (!s.ok()) return problem(s.message());
  Result<uint64_t> tablets = internal::MetaNumber(meta, internal::kMetaTablets);
  Result<uint64_t> version = internal::OptionalMetaNumber(meta, internal::kMetaSchemaVersion);
  Result<uint64_t> pushed = internal::OptionalMetaNumber(meta, internal::kMetaTabletsSchemaVersion);
  if (!version.ok() || !pushed.ok())
    return problem((version.ok() ? pushed : version).status().message());
  layout->schema_version = *version;
  layout->tablets_schema_version = *pushed;
  layout->schema_json = meta[internal::kMetaSchema].to_str();
  layout->package_name = meta[internal::kMetaKeyPackage].to_str();
  auto schema = Schema::FromJsonStrings({layout->schema_json}, {"stored schema"});
  if (!schema.ok()) return problem("stored schema: " + schema.status().message());
  auto value_format = internal::StoredValueFormat(meta);
  if (!value_format.ok()) return problem(value_format.status().message());
  layout->value_format = *value_format;
  auto package = MakeKeyPackage(layout->package_name, *schema, *value_format);
  if (!package.ok()) return problem("stored key-package: " + package.status().message());
  layout->package = std::shared_ptr<const KeyPackage>(std::move(*package));
  for (const auto* list : {&(*schema)->entity_groups(), &(*schema)->edge_groups()}) {
    for (const SchemaElementDefinition* def : *list) {
      layout->groups.emplace_back(cls::TabletKeyPrefix(def->group()), def);
    }
  }
  layout->map.emplace(graph, static_cast<uint32_t>(*tablets));
  return true;
}

// Reads the metadata object. NotFound if the graph does not exist; a
// layout without a package if the metadata is damaged (in `report`).
Result<CheckedLayout> ReadLayout(librados::IoCtx& io, const RadosProperties& props,
                                 GraphCheckReport* report) {
  const TabletMap names(props.graph, 1);
  const std::string meta_object = names.MetaObject();
  CheckedLayout layout;
  librados::bufferlist state;
  int r = io.getxattr(meta_object, internal::kStateXattr, state);
  if (r == -ENOENT) {
    return NotFoundError("no RADOS graph '" + props.graph + "' in pool " + props.pool);
  }
  if (r < 0 || state.to_str() != internal::kStateReady) {
    report->problems.push_back(meta_object + ": " +
                               (r < 0
                                    ? FromRados(r, "reading the state").message()
                                    : "its create did not finish (state " + state.to_str() + ")"));
    return layout;
  }
  MetaValues meta;
  r = io.omap_get_vals_by_keys(meta_object, internal::GraphMetaKeys(), &meta);
  if (r < 0) {
    report->problems.push_back(FromRados(r, "reading " + meta_object).message());
    return layout;
  }
  ParseLayout(props.graph, meta_object, meta, &layout, report);
  return layout;
}

// The tablet's xattrs name the graph's key-package and, unless a schema
// change is still being pushed, its schema.
void CheckTabletXattrs(librados::IoCtx& io, const CheckedLayout& layout, const std::string& oid,
                       GraphCheckReport* report) {
  std::map<std::string, librados::bufferlist> xattrs;
  int r = io.getxattrs(oid, xattrs);
  if (r < 0) {
    report->problems.push_back(FromRados(r, "reading the xattrs of " + oid).message());
    return;
  }
  auto text = [&](const char* name) {
    auto it = xattrs.find(name);
    return it == xattrs.end() ? std::string() : it->second.to_str();
  };
  if (text(cls::kKeyPackageXattr) != layout.package_name) {
    report->problems.push_back(oid + ": xattr " + cls::kKeyPackageXattr + " is '" +
                               text(cls::kKeyPackageXattr) + "', the graph's key-package is '" +
                               layout.package_name + "'");
  }
  const std::string value_format = text(cls::kValueFormatXattr);
  const std::string expected_format =
      layout.value_format == cls::kValueFormatOfUnmarkedTablets && value_format.empty()
          ? std::string()
          : std::to_string(layout.value_format);
  if (value_format != expected_format) {
    report->problems.push_back(oid + ": xattr " + cls::kValueFormatXattr + " is '" + value_format +
                               "', the graph's value format is " +
                               std::to_string(layout.value_format));
  }
  const bool pushing = layout.tablets_schema_version < layout.schema_version;
  if (!pushing && text(cls::kSchemaXattr) != layout.schema_json) {
    report->problems.push_back(oid + ": xattr " + cls::kSchemaXattr +
                               " is not the graph's schema (the object class would fold "
                               "ingest with another schema)");
  }
}

// One data key: its group, insert id, decoding and tablet.
void CheckTabletKey(const CheckedLayout& layout, uint32_t tablet, const std::string& oid,
                    std::string_view key, std::string_view value,
                    const std::function<void(std::string)>& problem) {
  const SchemaElementDefinition* def = nullptr;
  std::string_view stored;
  for (const auto& [prefix, group] : layout.groups) {
    if (!key.starts_with(prefix)) continue;
    def = group;
    stored = key.substr(prefix.size());
  }
  const std::string where = oid + ": key " + ReportedKeyHex(key);
  if (def == nullptr) return problem(where + ": belongs to no group of the schema");
  if (HasInsertId(stored) == def->aggregate()) {
    return problem(where + " (group '" + def->group() + "')" +
                   (def->aggregate() ? ": an aggregated group's key carries an insert id"
                                     : ": a non-aggregated group's key has no insert id"));
  }
  Result<Element> element = layout.package->Decode(stored, value);
  if (!element.ok()) {
    return problem(where + " (group '" + def->group() +
                   "') does not decode: " + element.status().message());
  }
  if (element->group() != def->group()) {
    return problem(where + " decodes to group '" + element->group() + "', not '" + def->group() +
                   "'");
  }
  const uint32_t home = layout.map->TabletOf(stored);
  if (home != tablet) {
    problem(where + " (group '" + def->group() + "'): its row hashes to tablet " +
            std::to_string(home) + ", not this one");
  }
}

// Every data key of one tablet (the reserved keys, 00 ..., skipped).
uint64_t CheckTabletKeys(librados::IoCtx& io, const CheckedLayout& layout, uint32_t tablet,
                         const std::string& oid, GraphCheckReport* report) {
  KeyProblems key_problems(report);
  auto problem = [&](std::string text) { key_problems.Add(std::move(text)); };
  std::string after(cls::kBatchKeyPrefix.data(), 1);
  after.append(4, '\xff');  // After every reserved key (00 ...).
  uint64_t keys = 0;
  for (bool more = true; more;) {
    std::map<std::string, librados::bufferlist> page;
    int r = io.omap_get_vals2(oid, after, kCheckPage, &page, &more);
    if (r < 0) {
      report->problems.push_back(FromRados(r, "reading the omap of " + oid).message());
      break;
    }
    for (auto& [key, value] : page) {
      if (key[0] == '\0') continue;
      ++keys;
      CheckTabletKey(layout, tablet, oid, key, value.to_str(), problem);
    }
    if (page.empty()) break;
    after = page.rbegin()->first;
  }
  return keys;
}

}  // namespace

Result<GraphCheckReport> CheckRadosGraph(const StoreProperties& properties) {
  QUARRY_ASSIGN_OR_RETURN(RadosProperties props, RadosProperties::From(properties));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<internal::RadosClient> client,
                          internal::ConnectRados(props));
  GraphCheckReport report;
  report.instance_kind = "RADOS tablet object(s)";
  QUARRY_ASSIGN_OR_RETURN(CheckedLayout layout, ReadLayout(client->io, props, &report));
  if (layout.package == nullptr) return report;
  for (uint32_t t = 0; t < layout.map->tablets(); ++t) {
    const std::string oid = layout.map->TabletObject(t);
    uint64_t size = 0;
    time_t mtime = 0;
    int r = client->io.stat(oid, &size, &mtime);
    if (r < 0) {
      report.problems.push_back(FromRados(r, "reading " + oid).message());
      continue;
    }
    ++report.instances_checked;
    CheckTabletXattrs(client->io, layout, oid, &report);
    report.keys_checked += CheckTabletKeys(client->io, layout, t, oid, &report);
  }
  return report;
}

}  // namespace quarry
