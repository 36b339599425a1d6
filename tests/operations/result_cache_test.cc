// The result cache in graph metadata: appends, chunking, Gaffer's op auths
// filter (GafferResultCacheExporterTest's users and auths), time-to-live
// (Gaffer's AgeOff on the result timestamp), the size limit.
#include "operations/result_cache.h"

#include "gmock/gmock.h"
#include "graph-core/clock.h"
#include "gtest/gtest.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

std::vector<Item> Numbers(int from, int to) {
  std::vector<Item> out;
  for (int i = from; i < to; ++i) out.push_back(Item(Value::Int32(i)));
  return out;
}

class ResultCacheTest : public ::testing::Test {
 protected:
  Result<ChunkRange> Append(const std::string& job, const std::string& key,
                            std::set<std::string> auths, std::vector<Item> items) {
    auto stream = MakeVectorStream(std::move(items));
    return AppendResults(*graph_, job, key, auths, *stream, options_);
  }
  // The JSON of what `reader` sees.
  Json Read(const std::string& job, const std::string& key, std::set<std::string> reader) {
    auto stream = ReadResults(graph_, job, key, reader, options_);
    if (!stream.ok()) return Json(stream.status().ToString());
    Json out = Json::array();
    for (; (*stream)->Valid(); (*stream)->Next()) out.push_back(ItemToJson((*stream)->item()));
    if (!(*stream)->status().ok()) return Json((*stream)->status().ToString());
    return out;
  }

  std::shared_ptr<FakeGraph> graph_ = FakeGraph::WithDocSchema();
  ResultCacheOptions options_;
};

TEST_F(ResultCacheTest, AppendsAccumulateInOrder) {
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(0, 3)).status());
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(3, 5)).status());
  EXPECT_EQ(Read("job", "ALL", {"u"}), Json::parse("[0,1,2,3,4]"));
  EXPECT_EQ(Read("job", "other", {"u"}), Json::array());
  EXPECT_EQ(Read("other", "ALL", {"u"}), Json::array());
}

TEST_F(ResultCacheTest, LargeExportsSpanChunksAndStream) {
  const int n = static_cast<int>(kResultChunkItems) * 2 + 7;
  ASSERT_OK_AND_ASSIGN(ChunkRange range, Append("job", "ALL", {"u"}, Numbers(0, n)));
  EXPECT_EQ(range.first, 0u);
  EXPECT_EQ(range.end, 3u);
  Json out = Read("job", "ALL", {"u"});
  ASSERT_EQ(out.size(), static_cast<size_t>(n));
  EXPECT_EQ(out[n - 1], n - 1);
}

TEST_F(ResultCacheTest, ElementsComeBackAsElements) {
  Element e = Element::Entity("entity", Value::Int32(5), {{"count", Value::Int32(3)}});
  ASSERT_OK(Append("job", "ALL", {"u"}, {Item(e)}).status());
  ASSERT_OK_AND_ASSIGN(auto stream, ReadResults(graph_, "job", "ALL", {"u"}, options_));
  ASSERT_TRUE(stream->Valid());
  const Element* back = std::get_if<Element>(&stream->item());
  ASSERT_NE(back, nullptr);
  EXPECT_TRUE(ItemEquals(Item(*back), Item(e)));
}

// GafferResultCacheExporterTest stores 1, "2" and null; JSON that is no
// element or value (a CountGroups map) comes back as it was.
TEST_F(ResultCacheTest, ValuesNullsAndOtherJsonRoundTrip) {
  Json groups = Json::parse(R"({"entityGroups":{"entity":5},"edgeGroups":{},"limitHit":false})");
  ASSERT_OK(
      Append("job", "key", {"u"},
             {Item(Value::Int32(1)), Item(Value::String("2")), Item(Json(nullptr)), Item(groups)})
          .status());
  EXPECT_EQ(Read("job", "key", {"u"}), Json::array({1, "2", nullptr, groups}));
}

