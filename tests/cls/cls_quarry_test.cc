// libcls_quarry.so in a real OSD: needs the cluster the ctest fixture
// rados_cluster starts (QUARRY_RADOS_CONF names its ceph.conf; pool quarry).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <rados/librados.hpp>
#include <random>

#include "cls/batch_format.h"
#include "keypackages/key_package.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::cls {
namespace {

constexpr char kSchemaJson[] = R"json({
  "entities": {
    "Count": {"vertex": "string", "properties": {"count": "count.long"}},
    "Event": {"vertex": "string", "properties": {"note": "string"}, "aggregate": false}
  },
  "types": {
    "string": {"class": "java.lang.String"},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}}
  }
})json";

class ClsQuarryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* conf = std::getenv("QUARRY_RADOS_CONF");
    if (conf == nullptr) GTEST_SKIP() << "QUARRY_RADOS_CONF unset: run under ctest -L rados";
    ASSERT_EQ(rados_.init2("client.admin", "ceph", 0), 0);
    ASSERT_EQ(rados_.conf_read_file(conf), 0);
    ASSERT_EQ(rados_.connect(), 0);
    ASSERT_EQ(rados_.ioctx_create("quarry", io_), 0);
    auto schema = Schema::FromJsonStrings({kSchemaJson}, {"test"});
    ASSERT_OK(schema.status());
    auto package = MakeKeyPackage("byteEntity", *schema);
    ASSERT_OK(package.status());
    package_ = std::move(package).value();
    auto v2 = MakeKeyPackage("byteEntity", *schema, kValueFormatOfUnmarkedTablets);
    ASSERT_OK(v2.status());
    v2_package_ = std::move(v2).value();
    oid_ = "cls-test-" + std::to_string(std::random_device()());
  }

  void TearDown() override {
    if (io_.is_valid()) io_.remove(oid_);
    io_.close();
    rados_.shutdown();
  }

  // A tablet object: created with the schema xattrs and, as RadosGraph
  // creates them since value format 3, the value format's; without it, as
  // tablets made before.
  void CreateTablet(bool mark_value_format = true) {
    librados::ObjectWriteOperation op;
    op.create(true);
    librados::bufferlist schema, name, format;
    schema.append(kSchemaJson);
    name.append("byteEntity");
    format.append(std::to_string(kValueFormatVersion));
    op.setxattr(kSchemaXattr, schema);
    op.setxattr(kKeyPackageXattr, name);
    if (mark_value_format) op.setxattr(kValueFormatXattr, format);
    ASSERT_EQ(io_.operate(oid_, &op), 0);
    if (!mark_value_format) package_.swap(v2_package_);
  }

  BatchEntry CountEntry(const std::string& vertex, int64_t count) {
    std::vector<KeyValue> kvs;
    Element e = Element::Entity("Count", Value::String(vertex), {{"count", Value::Int64(count)}});
    EXPECT_OK(package_->Encode(e, 10, &kvs));
    BatchEntry entry;
    AppendTabletKey("Count", kvs[0].key, &entry.key);
    entry.value = kvs[0].value;
    return entry;
  }

  // Calls the class; returns the op's result and sets *reply.
  int Call(const std::string& input, std::string* reply = nullptr) {
    librados::bufferlist in, out;
    in.append(input.data(), input.size());
    int rval = 0;
    librados::ObjectWriteOperation op;
    op.exec(kClassName, kApplyMethod, in, &out, &rval);
    int r = io_.operate(oid_, &op, librados::OPERATION_RETURNVEC);
    if (reply != nullptr) *reply = out.to_str();
    return r < 0 ? r : rval;
  }

  int Apply(const Batch& batch, std::string* reply = nullptr) {
    std::string bytes;
    EXPECT_OK(EncodeBatch(batch, &bytes));
    return Call(bytes, reply);
  }

  // The stored count of Count entity `vertex`, or -1 if not stored.
  int64_t StoredCount(const std::string& vertex) {
    std::string key = CountEntry(vertex, 1).key;
    std::map<std::string, librados::bufferlist> values;
    EXPECT_EQ(io_.omap_get_vals_by_keys(oid_, {key}, &values), 0);
    if (values.empty()) return -1;
    Properties p;
    int64_t timestamp = 0;
    EXPECT_OK(package_->LayoutFor("Count")->DecodeValue(values[key].to_str(), &timestamp, &p));
    return p.Find("count")->AsInt64();
  }

  librados::Rados rados_;
  librados::IoCtx io_;
  std::unique_ptr<const KeyPackage> package_;  // The tablet's value format.
  std::unique_ptr<const KeyPackage> v2_package_;
  std::string oid_;
};

