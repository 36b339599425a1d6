// Acceptance (issue 19): a second process on a served graph is told who
// holds it, and `quarry exec --read-only` / `quarry info` read beside the
// server, saying how fresh their view is.
#include <gtest/gtest.h>

#include "tests/server/operating/operating_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

using GraphInUseE2eTest = OperatingTest;

TEST_F(GraphInUseE2eTest, SecondProcessIsToldWhichServerHoldsTheGraph) {
  Serve({});
  const std::string expected = "graph " + graph_dir_ + " is served by pid " +
                               std::to_string(server_.pid()) +
                               " (quarry serve); run queries through it, or use --read-only";
  CommandResult exec = RunCommand(QUARRY_BINARY, {"exec", graph_dir_}, kCountChain);
  EXPECT_EQ(exec.exit_code, 1) << exec.out;
  EXPECT_NE(exec.out.find(expected), std::string::npos) << exec.out;
  EXPECT_EQ(exec.out.find("Resource temporarily unavailable"), std::string::npos) << exec.out;
  CommandResult add = RunCommand(QUARRY_BINARY, {"add", graph_dir_, "-", "--no-progress"},
                                 R"({"class": "uk.gov.gchq.gaffer.data.element.Entity",
                                     "group": "BasicEntity", "vertex": "x",
                                     "properties": {"count": 1}})");
  EXPECT_EQ(add.exit_code, 1) << add.out;
  EXPECT_NE(add.out.find(expected), std::string::npos) << add.out;
  // Changing the schema cannot go through the server or beside it.
  const std::string examples = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
  CommandResult schema =
      RunCommand(QUARRY_BINARY, {"schema", graph_dir_, "--schema", examples + "elements.json",
                                 "--schema", examples + "types.json"});
  EXPECT_EQ(schema.exit_code, 1) << schema.out;
  EXPECT_NE(schema.out.find("graph " + graph_dir_ + " is in use: held by pid " +
                            std::to_string(server_.pid()) +
                            " (quarry serve); stop it to change the schema"),
            std::string::npos)
      << schema.out;
  EXPECT_EQ(schema.out.find("While lock file"), std::string::npos) << schema.out;
}

TEST_F(GraphInUseE2eTest, ReadOnlyExecAndInfoWorkBesideTheServer) {
  Serve({});
  AddTwoOverHttp();
  CommandResult exec = RunCommand(QUARRY_BINARY, {"exec", graph_dir_, "--read-only"}, kCountChain);
  ASSERT_EQ(exec.exit_code, 0) << exec.out;
  // The two entities the server acknowledged (WAL on by default) are seen.
  EXPECT_NE(exec.out.find("\n2\n"), std::string::npos) << exec.out;
  EXPECT_NE(exec.out.find("quarry exec: read-only view of " + graph_dir_), std::string::npos)
      << exec.out;
  EXPECT_NE(exec.out.find("held by pid " + std::to_string(server_.pid())), std::string::npos)
      << exec.out;
  EXPECT_NE(exec.out.find("writes after that are not seen"), std::string::npos) << exec.out;

  CommandResult info = RunCommand(QUARRY_BINARY, {"info", graph_dir_});
  ASSERT_EQ(info.exit_code, 0) << info.out;
  EXPECT_NE(info.out.find("quarry info: read-only view of " + graph_dir_), std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("entity BasicEntity"), std::string::npos) << info.out;

  // A write through the read-only view fails and the server keeps serving.
  CommandResult write =
      RunCommand(QUARRY_BINARY, {"exec", graph_dir_, "--read-only"}, kAddSecretVertices);
  EXPECT_EQ(write.exit_code, 1) << write.out;
  HttpTestResponse count = Execute(kCountChain, AliceBasic());
  EXPECT_EQ(count.status, 200);
  EXPECT_EQ(count.body, "2");
}

TEST_F(GraphInUseE2eTest, AfterTheServerStopsTheGraphOpensNormally) {
  Serve({});
  ASSERT_EQ(server_.Stop(), 0) << server_.log();
  CommandResult exec = RunCommand(QUARRY_BINARY, {"exec", graph_dir_}, kCountChain);
  EXPECT_EQ(exec.exit_code, 0) << exec.out;
  EXPECT_NE(exec.out.find("0"), std::string::npos) << exec.out;
}

}  // namespace
}  // namespace quarry::testing_rpc