// GafferResultCacheExporterTest: results exported with op auths {1, 2} are
// read by user01 holding {1, 2, 3}; AreIn needs every required auth.
TEST_F(ResultCacheTest, ReaderNeedsEveryRequiredOpAuth) {
  ASSERT_OK(Append("job", "key", {"1", "2"}, Numbers(0, 2)).status());
  EXPECT_EQ(Read("job", "key", {"1", "2", "3", "user01"}).size(), 2u);
  EXPECT_EQ(Read("job", "key", {"1", "user01"}), Json::array());
  ASSERT_OK(Append("job", "open", {}, Numbers(0, 1)).status());
  EXPECT_EQ(Read("job", "open", {"anyone"}).size(), 1u);  // No auths required.
}

TEST_F(ResultCacheTest, ResultsExpireAfterTheTimeToLive) {
  ScopedFakeClock clock(1'000'000);
  options_.time_to_live_ms = 1000;
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(0, 2)).status());
  clock.Advance(600);
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(2, 3)).status());
  clock.Advance(600);  // The first add is 1200 ms old, the second 600.
  EXPECT_EQ(Read("job", "ALL", {"u"}), Json::parse("[2]"));
  ASSERT_OK_AND_ASSIGN(int deleted, DeleteExpiredResults(*graph_, options_));
  EXPECT_EQ(deleted, 0);  // The last write is still fresh.
  clock.Advance(500);
  ASSERT_OK_AND_ASSIGN(deleted, DeleteExpiredResults(*graph_, options_));
  EXPECT_EQ(deleted, 1);
  ASSERT_OK_AND_ASSIGN(auto left, graph_->ListMetadata(""));
  EXPECT_TRUE(left.empty());
  options_.time_to_live_ms = 0;  // Never expires.
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(0, 1)).status());
  clock.Advance(1'000'000'000);
  EXPECT_EQ(Read("job", "ALL", {"u"}).size(), 1u);
}

TEST_F(ResultCacheTest, AnAddPastTheLimitStoresNothing) {
  options_.max_items = kResultChunkItems + 5;
  ASSERT_OK(Append("job", "ALL", {"u"}, Numbers(0, 5)).status());
  EXPECT_THAT(
      Append("job", "ALL", {"u"}, Numbers(0, static_cast<int>(kResultChunkItems) + 1)).status(),
      StatusIs(StatusCode::kResourceExhausted));
  EXPECT_EQ(Read("job", "ALL", {"u"}).size(), 5u);
  ASSERT_OK_AND_ASSIGN(auto chunks, graph_->ListMetadata("rcd/"));
  EXPECT_EQ(chunks.size(), 1u);  // The refused add's chunk was removed.
}

TEST_F(ResultCacheTest, JobIdsAndKeysCannotBeConfused) {
  ASSERT_OK(Append("a", "bc", {"u"}, Numbers(1, 2)).status());
  ASSERT_OK(Append("ab", "c", {"u"}, Numbers(2, 3)).status());
  EXPECT_EQ(Read("a", "bc", {"u"}), Json::parse("[1]"));
  EXPECT_EQ(Read("ab", "c", {"u"}), Json::parse("[2]"));
}

TEST_F(ResultCacheTest, ReadingBackAChunkRangeSkipsTheChecks) {
  ASSERT_OK_AND_ASSIGN(ChunkRange first, Append("job", "ALL", {"x"}, Numbers(0, 2)));
  ASSERT_OK_AND_ASSIGN(ChunkRange second, Append("job", "ALL", {"x"}, Numbers(2, 3)));
  ASSERT_OK_AND_ASSIGN(auto stream, ReadResults(graph_, "job", "ALL", {}, options_, &second));
  ASSERT_TRUE(stream->Valid());
  EXPECT_EQ(ItemToJson(stream->item()), Json(2));
  stream->Next();
  EXPECT_FALSE(stream->Valid());
  EXPECT_EQ(first.end, second.first);
}

}  // namespace
}  // namespace quarry
