#include "server/internal/sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace quarry::server_internal {
namespace {

// FIPS 180-2 appendix B vectors.
TEST(Sha256Test, EmptyString) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256Test, Abc) {
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256Test, TwoBlockMessage) {
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256Test, OneMillionAs) {
  EXPECT_EQ(Sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, IncrementalUpdatesMatchOneShot) {
  // Split a 1000-byte message at every length around the 55/56/64 padding edges.
  std::string message;
  for (int i = 0; i < 1000; ++i) message.push_back(static_cast<char>('a' + i % 26));
  for (size_t split : {0, 1, 55, 56, 63, 64, 65, 119, 120, 999}) {
    Sha256 hasher;
    hasher.Update(std::string_view(message).substr(0, split));
    hasher.Update(std::string_view(message).substr(split));
    auto digest = hasher.Finish();
    Sha256 one_shot;
    one_shot.Update(message);
    EXPECT_EQ(digest, one_shot.Finish()) << "split at " << split;
  }
}

TEST(Sha256Test, TokenMatchesCoreutils) {
  // printf 'alice-secret' | sha256sum
  EXPECT_EQ(Sha256Hex("alice-secret"),
            "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376");
}

TEST(ConstantTimeEqualsTest, ComparesBytes) {
  EXPECT_TRUE(ConstantTimeEquals("abc", "abc"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "abd"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "ab"));
  EXPECT_TRUE(ConstantTimeEquals("", ""));
}

}  // namespace
}  // namespace quarry::server_internal
