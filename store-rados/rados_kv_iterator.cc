#include "store-rados/rados_kv_iterator.h"

#include <cerrno>
#include <cstring>

#include "iterators/key_range_ops.h"
#include "keypackages/key_format.h"

namespace quarry {
namespace {

// The filter prefix for `range`: the row prefix when the range lies under
// one, else the group's.
std::string FilterFor(const std::string& group_prefix, const KeyRange& range) {
  std::string_view row = RowPrefix(range.start);
  if (!row.empty() && range.has_end()) {
    std::string successor = PrefixSuccessor(row);
    if (!successor.empty() && range.end < successor) return group_prefix + std::string(row);
  }
  return group_prefix;
}

}  // namespace

librados::bufferlist BufferOf(std::string_view bytes) {
  librados::bufferlist bl;
  bl.append(bytes.data(), bytes.size());
  return bl;
}

Status FromRados(int r, const std::string& what) {
  if (r >= 0) return Status::OK();
  std::string message = what + ": " + std::strerror(-r);
  switch (-r) {
    case ETIMEDOUT:
    case EAGAIN:
    case ENOTCONN:
    case ESHUTDOWN:
    case ECONNREFUSED:
      return UnavailableError(message);
    case ENOENT:
      return NotFoundError(message);
    default:
      return IOError(message);
  }
}

void RadosKvIterator::Seek(const KeyRange& range) {
  range_ = range;
  status_ = Status::OK();
  valid_ = false;
  page_.clear();
  pos_ = 0;
  page_size_ = kFirstPage;
  filter_ = FilterFor(prefix_, range_);
  // Start-after is exclusive: for an inclusive start read after a shorter
  // key (anything below the start is skipped by Settle).
  last_omap_key_ = prefix_ + range_.start;
  if (range_.start_inclusive) last_omap_key_.pop_back();
  more_ = true;
  Settle();
}

void RadosKvIterator::Next() {
  ++pos_;
  Settle();
}

bool RadosKvIterator::FetchPage() {
  std::map<std::string, librados::bufferlist> values;
  bool more = false;
  ++reads_;
  int r = io_.omap_get_vals2(oid_, last_omap_key_, filter_, page_size_, &values, &more);
  if (r < 0) {
    status_ = FromRados(r, "reading the omap of " + oid_);
    return false;
  }
  page_size_ = std::min(kMaxPage, page_size_ * 4);
  more_ = more && !values.empty();
  page_.clear();
  pos_ = 0;
  page_.reserve(values.size());
  for (auto& [omap_key, value] : values) {
    std::string_view key(omap_key);
    key.remove_prefix(prefix_.size());
    page_.emplace_back(std::string(key), value.to_str());
  }
  if (!values.empty()) last_omap_key_ = values.rbegin()->first;
  return true;
}

void RadosKvIterator::Settle() {
  valid_ = false;
  while (true) {
    if (pos_ >= page_.size()) {
      if (!more_ || !FetchPage()) return;
      if (page_.empty()) return;
    }
    const std::string& key = page_[pos_].first;
    if (KeyAfterRange(range_, key)) return;
    if (!KeyBeforeRange(range_, key)) {
      valid_ = true;
      return;
    }
    ++pos_;
  }
}

}  // namespace quarry
