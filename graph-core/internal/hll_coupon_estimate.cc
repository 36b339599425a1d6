#include "graph-core/internal/hll_coupon_estimate.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace quarry::internal {
namespace {

constexpr int kNodes = 40;
constexpr int kAddressBits = 26;
constexpr int kMaxRank = 63;  // ranks 1..63; 63 also takes every longer run

// Probability that one item's coupon has rank v: 2^-v, the last rank keeping
// the tail. Each rank spreads over 2^26 addresses.
long double RankProbability(int v) { return std::ldexp(1.0L, -(v < kMaxRank ? v : kMaxRank - 1)); }

// E[distinct coupons] after n items, and its derivative in n.
void ExpectedCoupons(long double n, long double* value, long double* slope) {
  const long double addresses = std::ldexp(1.0L, kAddressBits);
  *value = 0;
  *slope = 0;
  for (int v = 1; v <= kMaxRank; ++v) {
    const long double p = RankProbability(v) / addresses;
    const long double log_miss = std::log1p(-p);
    const long double miss = std::exp(n * log_miss);  // P(coupon never drawn)
    *value += addresses * -std::expm1(n * log_miss);
    *slope += addresses * -log_miss * miss;
  }
}

// n such that E[distinct coupons | n items] == coupons (Newton's method; the
// expectation is smooth, increasing and nearly the identity here).
long double ItemsForCoupons(long double coupons) {
  long double n = coupons;
  for (int i = 0; i < 50; ++i) {
    long double value, slope;
    ExpectedCoupons(n, &value, &slope);
    const long double step = (value - coupons) / slope;
    n -= step;
    if (std::fabs(step) <= n * 1e-19L) break;
  }
  return n;
}

struct Nodes {
  std::array<double, kNodes> x;
  std::array<double, kNodes> y;
};

// DataSketches' nodes: 0, 1, 20, 400, 8,000, 160,000, then every 300,000.
Nodes MakeNodes() {
  Nodes nodes;
  const double head[] = {0, 1, 20, 400, 8000, 160000};
  for (int i = 0; i < kNodes; ++i) {
    nodes.x[i] = i < 6 ? head[i] : 300000.0 * (i - 5);
    nodes.y[i] = i < 2 ? nodes.x[i] : static_cast<double>(ItemsForCoupons(nodes.x[i]));
  }
  return nodes;
}

// Lagrange's cubic through four nodes starting at `first`, evaluated at x.
double Cubic(const Nodes& n, int first, double x) {
  const double* xs = &n.x[first];
  const double* ys = &n.y[first];
  double sum = 0;
  for (int i = 0; i < 4; ++i) {
    double numer = 1, denom = 1;
    for (int j = 0; j < 4; ++j) {
      if (j == i) continue;
      numer *= x - xs[j];
      denom *= xs[i] - xs[j];
    }
    sum += ys[i] * numer / denom;
  }
  return sum;
}

}  // namespace

double CouponEstimate(uint32_t coupon_count) {
  static const Nodes nodes = MakeNodes();
  const double x = coupon_count;
  if (x >= nodes.x[kNodes - 1]) return std::max(nodes.y[kNodes - 1], x);
  // j: the node interval holding x; the cubic uses the nodes around it,
  // shifted inwards at either end.
  const int j =
      static_cast<int>(std::upper_bound(nodes.x.begin(), nodes.x.end(), x) - nodes.x.begin()) - 1;
  const int first = std::clamp(j - 1, 0, kNodes - 4);
  return std::max(Cubic(nodes, first, x), x);
}

}  // namespace quarry::internal
