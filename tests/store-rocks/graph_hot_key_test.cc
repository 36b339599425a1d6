// Graph: hot keys (issue 18). A key merged many times must not make every
// read re-merge every operand it has absorbed: with
// quarry.max.successive.merges = N a read meets at most about N operands of
// a key in the memtable (RocksDB folds them at write time), aggregation stays
// exact (Sum, and First/Last in Gaffer's newest-first order), and age-off
// still applies to the folded values. With the default properties folding
// is adaptive: the first scan that folds a key from kHotKeyOperands operands
// or more turns it on and flushes the memtable ("adaptive" also watches
// shadowed versions with PerfContext). Operands a read meets are counted with
// rocksdb::PerfContext::internal_merge_count (operands fed to the merge
// operator by iterators; every Quarry read is an iterator).
//
// The SIGKILL-mid-ingest exactness check on hot keys is graph_crash_test.cc:
// its child merges the same 10 keys thousands of times per round with the
// default properties, so write-time folding runs there too.
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>

#include "graph-core/clock.h"
#include "store-rocks/hot_key_options.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::RawKeyCount;
using ::quarry::testing::Sorted;
using ::quarry::testing::StoreTestSchema;

constexpr int kWrites = 1000;

StoreProperties WithMaxSuccessiveMerges(const std::string& n) {
  Result<StoreProperties> p =
      StoreProperties::Parse("quarry.max.successive.merges=" + n + "\n", "test");
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return p.ok() ? *p : StoreProperties();
}

// Operands the merge operator was fed while `read` ran, and its elements.
template <typename Read>
uint64_t OperandsMet(Read read, std::vector<Element>* found) {
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  rocksdb::get_perf_context()->Reset();
  *found = read();
  const uint64_t operands = rocksdb::get_perf_context()->internal_merge_count;
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kDisable);
  return operands;
}

// kWrites batches, each adding 1 to "hot" (first/last name the batch).
void WriteHot(Graph& graph) {
  for (int i = 0; i < kWrites; ++i) {
    AddElementsResult result;
    std::vector<Element> batch = {
        CountEntity("hot", 1, "f" + std::to_string(i), "l" + std::to_string(i))};
    ASSERT_OK(graph.AddElements(batch, AddElementsOptions(), &result));
  }
}

class HotKeyTest : public GraphTest {
 protected:
  std::vector<Element> ReadAll() { return Drain(graph_->GetAllElements({})); }
  std::vector<Element> ReadSeed() {
    return Drain(graph_->GetElements(std::vector<ElementId>{EntitySeed{Value::String("hot")}}, {}));
  }
};

// Gaffer aggregates newest first: First keeps the newest write ("f999"),
// Last the oldest ("l0"); Sum counts every write once.
Element HotAfterAllWrites() {
  return CountEntity("hot", kWrites, "f" + std::to_string(kWrites - 1), "l0");
}

TEST_F(HotKeyTest, WithoutWriteTimeFoldingAReadMeetsEveryOperand) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("0"));
  WriteHot(*graph_);
  std::vector<Element> found;
  // Every write but the oldest is an operand merged onto it.
  EXPECT_GE(OperandsMet([&] { return ReadAll(); }, &found), static_cast<uint64_t>(kWrites - 1));
  EXPECT_EQ(Sorted(found), Sorted({HotAfterAllWrites()}));
}

TEST_F(HotKeyTest, AReadMeetsAtMostTheBoundOfOperandsAndCountsStayExact) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("16"));
  WriteHot(*graph_);
  std::vector<Element> found;
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found), 16u);
  EXPECT_EQ(Sorted(found), Sorted({HotAfterAllWrites()}));
  EXPECT_LE(OperandsMet([&] { return ReadSeed(); }, &found), 16u);
  EXPECT_EQ(Sorted(found), Sorted({HotAfterAllWrites()}));
}

// "adaptive": folding is off until a scan meets many operands; that scan
// turns it on (and flushes), and later reads meet a bounded number.
TEST_F(HotKeyTest, AdaptiveFoldingTurnsOnAtTheFirstHotScan) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("adaptive"));
  WriteHot(*graph_);
  std::vector<Element> found;
  EXPECT_GE(OperandsMet([&] { return ReadAll(); }, &found), static_cast<uint64_t>(kWrites - 1));
  EXPECT_EQ(Sorted(found), Sorted({HotAfterAllWrites()}));
  WriteHot(*graph_);
  // At most the bound in the memtable, plus the flushed value in L0.
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found),
            static_cast<uint64_t>(kDefaultMaxSuccessiveMerges) + 1);
  const Element expected = CountEntity("hot", 2 * kWrites, "f" + std::to_string(kWrites - 1), "l0");
  EXPECT_EQ(Sorted(found), Sorted({expected}));
  Reopen();  // Adaptive again: off until the next hot scan; counts unchanged.
  EXPECT_EQ(Sorted(ReadAll()), Sorted({expected}));
}

