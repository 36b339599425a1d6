#include "store-rocks/graph_check.h"

#include <rocksdb/db.h>

#include <filesystem>
#include <map>
#include <memory>

#include "keypackages/key_format.h"
#include "keypackages/key_package.h"
#include "keypackages/key_range.h"
#include "schema/schema.h"
#include "store-rocks/internal/data_dirs.h"
#include "store-rocks/merge_operator.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/rocks_instance.h"

namespace quarry {
namespace {

constexpr std::string_view kGroupPrefix = "g:";

// What the metadata says the data is: the schema and its key-package.
struct GraphLayout {
  std::shared_ptr<const KeyPackage> package;  // Null if the metadata is damaged.
  std::vector<std::string> dirs;              // Instance directories, the graph dir first.
};

// The metadata column family of the graph dir, read-only (the callers'
// user/ entries skipped).
Result<std::map<std::string, std::string>> ReadMetadata(const std::string& dir) {
  rocksdb::DBOptions options;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  SetIntegrityOptions(&options);
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs = {
      {rocksdb::kDefaultColumnFamilyName, rocksdb::ColumnFamilyOptions()}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  QUARRY_RETURN_IF_ERROR(
      FromRocksOpen(rocksdb::DB::OpenForReadOnly(options, dir, cfs, &handles, &raw), dir,
                    "opening the metadata of " + dir));
  std::unique_ptr<rocksdb::DB> db(raw);
  std::map<std::string, std::string> meta;
  rocksdb::ReadOptions read;
  read.verify_checksums = true;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(read, handles[0]));
  const std::string user_end = PrefixSuccessor(kUserMetadataPrefix);
  for (it->SeekToFirst(); it->Valid();) {
    if (it->key().starts_with(
            rocksdb::Slice(kUserMetadataPrefix.data(), kUserMetadataPrefix.size()))) {
      it->Seek(user_end);
      continue;
    }
    meta[it->key().ToString()] = it->value().ToString();
    it->Next();
  }
  Status s = FromRocks(it->status(), "reading the metadata of " + dir);
  it.reset();
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  db->Close().PermitUncheckedError();
  QUARRY_RETURN_IF_ERROR(s);
  return meta;
}

// The schema, key-package and instance dirs named by the metadata; the
// problems found on the way go to `report`.
GraphLayout ReadLayout(const std::string& dir, GraphCheckReport* report) {
  GraphLayout layout;
  layout.dirs = {dir};
  Result<std::map<std::string, std::string>> meta = ReadMetadata(dir);
  if (!meta.ok()) {
    report->problems.push_back(meta.status().message());
    return layout;
  }
  auto schema_json = meta->find(std::string(kMetaSchema));
  auto package_name = meta->find(std::string(kMetaKeyPackage));
  if (schema_json == meta->end() || package_name == meta->end()) {
    report->problems.push_back("metadata of " + dir + " lacks the schema or the key-package");
    return layout;
  }
  Result<std::vector<std::string>> dirs = internal::StoredDataDirs(*meta, dir);
  if (!dirs.ok()) report->problems.push_back("metadata: " + dirs.status().message());
  if (dirs.ok() && !dirs->empty()) layout.dirs = *dirs;
  Result<std::shared_ptr<const Schema>> schema =
      Schema::FromJsonStrings({schema_json->second}, {"stored schema"});
  if (!schema.ok()) {
    report->problems.push_back("stored schema: " + schema.status().message());
    return layout;
  }
  Result<uint32_t> value_format = StoredValueFormat(*meta);
  if (!value_format.ok()) {
    report->problems.push_back(value_format.status().message());
    return layout;
  }
  Result<std::unique_ptr<const KeyPackage>> package =
      MakeKeyPackage(package_name->second, *schema, ValueFormatToWrite(*value_format));
  if (!package.ok()) {
    report->problems.push_back("stored key-package: " + package.status().message());
    return layout;
  }
  layout.package = std::shared_ptr<const KeyPackage>(std::move(*package));
  return layout;
}

// Decodes every key of one group's column family; returns the keys read.
uint64_t CheckGroup(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf, const std::string& where,
                    const SchemaElementDefinition& def, const KeyPackage& package,
                    GraphCheckReport* report) {
  rocksdb::ReadOptions read;
  read.verify_checksums = true;
  read.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(read, cf));
  uint64_t keys = 0;
  KeyProblems key_problems(report);
  auto problem = [&](std::string text) { key_problems.Add(std::move(text)); };
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    ++keys;
    std::string_view stored(it->key().data(), it->key().size());
    std::string_view value(it->value().data(), it->value().size());
    // Key format v2: a non-aggregated group's keys, and only those, end
    // with an insert id (keypackages/key_format.h).
    if (HasInsertId(stored) == def.aggregate()) {
      problem(where + ": key " + ReportedKeyHex(stored) +
              (def.aggregate() ? ": an aggregated group's key carries an insert id"
                               : ": a non-aggregated group's key has no insert id"));
      continue;
    }
    Result<Element> element = package.Decode(stored, value);
    if (!element.ok()) {
      problem(where + ": key " + ReportedKeyHex(stored) +
              " does not decode: " + element.status().message());
    } else if (element->group() != def.group()) {
      problem(where + ": key " + ReportedKeyHex(stored) + " decodes to group '" + element->group() +
              "'");
    }
  }
  Status s = FromRocks(it->status(), where);
  if (!s.ok()) report->problems.push_back(s.message());
  return keys;
}

