#include "graph-core/hll_sketch.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "graph-core/base64.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using Mode = HllSketch::Mode;

HllSketch WithItems(int lg_k, int first, int last) {
  HllSketch s(lg_k);
  for (int i = first; i < last; ++i) s.Update("item-" + std::to_string(i));
  return s;
}

std::string Image(std::string_view base64) { return *Base64Decode(base64); }

// gaffer-doc, user-guide/gaffer-basics/what-is-cardinality.md: the entity
// "A" of an edge A->B holds a logK 10 sketch of "B", returned as
// {"bytes": "AgEHCgMIAQBejtgF", "cardinality": 1.0}.
TEST(HllSketchTest, OneItemIsTheImageGafferDocuments) {
  HllSketch s(10);
  s.Update("B");
  EXPECT_EQ(Base64Encode(s.Serialize()), "AgEHCgMIAQBejtgF");
  EXPECT_EQ(s.Estimate(), 1.0);
  EXPECT_EQ(s.mode(), Mode::kList);
  ASSERT_OK_AND_ASSIGN(HllSketch back, HllSketch::Deserialize(Image("AgEHCgMIAQBejtgF")));
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.Estimate(), 1.0);
}

// Gaffer's HllSketchJsonSerialisationTest / ToHllSketchTest: an empty sketch
// estimates 0; an empty string is not an item (DataSketches ignores it).
TEST(HllSketchTest, EmptySketchEstimatesZero) {
  HllSketch s(10);
  s.Update("");
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.Estimate(), 0.0);
  // 8 bytes: LIST preamble, flags empty|compact, no coupons.
  EXPECT_EQ(s.Serialize(), std::string("\x02\x01\x07\x0a\x03\x0c\x00\x00", 8));
}

// Gaffer's HllSketchAggregatorTest (DELTA 1e-7) and HllSketchIsLessThanTest
// (update(int) 1..n, DELTA 1e-5 for 5, 18 and 32).
TEST(HllSketchTest, SmallSketchesEstimateAsGafferTestsExpect) {
  HllSketch ab(10), cd(10);
  ab.Update("A");
  ab.Update("B");
  cd.Update("C");
  cd.Update("D");
  EXPECT_NEAR(ab.Estimate(), 2.0, 1e-7);
  ab.Merge(cd);
  EXPECT_NEAR(ab.Estimate(), 4.0, 1e-7);
  for (int n : {5, 18, 32}) {
    HllSketch s(10);
    for (int i = 1; i <= n; ++i) s.UpdateLong(i);
    EXPECT_NEAR(s.Estimate(), n, 1e-5) << n;
  }
}

// LIST holds 7 coupons; the 8th moves it to a SET (lg_k >= 8), which grows
// until 3/4 of 2^(lg_k-3) slots are used: 96 at lg_k 10, so the 97th coupon
// makes it an HLL. Below lg_k 8 the LIST goes straight to HLL.
TEST(HllSketchTest, ModesFollowDataSketchesThresholds) {
  EXPECT_EQ(WithItems(10, 0, 7).mode(), Mode::kList);
  EXPECT_EQ(WithItems(10, 0, 8).mode(), Mode::kSet);
  EXPECT_EQ(WithItems(10, 0, 96).mode(), Mode::kSet);
  EXPECT_EQ(WithItems(10, 0, 97).mode(), Mode::kHll);
  EXPECT_EQ(WithItems(4, 0, 7).mode(), Mode::kList);
  EXPECT_EQ(WithItems(4, 0, 8).mode(), Mode::kHll);
  // A SET image: 3 preamble ints, its count as a u32, then the coupons.
  std::string set = WithItems(10, 0, 20).Serialize();
  ASSERT_EQ(set.size(), 12u + 4 * 20);
  EXPECT_EQ(set[0], 3);
  EXPECT_EQ(set[7] & 3, 1);
  EXPECT_EQ(static_cast<uint8_t>(set[8]), 20);
}

// HIP on an HLL built by updates alone; the register estimate after a union.
TEST(HllSketchTest, EstimatesDistinctCountWithinTolerance) {
  HllSketch s(12);
  for (int i = 0; i < 10000; ++i) s.Update("item-" + std::to_string(i % 5000));
  EXPECT_NEAR(s.Estimate(), 5000, 5000 * 0.05);
  HllSketch a = WithItems(12, 0, 3000);
  a.Merge(WithItems(12, 2000, 6000));
  EXPECT_NEAR(a.Estimate(), 6000, 6000 * 0.05);
}

