// A ResultCursor over a generated sequence of items, for testing transports
// without a graph: item i is {"i": i}; it can fail at a chosen page and
// counts the pages it served.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "operations/executor.h"

namespace quarry::testing_rpc {

class FakeResultCursor : public ResultCursor {
 public:
  // `items` items; NextPage call number `fail_at_call` (0-based; -1: never)
  // returns `failure`.
  FakeResultCursor(ResultShape shape, int64_t items, int fail_at_call = -1,
                   Status failure = InternalError("fake cursor failure"))
      : shape_(shape), items_(items), fail_at_call_(fail_at_call), failure_(std::move(failure)) {}

  ResultShape shape() const override { return shape_; }
  Result<std::vector<Json>> NextPage(size_t max_items) override {
    if (calls_++ == fail_at_call_) return failure_;
    std::vector<Json> page;
    while (next_ < items_ && page.size() < max_items) {
      page.push_back(shape_ == ResultShape::kSingle ? Json(next_) : Json{{"i", next_}});
      ++next_;
    }
    return page;
  }
  bool done() const override { return next_ >= items_; }
  int calls() const { return calls_; }

 private:
  ResultShape shape_;
  int64_t items_;
  int fail_at_call_;
  Status failure_;
  int64_t next_ = 0;
  int calls_ = 0;
};

}  // namespace quarry::testing_rpc