// Opens one instance read-only with every column family and checks it.
void CheckInstance(const std::string& path, const GraphLayout& layout, GraphCheckReport* report) {
  rocksdb::DBOptions options;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  SetIntegrityOptions(&options);
  std::vector<std::string> names;
  Status listed = FromRocks(rocksdb::DB::ListColumnFamilies(options, path, &names),
                            "listing the column families of " + path);
  if (!listed.ok()) {
    report->problems.push_back(listed.message());
    return;
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
  std::vector<const SchemaElementDefinition*> defs;  // Per descriptor; null if not a group.
  for (const std::string& name : names) {
    rocksdb::ColumnFamilyOptions cf_options;
    const SchemaElementDefinition* def = nullptr;
    if (layout.package != nullptr && name.rfind(kGroupPrefix, 0) == 0) {
      std::string group = name.substr(kGroupPrefix.size());
      def = layout.package->schema().Group(group);
      if (def == nullptr)
        report->problems.push_back(path + ": column family of unknown group '" + group + "'");
      if (def != nullptr && def->aggregate()) {
        cf_options.merge_operator = std::make_shared<AggregatingMergeOperator>(
            layout.package, layout.package->LayoutFor(group));
      }
    }
    cfs.emplace_back(name, cf_options);
    defs.push_back(def);
  }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  Status opened = FromRocksOpen(rocksdb::DB::OpenForReadOnly(options, path, cfs, &handles, &raw),
                                path, "opening " + path);
  if (!opened.ok()) {
    report->problems.push_back(opened.message());
    return;
  }
  std::unique_ptr<rocksdb::DB> db(raw);
  ++report->instances_checked;
  Status sums = FromRocks(db->VerifyChecksum(), "verifying the SST checksums of " + path);
  if (!sums.ok()) report->problems.push_back(sums.message());
  for (size_t i = 0; i < handles.size(); ++i) {
    if (defs[i] == nullptr) continue;
    std::string where = path + " group '" + defs[i]->group() + "'";
    report->keys_checked +=
        CheckGroup(db.get(), handles[i], where, *defs[i], *layout.package, report);
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  db->Close().PermitUncheckedError();
}

}  // namespace

Result<GraphCheckReport> CheckRocksGraph(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::path(dir) / "CURRENT", ec)) {
    return NotFoundError("no graph in " + dir);
  }
  GraphCheckReport report;
  GraphLayout layout = ReadLayout(dir, &report);
  for (const std::string& path : layout.dirs) CheckInstance(path, layout, &report);
  return report;
}

}  // namespace quarry
