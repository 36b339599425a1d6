#include "bench/common/dataset.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace quarry::bench {
namespace {

using Triple = std::tuple<uint32_t, uint32_t, uint32_t>;

Triple AsTuple(const EdgeEvent& e) { return {e.src, e.dst, e.day}; }

std::vector<Triple> Take(EventStream* stream, uint64_t n) {
  std::vector<Triple> out;
  EdgeEvent e;
  for (uint64_t i = 0; i < n && stream->Next(&e); ++i) out.push_back(AsTuple(e));
  return out;
}

TEST(DatasetTest, SizesAreTheDocumentedOnes) {
  DatasetSpec quick = DatasetSpec::Quick();
  EXPECT_EQ(quick.events, 200'000u);
  EXPECT_EQ(quick.distinct_edges, 50'000u);
  EXPECT_EQ(quick.vertices, 20'000u);
  DatasetSpec full;
  ASSERT_TRUE(DatasetSpec::FromName("full", &full));
  EXPECT_EQ(full.events, 10'000'000u);
  EXPECT_EQ(full.distinct_edges, 2'000'000u);
  EXPECT_EQ(full.vertices, 1'000'000u);
  // Every one of its events a distinct edge: a result of more than 10M.
  DatasetSpec large;
  ASSERT_TRUE(DatasetSpec::FromName("large", &large));
  EXPECT_EQ(large.events, 10'000'000u);
  EXPECT_EQ(large.distinct_edges, 10'000'000u);
  EXPECT_EQ(large.vertices, 1'000'000u);
  DatasetSpec unused;
  EXPECT_FALSE(DatasetSpec::FromName("medium", &unused));
  EXPECT_FALSE(DatasetSpec::FromName("Quick", &unused));
}

TEST(DatasetTest, VertexNameIsZeroPaddedSoIdsSortNumerically) {
  EXPECT_EQ(VertexName(0), "v00000000");
  EXPECT_EQ(VertexName(1234), "v00001234");
  EXPECT_EQ(VertexName(99'999'999), "v99999999");
  EXPECT_LT(VertexName(9), VertexName(10));
  EXPECT_LT(VertexName(999'999), VertexName(1'000'000));
}

TEST(DatasetTest, DayMillisCountsUtcDaysFrom2020) {
  // 2020-01-01T00:00:00Z = 18262 days after the epoch = 18262 * 86,400,000 ms.
  EXPECT_EQ(DayMillis(0), 1'577'836'800'000);
  EXPECT_EQ(DayMillis(1), 1'577'923'200'000);    // 2020-01-02.
  EXPECT_EQ(DayMillis(29), 1'580'342'400'000);   // 2020-01-30.
  EXPECT_EQ(DayMillis(366), 1'609'459'200'000);  // 2021-01-01 (2020 is a leap year).
}

TEST(DatasetTest, SameSpecGivesTheSameStream) {
  DatasetSpec spec = DatasetSpec::Quick();
  EventStream a(spec), b(spec);
  EXPECT_EQ(Take(&a, spec.events), Take(&b, spec.events));
  EXPECT_EQ(a.position(), spec.events);
  EdgeEvent e;
  EXPECT_FALSE(a.Next(&e));
  EXPECT_EQ(a.position(), spec.events);
}

TEST(DatasetTest, AnotherSeedGivesAnotherStream) {
  DatasetSpec spec = DatasetSpec::Quick();
  DatasetSpec other = spec;
  other.seed = 43;
  EventStream a(spec), b(other);
  EXPECT_NE(Take(&a, 1000), Take(&b, 1000));
}

TEST(DatasetTest, EventsStayInTheirDomains) {
  DatasetSpec spec = DatasetSpec::Quick();
  EventStream stream(spec);
  EdgeEvent e;
  while (stream.Next(&e)) {
    ASSERT_LT(e.src, spec.vertices);
    ASSERT_LT(e.dst, spec.vertices);
    ASSERT_LT(e.day, spec.days);
  }
}

// The first distinct_edges events are EdgeAt(i) for each index i exactly
// once (in some order); every later event repeats one of them.
TEST(DatasetTest, FirstPassEmitsEveryDistinctEdgeIndexOnce) {
  DatasetSpec spec = DatasetSpec::Quick();
  EventStream stream(spec);
  std::vector<Triple> first = Take(&stream, spec.distinct_edges);
  std::vector<Triple> by_index;
  for (uint64_t i = 0; i < spec.distinct_edges; ++i) by_index.push_back(AsTuple(stream.EdgeAt(i)));
  std::vector<Triple> emitted_sorted = first;
  std::sort(emitted_sorted.begin(), emitted_sorted.end());
  std::sort(by_index.begin(), by_index.end());
  EXPECT_EQ(emitted_sorted, by_index);
  EXPECT_NE(first, by_index) << "the first pass should be scrambled, not in index order";

  std::set<Triple> known(by_index.begin(), by_index.end());
  // Collisions of (src, dst, day) between indices are rare at this size.
  EXPECT_GT(known.size(), spec.distinct_edges * 99 / 100);
  EdgeEvent e;
  while (stream.Next(&e)) ASSERT_TRUE(known.count(AsTuple(e))) << "position " << stream.position();
}

// Sources follow Zipf(s = 1.2) over n vertices: the rank-r source has
// probability (r+1)^-s / H(n), H(n) = sum_{i=1..n} i^-s. By Euler-Maclaurin,
// H(n) = zeta(1.2) - n^(1-s)/(s-1) + n^-s/2 - ..., zeta(1.2) = 5.591582.
// n = 20,000: n^-0.2 = 0.137973, so H = 5.591582 - 0.689865 = 4.901717 and
// the top source has p0 = 0.20401, the second p0 * 2^-1.2 = 0.08881. Events
// mostly repeat 50k edges, so the top share has a sampling error of about
// sqrt(p0 (1 - p0) / 50k) = 0.0018; the tolerance is 0.01.
TEST(DatasetTest, TopSourcesFollowTheZipfSkewAtQuickSize) {
  DatasetSpec spec = DatasetSpec::Quick();
  EventStream stream(spec);
  std::map<uint32_t, uint64_t> per_source;
  EdgeEvent e;
  while (stream.Next(&e)) ++per_source[e.src];
  std::vector<uint64_t> counts;
  for (const auto& [src, n] : per_source) counts.push_back(n);
  std::sort(counts.rbegin(), counts.rend());
  ASSERT_GE(counts.size(), 3u);
  const double events = static_cast<double>(spec.events);
  EXPECT_NEAR(counts[0] / events, 0.20401, 0.01);
  EXPECT_NEAR(counts[1] / events, 0.08881, 0.01);
  EXPECT_GT(counts[0], 20'000u);  // A hub: 40k of the 200k events.
}

// At full size: n = 1M, n^-0.2 = 0.063096, H = 5.591582 - 0.315479 = 5.276103;
// the top three sources have p = 0.18953, 0.08251, 0.05074 of the 2M
// distinct edges: 379k, 165k and 101.5k (the third with a sampling error of
// about 310), so three hubs hold more than 100k edges, and the fourth
// (p = 0.03592, 71.8k) does not.
TEST(DatasetTest, ThreeHubsHoldMoreThan100kEdgesAtFullSize) {
  DatasetSpec spec = DatasetSpec::Full();
  EventStream stream(spec);
  std::vector<uint64_t> per_source(spec.vertices);
  for (uint64_t i = 0; i < spec.distinct_edges; ++i) ++per_source[stream.EdgeAt(i).src];
  std::sort(per_source.rbegin(), per_source.rend());
  EXPECT_NEAR(per_source[0] / 2e6, 0.18953, 0.003);
  EXPECT_GT(per_source[2], 100'000u);
  EXPECT_LT(per_source[3], 100'000u);
}

TEST(DatasetTest, QuerySeedsAreDeterministicAndInRange) {
  DatasetSpec spec = DatasetSpec::Quick();
  for (bool hub_heavy : {false, true}) {
    std::vector<uint32_t> a = QuerySeeds(spec, 10'000, hub_heavy);
    EXPECT_EQ(a, QuerySeeds(spec, 10'000, hub_heavy));
    ASSERT_EQ(a.size(), 10'000u);
    for (uint32_t v : a) ASSERT_LT(v, spec.vertices);
  }
  EXPECT_NE(QuerySeeds(spec, 100, false), QuerySeeds(spec, 100, true));
}

// 10,000 uniform draws from 20,000 vertices hit 20000 (1 - e^-0.5) = 7,869
// distinct ones on average (standard deviation about 30). Hub-heavy draws hit
// the top source with p0 = 0.20401 (see above), 2,040 of 10,000 (sd 40).
TEST(DatasetTest, QuerySeedsFollowTheirDistributions) {
  DatasetSpec spec = DatasetSpec::Quick();
  std::vector<uint32_t> uniform = QuerySeeds(spec, 10'000, false);
  std::set<uint32_t> distinct(uniform.begin(), uniform.end());
  EXPECT_NEAR(static_cast<double>(distinct.size()), 7869, 200);

  std::vector<uint32_t> hubs = QuerySeeds(spec, 10'000, true);
  std::map<uint32_t, int> hits;
  for (uint32_t v : hubs) ++hits[v];
  int top = 0;
  for (const auto& [v, n] : hits) top = std::max(top, n);
  EXPECT_NEAR(top, 2040, 200);
}

}  // namespace
}  // namespace quarry::bench
