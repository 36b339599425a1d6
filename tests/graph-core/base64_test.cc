#include "graph-core/base64.h"

#include <gtest/gtest.h>

#include <random>

namespace quarry {
namespace {

// RFC 4648 §10 test vectors.
TEST(Base64Test, Rfc4648Vectors) {
  EXPECT_EQ(Base64Encode(""), "");
  EXPECT_EQ(Base64Encode("f"), "Zg==");
  EXPECT_EQ(Base64Encode("fo"), "Zm8=");
  EXPECT_EQ(Base64Encode("foo"), "Zm9v");
  EXPECT_EQ(Base64Encode("foob"), "Zm9vYg==");
  EXPECT_EQ(Base64Encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(Base64Encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(Base64Decode("Zm9vYmE="), "fooba");
  EXPECT_EQ(Base64Decode("Zm9vYg=="), "foob");
  EXPECT_EQ(Base64Decode(""), "");
}

TEST(Base64Test, HighBytesUseTheWholeAlphabet) {
  EXPECT_EQ(Base64Encode(std::string("\xFB\xFF\xBF", 3)), "+/+/");
  EXPECT_EQ(Base64Decode("+/+/"), std::string("\xFB\xFF\xBF", 3));
  EXPECT_EQ(Base64Encode(std::string(1, '\0')), "AA==");
}

TEST(Base64Test, PaddingIsOptionalOnInput) {
  EXPECT_EQ(Base64Decode("Zm9vYg"), "foob");
  EXPECT_EQ(Base64Decode("Zm9vYmE"), "fooba");
}

TEST(Base64Test, RejectsMalformedText) {
  EXPECT_FALSE(Base64Decode("Zm9v!").has_value());     // not in the alphabet
  EXPECT_FALSE(Base64Decode("Z").has_value());         // impossible length
  EXPECT_FALSE(Base64Decode("Zm9vY").has_value());     // impossible length
  EXPECT_FALSE(Base64Decode("Zg=").has_value());       // padding to a non-multiple of 4
  EXPECT_FALSE(Base64Decode("Zm 9v").has_value());     // whitespace
  EXPECT_FALSE(Base64Decode("Zg==Zg==").has_value());  // padding in the middle
}

TEST(Base64Test, RandomRoundTrips) {
  const unsigned seed = 20261121;
  std::mt19937 rng(seed);
  for (int i = 0; i < 200; ++i) {
    std::string bytes(rng() % 40, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
    std::string text = Base64Encode(bytes);
    EXPECT_EQ(text.size() % 4, 0u) << "seed " << seed;
    EXPECT_EQ(Base64Decode(text), bytes) << "seed " << seed << " iteration " << i;
  }
}

// kRequired: only the padded form (RFC 7617 credentials, split points).
TEST(Base64Test, RequiredPaddingRefusesUnpaddedLengths) {
  EXPECT_EQ(Base64Decode("Zm9vYg==", Base64Padding::kRequired), "foob");
  EXPECT_EQ(Base64Decode("Zm9v", Base64Padding::kRequired), "foo");
  EXPECT_EQ(Base64Decode("", Base64Padding::kRequired), "");
  EXPECT_EQ(Base64Decode("Zm9vYg", Base64Padding::kRequired), std::nullopt);
  EXPECT_EQ(Base64Decode("Zm9", Base64Padding::kRequired), std::nullopt);
  EXPECT_EQ(Base64Decode("Zm9vYg"), "foob");  // The lenient default reads it.
  for (const char* bad :
       {"Zg==Zm9v", "Z=g=", "Zm=v", "====", "Zm9*", "Z", "Zg=", "Z===", "Zg==Zg==", "=Zm9"}) {
    EXPECT_EQ(Base64Decode(bad, Base64Padding::kRequired), std::nullopt) << bad;
  }
}

}  // namespace
}  // namespace quarry
