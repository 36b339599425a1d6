// PackageCache: the key-packages the object class folds with, built once per
// (schema JSON, key-package name, value format) a tablet object carries in its xattrs
// (cls/batch_format.h) and shared by every later call, so that an ingest
// batch costs no schema parse.
//
// Entries are keyed by the exact bytes (hashed), so two graphs with
// different schemas in one pool never share a package. At most `capacity`
// entries are kept; when full, the cache starts afresh (graphs per OSD are
// few; a rebuilt package costs one schema parse).
//
// Thread safety: Get may be called from many threads (the OSD's op
// threads); the packages returned are immutable.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "graph-core/status.h"
#include "keypackages/key_package.h"

namespace quarry::cls {

class PackageCache {
 public:
  // REQUIRES: capacity > 0.
  explicit PackageCache(size_t capacity) : capacity_(capacity) {}

  // The package for this schema JSON, package name and value format, parsed
  // on first use. InvalidArgument naming what is wrong if the schema does
  // not parse, the package name is unknown or the value format is not one
  // this build reads (not cached: a later call tries again).
  Result<std::shared_ptr<const KeyPackage>> Get(std::string_view schema_json,
                                                std::string_view package_name,
                                                uint32_t value_format);
  size_t size() const;

 private:
  const size_t capacity_;
  mutable std::mutex mu_;
  // Key: package name, 00, schema JSON. Guarded by mu_.
  std::unordered_map<std::string, std::shared_ptr<const KeyPackage>> packages_;
};

}  // namespace quarry::cls
