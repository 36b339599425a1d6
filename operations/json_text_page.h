// JsonTextPage: a page of result items already written as Gaffer JSON text,
// item after item in one buffer, so that a page on its way to the wire
// (a Thrift page, a REST chunk) costs no tree and no allocation per item;
// a cursor's pages reuse the buffer.
//
// Thread safety: none; one writer, then readers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry {

class JsonTextPage {
 public:
  void Clear() {
    text_.clear();
    ends_.clear();
  }
  // Where the next item's JSON is appended; EndItem() closes it.
  std::string* text() { return &text_; }
  void EndItem() { ends_.push_back(text_.size()); }

  size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  // REQUIRES: i < size().
  std::string_view item(size_t i) const {
    const size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_).substr(begin, ends_[i] - begin);
  }
  // The items as one compact JSON array, "[a,b]" ("[]" when empty): the
  // bytes the array's tree would dump to.
  void AppendArray(std::string* out) const;

 private:
  std::string text_;
  std::vector<size_t> ends_;  // End offset of each item in text_.
};

}  // namespace quarry
