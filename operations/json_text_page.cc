#include "operations/json_text_page.h"

namespace quarry {

void JsonTextPage::TakeArray(std::string* out) {
  text_.push_back(']');
  out->swap(text_);
  Clear();
}

}  // namespace quarry
