// Accumulo-style visibility expressions (iterators/visibility.h), as a
// stored visibility property or a user's auths meet them: evaluate,
// normalise and combine; a normalised expression must evaluate as the
// original does.
#include <cstdlib>

#include "fuzz/fuzz_util.h"
#include "iterators/visibility.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string_view> parts = quarry::fuzz::SplitInput(data, size, 3);
  std::string_view expression = parts[0];
  auto auths = quarry::Authorizations::FromCommaSeparated(parts.size() > 1 ? parts[1] : "A,B");
  if (!auths.ok()) return 0;
  auto verdict = quarry::EvaluateVisibility(expression, *auths);
  auto normal = quarry::NormalizeVisibility(expression);
  if (normal.ok() && verdict.ok()) {
    auto again = quarry::EvaluateVisibility(*normal, *auths);
    if (!again.ok() || *again != *verdict) {
      std::fprintf(stderr, "normalised '%s' evaluates differently\n", normal->c_str());
      std::abort();
    }
  }
  if (parts.size() > 2) (void)quarry::CombineVisibilities(expression, parts[2]);
  return 0;
}
