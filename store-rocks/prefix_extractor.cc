#include "store-rocks/prefix_extractor.h"

#include <string_view>

#include "keypackages/key_package.h"

namespace quarry {
namespace {

std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

}  // namespace

rocksdb::Slice RowPrefixTransform::Transform(const rocksdb::Slice& key) const {
  std::string_view prefix = KeyPackage::RowPrefix(View(key));
  // Out of the domain RocksDB never calls us; return the whole key rather
  // than crash should it ever do so.
  if (prefix.empty()) return key;
  return rocksdb::Slice(prefix.data(), prefix.size());
}

bool RowPrefixTransform::InDomain(const rocksdb::Slice& key) const {
  return InRowPrefixDomain(View(key));
}

bool RowPrefixTransform::InRange(const rocksdb::Slice& prefix) const {
  std::string_view p = View(prefix);
  return !p.empty() && KeyPackage::RowPrefix(p).size() == p.size();
}

std::shared_ptr<const rocksdb::SliceTransform> NewRowPrefixTransform() {
  return std::make_shared<RowPrefixTransform>();
}

}  // namespace quarry
