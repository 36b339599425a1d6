// A RestApi over a real (RocksDB) graph holding the gaffer-doc operations
// example (tests/data/gaffer-examples/gaffer-doc-operations-example): entities
// 1..5 of group "entity" and six directed "edge" edges (1->2, 1->4, 2->3,
// 2->4, 2->5, 3->4), Integer vertices and counts. Requests go straight to
// RestApi::Handle, no HTTP.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "server/rest/rest_api.h"

namespace quarry::testing_rest {

inline constexpr char kGraphId[] = "docGraph";
inline constexpr char kDescription[] = "The gaffer-doc operations example";

class RestTestGraph : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Handle(method, path, body) with a JSON content type and user_.
  RestResponse Call(std::string_view method, std::string_view path, std::string_view body = {},
                    std::string_view content_type = "application/json") const;
  // The response's whole body as JSON: `body` parsed for kFixed, the
  // cursor's items as an array for kResult/kChunkedItems of items, the one
  // value of a single result. Fails the test on a cursor error.
  static Json BodyJson(RestResponse& response);
  // The value of header `name` ("" if absent).
  static std::string Header(const RestResponse& response, std::string_view name);
  // Expects a Gaffer error body with `status` whose simpleMessage contains `message`.
  static void ExpectGafferError(RestResponse& response, int status, std::string_view message);

  std::filesystem::path dir_;
  std::shared_ptr<Executor> executor_;
  std::unique_ptr<RestApi> api_;
  User user_;
};

}  // namespace quarry::testing_rest
