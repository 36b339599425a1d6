#include "graph-core/hyper_log_log_plus.h"

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "graph-core/base64.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

HyperLogLogPlus HllpSketch(int p, int sp, const std::vector<std::string>& items = {}) {
  Result<HyperLogLogPlus> s = HyperLogLogPlus::Create(p, sp);
  EXPECT_TRUE(s.ok()) << s.status().message();
  for (const std::string& item : items) s->Offer(item);
  return std::move(s).value();
}

std::string HllpBase64(const HyperLogLogPlus& s) { return Base64Encode(s.Serialize()); }

// SMHasher's verification of MurmurHash64A: hash the keys {}, {0}, {0,1},
// ... {0..254} with seeds 256, 255, ..., 1, hash their 8-byte results
// (little-endian) with seed 0, and take the low 32 bits: 0x1F0D3804.
TEST(MurmurHash64ATest, SmhasherVerificationValue) {
  std::string key;
  std::string hashes;
  for (int i = 0; i < 256; ++i) {
    const uint64_t h = internal::MurmurHash64A(key, static_cast<uint32_t>(256 - i));
    for (int b = 0; b < 8; ++b) hashes.push_back(static_cast<char>(h >> (8 * b)));
    key.push_back(static_cast<char>(i));
  }
  EXPECT_EQ(internal::MurmurHash64A(hashes, 0) & 0xffffffffu, 0x1F0D3804u);
}

// gaffer-doc, reference/operations-guide/get.md, the GetWalks examples: the
// "cardinality" entities' hllp property (p 5, sp 5) of the vertices that
// vertex's edges reach, with the bytes and cardinality Gaffer returned.
TEST(HyperLogLogPlusTest, SparseSketchesAreTheBytesGafferDocuments) {
  struct Case {
    std::vector<std::string> offers;
    const char* bytes;
    int64_t cardinality;
  };
  const Case cases[] = {
      {{"5"}, "/////gUFAQH9Fg==", 1},
      {{"2"}, "/////gUFAQH7Cw==", 1},
      {{"1"}, "/////gUFAQH7FA==", 1},
      {{"8"}, "/////gUFAQH7HQ==", 1},
      {{"1", "3", "5"}, "/////gUFAQP3DIQIggI=", 3},
      {{"2", "6", "8"}, "/////gUFAQP9A/4HgBI=", 3},
      {{"5", "3", "7"}, "/////gUFAQP9CPoDhgo=", 3},
  };
  for (const Case& c : cases) {
    HyperLogLogPlus s = HllpSketch(5, 5, c.offers);
    EXPECT_EQ(HllpBase64(s), c.bytes) << c.offers[0];
    EXPECT_EQ(s.Cardinality(), c.cardinality) << c.offers[0];
    ASSERT_OK_AND_ASSIGN(HyperLogLogPlus back,
                         HyperLogLogPlus::Deserialize(*Base64Decode(c.bytes)));
    EXPECT_EQ(back, s);
    EXPECT_EQ(back.Cardinality(), c.cardinality);
  }
}

// Gaffer's HyperLogLogPlusAggregatorTest: {A, B} has cardinality 2 and its
// union with {C, D} 4, for (p, sp) = (5, 5), (5, 6) and (6, 6).
TEST(HyperLogLogPlusTest, UnionsCountEveryItemOnce) {
  for (auto [p, sp] : {std::pair{5, 5}, {5, 6}, {6, 6}}) {
    HyperLogLogPlus a = HllpSketch(p, sp, {"A", "B"});
    EXPECT_EQ(a.Cardinality(), 2);
    ASSERT_OK(a.Merge(HllpSketch(p, sp, {"C", "D"})));
    EXPECT_EQ(a.Cardinality(), 4);
    ASSERT_OK(a.Merge(HllpSketch(p, sp, {"A", "D"})));
    EXPECT_EQ(a.Cardinality(), 4);
  }
}

