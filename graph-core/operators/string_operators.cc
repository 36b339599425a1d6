// koryphe's StringConcat and StringDeduplicateConcat.
//
// Java's StringDeduplicateConcat splits on the separator as a regular
// expression; Quarry splits on it literally, which is the same for every
// separator without regex metacharacters (",", ";", " ", ...).
#include <string>
#include <unordered_set>
#include <vector>

#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry::operators_internal {
namespace {

// Java's String.split(separator) for a literal separator: no match gives the
// whole string; otherwise trailing empty pieces are dropped. An empty
// separator splits into characters (UTF-8 code points here).
std::vector<std::string> JavaSplit(std::string_view s, std::string_view separator) {
  std::vector<std::string> pieces;
  if (separator.empty()) {
    for (size_t i = 0; i < s.size();) {
      size_t len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
      pieces.emplace_back(s.substr(i, len));
      i += len;
    }
    if (pieces.empty()) pieces.emplace_back();
    return pieces;
  }
  size_t pos = s.find(separator);
  if (pos == std::string_view::npos) return {std::string(s)};
  size_t start = 0;
  while (pos != std::string_view::npos) {
    pieces.emplace_back(s.substr(start, pos - start));
    start = pos + separator.size();
    pos = s.find(separator, start);
  }
  pieces.emplace_back(s.substr(start));
  while (!pieces.empty() && pieces.back().empty()) pieces.pop_back();
  return pieces;
}

class StringConcatOperator final : public KorypheOperator {
 public:
  StringConcatOperator(std::string_view class_name, std::string separator, bool deduplicate)
      : KorypheOperator(class_name), separator_(std::move(separator)), deduplicate_(deduplicate) {}

  bool Accepts(ValueType type) const override { return type == ValueType::kString; }

  Json ToJson() const override {
    Json json = KorypheOperator::ToJson();
    json["separator"] = separator_;
    return json;
  }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    if (!deduplicate_) {
      *state = Value::String(state->AsString() + separator_ + input.AsString());
    } else {
      *state = Value::String(DeduplicateConcat(state->AsString(), input.AsString()));
    }
    return Status::OK();
  }

 private:
  // Splits both strings (after removing one leading separator), keeps each
  // piece once in first-seen order, and joins with the separator.
  std::string DeduplicateConcat(std::string_view a, std::string_view b) const {
    std::vector<std::string> unique;
    std::unordered_set<std::string> seen;
    for (std::string_view s : {a, b}) {
      if (!separator_.empty() && s.substr(0, separator_.size()) == separator_) {
        s.remove_prefix(separator_.size());
      }
      for (std::string& piece : JavaSplit(s, separator_)) {
        if (seen.insert(piece).second) unique.push_back(std::move(piece));
      }
    }
    std::string out;
    for (size_t i = 0; i < unique.size(); ++i) {
      if (i > 0) out += separator_;
      out += unique[i];
    }
    return out;
  }

  std::string separator_;
  bool deduplicate_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeStringConcat(std::string separator) {
  return std::make_unique<StringConcatOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat", std::move(separator), false);
}

std::unique_ptr<BinaryOperator> MakeStringDeduplicateConcat(std::string separator) {
  return std::make_unique<StringConcatOperator>(
      "uk.gov.gchq.koryphe.impl.binaryoperator.StringDeduplicateConcat", std::move(separator),
      true);
}

}  // namespace quarry::operators_internal
