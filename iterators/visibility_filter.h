// VisibilityFilter: the scan layer that hides cells whose column-visibility
// expression the user's authorizations do not satisfy (Accumulo's
// VisibilityFilter). The key-package knows where the visibility lives in a
// key, so the caller supplies an extractor.
//
// Thread safety: VisibilityEvaluator and VisibilityFilter are used by one
// thread at a time (they cache); build one per scan.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "graph-core/status.h"
#include "iterators/filter_iterator.h"
#include "iterators/visibility.h"

namespace quarry {

// Decides visibility of expression texts for one set of authorizations,
// remembering the verdicts of up to `cache_capacity` distinct texts (the
// cache is emptied when full, so memory stays bounded).
class VisibilityEvaluator {
 public:
  VisibilityEvaluator(Authorizations auths, size_t cache_capacity);

  // True iff the authorizations satisfy `expression` ("" is visible to all).
  // InvalidArgument if it does not parse.
  Result<bool> CanSee(std::string_view expression);

  const Authorizations& auths() const { return auths_; }
  size_t cache_size() const { return verdicts_.size(); }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  Authorizations auths_;
  size_t cache_capacity_;
  std::unordered_map<std::string, bool, Hash, std::equal_to<>> verdicts_;
};

// Sets *visibility to the visibility expression of the cell (key, value): a
// view into `key` or `value`, or into *scratch when the bytes must be
// rebuilt (e.g. unescaped). An error (e.g. DataLoss for a malformed key) ends
// the scan.
using VisibilityExtractor =
    std::function<Status(std::string_view key, std::string_view value, std::string* scratch,
                         std::string_view* visibility)>;

// The extractor for keys in Quarry's key format (keypackages/key_format.h):
// the unescaped visibility part of the key (a view into the key when it holds
// no escape byte). DataLoss if the key is malformed or badly escaped.
VisibilityExtractor KeyFormatVisibilityExtractor();

struct VisibilityFilterOptions {
  Authorizations auths;
  VisibilityExtractor extractor;  // Required.
  size_t cache_capacity = 1000;   // Distinct expressions remembered; > 0.
};

class VisibilityFilter : public FilterIterator {
 public:
  // InvalidArgument if options.extractor is empty or cache_capacity is 0.
  static Result<std::unique_ptr<VisibilityFilter>> Create(std::unique_ptr<KvIterator> source,
                                                          VisibilityFilterOptions options);

  size_t cache_size() const { return evaluator_.cache_size(); }

 protected:
  // A cell whose stored expression does not parse is DataLoss (ingest
  // rejects invalid expressions, so this is corruption): the scan ends
  // rather than guessing either way.
  Result<bool> Accept(std::string_view key, std::string_view value) override;

 private:
  VisibilityFilter(std::unique_ptr<KvIterator> source, VisibilityFilterOptions options);

  VisibilityExtractor extractor_;
  bool key_format_ = false;  // extractor_ is KeyFormatVisibilityExtractor().
  VisibilityEvaluator evaluator_;
  std::string scratch_;
};

}  // namespace quarry