// Gaffer's ToHyperLogLogPlusTest / IterableToHyperLogLogPlusTest (5, 5):
// empty 0, "input" 1, five strings 5, five with repeats 3.
TEST(HyperLogLogPlusTest, CardinalitiesOfGaffersFunctionTests) {
  EXPECT_EQ(HllpSketch(5, 5).Cardinality(), 0);
  EXPECT_EQ(HllpSketch(5, 5, {"input"}).Cardinality(), 1);
  EXPECT_EQ(HllpSketch(5, 5, {"one", "two", "three", "four", "five"}).Cardinality(), 5);
  EXPECT_EQ(HllpSketch(5, 5, {"one", "one", "two", "two", "three"}).Cardinality(), 3);
}

// An empty sketch is the version, p, sp, SPARSE and a count of 0.
TEST(HyperLogLogPlusTest, EmptySketchBytes) {
  EXPECT_EQ(HllpSketch(5, 10).Serialize(), std::string("\xff\xff\xff\xfe\x05\x0a\x01\x00", 8));
  // sp 0: NORMAL from the start, 16 registers in 3 zero words (12 bytes).
  std::string normal("\xff\xff\xff\xfe\x04\x00\x00\x0c", 8);
  normal.append(12, '\0');
  EXPECT_EQ(HllpSketch(4, 0).Serialize(), normal);
}

// A hash whose first 4 bits are `index` and whose run of zeros after them
// gives run length `run` (clearspring counts the first one bit's position).
uint64_t HllpHashFor(uint64_t index, int run) {
  return (index << 60) | (uint64_t{1} << (60 - run));
}

// NORMAL registers, worked by hand: p 4 has 16 five-bit registers, six to
// a big-endian word (register j at bit 5 * (j % 6) of word j / 6).
TEST(HyperLogLogPlusTest, NormalRegistersAndLinearCounting) {
  HyperLogLogPlus s = HllpSketch(4, 0);
  s.OfferHashed(HllpHashFor(0, 3));
  s.OfferHashed(HllpHashFor(0, 2));  // smaller: register 0 keeps 3
  s.OfferHashed(HllpHashFor(7, 1));  // word 1, shift 5
  s.OfferHashed(HllpHashFor(15, 31));
  std::string want("\xff\xff\xff\xfe\x04\x00\x00\x0c", 8);
  const uint32_t words[3] = {3u, 1u << 5, 31u << 15};
  for (uint32_t w : words) {
    for (int shift = 24; shift >= 0; shift -= 8) want.push_back(static_cast<char>(w >> shift));
  }
  EXPECT_EQ(s.Serialize(), want);
  // 13 registers still zero: linear counting 16 ln(16/13) = 3.32 < the
  // threshold 10, so 3.
  EXPECT_EQ(s.Cardinality(), 3);
}

// Above 5m the raw HyperLogLog estimate stands: every register 10 gives
// 0.673 * 16 * 16 / (16 * 2^-10) = 11026.432.
TEST(HyperLogLogPlusTest, LargeEstimatesAreRawHyperLogLog) {
  HyperLogLogPlus s = HllpSketch(4, 0);
  for (uint64_t i = 0; i < 16; ++i) s.OfferHashed(HllpHashFor(i, 10));
  EXPECT_EQ(s.Cardinality(), 11026);
}

// SPARSE turns NORMAL once it holds more than 3/4 of 2^p encodings (12 at
// p 4), keeping each register's longest run.
TEST(HyperLogLogPlusTest, SparseTurnsNormalPastThreeQuartersOfTheRegisters) {
  HyperLogLogPlus s = HllpSketch(4, 8);
  // sp-bit indexes 16 * i: distinct sparse indexes, p-index i; the bits
  // after the first 4 of the sp index are zero, so the run is encoded.
  for (uint64_t i = 0; i < 12; ++i) s.OfferHashed(HllpHashFor(i, 5));
  EXPECT_TRUE(s.sparse());
  // linear counting over 2^8 buckets: 256 ln(256/244) = 12.29.
  EXPECT_EQ(s.Cardinality(), 12);
  s.OfferHashed(HllpHashFor(12, 6));
  EXPECT_FALSE(s.sparse());
  HyperLogLogPlus direct = HllpSketch(4, 0);
  for (uint64_t i = 0; i < 12; ++i) direct.OfferHashed(HllpHashFor(i, 5));
  direct.OfferHashed(HllpHashFor(12, 6));
  // The same registers as a sketch that was NORMAL all along (p and sp are
  // not part of clearspring's equality).
  EXPECT_EQ(s, direct);
}

