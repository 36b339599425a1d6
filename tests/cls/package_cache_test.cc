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
  ASSERT_OK_AND_ASSIGN(auto a, cache.Get(SchemaWithGroup("A"), "byteEntity"));
  ASSERT_OK_AND_ASSIGN(auto b, cache.Get(SchemaWithGroup("A"), "byteEntity"));
  EXPECT_EQ(a.get(), b.get());
  ASSERT_OK_AND_ASSIGN(auto classic, cache.Get(SchemaWithGroup("A"), "classic"));
  EXPECT_NE(classic.get(), a.get());
  EXPECT_EQ(classic->Name(), "classic");
  ASSERT_OK_AND_ASSIGN(auto other, cache.Get(SchemaWithGroup("B"), "byteEntity"));
  EXPECT_NE(other->LayoutFor("B"), nullptr);
  EXPECT_EQ(other->LayoutFor("A"), nullptr);
  EXPECT_EQ(cache.size(), 3u);
}

TEST(PackageCacheTest, RefusesBadSchemaOrPackageWithoutCaching) {
  PackageCache cache(4);
  EXPECT_THAT(cache.Get("{not json", "byteEntity"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(cache.Get(SchemaWithGroup("A"), "nope"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(cache.size(), 0u);
}

TEST(PackageCacheTest, StartsAfreshWhenFullAndServesManyThreads) {
  PackageCache cache(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&cache, t] {
      for (int i = 0; i < 20; ++i) {
        auto p = cache.Get(SchemaWithGroup("G" + std::to_string((t + i) % 3)), "byteEntity");
        EXPECT_TRUE(p.ok());
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_LE(cache.size(), 2u);
}

}  // namespace
}  // namespace quarry::cls
