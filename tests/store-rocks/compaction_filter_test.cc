#include "store-rocks/compaction_filter.h"

#include "graph-core/clock.h"
#include "store-rocks/distinct_key.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using Decision = rocksdb::CompactionFilter::Decision;
using ValueType = rocksdb::CompactionFilter::ValueType;
using ::quarry::testing::StoreTestSchema;

class CompactionFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto made = MakeKeyPackage("byteEntity", StoreTestSchema());
    ASSERT_TRUE(made.ok());
    package_ = std::shared_ptr<const KeyPackage>(std::move(made).value());
    counters_ = std::make_shared<ValidationCounters>();
  }
  KeyValue Encode(const Element& e) {
    std::vector<KeyValue> kvs;
    EXPECT_OK(package_->Encode(e, 0, &kvs));
    return kvs.empty() ? KeyValue() : kvs[0];
  }
  Decision Run(const std::string& group, const KeyValue& kv, ValueType type = ValueType::kValue,
               bool distinct = false) {
    ValidationCompactionFilter filter(package_, package_->schema().Group(group), distinct,
                                      counters_);
    std::string new_value, skip;
    return filter.FilterV2(1, kv.key, type, kv.value, &new_value, &skip);
  }

  std::shared_ptr<const KeyPackage> package_;
  std::shared_ptr<ValidationCounters> counters_;
};

Element Aged(int64_t time) {
  return Element::Entity("Aged", Value::String("v"),
                         {{"time", Value::Int64(time)}, {"count", Value::Int64(1)}});
}

TEST_F(CompactionFilterTest, RemovesAndCountsInvalidKeepsValid) {
  ScopedFakeClock clock(10000);
  EXPECT_EQ(Run("Aged", Encode(Aged(9500))), Decision::kKeep);
  EXPECT_EQ(Run("Aged", Encode(Aged(9000))), Decision::kRemove);  // 10000 - 1000 < 9000 fails.
  EXPECT_EQ(counters_->deleted.load(), 1u);
  EXPECT_EQ(counters_->errors.load(), 0u);
}

TEST_F(CompactionFilterTest, NeverJudgesOperandsOrUndecodableCells) {
  ScopedFakeClock clock(10000);
  EXPECT_EQ(Run("Aged", Encode(Aged(1)), ValueType::kMergeOperand), Decision::kKeep);
  KeyValue garbage = Encode(Aged(9500));
  garbage.value = "bad";
  EXPECT_EQ(Run("Aged", garbage), Decision::kKeep);
  EXPECT_EQ(counters_->deleted.load(), 0u);
  EXPECT_EQ(counters_->errors.load(), 1u);
}

TEST_F(CompactionFilterTest, StripsTheDistinctSuffix) {
  // Event has no validators: nothing to judge, kept without decoding.
  KeyValue event = Encode(Element::Entity("Event", Value::String("v"), {}));
  AppendDistinctSuffix(3, &event.key);
  EXPECT_EQ(Run("Event", event, ValueType::kValue, true), Decision::kKeep);
  // Aged with a suffix: judged on the key without it.
  ScopedFakeClock clock(10000);
  KeyValue old = Encode(Aged(1));
  AppendDistinctSuffix(3, &old.key);
  EXPECT_EQ(Run("Aged", old, ValueType::kValue, true), Decision::kRemove);
  EXPECT_EQ(counters_->errors.load(), 0u);
}

}  // namespace
}  // namespace quarry
