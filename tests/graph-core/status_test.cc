#include "graph-core/status.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace quarry {
namespace {

TEST(StatusTest, DefaultAndOkAreOkWithAnEmptyMessage) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kOk);
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s.ToString(), "OK");
  EXPECT_EQ(Status::OK(), s);
}

TEST(StatusTest, AnErrorKeepsItsCodeAndMessage) {
  Status s = DataLossError("bad cell");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kDataLoss);
  EXPECT_EQ(s.message(), "bad cell");
  EXPECT_EQ(s.ToString(), "DATA_LOSS: bad cell");
}

TEST(StatusTest, AnOkCodeWithAMessageIsPlainOk) {
  Status s(StatusCode::kOk, "ignored");
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s, Status::OK());
}

TEST(StatusTest, CopiesAreIndependent) {
  Status a = NotFoundError("graph g");
  Status b = a;
  EXPECT_EQ(a, b);
  b = b.WithContext("opening");
  EXPECT_EQ(a.message(), "graph g");
  EXPECT_EQ(b.message(), "opening: graph g");
  EXPECT_EQ(b.code(), StatusCode::kNotFound);
  Status c;
  c = a;
  EXPECT_EQ(c, a);
  c = Status::OK();
  EXPECT_TRUE(c.ok());
  EXPECT_FALSE(a.ok());
  // Self-assignment through a reference the compiler cannot see through.
  Status& same = a;
  a = same;
  EXPECT_EQ(a.message(), "graph g");
}

TEST(StatusTest, MovingTakesTheErrorAndLeavesOk) {
  Status a = InternalError("broken");
  Status b = std::move(a);
  EXPECT_EQ(b.code(), StatusCode::kInternal);
  EXPECT_EQ(b.message(), "broken");
  EXPECT_TRUE(a.ok());  // NOLINT(bugprone-use-after-move): the documented state.
  Status c;
  c = std::move(b);
  EXPECT_EQ(c.message(), "broken");
}

TEST(StatusTest, EqualityComparesCodeAndMessage) {
  EXPECT_EQ(InvalidArgumentError("x"), InvalidArgumentError("x"));
  EXPECT_NE(InvalidArgumentError("x"), InvalidArgumentError("y"));
  EXPECT_NE(InvalidArgumentError("x"), OutOfRangeError("x"));
  EXPECT_NE(InvalidArgumentError(""), Status::OK());
}

TEST(StatusTest, WithContextLeavesOkAlone) { EXPECT_TRUE(Status::OK().WithContext("step").ok()); }

TEST(StatusTest, ResultHoldsAValueOrAnError) {
  Result<std::string> good = std::string("v");
  ASSERT_TRUE(good.ok());
  EXPECT_TRUE(good.status().ok());
  EXPECT_EQ(*good, "v");
  Result<std::string> bad = UnavailableError("later");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status(), UnavailableError("later"));
  Result<int> from_ok = Status::OK();
  EXPECT_EQ(from_ok.status().code(), StatusCode::kInternal);
}

}  // namespace
}  // namespace quarry
