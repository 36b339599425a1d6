// JsonTextPage: a page of result items already written as Gaffer JSON text,
// laid out as the JSON array they will travel in ("[a,b,c", the closing
// bracket added on the way out), so that a page on its way to the wire
// (a Thrift page, a REST chunk) costs no tree, no allocation per item and
// no second copy to join the items. Clear() keeps the buffer's capacity, so
// a cursor's pages reuse it.
//
// Thread safety: none; one writer, then readers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry {

class JsonTextPage {
 public:
  JsonTextPage() : text_("[") {}

  void Clear() {
    text_.assign("[");
    ends_.clear();
  }
  // Room for `bytes` of item text, so a page about as large as the last
  // grows without reallocating.
  void Reserve(size_t bytes) { text_.reserve(bytes + 2); }

  // Where the next item's JSON is appended (after the separating ','); one
  // EndItem() closes it. The writer appends exactly one JSON value.
  std::string* BeginItem() {
    if (!ends_.empty()) text_.push_back(',');
    return &text_;
  }
  void EndItem() { ends_.push_back(text_.size()); }

  size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  // REQUIRES: i < size().
  std::string_view item(size_t i) const {
    const size_t begin = i == 0 ? 1 : ends_[i - 1] + 1;
    return std::string_view(text_).substr(begin, ends_[i] - begin);
  }
  // The items joined by ',' without brackets ("a,b"; "" when empty).
  std::string_view joined_items() const { return std::string_view(text_).substr(1); }

  // Replaces *out with the items as one compact JSON array, "[a,b]" ("[]"
  // when empty: the bytes the array's tree would dump to), handing over this
  // page's buffer (and taking *out's for reuse); the page is left empty.
  void TakeArray(std::string* out);

 private:
  std::string text_;          // "[" then the items joined by ','.
  std::vector<size_t> ends_;  // End offset of each item in text_.
};

}  // namespace quarry
