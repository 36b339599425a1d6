// End to end: examples/road_traffic/python/query_road_traffic.py (generated
// Python bindings, Debian's python3-thrift) against `quarry serve` on a tiny
// road-traffic graph, data/tiny_road_traffic.jsonl. Expected output, by hand
// from that file:
//   1-roads-in-region: South West contains Bristol and Wiltshire, which
//     contain M32, M5 and M4 (Lancashire's M6 is in the North West);
//   2-junction-traffic-all-time: RoadUse M32:1 -> M32:M4 (19) over two hours,
//     100 + 250 = 350 vehicles from 07:00 to 08:59:59.999 on 2000-05-03;
//   3-busy-junctions-on-m5: M5:10 has 1,500,000 + 1,000,000 = 2,500,000
//     (> 2M), M5:11 has 1,900,000 (not);
//   4-count-groups: 3 RegionContainsLocation, 4 LocationContainsRoad,
//     4 RoadHasJunction, 2 RoadUse (distinct hours), 5 JunctionUse;
//   paged: junction totals M5:10 2,500,000, M5:11 1,900,000, M32:1 350.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/server/e2e/e2e_fixture.h"

namespace quarry::testing_rpc {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The modules the example client imports, checked up front so that a missing
// Debian package (python3-thrift, or python3-six, which python3-thrift imports
// without depending on it) fails with its name rather than as a client error.
// No skip: scripts/setup.sh installs them, and a skip would hide a missing
// install step.
void ExpectPythonClientModules() {
  CommandResult run = RunCommand(
      "/usr/bin/python3", {"-c", "import six, thrift.protocol.TBinaryProtocol, thrift.transport"});
  ASSERT_EQ(run.exit_code, 0) << "/usr/bin/python3 cannot import the Thrift client's modules "
                                 "(scripts/setup.sh installs python3-thrift and python3-six):\n"
                              << run.out;
}

TEST(RoadTrafficPythonTest, ClientRunsTheExampleQueries) {
  ExpectPythonClientModules();
  if (HasFatalFailure()) return;
  auto served =
      StartServedGraph("road_python", {"road-traffic/elements.json", "road-traffic/types.json"});
  ASSERT_NE(served, nullptr);
  std::string input = "[";
  std::istringstream lines(
      ReadFile(QUARRY_SOURCE_DIR "/tests/server/e2e/data/tiny_road_traffic.jsonl"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    input += (input.size() > 1 ? "," : "") + line;
  }
  {
    TestClient client(served->process.port());
    std::string out;
    client->execute(out, Alice(), R"({"class": "AddElements", "input": )" + input + "]}");
  }
  CommandResult run = RunCommand(
      "/usr/bin/env", {"PYTHONPATH=" QUARRY_PY_GEN_DIR, "/usr/bin/python3",
                       QUARRY_SOURCE_DIR "/examples/road_traffic/python/query_road_traffic.py",
                       "--port", std::to_string(served->process.port()), "--user", "alice",
                       "--token", "alice-secret", "--page-size", "2"});
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::vector<std::string> expected = {
      "== execute 1-roads-in-region\n  3 item(s)\n",
      "  \"M32\"\n",
      "  \"M5\"\n",
      "  \"M4\"\n",
      "== execute 2-junction-traffic-all-time\n  1 item(s)\n"
      "  Edge RoadUse M32:1 -> M32:M4 (19) {count=350, endDate=2000-05-03T08:59:59.999Z, "
      "startDate=2000-05-03T07:00:00.000Z}\n",
      "== execute 3-busy-junctions-on-m5\n  2 item(s)\n  \"junction,vehicles\"\n"
      "  \"M5:10,2500000\"\n",
      "== execute 4-count-groups\n",
      "  edgeGroups: {\"LocationContainsRoad\": 4, \"RegionContainsLocation\": 3, "
      "\"RoadHasJunction\": 4, \"RoadUse\": 2}\n",
      "  entityGroups: {\"JunctionUse\": 5}\n",
      "== paged: busiest junctions over all time (page size 2)\n  3 junction(s) in ",
      "  M5:10: 2,500,000 vehicles\n  M5:11: 1,900,000 vehicles\n  M32:1: 350 vehicles\n"};
  for (const std::string& text : expected) {
    EXPECT_NE(run.out.find(text), std::string::npos) << "missing:\n"
                                                     << text << "\nin:\n"
                                                     << run.out;
  }
  EXPECT_EQ(served->process.Stop(), 0) << served->process.log();
}

TEST(RoadTrafficPythonTest, ClientReportsAWrongTokenAndFails) {
  ExpectPythonClientModules();
  if (HasFatalFailure()) return;
  auto served = StartServedGraph("road_python_bad",
                                 {"road-traffic/elements.json", "road-traffic/types.json"});
  ASSERT_NE(served, nullptr);
  CommandResult run =
      RunCommand("/usr/bin/env",
                 {"PYTHONPATH=" QUARRY_PY_GEN_DIR, "/usr/bin/python3",
                  QUARRY_SOURCE_DIR "/examples/road_traffic/python/query_road_traffic.py", "--port",
                  std::to_string(served->process.port()), "--user", "alice", "--token", "wrong"});
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("quarry error UNAUTHENTICATED"), std::string::npos) << run.out;
  EXPECT_EQ(served->process.Stop(), 0) << served->process.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