TEST(HyperLogLogPlusTest, SparseIntoNormalUnionKeepsTheLongerRun) {
  HyperLogLogPlus normal = HllpSketch(4, 0);
  normal.OfferHashed(HllpHashFor(2, 1));
  HyperLogLogPlus sparse = HllpSketch(4, 4);
  sparse.OfferHashed(HllpHashFor(2, 4));
  sparse.OfferHashed(HllpHashFor(3, 2));
  ASSERT_OK(normal.Merge(sparse));
  HyperLogLogPlus want = HllpSketch(4, 0);
  want.OfferHashed(HllpHashFor(2, 4));
  want.OfferHashed(HllpHashFor(3, 2));
  EXPECT_EQ(normal, want);
  ASSERT_OK(sparse.Merge(HllpSketch(4, 0)));  // a SPARSE side turns NORMAL
  EXPECT_FALSE(sparse.sparse());
  EXPECT_EQ(sparse, want);
}

// Two hashes of one sparse index (p 4 = sp 4, index 2) with runs 1 and 5:
// the set keeps the run 5 encoding, ((2 << 6 | 5 ^ 63) << 1) | 1 = 373
// (varint f5 02), whichever comes first, one by one or in one batch.
TEST(HyperLogLogPlusTest, OneIndexKeepsTheLongestRun) {
  const std::string want("\xff\xff\xff\xfe\x04\x04\x01\x01\xf5\x02", 10);
  const uint64_t run1 = HllpHashFor(2, 1), run5 = HllpHashFor(2, 5);
  for (const std::vector<uint64_t>& order : {std::vector{run1, run5}, std::vector{run5, run1}}) {
    HyperLogLogPlus one = HllpSketch(4, 4);
    for (uint64_t h : order) one.OfferHashed(h);
    EXPECT_EQ(one.Serialize(), want);
    HyperLogLogPlus batch = HllpSketch(4, 4);
    batch.OfferHashes(order);
    EXPECT_EQ(batch.Serialize(), want);
  }
}

// Offers in one batch (a sorted merge) end as offers one by one do: in
// SPARSE mode (p 14, sp 25), across the turn to NORMAL (p 4, sp 10) and
// with repeats whose longer run must win.
TEST(HyperLogLogPlusTest, BatchedOffersMatchOneByOne) {
  for (auto [p, sp, n] : {std::tuple{14, 25, 3000}, {4, 10, 40}, {5, 5, 20}}) {
    HyperLogLogPlus one = HllpSketch(p, sp);
    HyperLogLogPlus batch = HllpSketch(p, sp);
    std::vector<uint64_t> hashes;
    for (int i = 0; i < n; ++i) {
      hashes.push_back(HyperLogLogPlus::Hash("item-" + std::to_string(i % (n / 2 + 1))));
      hashes.push_back(HyperLogLogPlus::Hash(std::to_string(i)));
    }
    for (uint64_t h : hashes) one.OfferHashed(h);
    batch.OfferHashes(hashes);
    EXPECT_EQ(batch.Serialize(), one.Serialize()) << p << "/" << sp;
    EXPECT_EQ(batch.sparse(), one.sparse());
    // A sparse union, merged as one sorted pass, equals offering both.
    HyperLogLogPlus left = HllpSketch(p, sp);
    HyperLogLogPlus right = HllpSketch(p, sp);
    for (size_t i = 0; i < hashes.size(); ++i) (i % 2 ? left : right).OfferHashed(hashes[i]);
    ASSERT_OK(left.Merge(right));
    EXPECT_EQ(left.Serialize(), one.Serialize()) << p << "/" << sp;
  }
}

TEST(HyperLogLogPlusTest, DifferentPrecisionsDoNotMerge) {
  HyperLogLogPlus a = HllpSketch(5, 5, {"a"});
  EXPECT_THAT(a.Merge(HllpSketch(6, 6, {"b"})),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "Cannot merge estimators of different sizes"));
  EXPECT_EQ(a.Cardinality(), 1);
}

