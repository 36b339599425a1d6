// ElementIterator: a pull-based stream of Elements, the output of a scan
// stack and the input of operations. Memory stays bounded whatever the
// result size: elements are produced one at a time.
//
// Contract: a freshly returned iterator is already positioned on its first
// element (or at the end). Valid() is false at the end and after an error;
// status() then tells which. element() is valid until the next Next().
//
// Thread safety: not thread-safe; one consumer at a time.
#pragma once

#include <memory>

#include "graph-core/element.h"
#include "graph-core/status.h"

namespace quarry {

class ElementIterator {
 public:
  virtual ~ElementIterator() = default;

  virtual bool Valid() const = 0;
  // REQUIRES: Valid().
  virtual void Next() = 0;
  // REQUIRES: Valid(). Valid until the next Next().
  virtual const Element& element() const = 0;
  // OK at a clean end; the error that stopped the stream otherwise.
  virtual Status status() const = 0;
};

}  // namespace quarry
