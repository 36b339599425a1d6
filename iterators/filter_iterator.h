// FilterIterator: yields the source's cells that a subclass accepts, in the
// manner of Accumulo's Filter. Filtering one cell never depends on another, so
// every filter is seek-safe by construction.
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <memory>
#include <string_view>
#include <utility>

#include "graph-core/status.h"
#include "iterators/kv_iterator.h"

namespace quarry {

class FilterIterator : public WrappingIterator {
 public:
  explicit FilterIterator(std::unique_ptr<KvIterator> source)
      : WrappingIterator(std::move(source)) {}

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return status_.ok() && source()->Valid(); }
  void Next() override;
  Status status() const override { return status_.ok() ? source()->status() : status_; }
  // A filter yields its source's cells unchanged, so it passes on the
  // source's decoded element.
  Element* DecodedElement() override { return source()->DecodedElement(); }
  // The split this layer made of the current key, else the source's.
  const KeyParts* SplitParts() const override {
    return parts_valid_ ? &parts_ : source()->SplitParts();
  }

 protected:
  // True to yield the cell, false to skip it. An error (e.g. DataLoss for
  // bytes that cannot be decoded) ends the scan and becomes status(); it is
  // never treated as a rejection. The views are valid only during the call.
  virtual Result<bool> Accept(std::string_view key, std::string_view value) = 0;

  // For Accept: the current key split by SplitKey, taken from a layer below
  // or split here once per cell (and then shared with the layers above).
  // DataLoss if the key is malformed. Valid until Accept returns.
  Result<const KeyParts*> Parts();

 private:
  // Advances the source past rejected cells.
  void SkipRejected();

  Status status_;
  KeyParts parts_;  // SplitKey(source()->key()) while parts_valid_.
  bool parts_valid_ = false;
};

}  // namespace quarry
