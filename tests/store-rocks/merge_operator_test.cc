#include "store-rocks/merge_operator.h"

#include <deque>

#include "keypackages/value_format.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StoreTestSchema;

// Over graphs of value format 2 (values lead with a timestamp) and of the
// current format (no timestamp: the test schema names no timestampProperty).
class MergeOperatorTest : public ::testing::TestWithParam<uint32_t> {
 protected:
  void SetUp() override {
    auto made = MakeKeyPackage("byteEntity", StoreTestSchema(), GetParam());
    ASSERT_TRUE(made.ok());
    package_ = std::shared_ptr<const KeyPackage>(std::move(made).value());
    op_ = std::make_unique<AggregatingMergeOperator>(package_, package_->LayoutFor("Count"));
  }
  // A stored Count value.
  std::string Value(int64_t timestamp, int64_t count, std::string first, std::string last) {
    std::string out;
    Properties p{{"count", Value::Int64(count)},
                 {"first", Value::String(first)},
                 {"last", Value::String(last)}};
    EXPECT_OK(package_->LayoutFor("Count")->EncodeValue(p, timestamp, &out));
    return out;
  }
  Properties Decode(const std::string& value, int64_t* timestamp) {
    Properties p;
    EXPECT_OK(package_->LayoutFor("Count")->DecodeValue(value, timestamp, &p));
    return p;
  }
  bool Full(const std::string* existing, std::vector<std::string> operands, std::string* out) {
    std::vector<rocksdb::Slice> slices(operands.begin(), operands.end());
    rocksdb::Slice existing_slice = existing ? rocksdb::Slice(*existing) : rocksdb::Slice();
    rocksdb::MergeOperator::MergeOperationInput in(key_, existing ? &existing_slice : nullptr,
                                                   slices, nullptr);
    rocksdb::Slice existing_operand;
    rocksdb::MergeOperator::MergeOperationOutput result(*out, existing_operand);
    return op_->FullMergeV2(in, &result);
  }

  std::shared_ptr<const KeyPackage> package_;
  std::unique_ptr<AggregatingMergeOperator> op_;
  const rocksdb::Slice key_ = "key";  // MergeOperationInput keeps a reference.
};

TEST_P(MergeOperatorTest, FullMergeFoldsExistingThenOperandsNewestFirstSemantics) {
  std::string existing = Value(5, 1, "1", "1");
  std::string out;
  ASSERT_TRUE(Full(&existing, {Value(9, 2, "2", "2"), Value(7, 3, "3", "3")}, &out));
  int64_t ts = 0;
  Properties p = Decode(out, &ts);
  // The largest timestamp, where values keep one.
  EXPECT_EQ(ts, package_->LayoutFor("Count")->value_has_timestamp() ? 9 : 0);
  EXPECT_EQ(p.Get("count"), Value::Int64(6));
  EXPECT_EQ(p.Get("first"), Value::String("3"));  // Written last: newest.
  EXPECT_EQ(p.Get("last"), Value::String("1"));   // Written first: oldest.
  EXPECT_STREQ(op_->Name(), "quarry.aggregate.v1");
}

TEST_P(MergeOperatorTest, PartialMergeThenFullMergeEqualsOneFullMerge) {
  std::deque<rocksdb::Slice> ops;
  std::string a = Value(1, 1, "a", "a"), b = Value(2, 2, "b", "b"), c = Value(3, 4, "c", "c");
  ops.emplace_back(b);
  ops.emplace_back(c);
  std::string partial;
  ASSERT_TRUE(op_->PartialMergeMulti("key", ops, &partial, nullptr));
  std::string staged, direct;
  ASSERT_TRUE(Full(&a, {partial}, &staged));
  ASSERT_TRUE(Full(&a, {b, c}, &direct));
  EXPECT_EQ(staged, direct);
  int64_t ts = 0;
  EXPECT_EQ(Decode(direct, &ts).Get("first"), Value::String("c"));
}

TEST_P(MergeOperatorTest, UndecodableOperandFailsTheMergeAndIsRecorded) {
  std::string out;
  EXPECT_FALSE(Full(nullptr, {Value(1, 1, "a", "a"), "xyz"}, &out));
  std::string existing = "\x01";
  EXPECT_FALSE(Full(&existing, {Value(1, 1, "a", "a")}, &out));
  std::deque<rocksdb::Slice> ops = {rocksdb::Slice("bad")};
  std::string partial;
  EXPECT_FALSE(op_->PartialMergeMulti("key", ops, &partial, nullptr));
  EXPECT_EQ(op_->failures(), 3u);
  EXPECT_NE(op_->last_error().find("group 'Count'"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(ValueFormats, MergeOperatorTest,
                         ::testing::Values(2u, kValueFormatVersion));

}  // namespace
}  // namespace quarry