TEST(HyperLogLogPlusTest, PrecisionsAreCheckedAsClearspringDoes) {
  EXPECT_THAT(
      HyperLogLogPlus::Create(3, 5).status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "p must be between 4 and sp (inclusive)"));
  EXPECT_THAT(HyperLogLogPlus::Create(10, 8).status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(
      HyperLogLogPlus::Create(5, 33).status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "sp values greater than 32 not supported"));
  EXPECT_OK(HyperLogLogPlus::Create(10, 0).status());   // sp 0: no sparse mode
  EXPECT_OK(HyperLogLogPlus::Create(14, 25).status());  // gaffer-doc's REST example
  // Quarry's cap: 2^p registers per offered-to NORMAL sketch.
  EXPECT_OK(HyperLogLogPlus::Create(18, 0).status());
  EXPECT_THAT(HyperLogLogPlus::Create(19, 25).status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p above 18 is not supported"));
}

// sp 25 puts the index's top bits into the encoding's sign bit; the deltas
// then wrap, as Java's int subtraction does, and still read back.
TEST(HyperLogLogPlusTest, WideSparseEncodingsRoundTrip) {
  HyperLogLogPlus s = HllpSketch(14, 25, {"B", "C", "D", "E", "F", "G"});
  EXPECT_EQ(s.Cardinality(), 6);
  ASSERT_OK_AND_ASSIGN(HyperLogLogPlus back, HyperLogLogPlus::Deserialize(s.Serialize()));
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.Serialize(), s.Serialize());
}

// clearspring's legacy layout: i32 p, sp, format, then length-prefixed
// varint deltas ended by a non-positive length.
TEST(HyperLogLogPlusTest, ReadsTheLegacyLayout) {
  const HyperLogLogPlus s = HllpSketch(5, 5, {"1", "3", "5"});  // 1655, 2683, 2941
  std::string legacy("\0\0\0\x05\0\0\0\x05\0\0\0\x01", 12);
  for (const char* delta : {"\xf7\x0c", "\x84\x08", "\x82\x02"}) {
    legacy.append("\0\0\0\x02", 4);
    legacy.append(delta, 2);
  }
  legacy.append(4, '\0');
  ASSERT_OK_AND_ASSIGN(HyperLogLogPlus back, HyperLogLogPlus::Deserialize(legacy));
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.Cardinality(), 3);
}

TEST(HyperLogLogPlusTest, CorruptBytesAreDataLossNamingTheFault) {
  const std::string good = HllpSketch(5, 5, {"1", "3", "5"}).Serialize();
  EXPECT_THAT(HyperLogLogPlus::Deserialize(good.substr(0, good.size() - 1)).status(),
              StatusIsWithMessage(StatusCode::kDataLoss, "ends inside"));
  EXPECT_THAT(HyperLogLogPlus::Deserialize(good + "x").status(),
              StatusIsWithMessage(StatusCode::kDataLoss, "after the sketch"));
  EXPECT_THAT(HyperLogLogPlus::Deserialize("\xff\xff").status(), StatusIs(StatusCode::kDataLoss));
  const std::string bad_p("\xff\xff\xff\xfe\x02\x05\x01\x00", 8);
  EXPECT_THAT(HyperLogLogPlus::Deserialize(bad_p).status(),
              StatusIsWithMessage(StatusCode::kDataLoss, "p must be between"));
  std::string short_words("\xff\xff\xff\xfe\x04\x00\x00\x08", 8);
  short_words.append(8, '\0');
  EXPECT_THAT(HyperLogLogPlus::Deserialize(short_words).status(),
              StatusIsWithMessage(StatusCode::kDataLoss, "needs 12 register bytes"));
}

// Object.toString() prints hashCode(), Arrays.hashCode of the sparse set:
// 31 * 1 + 2941 = 2972 = 0xb9c for the sketch of "5".
TEST(HyperLogLogPlusTest, JavaHashCodeIsArraysHashCode) {
  EXPECT_EQ(HllpSketch(5, 5, {"5"}).JavaHashCode(), 2972);
  EXPECT_EQ(HllpSketch(5, 5).JavaHashCode(), 1);
}

}  // namespace
}  // namespace quarry