TEST(HllSketchTest, UnionOfDifferentPrecisionsHasTheSmallerPrecision) {
  HllSketch a = WithItems(12, 0, 3000);
  a.Merge(WithItems(10, 2000, 6000));
  EXPECT_EQ(a.lg_k(), 10);
  EXPECT_NEAR(a.Estimate(), 6000, 6000 * 0.1);
  // The other way round the larger sketch folds onto the smaller: the same
  // registers, so (both out of order) the same estimate.
  HllSketch c = WithItems(10, 2000, 6000);
  c.Merge(WithItems(12, 0, 3000));
  EXPECT_EQ(c.lg_k(), 10);
  EXPECT_EQ(c.Estimate(), a.Estimate());
  // Coupons carry no precision: a LIST union keeps the first sketch's lg_k.
  HllSketch b = WithItems(10, 0, 3);
  b.Merge(WithItems(12, 3, 5));
  EXPECT_EQ(b.lg_k(), 10);
  EXPECT_EQ(b.mode(), Mode::kList);
  EXPECT_NEAR(b.Estimate(), 5.0, 1e-6);
}

TEST(HllSketchTest, UnionOfCouponsAndHllKeepsEveryItem) {
  HllSketch coupons = WithItems(10, 0, 5);
  HllSketch hll = WithItems(10, 5, 2005);
  ASSERT_EQ(hll.mode(), Mode::kHll);
  HllSketch x = coupons;
  x.Merge(hll);
  HllSketch y = hll;
  y.Merge(coupons);
  EXPECT_EQ(x.mode(), Mode::kHll);
  EXPECT_NEAR(x.Estimate(), 2005, 2005 * 0.08);
  EXPECT_NEAR(y.Estimate(), 2005, 2005 * 0.08);
  // Merging an empty sketch changes nothing; merging into one copies.
  HllSketch empty(10);
  const HllSketch before = y;
  y.Merge(empty);
  EXPECT_EQ(y, before);
  empty.Merge(coupons);
  EXPECT_EQ(empty, coupons);
}

TEST(HllSketchTest, SerializeRoundTripsInEveryMode) {
  for (int n : {0, 3, 7, 8, 60, 97, 5000}) {
    HllSketch s = WithItems(10, 0, n);
    ASSERT_OK_AND_ASSIGN(HllSketch back, HllSketch::Deserialize(s.Serialize()));
    EXPECT_EQ(back, s) << n;
    EXPECT_EQ(back.Estimate(), s.Estimate()) << n;
    // The copy keeps counting from where the original was.
    back.Update("one more");
    s.Update("one more");
    EXPECT_EQ(back, s) << n;
  }
}

