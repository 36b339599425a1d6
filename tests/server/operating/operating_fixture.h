// A `quarry serve` child over a fresh "basic" graph for the operating tests
// (branch service, issue 19): its directory, users file and extra flags
// under the test's control, plus helpers to read what an operator reads
// (the request log, /metrics).
#pragma once

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "graph-core/json_value.h"
#include "server/rpc/Quarry.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/server/testing/quarry_process.h"
#include "tests/server/testing/rpc_test_util.h"

namespace quarry::testing_rpc {

// printf 'carol-secret' | sha256sum
inline constexpr char kCarolUsersFile[] = R"({"users": [
  {"userId": "carol",
   "tokenSha256": "9e1d0a638ff9fd18986d8057aef3c36871aa54b27a6fcc6411fb32f8325675e2",
   "dataAuths": ["public"]}]})";

inline constexpr char kExecutePath[] = "/rest/graph/operations/execute";
// The vertex text is what a log line must never show.
inline constexpr char kAddSecretVertices[] =
    R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
  "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
             "vertex": "vertex-sensitive-41", "properties": {"count": 3}},
            {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
             "vertex": "vertex-sensitive-42", "properties": {"count": 4}}]})";
inline constexpr char kCountChain[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";
inline constexpr char kGetSecret[] =
    R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements",
  "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed",
             "vertex": "vertex-sensitive-42"}]})";
inline constexpr char kUnknownOperation[] =
    R"({"class": "uk.gov.gchq.gaffer.operation.impl.NoSuchOperation",
  "input": ["vertex-sensitive-43"]})";

rpc::Credentials AliceCredentials();
rpc::Credentials CarolCredentials();
const std::string& AliceBasic();

class OperatingTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Creates the graph (once) and starts `quarry serve` on it with the
  // users file and `extra` flags, on free Thrift and (with_http) HTTP ports.
  void Serve(const std::vector<std::string>& extra, bool with_http = true, bool with_thrift = true);
  // Adds the two entities over HTTP as alice.
  void AddTwoOverHttp();

  // POSTs an operation to the REST API as `authorization`.
  HttpTestResponse Execute(std::string_view operation, const std::string& authorization);
  HttpTestResponse Get(const std::string& path, int port = 0, const std::string& auth = "");

  // Waits up to 10 s for `text` to appear in the server's output.
  bool WaitForLog(const std::string& text);
  void SendSignal(int signal_number) { ::kill(server_.pid(), signal_number); }

  std::string root_;
  std::string graph_dir_;
  std::string users_file_;
  ServeProcess server_;
};

// The JSON lines of a file (invalid lines fail the test).
std::vector<Json> ReadJsonLines(const std::string& path);
// The value of the sample `name{labels}` in Prometheus text, exactly as
// written ("quarry_requests_total{transport=\"http\",...}"); -1 if absent.
double MetricValue(const std::string& text, const std::string& series);
// Polls `condition` every 50 ms for up to 10 s.
bool Eventually(const std::function<bool()>& condition);

}  // namespace quarry::testing_rpc
