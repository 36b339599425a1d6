// ElementFilterIterator: a scan layer that decodes cells and keeps the
// elements that pass per-group element tests: the schema validators (the
// table Validator, gaffer-compat.md §4.4 priority 20, age-off) and a view
// filter (the pre-aggregation filter, priority 34, or the post-aggregation
// filter, priority 37). One layer runs both tests on one decode; groups with
// nothing to test pass without being decoded. The element decoded for an
// accepted cell is handed up (KvIterator::DecodedElement), so the output
// stage does not decode it again.
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "graph-core/predicate.h"
#include "iterators/filter_iterator.h"
#include "iterators/validate.h"
#include "keypackages/key_package.h"

namespace quarry {

struct ElementTests {
  // Run the schema validators (without IsA) and drop invalid elements.
  bool validate = false;
  // The view filter; empty passes everything.
  ElementFilter filter;

  bool empty() const { return !validate && filter.empty(); }
};

struct ElementFilterOptions {
  // Group -> tests. Groups not listed pass untested.
  std::map<std::string, ElementTests, std::less<>> groups;
  // Keep the matchedVertex the key-package decodes from the row orientation
  // (filters may select MATCHED_VERTEX); false clears it, as for
  // GetAllElements.
  bool matched_vertex = true;
};

// ElementFilterOptions' groups prepared against a schema: validators built,
// groups with nothing to test left out. Immutable: iterators (on any
// threads) may share one. Must not outlive the schema.
struct ElementFilterPlan {
  struct GroupTests {
    ElementFilter filter;                     // Empty passes everything.
    std::optional<GroupValidator> validator;  // Absent: no validation.
  };
  std::map<std::string, GroupTests, std::less<>> groups;

  bool empty() const { return groups.empty(); }
};

ElementFilterPlan PrepareElementFilter(
    const Schema& schema, const std::map<std::string, ElementTests, std::less<>>& groups);

class ElementFilterIterator : public FilterIterator {
 public:
  // `package` must outlive the iterator.
  ElementFilterIterator(std::unique_ptr<KvIterator> source, const KeyPackage& package,
                        const ElementFilterOptions& options);
  // A prepared plan (PrepareElementFilter over package.schema());
  // `matched_vertex` as ElementFilterOptions'. REQUIRES: plan != nullptr.
  ElementFilterIterator(std::unique_ptr<KvIterator> source, const KeyPackage& package,
                        std::shared_ptr<const ElementFilterPlan> plan, bool matched_vertex);

  // Not copyable or movable: decoded_ may point at the member element_.
  ElementFilterIterator(const ElementFilterIterator&) = delete;
  ElementFilterIterator& operator=(const ElementFilterIterator&) = delete;

  // The element this layer decoded for the current cell, else the source's.
  Element* DecodedElement() override;

 protected:
  // DataLoss (ending the scan) if a tested cell cannot be decoded.
  Result<bool> Accept(std::string_view key, std::string_view value) override;

 private:
  bool Test(const ElementFilterPlan::GroupTests& tests, const Element& element) const;

  const KeyPackage& package_;
  std::shared_ptr<const ElementFilterPlan> plan_;
  bool matched_vertex_;
  std::string scratch_;
  // The current cell's element if Accept decoded or tested it, else null:
  // &element_ (decoded here) or the element of a layer below.
  Element* decoded_ = nullptr;
  Element element_;  // Decoded into in place, cell after cell.
  // The plan's tests for the group of the last cell (null: none yet, or the
  // group has no tests). Cells come in group runs, so most cells skip the
  // plan's map.
  std::string last_group_;
  const ElementFilterPlan::GroupTests* last_tests_ = nullptr;
  bool have_last_group_ = false;
};

}  // namespace quarry
