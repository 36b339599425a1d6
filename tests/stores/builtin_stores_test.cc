// RegisterBuiltinStores (stores/builtin_stores.h): registers the rocks store
// with the factory, once however often it is called. This binary uses
// GoogleTest's main, so nothing is registered before the test runs.
#include "stores/builtin_stores.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "store/store_factory.h"

namespace quarry {
namespace {

TEST(BuiltinStoresTest, RegistersTheRocksStoreOnce) {
  EXPECT_TRUE(RegisteredStores().empty());
  std::vector<std::thread> callers;
  for (int i = 0; i < 4; ++i) callers.emplace_back([] { RegisterBuiltinStores(); });
  for (std::thread& t : callers) t.join();
  RegisterBuiltinStores();
  std::vector<std::string> stores = RegisteredStores();
  EXPECT_EQ(std::count(stores.begin(), stores.end(), "rocks"), 1);
  StoreProperties defaults;
  Result<const StoreDriver*> driver = FindStore(defaults);
  ASSERT_TRUE(driver.ok()) << driver.status().ToString();
  EXPECT_EQ((*driver)->name, "rocks");
}

}  // namespace
}  // namespace quarry
