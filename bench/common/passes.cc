#include "bench/common/passes.h"

#include <algorithm>

namespace quarry::bench {

void PassRates::Add(double units, double seconds) {
  rates_.push_back(seconds > 0 ? units / seconds : 0);
}

double PassRates::Median() const {
  if (rates_.empty()) return 0;
  std::vector<double> sorted = rates_;
  std::sort(sorted.begin(), sorted.end());
  const size_t mid = sorted.size() / 2;
  return sorted.size() % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

}  // namespace quarry::bench
