// ScanElementIterator: the element-level end of the scan stack, run after the
// key/value layers as Gaffer runs it client side (gaffer-compat.md §4.4,
// §8.4 steps 5-7): decode each cell, apply the view's transform (which may
// set transient properties), the post-transform filter, then the
// properties / excludeProperties selection.
//
// Thread safety: not thread-safe; one consumer at a time.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "graph-core/element.h"
#include "graph-core/status.h"
#include "graph-core/view_element_definition.h"
#include "iterators/element_iterator.h"
#include "iterators/kv_iterator.h"
#include "keypackages/key_package.h"

namespace quarry {

class ScanElementIterator : public ElementIterator {
 public:
  // `groups`: the view's definition per group (only transform,
  // post-transform filter and property selection are used here); cells of
  // groups not listed are returned as decoded. `matched_vertex` as in
  // ElementFilterOptions. `package` must outlive the iterator. Not
  // positioned until Seek.
  ScanElementIterator(std::unique_ptr<KvIterator> stack, const KeyPackage& package,
                      std::map<std::string, ViewElementDefinition, std::less<>> groups,
                      bool matched_vertex);
  // Not copyable or movable: current_ may point at the member element_.
  ScanElementIterator(const ScanElementIterator&) = delete;
  ScanElementIterator& operator=(const ScanElementIterator&) = delete;

  // Seeks the key/value stack and positions on the first element in `range`.
  // May be called again at any time (e.g. RangeResumingAfter(range, key())
  // to resume after the current element).
  void Seek(const KeyRange& range);

  bool Valid() const override { return has_element_ && status_.ok(); }
  void Next() override;
  const Element& element() const override { return *current_; }
  Status status() const override { return status_; }
  // The stored key of element()'s cell (its aggregated key after query-time
  // aggregation). REQUIRES: Valid(). Valid until the next Seek/Next.
  std::string_view key() const { return stack_->key(); }

 private:
  // From the stack's current cell on, finds the first element that survives
  // the element-level stages.
  void Settle();
  // Decodes and processes the stack's current cell into element_; false if
  // the post-transform filter drops it.
  Result<bool> Process();

  std::unique_ptr<KvIterator> stack_;
  const KeyPackage& package_;
  std::map<std::string, ViewElementDefinition, std::less<>> groups_;
  bool matched_vertex_;
  // The current element: &element_, or the element a layer of the stack
  // decoded (KvIterator::DecodedElement), used where it lies.
  Element* current_ = &element_;
  Element element_;  // Decoded into in place, cell after cell.
  bool has_element_ = false;
  Status status_;
};

// Applies one group's transform, post-transform filter and property
// selection to `element`. Returns false if the filter drops it.
// InvalidArgument (naming group and function) if a transform fails.
Result<bool> ApplyElementStage(const ViewElementDefinition& definition, Element* element);

}  // namespace quarry
