#include "store-rocks/hot_key_options.h"

#include <charconv>
#include <string>

namespace quarry {

Result<int> ParseMaxSuccessiveMerges(std::string_view value) {
  int n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 0 ||
      n > 1'000'000) {
    return InvalidArgumentError(std::string(kMaxSuccessiveMergesKey) +
                                ": expected an integer in [0, 1000000], got '" +
                                std::string(value) + "'");
  }
  return n;
}

int MaxSuccessiveMerges(const StoreProperties& p) {
  auto it = p.raw.find(std::string(kMaxSuccessiveMergesKey));
  if (it == p.raw.end()) return kDefaultMaxSuccessiveMerges;
  Result<int> n = ParseMaxSuccessiveMerges(it->second);
  return n.ok() ? *n : kDefaultMaxSuccessiveMerges;
}

}  // namespace quarry
