#include "graph-core/json_depth.h"

#include <string>

namespace quarry {

int JsonNestingDepth(std::string_view text, int stop_above, size_t* exceeded_at) {
  if (exceeded_at != nullptr) *exceeded_at = text.size();
  int depth = 0;
  int max_depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // Skip the escaped character.
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) max_depth = depth;
      if (max_depth > stop_above) {
        if (exceeded_at != nullptr) *exceeded_at = i;
        return max_depth;
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return max_depth;
}

Status CheckJsonDepth(std::string_view text, int max_depth, std::string_view what) {
  size_t at = 0;
  if (JsonNestingDepth(text, max_depth, &at) <= max_depth) return Status::OK();
  return InvalidArgumentError(std::string(what) + " nests deeper than " +
                              std::to_string(max_depth) + " levels (at byte " + std::to_string(at) +
                              ")");
}

}  // namespace quarry
