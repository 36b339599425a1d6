// PassRates: the rate of each timed pass of a read scenario, and their median.
//
// Why passes: a 1-hop scenario's 10,000 uniform seeds take 60-130 ms at full
// size, and what a block cache misses is read from the OS page cache, which
// this project's VMs trim in the background (bench/RESULTS.md, "Read passes").
// One pass of one run therefore moved a ratio by up to +-30%, far more than the
// code did. Every system now runs the same seeds `--passes` times (default
// kDefaultReadPasses) in one process and reports the median pass; the RESULT
// line lists every pass, the first (coldest) included, so nothing is hidden.
//
// Thread safety: none (one scenario's loop owns one).
#pragma once

#include <cstddef>
#include <vector>

namespace quarry::bench {

inline constexpr size_t kDefaultReadPasses = 3;

class PassRates {
 public:
  // Records a pass that handled `units` (seeds, elements) in `seconds`.
  // A pass of no measurable time records 0.
  void Add(double units, double seconds);

  // The median of the recorded rates (the mean of the two middle ones for an
  // even count); 0 if none was recorded.
  double Median() const;

  // In the order recorded.
  const std::vector<double>& rates() const { return rates_; }

 private:
  std::vector<double> rates_;
};

}  // namespace quarry::bench
