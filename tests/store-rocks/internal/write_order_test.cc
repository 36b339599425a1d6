// The write order (store-rocks/internal/write_order.h): the heads order keys
// as their bytes do, and the sort is a stable sort by (group, key), checked
// against std::stable_sort over keys built to share heads, end inside them,
// and carry the bytes signedness would get wrong (0x80, 0xff).
#include "store-rocks/internal/write_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace quarry::internal {
namespace {

// Keys from a small alphabet, 0 to 12 bytes: many share their first 8
// bytes, many are shorter than 8, some are prefixes of others.
std::vector<std::string> RandomKeys(size_t n, uint32_t seed) {
  static const char kBytes[] = {'\x00', '\x01', 'a', 'b', '\x7f', '\x80', '\xff'};
  std::mt19937 rng(seed);
  std::vector<std::string> keys;
  for (size_t i = 0; i < n; ++i) {
    std::string key(rng() % 13, 'a');
    for (char& c : key) c = kBytes[rng() % sizeof(kBytes)];
    keys.push_back(std::move(key));
  }
  return keys;
}

int Sign(int x) { return (x > 0) - (x < 0); }

TEST(WriteOrderTest, HeadsOrderKeysAsTheirBytesDo) {
  const std::vector<std::string> keys = RandomKeys(400, 7);
  for (const std::string& a : keys) {
    for (const std::string& b : keys) {
      const int bytes = Sign(std::string_view(a).compare(b));  // Unsigned bytes, as RocksDB.
      const uint64_t ha = KeyHead(a), hb = KeyHead(b);
      if (ha < hb)
        EXPECT_LT(bytes, 0) << "heads say a < b for keys of " << a.size() << " and " << b.size()
                            << " bytes";
      if (bytes < 0) EXPECT_LE(ha, hb);
    }
  }
}

TEST(WriteOrderTest, HeadsOfShortKeysAndHighBytes) {
  EXPECT_EQ(KeyHead(""), 0u);
  EXPECT_EQ(KeyHead("\x01"), uint64_t{1} << 56);
  EXPECT_EQ(KeyHead("abcdefgh"), KeyHead("abcdefghij"));      // Only 8 bytes count.
  EXPECT_EQ(KeyHead("ab"), KeyHead(std::string("ab\0", 3)));  // Padding: the keys decide.
  EXPECT_LT(KeyHead("\x7f"), KeyHead("\x80"));                // Unsigned, as RocksDB compares.
  EXPECT_LT(KeyHead("a\xff"), KeyHead("b"));
}

TEST(WriteOrderTest, SortIsAStableSortByGroupThenKey) {
  const std::vector<std::string> keys = RandomKeys(3000, 11);
  const int groups[3] = {0, 1, 2};
  std::vector<WriteOrderEntry> entries;
  for (size_t i = 0; i < keys.size(); ++i) {
    entries.push_back(MakeWriteOrderEntry(&groups[i % 3], keys[i], static_cast<uint32_t>(i)));
  }
  std::vector<WriteOrderEntry> expected = entries;
  std::stable_sort(expected.begin(), expected.end(),
                   [](const WriteOrderEntry& a, const WriteOrderEntry& b) {
                     if (a.group != b.group) return std::less<const void*>()(a.group, b.group);
                     return a.key < b.key;
                   });
  SortWriteOrder(&entries);
  ASSERT_EQ(entries.size(), expected.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    ASSERT_EQ(entries[i].index, expected[i].index) << "at " << i;
  }
}

TEST(WriteOrderTest, EqualKeysKeepTheirArrivalOrder) {
  const int group = 0;
  std::vector<WriteOrderEntry> entries;
  for (uint32_t i = 0; i < 50; ++i) {
    entries.push_back(MakeWriteOrderEntry(&group, i % 2 == 0 ? "same key" : "other", 49 - i));
  }
  SortWriteOrder(&entries);
  for (size_t i = 1; i < entries.size(); ++i) {
    if (entries[i].key == entries[i - 1].key) {
      EXPECT_LT(entries[i - 1].index, entries[i].index);
    }
  }
  EXPECT_EQ(entries.front().key, "other");
}

}  // namespace
}  // namespace quarry::internal
