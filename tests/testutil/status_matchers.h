// GoogleTest helpers for Status and Result<T>.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/status.h"

namespace quarry::testing {

inline const Status& GetStatus(const Status& s) { return s; }
template <typename T>
Status GetStatus(const Result<T>& r) {
  return r.status();
}

// Matches a Status or Result whose code is `code`.
MATCHER_P(StatusIs, code,
          std::string("has status code ") + std::string(::quarry::StatusCodeName(code))) {
  ::quarry::Status s = ::quarry::testing::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code;
}

// Matches a Status or Result whose code is `code` and whose message contains `substr`.
MATCHER_P2(StatusIsWithMessage, code, substr,
           std::string("has status code ") + std::string(::quarry::StatusCodeName(code)) +
               " and message containing '" + std::string(substr) + "'") {
  ::quarry::Status s = ::quarry::testing::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code && s.message().find(substr) != std::string::npos;
}

// The test data directory: the repo's tests/data, which holds Gaffer's
// example schemas and data (gaffer-examples/) and the conformance cases
// (conformance/). QUARRY_SHARED_DIR overrides it (e.g. with ../shared).
std::string SharedDir();

}  // namespace quarry::testing

#define ASSERT_OK(expr)                                                      \
  do {                                                                       \
    ::quarry::Status assert_ok_status_ = ::quarry::testing::GetStatus(expr); \
    ASSERT_TRUE(assert_ok_status_.ok()) << assert_ok_status_.ToString();     \
  } while (0)
#define EXPECT_OK(expr)                                                      \
  do {                                                                       \
    ::quarry::Status expect_ok_status_ = ::quarry::testing::GetStatus(expr); \
    EXPECT_TRUE(expect_ok_status_.ok()) << expect_ok_status_.ToString();     \
  } while (0)

// `lhs = value of expr` or fail the test.
#define ASSERT_OK_AND_ASSIGN(lhs, expr) \
  ASSERT_OK_AND_ASSIGN_IMPL_(QUARRY_STATUS_CONCAT_(assert_result_, __LINE__), lhs, expr)
#define ASSERT_OK_AND_ASSIGN_IMPL_(result, lhs, expr)     \
  auto result = (expr);                                   \
  ASSERT_TRUE(result.ok()) << result.status().ToString(); \
  lhs = std::move(result).value()
