// GuardedRemove against the fixture's cluster: a key is removed only while
// its stored value is the one judged.
#include "store-rados/internal/guarded_remove.h"

#include <gtest/gtest.h>

#include "store-rados/internal/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

class GuardedRemoveTest : public RadosGraphTest {
 protected:
  void SetUp() override {
    RadosGraphTest::SetUp();
    if (IsSkipped()) return;
    ASSERT_OK_AND_ASSIGN(RadosProperties props, RadosProperties::From(properties_));
    ASSERT_OK_AND_ASSIGN(client_, internal::ConnectRados(props));
    oid_ = props.graph + ".guarded";
  }
  void TearDown() override {
    if (client_ != nullptr) client_->io.remove(oid_);
    client_.reset();
    RadosGraphTest::TearDown();
  }
  void Set(const std::map<std::string, std::string>& values) {
    std::map<std::string, librados::bufferlist> lists;
    for (const auto& [k, v] : values) lists[k].append(v);
    ASSERT_EQ(client_->io.omap_set(oid_, lists), 0);
  }
  std::set<std::string> Keys() {
    std::set<std::string> keys;
    EXPECT_EQ(client_->io.omap_get_keys2(oid_, "", 100, &keys, nullptr), 0);
    return keys;
  }

  std::shared_ptr<internal::RadosClient> client_;
  std::string oid_;
};

TEST_F(GuardedRemoveTest, RemovesOnlyUnchangedValues) {
  Set({{"a", "1"}, {"b", "2"}, {"c", "3"}});
  // All judged values still stored: one op removes both.
  ASSERT_OK_AND_ASSIGN(uint64_t removed,
                       internal::GuardedRemove(client_->io, oid_, {{"a", "1"}, {"b", "2"}}));
  EXPECT_EQ(removed, 2u);
  EXPECT_EQ(Keys(), (std::set<std::string>{"c"}));
  // "c" was re-written (3 -> 4) since it was judged; "d" is unchanged; "e"
  // is gone: only "d" goes.
  Set({{"c", "4"}, {"d", "5"}});
  ASSERT_OK_AND_ASSIGN(
      removed, internal::GuardedRemove(client_->io, oid_, {{"c", "3"}, {"d", "5"}, {"e", "6"}}));
  EXPECT_EQ(removed, 1u);
  EXPECT_EQ(Keys(), (std::set<std::string>{"c"}));
}

}  // namespace
}  // namespace quarry::testing
