// The cardinality estimate of an HllSketch still in a coupon mode (LIST or
// SET), matching DataSketches' coupon estimator.
//
// A coupon is 26 bits of address and a 6-bit rank, so two distinct items
// share a coupon only rarely; the estimate corrects the distinct-coupon count
// for those collisions. DataSketches does it by cubic interpolation over 40
// nodes of the inverse of E[distinct coupons | n items]. Quarry computes the
// same nodes' values from that expectation (below) rather than carrying a
// table, and interpolates the same way, so that estimates agree with Gaffer's
// to the last few bits (1 coupon gives exactly 1.0).
#pragma once

#include <cstdint>

namespace quarry::internal {

// REQUIRES: coupon_count <= 10,200,000 (a SET holds at most 196,608).
// Never less than coupon_count.
double CouponEstimate(uint32_t coupon_count);

}  // namespace quarry::internal
