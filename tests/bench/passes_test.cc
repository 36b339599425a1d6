#include "bench/common/passes.h"

#include <gtest/gtest.h>

namespace quarry::bench {
namespace {

TEST(PassRatesTest, RecordsEachPassAsUnitsPerSecondInOrder) {
  PassRates rates;
  rates.Add(10'000, 0.125);  // 80,000 per second.
  rates.Add(10'000, 0.100);  // 100,000.
  rates.Add(500, 0.0);       // No measurable time: 0, not infinity.
  ASSERT_EQ(rates.rates().size(), 3u);
  EXPECT_DOUBLE_EQ(rates.rates()[0], 80'000);
  EXPECT_DOUBLE_EQ(rates.rates()[1], 100'000);
  EXPECT_DOUBLE_EQ(rates.rates()[2], 0);
}

TEST(PassRatesTest, MedianOfAnOddCountIsTheMiddleRate) {
  PassRates rates;
  rates.Add(30, 1.0);  // The cold first pass, slowest.
  rates.Add(90, 1.0);
  rates.Add(70, 1.0);
  EXPECT_DOUBLE_EQ(rates.Median(), 70);
}

TEST(PassRatesTest, MedianOfAnEvenCountIsTheMeanOfTheMiddleTwo) {
  PassRates rates;
  rates.Add(10, 1.0);
  rates.Add(40, 1.0);
  rates.Add(20, 1.0);
  rates.Add(1000, 1.0);
  EXPECT_DOUBLE_EQ(rates.Median(), 30);
}

TEST(PassRatesTest, OnePassIsItsOwnMedianAndNoneIsZero) {
  PassRates none;
  EXPECT_DOUBLE_EQ(none.Median(), 0);
  PassRates one;
  one.Add(7, 2.0);
  EXPECT_DOUBLE_EQ(one.Median(), 3.5);
}

}  // namespace
}  // namespace quarry::bench
