// KvIterator: the scan-stack iterator, Accumulo's SortedKeyValueIterator
// contract (seek / hasTop / getTopKey / next) in LevelDB's clothes.
//
// Contract every implementation keeps:
//  * Seek(range) positions the iterator at the first cell it yields whose key
//    lies in `range`; afterwards it yields cells in strictly increasing
//    bytewise key order, all inside `range`, until Valid() is false.
//  * Seek may be called at any time, any number of times, with any range,
//    including a range that starts in the middle of what a layer treats as one
//    unit (an aggregation group): a layer must then still yield exactly what a
//    single pass would yield for that range ("seek-safe"). In particular,
//    re-seeking to (k, end) (RangeResumingAfter(range, k)) after a cell with
//    key k was yielded resumes the scan exactly after k.
//  * Valid() is false before the first Seek, at the end of the range, and
//    after an error; status() tells the two apart. An error stays until the
//    next Seek, which starts afresh.
//  * key() and value() REQUIRE Valid(); the views they return stay valid until
//    the next Seek or Next on this iterator (not on the layers it wraps).
//  * DecodedElement() is an optional shortcut, never needed for correctness:
//    a layer that decoded the current cell may hand its element up, so that
//    the stages above do not decode the same bytes again.
//  * SplitParts() is the same kind of shortcut for SplitKey(key()): the
//    first layer that splits a cell's key shares the pieces with the layers
//    above, so a key is split once per cell, not once per layer.
//
// Thread safety: an iterator is used by one thread at a time.
#pragma once

#include <memory>
#include <string_view>
#include <utility>

#include "graph-core/status.h"
#include "iterators/key_range_ops.h"
#include "keypackages/key_format.h"

namespace quarry {

class Element;

class KvIterator {
 public:
  virtual ~KvIterator() = default;

  // Positions at the first yielded cell in `range` (see the contract above).
  virtual void Seek(const KeyRange& range) = 0;
  // True when positioned at a cell; false at the end or on error.
  virtual bool Valid() const = 0;
  // Moves to the next cell. REQUIRES: Valid().
  virtual void Next() = 0;
  // REQUIRES: Valid(). Valid until the next Seek/Next.
  virtual std::string_view key() const = 0;
  // REQUIRES: Valid(). Valid until the next Seek/Next.
  virtual std::string_view value() const = 0;
  // OK unless an error ended the scan (then Valid() is false).
  virtual Status status() const = 0;
  // The element KeyPackage::Decode(key(), value()) returns (matchedVertex
  // from the row orientation, whatever the scan's option), if a layer of
  // this stack already decoded the current cell; nullptr otherwise. The
  // caller may modify or move from it. REQUIRES: Valid(). Valid until the
  // next Seek/Next. Layers that change cells must return nullptr (the
  // default), so that a stale element never passes for the current cell.
  virtual Element* DecodedElement() { return nullptr; }
  // SplitKey(key()), if a layer of this stack already split the current
  // key; nullptr otherwise. REQUIRES: Valid(). Valid until the next
  // Seek/Next. Layers that change keys must return nullptr (the default).
  virtual const KeyParts* SplitParts() const { return nullptr; }
};

// A layer over one source iterator, which it owns. By default every call is
// forwarded to the source; subclasses override what they change.
class WrappingIterator : public KvIterator {
 public:
  // REQUIRES: source != nullptr.
  explicit WrappingIterator(std::unique_ptr<KvIterator> source) : source_(std::move(source)) {}

  void Seek(const KeyRange& range) override { source_->Seek(range); }
  bool Valid() const override { return source_->Valid(); }
  void Next() override { source_->Next(); }
  std::string_view key() const override { return source_->key(); }
  std::string_view value() const override { return source_->value(); }
  Status status() const override { return source_->status(); }

 protected:
  KvIterator* source() const { return source_.get(); }

 private:
  std::unique_ptr<KvIterator> source_;
};

}  // namespace quarry
