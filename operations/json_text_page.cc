#include "operations/json_text_page.h"

namespace quarry {

void JsonTextPage::AppendArray(std::string* out) const {
  out->reserve(out->size() + text_.size() + ends_.size() + 2);
  out->push_back('[');
  for (size_t i = 0; i < ends_.size(); ++i) {
    if (i > 0) out->push_back(',');
    out->append(item(i));
  }
  out->push_back(']');
}

}  // namespace quarry
