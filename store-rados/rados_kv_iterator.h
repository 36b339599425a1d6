// RadosKvIterator: the base of the scan stack over RADOS, a KvIterator
// (iterators/kv_iterator.h) over one group's keys in one tablet object's
// omap (cls/batch_format.h: data keys are esc(group) 00 stored_key).
//
// Each Seek reads pages of omap entries (omap_get_vals2 with start_after and
// a filter prefix: the group's, or the vertex's when the range lies under
// one row prefix, so the OSD stops at its end); later pages continue after
// the last key read. Pages start small (a seek usually wants a few keys of
// one vertex) and grow to kMaxPage. key() is the stored key without the
// group prefix.
//
// Non-aggregated groups: stored keys carry their insert id (key format v2,
// keypackages/key_format.h), as RocksKvIterator's do, so keys are strictly
// increasing for every group and the layers above take the id off.
//
// Consistency: RADOS omap has no snapshots; each page is read at its own
// moment (read-committed per page; per-key values are always whole).
//
// A failed read ends the scan with Unavailable (IOError for other errnos)
// naming the object; a malformed key with DataLoss.
//
// Thread safety: one thread at a time. The IoCtx is shared (librados
// IoCtx copies share one pool context).
#pragma once

#include <rados/librados.hpp>
#include <string>
#include <utility>
#include <vector>

#include "iterators/kv_iterator.h"

namespace quarry {

class RadosKvIterator : public KvIterator {
 public:
  static constexpr size_t kFirstPage = 64;
  static constexpr size_t kMaxPage = 1024;

  RadosKvIterator(librados::IoCtx io, std::string oid, std::string group_prefix)
      : io_(std::move(io)), oid_(std::move(oid)), prefix_(std::move(group_prefix)) {}

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return valid_; }
  void Next() override;
  std::string_view key() const override { return page_[pos_].first; }
  std::string_view value() const override { return page_[pos_].second; }
  Status status() const override { return status_; }

  // Omap reads issued since construction (for tests and stats).
  uint64_t reads() const { return reads_; }

 private:
  // Reads the next page after last_omap_key_; false (status_ set) on error.
  bool FetchPage();
  // Positions on the first loaded cell in range_, fetching pages as needed.
  void Settle();

  librados::IoCtx io_;
  std::string oid_;
  std::string prefix_;
  KeyRange range_;
  std::string filter_;         // The filter prefix of this seek's reads.
  std::string last_omap_key_;  // Start-after of the next page.
  size_t page_size_ = kFirstPage;
  bool more_ = false;
  std::vector<std::pair<std::string, std::string>> page_;  // (key(), value) per cell.
  size_t pos_ = 0;
  bool valid_ = false;
  Status status_;
  uint64_t reads_ = 0;
};

// Maps a librados return code to a Status naming `what`: Unavailable for
// timeouts and connection loss, NotFound for ENOENT, IOError otherwise.
Status FromRados(int r, const std::string& what);

// A bufferlist holding a copy of `bytes`.
librados::bufferlist BufferOf(std::string_view bytes);

}  // namespace quarry