TEST_F(ClsQuarryTest, AggregatesBatchesIntoStoredValues) {
  CreateTablet();
  Batch first{NewBatchId(1700000000000), {CountEntry("a", 2), CountEntry("b", 5)}};
  Batch second{NewBatchId(1700000000001),
               {CountEntry("a", 3), CountEntry("a", 4), CountEntry("c", 1)}};
  std::string reply;
  ASSERT_EQ(Apply(first, &reply), 0);
  EXPECT_EQ(reply, kReplyApplied);
  ASSERT_EQ(Apply(second, &reply), 0);
  EXPECT_EQ(StoredCount("a"), 9);
  EXPECT_EQ(StoredCount("b"), 5);
  EXPECT_EQ(StoredCount("c"), 1);
  EXPECT_EQ(StoredCount("d"), -1);
}

// A tablet without the value format xattr was created before value format 3:
// its values lead with a timestamp, and the class folds them as such.
TEST_F(ClsQuarryTest, UnmarkedTabletsHoldValueFormatTwo) {
  CreateTablet(/*mark_value_format=*/false);
  ASSERT_TRUE(package_->LayoutFor("Count")->value_has_timestamp());
  ASSERT_EQ(Apply(Batch{NewBatchId(1700000000000), {CountEntry("a", 2), CountEntry("b", 5)}}), 0);
  ASSERT_EQ(Apply(Batch{NewBatchId(1700000000001), {CountEntry("a", 3)}}), 0);
  EXPECT_EQ(StoredCount("a"), 5);
  EXPECT_EQ(StoredCount("b"), 5);
}

TEST_F(ClsQuarryTest, ResentBatchIsAcknowledgedButNotCountedTwice) {
  CreateTablet();
  Batch batch{NewBatchId(1700000000000), {CountEntry("a", 7)}};
  std::string reply;
  ASSERT_EQ(Apply(batch, &reply), 0);
  ASSERT_EQ(Apply(batch, &reply), 0);
  EXPECT_EQ(reply, kReplyDuplicate);
  EXPECT_EQ(StoredCount("a"), 7);
  batch.id = NewBatchId(1700000000000);  // Same entries, new batch: counted.
  ASSERT_EQ(Apply(batch, &reply), 0);
  EXPECT_EQ(reply, kReplyApplied);
  EXPECT_EQ(StoredCount("a"), 14);
}

TEST_F(ClsQuarryTest, BatchRecordsPastTheRetentionArePruned) {
  CreateTablet();
  const int64_t t0 = 1700000000000;
  const int64_t day = 24 * 3600 * 1000;
  Batch old{NewBatchId(t0), {CountEntry("a", 1)}};
  ASSERT_EQ(Apply(old), 0);
  Batch recent{NewBatchId(t0 + day / 2), {CountEntry("a", 1)}};
  recent.id.back() = 0;  // Every 64th id (last byte % 64 == 0) prunes.
  ASSERT_EQ(Apply(recent), 0);
  std::string reply;
  ASSERT_EQ(Apply(old, &reply), 0);  // Within 24 h of the pruning batch: kept.
  EXPECT_EQ(reply, kReplyDuplicate);
  Batch later{NewBatchId(t0 + day + 1000), {CountEntry("a", 1)}};
  later.id.back() = 64;
  ASSERT_EQ(Apply(later), 0);
  // The first record is gone (cls_cxx_map_remove_range), the recent one kept.
  ASSERT_EQ(Apply(old, &reply), 0);
  EXPECT_EQ(reply, kReplyApplied);
  ASSERT_EQ(Apply(recent, &reply), 0);
  EXPECT_EQ(reply, kReplyDuplicate);
  EXPECT_EQ(StoredCount("a"), 4);
}

TEST_F(ClsQuarryTest, RefusesMalformedInputAndWritesNothing) {
  CreateTablet();
  EXPECT_EQ(Call("not a batch"), -EINVAL);
  Batch bad{NewBatchId(1700000000000), {CountEntry("a", 1), CountEntry("b", 1)}};
  bad.entries[1].value = "short";
  EXPECT_EQ(Apply(bad), -EINVAL);
  bad.entries[1].kind = BatchEntryKind::kPut;  // Count aggregates: no puts.
  bad.entries[1].value = bad.entries[0].value;
  EXPECT_EQ(Apply(bad), -EINVAL);
  EXPECT_EQ(StoredCount("a"), -1);  // Atomic: the good entry was not written either.
  // The refused batch's id was not recorded: sent again, corrected, it applies.
  bad.entries[1] = CountEntry("b", 1);
  EXPECT_EQ(Apply(bad), 0);
  EXPECT_EQ(StoredCount("a"), 1);
}

TEST_F(ClsQuarryTest, RefusesObjectsThatAreNotTablets) {
  Batch batch{NewBatchId(1700000000000), {CountEntry("a", 1)}};
  EXPECT_EQ(Apply(batch), -ENOENT);  // No object at all.
  librados::bufferlist data;
  data.append("x");
  ASSERT_EQ(io_.write_full(oid_, data), 0);
  int r = Apply(batch);
  EXPECT_TRUE(r == -ENODATA || r == -ENOENT) << r;  // An object without the xattrs.
}

}  // namespace
}  // namespace quarry::cls
