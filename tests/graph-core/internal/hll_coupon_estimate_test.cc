#include "graph-core/internal/hll_coupon_estimate.h"

#include <gtest/gtest.h>

namespace quarry::internal {
namespace {

// DataSketches' coupon-mapping table (CubicInterpolation, "computed for
// coupon lgK = 26"): the nodes Quarry computes from the collision model must
// land on the published values.
TEST(HllCouponEstimateTest, NodesMatchDataSketchesTable) {
  EXPECT_DOUBLE_EQ(CouponEstimate(0), 0.0);
  EXPECT_EQ(CouponEstimate(1), 1.0);
  EXPECT_NEAR(CouponEstimate(20), 20.0000009437402611, 1e-12);
  EXPECT_NEAR(CouponEstimate(400), 400.0003963713384110, 1e-10);
  EXPECT_NEAR(CouponEstimate(8000), 8000.1589294602090376, 1e-8);
  EXPECT_NEAR(CouponEstimate(160000), 160063.6067763759638183, 1e-6);
  EXPECT_NEAR(CouponEstimate(300000), 300223.7071597663452849, 1e-6);
}

// Between nodes the estimate is a small upward correction, never below the
// coupon count, and increasing.
TEST(HllCouponEstimateTest, InterpolatesAboveTheCountAndIncreases) {
  double previous = 0;
  for (uint32_t c : {2u, 3u, 7u, 8u, 25u, 96u, 97u, 1000u, 50000u, 196608u}) {
    const double e = CouponEstimate(c);
    EXPECT_GE(e, c);
    EXPECT_LT(e, c * 1.0005) << c;
    EXPECT_GT(e, previous);
    previous = e;
  }
  // Gaffer's ToHllSketchTest / IterableToHllSketchTest: within 0.001%.
  EXPECT_NEAR(CouponEstimate(3), 3.0, 3e-5);
  EXPECT_NEAR(CouponEstimate(5), 5.0, 5e-5);
}

}  // namespace
}  // namespace quarry::internal
