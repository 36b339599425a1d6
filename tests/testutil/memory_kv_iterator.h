// MemoryKvIterator: a KvIterator over a std::map<std::string, std::string>,
// the bottom of every iterator test stack and the reference the contract
// suites compare against. It also counts seeks and can inject an error, so
// tests can check how layers above it drive and report it.
//
// Thread safety: one thread at a time; the map must not change while the
// iterator is in use.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "iterators/key_range_ops.h"
#include "iterators/kv_iterator.h"

namespace quarry::testing {

using KvMap = std::map<std::string, std::string>;

class MemoryKvIterator : public KvIterator {
 public:
  // Owns a copy of `data`.
  explicit MemoryKvIterator(KvMap data);
  // Borrows `*data`, which must outlive the iterator.
  explicit MemoryKvIterator(const KvMap* data);

  void Seek(const KeyRange& range) override;
  bool Valid() const override;
  void Next() override;
  std::string_view key() const override { return it_->first; }
  std::string_view value() const override { return it_->second; }
  Status status() const override { return status_; }

  // From now on, landing on `key` (by Seek or Next) ends the scan with `error`.
  void InjectErrorAt(std::string key, Status error);

  // How many times Seek / Next were called.
  int seeks() const { return seeks_; }
  int nexts() const { return nexts_; }
  // The range of the last Seek.
  const KeyRange& last_range() const { return range_; }

 private:
  // Turns the position into an error when it is the injected key.
  void CheckInjectedError();

  std::optional<KvMap> owned_;
  const KvMap* data_;
  KvMap::const_iterator it_;
  KeyRange range_;
  bool seeked_ = false;
  Status status_;
  std::optional<std::string> error_key_;
  Status error_;
  int seeks_ = 0;
  int nexts_ = 0;
};

}  // namespace quarry::testing
