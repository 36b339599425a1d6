#include "iterators/visibility_filter.h"

#include <cstdio>
#include <utility>

#include "keypackages/key_format.h"
#include "schema/escaping.h"

namespace quarry {
namespace {

// The key for messages: printable bytes as is, others as \xNN.
std::string Printable(std::string_view key) {
  std::string out;
  for (unsigned char c : key) {
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out.append(buf);
    }
  }
  return out;
}

// The visibility of a split key, unescaped into *scratch when it holds an
// escape byte.
Status VisibilityOfParts(const KeyParts& parts, std::string* scratch,
                         std::string_view* visibility) {
  if (parts.visibility.find(kEscapeByte) == std::string_view::npos) {
    *visibility = parts.visibility;
    return Status::OK();
  }
  scratch->clear();
  QUARRY_RETURN_IF_ERROR(Unescape(parts.visibility, scratch));
  *visibility = *scratch;
  return Status::OK();
}

Status KeyFormatVisibility(std::string_view key, std::string_view, std::string* scratch,
                           std::string_view* visibility) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return VisibilityOfParts(parts, scratch, visibility);
}

using ExtractorFunction = Status (*)(std::string_view, std::string_view, std::string*,
                                     std::string_view*);

}  // namespace

VisibilityExtractor KeyFormatVisibilityExtractor() { return &KeyFormatVisibility; }

VisibilityEvaluator::VisibilityEvaluator(Authorizations auths, size_t cache_capacity)
    : auths_(std::move(auths)), cache_capacity_(cache_capacity) {}

Result<bool> VisibilityEvaluator::CanSee(std::string_view expression) {
  if (expression.empty()) return true;
  auto found = verdicts_.find(expression);
  if (found != verdicts_.end()) return found->second;
  QUARRY_ASSIGN_OR_RETURN(VisibilityExpression parsed, VisibilityExpression::Parse(expression));
  bool visible = parsed.Evaluate(auths_);
  if (verdicts_.size() >= cache_capacity_) verdicts_.clear();
  verdicts_.emplace(std::string(expression), visible);
  return visible;
}

Result<std::unique_ptr<VisibilityFilter>> VisibilityFilter::Create(
    std::unique_ptr<KvIterator> source, VisibilityFilterOptions options) {
  if (!options.extractor) return InvalidArgumentError("VisibilityFilter: no extractor given");
  if (options.cache_capacity == 0) {
    return InvalidArgumentError("VisibilityFilter: cache_capacity must be positive");
  }
  return std::unique_ptr<VisibilityFilter>(
      new VisibilityFilter(std::move(source), std::move(options)));
}

VisibilityFilter::VisibilityFilter(std::unique_ptr<KvIterator> source,
                                   VisibilityFilterOptions options)
    : FilterIterator(std::move(source)),
      extractor_(std::move(options.extractor)),
      evaluator_(std::move(options.auths), options.cache_capacity) {
  // The key-format extractor's answer is read from the split key the stack
  // shares, so that this layer does not split the key again.
  const ExtractorFunction* f = extractor_.target<ExtractorFunction>();
  key_format_ = f != nullptr && *f == &KeyFormatVisibility;
}

Result<bool> VisibilityFilter::Accept(std::string_view key, std::string_view value) {
  std::string_view visibility;
  if (key_format_) {
    QUARRY_ASSIGN_OR_RETURN(const KeyParts* parts, Parts());
    QUARRY_RETURN_IF_ERROR(VisibilityOfParts(*parts, &scratch_, &visibility));
  } else {
    QUARRY_RETURN_IF_ERROR(extractor_(key, value, &scratch_, &visibility));
  }
  Result<bool> visible = evaluator_.CanSee(visibility);
  if (!visible.ok()) {
    return DataLossError("cell \"" + Printable(key) +
                         "\" has an invalid visibility: " + visible.status().message());
  }
  return visible;
}

}  // namespace quarry