TEST(HllSketchTest, RejectsCorruptImagesNamingTheProblem) {
  EXPECT_THAT(HllSketch::Deserialize(""), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(HllSketch::Deserialize("\x01\x08"), StatusIs(StatusCode::kDataLoss));
  const std::string one = Image("AgEHCgMIAQBejtgF");
  EXPECT_THAT(HllSketch::Deserialize(one.substr(0, 10)),
              StatusIsWithMessage(StatusCode::kDataLoss, "hold 1 coupons"));
  std::string family = one;
  family[2] = 9;
  EXPECT_THAT(HllSketch::Deserialize(family),
              StatusIsWithMessage(StatusCode::kDataLoss, "not an HLL sketch"));
  std::string rank0 = one;
  rank0[11] = 0;  // the coupon's top byte: rank 0 cannot come from a hash
  EXPECT_THAT(HllSketch::Deserialize(rank0), StatusIsWithMessage(StatusCode::kDataLoss, "rank 0"));
  std::string hll8 = WithItems(10, 0, 500).Serialize();
  hll8[40 + 3] = 64;  // a register past the largest rank
  EXPECT_THAT(HllSketch::Deserialize(hll8),
              StatusIsWithMessage(StatusCode::kDataLoss, "register 3 holds 64"));
  EXPECT_THAT(HllSketch::Deserialize(hll8.substr(0, 100)),
              StatusIsWithMessage(StatusCode::kDataLoss, "do not hold an HLL image"));
}

// Java sends HLL_4 images (its default target) once a sketch is past its
// coupons. Rebuilt here from an HLL_8 image by the HLL_4 layout: cur_min at
// byte 6, nibbles register - cur_min (even slots low), 15 for a register
// kept in the aux list after them (u32 rank << 26 | slot); and HLL_6: 6-bit
// fields packed little-endian.
TEST(HllSketchTest, ReadsJavasHll4AndHll6Images) {
  std::string hll8 = WithItems(12, 0, 20000).Serialize();
  hll8[40 + 7] = 40;  // a rank far above the rest, so that HLL_4 needs its aux list
  ASSERT_OK_AND_ASSIGN(HllSketch source, HllSketch::Deserialize(hll8));
  const size_t k = 4096;
  std::vector<uint8_t> regs(hll8.begin() + 40, hll8.end());
  const uint8_t cur_min = *std::min_element(regs.begin(), regs.end());
  std::string hll4 = hll8.substr(0, 40) + std::string(k / 2, '\0');
  hll4[6] = static_cast<char>(cur_min);
  hll4[7] = 2;  // HLL mode, target HLL_4
  std::string aux;
  for (size_t i = 0; i < k; ++i) {
    uint8_t nibble = regs[i] - cur_min;
    if (nibble >= 15) {
      nibble = 15;
      const uint32_t pair = (uint32_t{regs[i]} << 26) | static_cast<uint32_t>(i);
      for (int b = 0; b < 4; ++b) aux.push_back(static_cast<char>(pair >> (8 * b)));
    }
    hll4[40 + i / 2] = static_cast<char>(hll4[40 + i / 2] | (nibble << ((i & 1) ? 4 : 0)));
  }
  hll4 += aux;
  const uint32_t aux_count = static_cast<uint32_t>(aux.size() / 4);
  for (int b = 0; b < 4; ++b) hll4[36 + b] = static_cast<char>(aux_count >> (8 * b));
  ASSERT_GT(aux_count, 0u);  // the aux path is exercised
  ASSERT_OK_AND_ASSIGN(HllSketch from4, HllSketch::Deserialize(hll4));
  EXPECT_EQ(from4, source);
  EXPECT_EQ(from4.Estimate(), source.Estimate());

  std::string hll6 = hll8.substr(0, 40) + std::string(k * 3 / 4 + 1, '\0');
  hll6[7] = 2 | (1 << 2);  // HLL mode, target HLL_6
  for (size_t i = 0; i < k; ++i) {
    const size_t bit = i * 6;
    const unsigned field = unsigned{regs[i]} << (bit % 8);
    hll6[40 + bit / 8] = static_cast<char>(hll6[40 + bit / 8] | (field & 0xff));
    hll6[40 + bit / 8 + 1] = static_cast<char>(hll6[40 + bit / 8 + 1] | (field >> 8));
  }
  ASSERT_OK_AND_ASSIGN(HllSketch from6, HllSketch::Deserialize(hll6));
  EXPECT_EQ(from6, source);

  std::string lost = hll4;
  lost.resize(lost.size() - 4);  // one aux entry short
  for (int b = 0; b < 4; ++b) lost[36 + b] = static_cast<char>((aux_count - 1) >> (8 * b));
  EXPECT_THAT(HllSketch::Deserialize(lost),
              StatusIsWithMessage(StatusCode::kDataLoss, "aux token with no aux entry"));
}

// Quarry's format before DataSketches images: u8 1 | u8 lg_k | registers.
TEST(HllSketchTest, ReadsQuarrysEarlierFormat) {
  std::string v1 = std::string("\x01\x04", 2) + std::string(16, '\0');
  v1[2] = 1;
  v1[3] = 2;
  ASSERT_OK_AND_ASSIGN(HllSketch s, HllSketch::Deserialize(v1));
  EXPECT_EQ(s.mode(), Mode::kHll);
  EXPECT_EQ(s.lg_k(), 4);
  // Linear counting over 16 registers with 14 empty: 16 ln(16/14).
  EXPECT_NEAR(s.Estimate(), 16 * std::log(16.0 / 14), 1e-9);
}

}  // namespace
}  // namespace quarry
