#include "schema/escaping.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using namespace std::string_literals;

TEST(EscapingTest, GafferVector) {
  // gaffer-compat.md §3.2: 00 01 02 41 escapes to 01 01 01 02 02 41.
  EXPECT_EQ(Escaped("\x00\x01\x02\x41"s), "\x01\x01\x01\x02\x02\x41"s);
  ASSERT_OK_AND_ASSIGN(std::string raw, Unescaped("\x01\x01\x01\x02\x02\x41"s));
  EXPECT_EQ(raw, "\x00\x01\x02\x41"s);
}

TEST(EscapingTest, OtherBytesPassThrough) {
  EXPECT_EQ(Escaped("abc\xff\x02"s), "abc\xff\x02"s);
  EXPECT_EQ(Escaped(""), "");
}

TEST(EscapingTest, EscapeAppendsToBuffer) {
  std::string buf = "pre";
  Escape("\x00"s, &buf);
  EXPECT_EQ(buf, "pre\x01\x01"s);
}

TEST(EscapingTest, UnescapeAppendsAndLeavesTheBufferAsItWasOnError) {
  std::string out = "pre";
  const std::string escaped = "a\x01\x01"s + "b\x01\x02"s;  // a 00 b 01
  const std::string expected = "prea\x00"s + "b\x01"s;
  EXPECT_OK(Unescape(escaped, &out));
  EXPECT_EQ(out, expected);
  EXPECT_THAT(Unescape("cd\x01"s, &out), StatusIs(StatusCode::kDataLoss));
  EXPECT_EQ(out, expected);
}

TEST(EscapingTest, UnescapeRejectsInvalidInput) {
  std::string out;
  EXPECT_THAT(Unescape("ab\x01"s, &out), StatusIs(StatusCode::kDataLoss));  // Dangling.
  out.clear();
  EXPECT_THAT(Unescape("\x01\x03"s, &out), StatusIs(StatusCode::kDataLoss));  // Bad code.
  out.clear();
  EXPECT_THAT(Unescape("\x01\x00"s, &out), StatusIs(StatusCode::kDataLoss));
  out.clear();
  EXPECT_THAT(Unescape("a\x00"s
                       "b",
                       &out),
              StatusIs(StatusCode::kDataLoss));  // Raw delimiter.
}

TEST(EscapingTest, UnescapeToWritesTheBytesAndReturnsTheirLength) {
  const std::string escaped = "a\x01\x01"s + "b\x01\x02"s;  // a 00 b 01: 6 bytes escaped.
  std::string out(escaped.size(), '#');
  Result<size_t> length = UnescapeTo(escaped, out.data());
  ASSERT_OK(length.status());
  EXPECT_EQ(*length, 4u);
  EXPECT_EQ(out.substr(0, 4), "a\x00"s + "b\x01"s);
  EXPECT_EQ(out.substr(4), "##");  // Nothing written past the length.
  EXPECT_THAT(UnescapeTo("x\x01\x05"s, out.data()), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(UnescapeTo("x\x01"s, out.data()), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(UnescapeTo("\x00"s, out.data()), StatusIs(StatusCode::kDataLoss));
  Result<size_t> empty = UnescapeTo("", out.data());
  ASSERT_OK(empty.status());
  EXPECT_EQ(*empty, 0u);
}

std::string RandomBytes(std::mt19937_64& rng, size_t max_len) {
  std::string s(rng() % (max_len + 1), '\0');
  // Bias towards the interesting bytes 00, 01, 02 and ff.
  for (char& c : s) {
    uint64_t r = rng() % 8;
    c = r < 4 ? static_cast<char>(r == 3 ? 0xff : r) : static_cast<char>(rng());
  }
  return s;
}

TEST(EscapingTest, RoundTripAndNoZeroByte) {
  const uint64_t seed = 20261121;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 2000; ++i) {
    std::string raw = RandomBytes(rng, 12);
    std::string esc = Escaped(raw);
    ASSERT_EQ(esc.find('\0'), std::string::npos) << "seed " << seed << " i " << i;
    ASSERT_OK_AND_ASSIGN(std::string back, Unescaped(esc));
    ASSERT_EQ(back, raw) << "seed " << seed << " i " << i;
  }
}

int Sign(int c) { return (c > 0) - (c < 0); }

TEST(EscapingTest, PreservesOrderAlsoAsDelimitedTuple) {
  const uint64_t seed = 77;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 4000; ++i) {
    std::string a = RandomBytes(rng, 5), b = RandomBytes(rng, 5);
    ASSERT_EQ(Sign(a.compare(b)), Sign(Escaped(a).compare(Escaped(b))))
        << "seed " << seed << " i " << i;
    // (a, x) vs (b, y) as escape(a) 00 escape(x): tuple order.
    std::string x = RandomBytes(rng, 3), y = RandomBytes(rng, 3);
    int expected = a != b ? Sign(a.compare(b)) : Sign(x.compare(y));
    std::string ka = Escaped(a) + '\0' + Escaped(x);
    std::string kb = Escaped(b) + '\0' + Escaped(y);
    ASSERT_EQ(expected, Sign(ka.compare(kb))) << "seed " << seed << " i " << i;
  }
}

}  // namespace
}  // namespace quarry
