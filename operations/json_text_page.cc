#include "operations/json_text_page.h"

namespace quarry {

void JsonTextPage::AppendArray(std::string* out) const {
  out->reserve(out->size() + text_.size() + 1);
  out->append(text_);
  out->push_back(']');
}

void JsonTextPage::TakeArray(std::string* out) {
  text_.push_back(']');
  out->swap(text_);
  Clear();
}

}  // namespace quarry
