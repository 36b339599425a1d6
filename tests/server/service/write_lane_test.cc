// WriteLane (issue 18): work runs on a lane thread of the asked-for
// priority and its status comes back to the caller; with priority Normal it
// runs on the caller's thread; an exception becomes Internal; many callers
// at once each get their own work done once. WritesOnLane sends a graph's
// data writes to the lane and leaves its reads on the caller's thread.
#include "server/service/write_lane.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "store/forwarding_graph.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

long ThisTid() { return static_cast<long>(syscall(SYS_gettid)); }

TEST(WriteLaneTest, RunsWorkOnALoweredThreadAndReturnsItsStatus) {
  WriteLane lane({.threads = 1, .priority = ThreadPriority::Idle()});
  EXPECT_EQ(lane.threads(), 1u);
  long tid = 0;
  int policy = -1;
  Status s = lane.Run([&] {
    tid = ThisTid();
    policy = sched_getscheduler(0);
    return NotFoundError("from the lane");
  });
  EXPECT_THAT(s, StatusIs(StatusCode::kNotFound));
  EXPECT_EQ(s.message(), "from the lane");
  EXPECT_NE(tid, ThisTid());
  EXPECT_EQ(policy, SCHED_IDLE);
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER);  // The caller keeps its priority.
}

TEST(WriteLaneTest, NormalPriorityRunsOnTheCallersThread) {
  WriteLane lane({.threads = 2, .priority = ThreadPriority::Normal()});
  EXPECT_EQ(lane.threads(), 0u);
  long tid = 0;
  ASSERT_OK(lane.Run([&] {
    tid = ThisTid();
    return Status::OK();
  }));
  EXPECT_EQ(tid, ThisTid());
}

TEST(WriteLaneTest, AnExceptionBecomesInternal) {
  WriteLane lane({.threads = 1, .priority = ThreadPriority::Nice(5)});
  Status s = lane.Run([]() -> Status { throw std::runtime_error("boom"); });
  EXPECT_THAT(s, StatusIs(StatusCode::kInternal));
  EXPECT_NE(s.message().find("boom"), std::string::npos) << s.message();
  EXPECT_OK(lane.Run([] { return Status::OK(); }));  // The lane still works.
}

TEST(WriteLaneTest, ManyCallersEachHaveTheirWorkDoneOnce) {
  WriteLane lane({.threads = 2, .priority = ThreadPriority::Idle()});
  constexpr int kCallers = 8, kRuns = 200;
  std::vector<std::atomic<int>> done(kCallers * kRuns);
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&, c] {
      for (int i = 0; i < kRuns; ++i) {
        ASSERT_OK(lane.Run([&, c, i] {
          done[c * kRuns + i].fetch_add(1);
          return Status::OK();
        }));
        EXPECT_EQ(done[c * kRuns + i].load(), 1);  // Done when Run returned.
      }
    });
  }
  for (std::thread& t : callers) t.join();
  for (const std::atomic<int>& d : done) EXPECT_EQ(d.load(), 1);
}

// Records the scheduling policy of the thread each call ran on.
class PolicyRecordingGraph final : public ForwardingGraph {
 public:
  explicit PolicyRecordingGraph(std::shared_ptr<Graph> inner) : ForwardingGraph(std::move(inner)) {}
  Status AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                     AddElementsResult* result) override {
    add_policy = sched_getscheduler(0);
    return ForwardingGraph::AddElements(elements, options, result);
  }
  Status DeleteAllElements() override {
    delete_policy = sched_getscheduler(0);
    return ForwardingGraph::DeleteAllElements();
  }
  Result<std::unique_ptr<ElementIterator>> GetAllElements(
      const QueryOptions& options) const override {
    read_policy = sched_getscheduler(0);
    return ForwardingGraph::GetAllElements(options);
  }
  int add_policy = -1, delete_policy = -1;
  mutable int read_policy = -1;
};

TEST(WriteLaneTest, WritesOnLaneRunsWritesOnTheLaneAndReadsWhereTheyAreCalled) {
  std::shared_ptr<FakeGraph> fake = FakeGraph::WithDocSchema();
  ASSERT_NE(fake, nullptr);
  auto recording = std::make_shared<PolicyRecordingGraph>(fake);
  auto lane = std::make_shared<WriteLane>(
      WriteLaneOptions{.threads = 1, .priority = ThreadPriority::Idle()});
  std::shared_ptr<Graph> graph = WritesOnLane(recording, lane);
  std::vector<Element> elements = {Element::Entity("entity", Value::Int32(1), {})};
  AddElementsResult result;
  ASSERT_OK(graph->AddElements(elements, AddElementsOptions(), &result));
  EXPECT_EQ(recording->add_policy, SCHED_IDLE);
  EXPECT_EQ(fake->add_calls(), 1);
  ASSERT_OK(graph->GetAllElements(QueryOptions()).status());
  EXPECT_EQ(recording->read_policy, SCHED_OTHER);
  ASSERT_OK(graph->DeleteAllElements());
  EXPECT_EQ(recording->delete_policy, SCHED_IDLE);
  EXPECT_TRUE(fake->elements().empty());
}

}  // namespace
}  // namespace quarry
