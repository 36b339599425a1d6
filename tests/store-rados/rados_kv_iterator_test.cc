// RadosKvIterator over a real tablet object (label rados): a model-based
// test against a std::map, paging, re-seeks and insert-id keys.
#include "store-rados/rados_kv_iterator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "iterators/key_range_ops.h"
#include "keypackages/key_format.h"
#include "store-rados/internal/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using KvList = std::vector<std::pair<std::string, std::string>>;

const std::string kPrefix("G\x00", 2);

class RadosKvIteratorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (RadosConf().empty()) GTEST_SKIP() << "QUARRY_RADOS_CONF unset: run under ctest -L rados";
    auto props = RadosProperties::From(FreshRadosProperties());
    ASSERT_OK(props.status());
    auto client = internal::ConnectRados(*props);
    ASSERT_OK(client.status());
    client_ = *client;
    oid_ = "kv-test-" + std::to_string(std::random_device()());
  }
  void TearDown() override {
    if (client_ != nullptr) client_->io.remove(oid_);
  }

  // Stores `data` under kPrefix, plus keys of another group and reserved
  // keys that no scan of group G may return.
  void Store(const std::map<std::string, std::string>& data) {
    std::map<std::string, librados::bufferlist> omap;
    for (const auto& [k, v] : data) omap[kPrefix + k].append(v);
    omap[std::string("H\x00", 2) + "a"].append("other group");
    omap[std::string("F\x00", 2) + "z"].append("other group");
    omap[std::string("\x00"
                     "bxxxx",
                     6)]
        .append("");
    ASSERT_EQ(client_->io.omap_set(oid_, omap), 0);
  }

  KvList Scan(KvIterator* it, const KeyRange& range, bool reseek_each_key = false) {
    KvList out;
    it->Seek(range);
    while (it->Valid()) {
      out.emplace_back(std::string(it->key()), std::string(it->value()));
      if (reseek_each_key) {
        it->Seek(RangeResumingAfter(range, out.back().first));
      } else {
        it->Next();
      }
    }
    EXPECT_OK(it->status());
    return out;
  }

  static std::string RandomKey(std::mt19937& rng) {
    static const char kAlphabet[] = "abc:0\x01";
    std::string key;
    for (int n = 1 + rng() % 4; n > 0; --n) key.push_back(kAlphabet[rng() % 6]);
    return key;
  }

  std::shared_ptr<internal::RadosClient> client_;
  std::string oid_;
};

TEST_F(RadosKvIteratorTest, YieldsWhatTheModelYieldsForRandomRanges) {
  std::mt19937 rng(7);
  std::map<std::string, std::string> data;
  while (data.size() < 300) data[RandomKey(rng)] = "v" + std::to_string(data.size());
  Store(data);
  RadosKvIterator it(client_->io, oid_, kPrefix);
  KvList all(data.begin(), data.end());
  EXPECT_EQ(Scan(&it, KeyRange::All()), all);
  EXPECT_EQ(it.reads(), 2u);  // 300 keys: a page of 64, then one of 256.
  for (int trial = 0; trial < 40; ++trial) {
    KeyRange range;
    range.start = trial % 5 == 0 ? "" : RandomKey(rng);
    range.end = trial % 7 == 0 ? "" : RandomKey(rng);
    range.start_inclusive = rng() % 2 == 0;
    range.end_inclusive = rng() % 2 == 0;
    if (range.start.empty()) range.start_inclusive = true;
    KvList model;
    for (const auto& kv : data) {
      if (range.Contains(kv.first)) model.push_back(kv);
    }
    EXPECT_EQ(Scan(&it, range), model) << range.DebugString();
    EXPECT_EQ(Scan(&it, range, /*reseek_each_key=*/true), model) << range.DebugString();
  }
}

TEST_F(RadosKvIteratorTest, InsertIdKeysComeBackWholeAndStrictlyIncreasing) {
  // Key format v2: a non-aggregated insert's key carries its id, so equal
  // elements are distinct keys; the iterator hands them up unchanged.
  auto with_id = [](const std::string& key, uint64_t id) {
    std::string out = key;
    AppendInsertId(id, &out);
    return out;
  };
  const std::string a1 = with_id("a", 1), a2 = with_id("a", 2), b3 = with_id("b", 3);
  Store({{a1, "a1"}, {a2, "a2"}, {b3, "b3"}});
  RadosKvIterator it(client_->io, oid_, kPrefix);
  EXPECT_EQ(Scan(&it, KeyRange::All()), (KvList{{a1, "a1"}, {a2, "a2"}, {b3, "b3"}}));
  EXPECT_EQ(Scan(&it, RangeResumingAfter(KeyRange::All(), a1)), (KvList{{a2, "a2"}, {b3, "b3"}}));
  EXPECT_EQ(Scan(&it, RangeResumingAfter(KeyRange::All(), a2)), (KvList{{b3, "b3"}}));
}

TEST_F(RadosKvIteratorTest, MissingObjectIsNotFound) {
  RadosKvIterator missing(client_->io, oid_ + "-none", kPrefix);
  missing.Seek(KeyRange::All());
  EXPECT_FALSE(missing.Valid());
  EXPECT_THAT(missing.status(), StatusIs(StatusCode::kNotFound));
}

}  // namespace
}  // namespace quarry::testing
