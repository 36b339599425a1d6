// A `quarry serve` child over a fresh graph, shared by the tests of a suite,
// and the JSON helpers the end-to-end tests compare results with.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "graph-core/json_value.h"
#include "server/rpc/Quarry.h"
#include "tests/server/testing/quarry_process.h"
#include "tests/server/testing/rpc_test_util.h"

namespace quarry::testing_rpc {

// printf 'alice-secret' | sha256sum ; printf 'bob-secret' | sha256sum
inline constexpr char kUsersFile[] = R"({"users": [
  {"userId": "alice",
   "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
   "dataAuths": ["public"]},
  {"userId": "bob",
   "tokenSha256": "9f03ef1533a68d2f506f81ef463c1183a82a6bd40e45613f36e6fe1889cf1b99",
   "dataAuths": ["public", "private"]}]})";

rpc::Credentials Alice();
rpc::Credentials Bob();

// Starts a server over a graph created from `schema_files` (paths relative
// to the shared gaffer-examples directory), with the users file above, on
// a free Thrift port and, `with_http`, a free HTTP port too. Fails the test
// on error.
struct ServedGraph {
  std::string dir;
  ServeProcess process;
};
std::unique_ptr<ServedGraph> StartServedGraph(const std::string& name,
                                              const std::vector<std::string>& schema_files,
                                              bool with_http = false);

// Recursively sorts object keys, so results compare regardless of key order.
Json SortedKeys(const Json& json);
// Parses a result and sorts its array items (as canonical text), for
// order-independent comparison of element sets.
std::vector<std::string> SortedItems(const std::string& json_array);

// rpc helpers.
rpc::TypedValue StringValue(const std::string& v);
rpc::TypedValue IntValue(int32_t v);
rpc::Element Entity(const std::string& group, const std::string& vertex,
                    std::map<std::string, rpc::TypedValue> properties);
rpc::Element Edge(const std::string& group, const std::string& source,
                  const std::string& destination, bool directed,
                  std::map<std::string, rpc::TypedValue> properties);

// Calls `call` and returns the QuarryError code it raised ("" if none).
template <typename Call>
std::string ErrorCode(Call&& call, std::string* message = nullptr) {
  try {
    call();
  } catch (const rpc::QuarryError& e) {
    if (message != nullptr) *message = e.message;
    return e.code;
  }
  return "";
}

}  // namespace quarry::testing_rpc
