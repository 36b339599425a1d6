#include "cls/package_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry::cls {
namespace {

using ::quarry::testing::StatusIs;

std::string SchemaWithGroup(const std::string& group) {
  return R"({"entities": {")" + group +
         R"(": {"vertex": "string"}}, "types": {"string": {"class": "java.lang.String"}}})";
}

TEST(PackageCacheTest, SameBytesShareOnePackage) {
  PackageCache cache(4);
  ASSERT_OK_AND_ASSIGN(auto a, cache.Get(SchemaWithGroup("A"), "byteEntity", 3));
  ASSERT_OK_AND_ASSIGN(auto b, cache.Get(SchemaWithGroup("A"), "byteEntity", 3));
  EXPECT_EQ(a.get(), b.get());
  ASSERT_OK_AND_ASSIGN(auto classic, cache.Get(SchemaWithGroup("A"), "classic", 3));
  EXPECT_NE(classic.get(), a.get());
  EXPECT_EQ(classic->Name(), "classic");
  ASSERT_OK_AND_ASSIGN(auto other, cache.Get(SchemaWithGroup("B"), "byteEntity", 3));
  EXPECT_NE(other->LayoutFor("B"), nullptr);
  EXPECT_EQ(other->LayoutFor("A"), nullptr);
  EXPECT_EQ(cache.size(), 3u);
}

// A tablet's value format is part of what picks its package: version 2
// tablets (created before version 3, no xattr) keep timestamps in values.
TEST(PackageCacheTest, EachValueFormatHasItsOwnPackage) {
  PackageCache cache(4);
  ASSERT_OK_AND_ASSIGN(auto v2, cache.Get(SchemaWithGroup("A"), "byteEntity", 2));
  ASSERT_OK_AND_ASSIGN(auto v3, cache.Get(SchemaWithGroup("A"), "byteEntity", 3));
  EXPECT_NE(v2.get(), v3.get());
  EXPECT_EQ(v2->value_format(), 2u);
  EXPECT_EQ(v3->value_format(), 3u);
  EXPECT_TRUE(v2->LayoutFor("A")->value_has_timestamp());
  EXPECT_FALSE(v3->LayoutFor("A")->value_has_timestamp());
  EXPECT_THAT(cache.Get(SchemaWithGroup("A"), "byteEntity", 99),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(cache.size(), 2u);
}

TEST(PackageCacheTest, RefusesBadSchemaOrPackageWithoutCaching) {
  PackageCache cache(4);
  EXPECT_THAT(cache.Get("{not json", "byteEntity", 3), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(cache.Get(SchemaWithGroup("A"), "nope", 3), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(cache.size(), 0u);
}

TEST(PackageCacheTest, StartsAfreshWhenFullAndServesManyThreads) {
  PackageCache cache(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&cache, t] {
      for (int i = 0; i < 20; ++i) {
        auto p = cache.Get(SchemaWithGroup("G" + std::to_string((t + i) % 3)), "byteEntity", 3);
        EXPECT_TRUE(p.ok());
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_LE(cache.size(), 2u);
}

}  // namespace
}  // namespace quarry::cls
