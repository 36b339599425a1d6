#include "cls/package_cache.h"

#include <vector>

#include "schema/schema.h"

namespace quarry::cls {

Result<std::shared_ptr<const KeyPackage>> PackageCache::Get(std::string_view schema_json,
                                                            std::string_view package_name,
                                                            uint32_t value_format) {
  std::string key(package_name);
  key.push_back('\0');
  key.append(std::to_string(value_format));
  key.push_back('\0');
  key.append(schema_json);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = packages_.find(key);
  if (it != packages_.end()) return it->second;
  Result<std::shared_ptr<const Schema>> schema =
      Schema::FromJsonStrings({std::string(schema_json)}, {"tablet schema"});
  if (!schema.ok()) return schema.status().WithContext("the tablet's schema xattr");
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<const KeyPackage> made,
                          MakeKeyPackage(package_name, *std::move(schema), value_format));
  std::shared_ptr<const KeyPackage> package(std::move(made));
  if (packages_.size() >= capacity_) packages_.clear();
  packages_.emplace(std::move(key), package);
  return package;
}

size_t PackageCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return packages_.size();
}

}  // namespace quarry::cls