// Folding at write time reads the stored value (here in an SST file after a
// compaction) and merges the memtable's operands onto it: still exact, still
// bounded, and still exact after a reopen (WAL replay, which does not fold).
TEST_F(HotKeyTest, FoldingOntoAFlushedValueStaysExactAcrossCompactionAndReopen) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("8"));
  WriteHot(*graph_);
  ASSERT_OK(graph_->Compact());
  WriteHot(*graph_);
  std::vector<Element> found;
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found), 8u);
  const Element expected = CountEntity("hot", 2 * kWrites, "f" + std::to_string(kWrites - 1), "l0");
  EXPECT_EQ(Sorted(found), Sorted({expected}));
  Reopen();
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found), 8u);
  EXPECT_EQ(Sorted(found), Sorted({expected}));
}

Element Aged(std::string v, int64_t time, int64_t count) {
  return Element::Entity("Aged", Value::String(std::move(v)),
                         {{"time", Value::Int64(time)}, {"count", Value::Int64(count)}});
}

// A hot Aged key (AgeOff 1000 ms on time, Max): folded at write time, it is
// a whole value the compaction filter can judge; scans hide it at once when
// too old, and one Compact deletes it.
TEST_F(HotKeyTest, AgeOffStillAppliesToFoldedValues) {
  ScopedFakeClock clock(100000);
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("4"));
  for (int i = 0; i < 100; ++i) Add({Aged("old", 99001 + i, 1), Aged("new", 99900, 1)});
  std::vector<Element> found;
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found), 2u * 4u);
  EXPECT_EQ(Sorted(found), Sorted({Aged("old", 99100, 100), Aged("new", 99900, 100)}));
  clock.Set(100500);  // old (99100) is too old; new (99900) is not.
  EXPECT_EQ(Sorted(ReadAll()), Sorted({Aged("new", 99900, 100)}));
  ASSERT_OK(graph_->Compact());
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 1u);
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_EQ(stats.groups["Aged"].deleted_by_validation, 1u);
  EXPECT_EQ(Sorted(ReadAll()), Sorted({Aged("new", 99900, 100)}));
}

}  // namespace
}  // namespace quarry

namespace quarry {
namespace {

uint64_t ActiveMemtableEntries(Graph& graph, std::string_view group) {
  internal::RocksGraph& rocks = testing::Rocks(graph);
  uint64_t entries = 0;
  EXPECT_TRUE(rocks.instance(0).db()->GetIntProperty(
      rocks.group(group)->cfs[0], "rocksdb.num-entries-active-mem-table", &entries));
  return entries;
}

// 200 hot keys, each written `writes` times.
void WriteManyHot(Graph& graph, int writes) {
  for (int i = 0; i < writes; ++i) {
    std::vector<Element> batch;
    for (int v = 0; v < 200; ++v) batch.push_back(CountEntity("v" + std::to_string(v), 1));
    ASSERT_OK(graph.AddElements(batch, AddElementsOptions(), nullptr));
  }
}

// Every key has 40 operands in the memtable: a full scan meets 7,800, so it
// turns folding on and asks for a flush (the memtable is switched at once);
// after 10 more writes per key, now folded, a scan meets at most the bound
// per key (plus the flushed value), with exact counts.
TEST_F(HotKeyTest, AHotScanFlushesTheMemtableAndFoldsLaterWrites) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("adaptive"));
  WriteManyHot(*graph_, 40);
  ASSERT_EQ(ActiveMemtableEntries(*graph_, "Count"), 200u * 40u);
  std::vector<Element> found = ReadAll();
  ASSERT_EQ(found.size(), 200u);
  EXPECT_EQ(found[0].properties().Get("count").AsInt64(), 40);
  EXPECT_EQ(ActiveMemtableEntries(*graph_, "Count"), 0u);
  WriteManyHot(*graph_, 10);  // 2,000 entries: within the hot memtable size.
  // A fold stores the folded value in place of the merge: one entry a write.
  EXPECT_EQ(ActiveMemtableEntries(*graph_, "Count"), 200u * 10u);
  EXPECT_LE(OperandsMet([&] { return ReadAll(); }, &found),
            200u * (static_cast<uint64_t>(kDefaultMaxSuccessiveMerges) + 1));
  ASSERT_EQ(found.size(), 200u);
  for (const Element& e : found) EXPECT_EQ(e.properties().Get("count").AsInt64(), 50);
}

