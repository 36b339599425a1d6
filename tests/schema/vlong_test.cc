#include "schema/vlong.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using namespace std::string_literals;

struct VlongVector {
  int64_t value;
  std::string bytes;
};

// gaffer-compat.md §3.2, CompactRaw table.
const std::vector<VlongVector>& GafferVectors() {
  static const auto* v = new std::vector<VlongVector>{
      {0, "\x00"s},
      {1, "\x01"},
      {127, "\x7f"},
      {-1, "\xff"},
      {-112, "\x90"},
      {-113, "\x87\x70"},
      {128, "\x8f\x80"},
      {255, "\x8f\xff"},
      {256, "\x8e\x01\x00"s},
      {420, "\x8e\x01\xa4"},
      {1000, "\x8e\x03\xe8"},
      {-1000, "\x86\x03\xe7"},
      {65536, "\x8d\x01\x00\x00"s},
      {2147483647, "\x8c\x7f\xff\xff\xff"},
      {INT64_MAX, "\x88\x7f\xff\xff\xff\xff\xff\xff\xff"},
      {INT64_MIN, "\x80\x7f\xff\xff\xff\xff\xff\xff\xff"},
  };
  return *v;
}

TEST(VLongTest, GafferVectorsEncode) {
  for (const VlongVector& v : GafferVectors()) {
    std::string out;
    AppendVLong(v.value, &out);
    EXPECT_EQ(out, v.bytes) << v.value;
    EXPECT_EQ(VLongSize(v.value), static_cast<int>(v.bytes.size())) << v.value;
    EXPECT_EQ(DecodeVLongSize(static_cast<uint8_t>(v.bytes[0])), static_cast<int>(v.bytes.size()));
  }
}

TEST(VLongTest, GafferVectorsDecode) {
  for (const VlongVector& v : GafferVectors()) {
    size_t pos = 0;
    std::string buf = "\x7f" + v.bytes + "tail";  // Mid-buffer read.
    pos = 1;
    ASSERT_OK_AND_ASSIGN(int64_t got, ReadVLong(buf, &pos));
    EXPECT_EQ(got, v.value);
    EXPECT_EQ(pos, 1 + v.bytes.size());
  }
}

TEST(VLongTest, TruncatedIsDataLoss) {
  size_t pos = 0;
  EXPECT_THAT(ReadVLong("", &pos), StatusIs(StatusCode::kDataLoss));
  pos = 0;
  EXPECT_THAT(ReadVLong("\x8e\x01", &pos), StatusIs(StatusCode::kDataLoss));
  pos = 0;
  EXPECT_THAT(ReadVLong("\x88\x7f\xff", &pos), StatusIs(StatusCode::kDataLoss));
}

TEST(VLongTest, RandomRoundTrip) {
  const uint64_t seed = 4242;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 5000; ++i) {
    // Spread over all magnitudes.
    int64_t v = static_cast<int64_t>(rng()) >> (rng() % 64);
    std::string out;
    AppendVLong(v, &out);
    size_t pos = 0;
    ASSERT_OK_AND_ASSIGN(int64_t got, ReadVLong(out, &pos));
    ASSERT_EQ(got, v) << "seed " << seed << " i " << i;
    ASSERT_EQ(pos, out.size());
  }
}

TEST(VLongTest, LengthPrefixed) {
  std::string buf;
  AppendLengthPrefixed("abc", &buf);
  AppendLengthPrefixed("", &buf);
  EXPECT_EQ(buf,
            "\x03"
            "abc\x00"s);
  size_t pos = 0;
  ASSERT_OK_AND_ASSIGN(std::string_view a, ReadLengthPrefixed(buf, &pos));
  EXPECT_EQ(a, "abc");
  ASSERT_OK_AND_ASSIGN(std::string_view b, ReadLengthPrefixed(buf, &pos));
  EXPECT_EQ(b, "");
  EXPECT_EQ(pos, buf.size());
}

TEST(VLongTest, LengthPrefixedRejectsBadLengths) {
  size_t pos = 0;
  EXPECT_THAT(ReadLengthPrefixed("\x05"
                                 "abc",
                                 &pos),
              StatusIs(StatusCode::kDataLoss));
  pos = 0;
  EXPECT_THAT(ReadLengthPrefixed("\xff", &pos), StatusIs(StatusCode::kDataLoss));  // -1.
  pos = 0;
  EXPECT_THAT(ReadLengthPrefixed("\x88\x7f\xff\xff\xff\xff\xff\xff\xff", &pos),
              StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry
