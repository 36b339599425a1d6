#include "graph-core/internal/murmur3.h"

#include <gtest/gtest.h>

namespace quarry::internal {
namespace {

// Reference values of MurmurHash3_x64_128 (seed 0) as published with the
// algorithm's ports; they cover the empty input, a tail alone, and a block
// plus a tail longer than 8 bytes.
TEST(Murmur3Test, MatchesTheReferenceHashes) {
  Hash128 empty = Murmur3X64_128("", 0);
  EXPECT_EQ(empty.h1, 0u);
  EXPECT_EQ(empty.h2, 0u);
  Hash128 hello = Murmur3X64_128("hello", 0);
  EXPECT_EQ(hello.h1, 0xcbd8a7b341bd9b02ULL);
  EXPECT_EQ(hello.h2, 0x5b1e906a48ae1d19ULL);
  Hash128 fox = Murmur3X64_128("The quick brown fox jumps over the lazy dog", 0);
  EXPECT_EQ(fox.h1, 0xe34bbc7bbc071b6cULL);
  EXPECT_EQ(fox.h2, 0x7a433ca9c49a9347ULL);
}

TEST(Murmur3Test, TheSeedChangesTheHash) {
  Hash128 a = Murmur3X64_128("hello", 0);
  Hash128 b = Murmur3X64_128("hello", 9001);
  EXPECT_NE(a.h1, b.h1);
  EXPECT_NE(a.h2, b.h2);
}

}  // namespace
}  // namespace quarry::internal