// A column family holding little data gets small memtables and an early L0
// compaction once a scan finds it hot: later writes are flushed every
// kHotWriteBufferBytes, so a memtable holds few versions of each hot key,
// and counts stay exact across the flushes.
TEST_F(HotKeyTest, AHotScanOfASmallColumnFamilyShrinksItsMemtables) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("adaptive"));
  internal::RocksGraph& rocks = testing::Rocks(*graph_);
  rocksdb::DB* db = rocks.instance(0).db();
  rocksdb::ColumnFamilyHandle* cf = rocks.group("Count")->cfs[0];
  const uint64_t before = db->GetOptions(cf).write_buffer_size;
  ASSERT_GT(before, kHotWriteBufferBytes);
  WriteManyHot(*graph_, 40);
  ASSERT_EQ(ReadAll().size(), 200u);  // Hot: 7,800 operands.
  EXPECT_EQ(db->GetOptions(cf).write_buffer_size, kHotWriteBufferBytes);
  EXPECT_EQ(db->GetOptions(cf).level0_file_num_compaction_trigger, kHotL0CompactionTrigger);
  WriteManyHot(*graph_, 100);  // 20,000 entries: several hot memtables.
  EXPECT_LT(ActiveMemtableEntries(*graph_, "Count"), 200u * 100u);
  std::vector<Element> found = ReadAll();
  ASSERT_EQ(found.size(), 200u);
  for (const Element& e : found) EXPECT_EQ(e.properties().Get("count").AsInt64(), 140);
  // Other column families keep theirs.
  EXPECT_EQ(db->GetOptions(rocks.group("Aged")->cfs[0]).write_buffer_size, before);
}

// The default properties (no quarry.max.successive.merges): a read that
// folds a key from many operands turns folding on for its column family,
// with no PerfContext watch, and later reads meet a bounded number.
TEST_F(HotKeyTest, WithTheDefaultPropertiesAHotKeyReadTurnsFoldingOn) {
  Create(StoreTestSchema(), StoreProperties());
  internal::RocksGraph& rocks = testing::Rocks(*graph_);
  rocksdb::DB* db = rocks.instance(0).db();
  rocksdb::ColumnFamilyHandle* cf = rocks.group("Count")->cfs[0];
  ASSERT_EQ(db->GetOptions(cf).max_successive_merges, 0u);
  WriteHot(*graph_);
  std::vector<Element> found;
  EXPECT_GE(OperandsMet([&] { return ReadAll(); }, &found), static_cast<uint64_t>(kWrites - 1));
  EXPECT_EQ(Sorted(found), Sorted({HotAfterAllWrites()}));
  EXPECT_EQ(db->GetOptions(cf).max_successive_merges,
            static_cast<size_t>(kDefaultMaxSuccessiveMerges));
  WriteHot(*graph_);
  EXPECT_LE(OperandsMet([&] { return ReadSeed(); }, &found),
            static_cast<uint64_t>(kDefaultMaxSuccessiveMerges) + 1);
  const Element expected = CountEntity("hot", 2 * kWrites, "f" + std::to_string(kWrites - 1), "l0");
  EXPECT_EQ(Sorted(found), Sorted({expected}));
}

// Keys read after fewer than kHotKeyOperands writes each are not hot: a
// default graph neither folds nor flushes for them.
TEST_F(HotKeyTest, WithTheDefaultPropertiesKeysBelowTheThresholdAreLeftAlone) {
  Create(StoreTestSchema(), StoreProperties());
  internal::RocksGraph& rocks = testing::Rocks(*graph_);
  rocksdb::ColumnFamilyHandle* cf = rocks.group("Count")->cfs[0];
  const int writes = static_cast<int>(kHotKeyOperands) - 1;
  WriteManyHot(*graph_, writes);
  std::vector<Element> found = ReadAll();
  ASSERT_EQ(found.size(), 200u);
  for (const Element& e : found) EXPECT_EQ(e.properties().Get("count").AsInt64(), writes);
  EXPECT_EQ(rocks.instance(0).db()->GetOptions(cf).max_successive_merges, 0u);
  EXPECT_EQ(ActiveMemtableEntries(*graph_, "Count"), 200u * static_cast<uint64_t>(writes));
}

// "0" means never, even when a read meets a hot key.
TEST_F(HotKeyTest, ZeroNeverFoldsOrFlushesForAHotKey) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("0"));
  internal::RocksGraph& rocks = testing::Rocks(*graph_);
  rocksdb::ColumnFamilyHandle* cf = rocks.group("Count")->cfs[0];
  WriteManyHot(*graph_, 40);
  ASSERT_EQ(ReadAll().size(), 200u);
  EXPECT_EQ(rocks.instance(0).db()->GetOptions(cf).max_successive_merges, 0u);
  EXPECT_EQ(ActiveMemtableEntries(*graph_, "Count"), 200u * 40u);
}

// Keys written once: nothing shadowed, no reseeks, no flush.
TEST_F(HotKeyTest, AScanOfFreshKeysDoesNotFlush) {
  Create(StoreTestSchema(), WithMaxSuccessiveMerges("adaptive"));
  WriteManyHot(*graph_, 1);
  ASSERT_EQ(ReadAll().size(), 200u);
  EXPECT_EQ(ActiveMemtableEntries(*graph_, "Count"), 200u);
}

}  // namespace
}  // namespace quarry
