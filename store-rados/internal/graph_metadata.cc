#include "store-rados/internal/graph_metadata.h"

#include <charconv>

#include "keypackages/key_format.h"
#include "keypackages/value_format.h"
#include "store-rados/rados_properties.h"
#include "store-rados/tablet_map.h"

namespace quarry::internal {
namespace {

Status ExpectMetaVersion(const MetaValues& meta, const std::string& key, uint64_t expected) {
  QUARRY_ASSIGN_OR_RETURN(uint64_t stored, MetaNumber(meta, key));
  if (stored == expected) return Status::OK();
  return FailedPreconditionError("graph metadata " + key + " is version " + std::to_string(stored) +
                                 "; this build reads version " + std::to_string(expected));
}

}  // namespace

Result<uint32_t> StoredValueFormat(const MetaValues& meta) {
  QUARRY_ASSIGN_OR_RETURN(uint64_t stored, MetaNumber(meta, "quarry.value_format"));
  return ReadableValueFormat(stored, "quarry.value_format");
}

const std::set<std::string>& GraphMetaKeys() {
  static const std::set<std::string>* keys = new std::set<std::string>{
      kMetaSchema,     kMetaKeyPackage, "quarry.key_format", "quarry.value_format",    kMetaTablets,
      "quarry.layout", kMetaCreatedMs,  kMetaSchemaVersion,  kMetaTabletsSchemaVersion};
  return *keys;
}

Result<uint64_t> MetaNumber(const MetaValues& meta, const std::string& key) {
  auto it = meta.find(key);
  if (it == meta.end()) return DataLossError("graph metadata lacks " + key);
  std::string text = it->second.to_str();
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return DataLossError("graph metadata " + key + " is not a number: " + text);
  }
  return v;
}

Result<uint64_t> OptionalMetaNumber(const MetaValues& meta, const std::string& key) {
  if (meta.count(key) == 0) return uint64_t{0};
  return MetaNumber(meta, key);
}

Status CheckGraphMeta(const MetaValues& meta) {
  QUARRY_RETURN_IF_ERROR(ExpectMetaVersion(meta, "quarry.layout", kTabletLayoutVersion));
  QUARRY_RETURN_IF_ERROR(ExpectMetaVersion(meta, "quarry.key_format", kKeyFormatVersion));
  QUARRY_RETURN_IF_ERROR(StoredValueFormat(meta).status());
  QUARRY_ASSIGN_OR_RETURN(uint64_t tablets, MetaNumber(meta, kMetaTablets));
  QUARRY_RETURN_IF_ERROR(MetaNumber(meta, kMetaCreatedMs).status());
  if (tablets == 0 || tablets > kMaxTablets || (tablets & (tablets - 1)) != 0) {
    return DataLossError("graph metadata quarry.tablets is not a power of two");
  }
  if (meta.count(kMetaSchema) == 0 || meta.count(kMetaKeyPackage) == 0) {
    return DataLossError("graph metadata lacks the schema or key-package");
  }
  return Status::OK();
}

}  // namespace quarry::internal
