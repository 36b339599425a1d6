// End to end: the `quarry` binary's create / add / exec / info on the
// gaffer-examples "basic" schema. Expected values by hand: the two files add
// BasicEntity "1" with counts 1 and 2 (Sum -> 3), "2" with count 4, and the
// directed BasicEdge 1->2 with count 1: three stored elements.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/server/testing/quarry_process.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

class QuarryCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = ::testing::TempDir() + "/quarry_cli_e2e_" + std::to_string(getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    graph_ = root_ + "/graph";
    const std::string examples = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
    CommandResult created =
        RunCommand(QUARRY_BINARY, {"create", graph_, "--schema", examples + "elements.json",
                                   "--schema", examples + "types.json"});
    ASSERT_EQ(created.exit_code, 0) << created.out;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = root_ + "/" + name;
    std::ofstream(path) << text;
    return path;
  }

  std::string root_;
  std::string graph_;
};

constexpr char kEntity[] = R"({"class": "uk.gov.gchq.gaffer.data.element.Entity", )";
constexpr char kCount[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";

TEST_F(QuarryCliTest, AddArrayAndLinesThenExecAndInfo) {
  const std::string array_file =
      Write("array.json",
            std::string("[") + kEntity +
                R"("group": "BasicEntity", "vertex": "1", "properties": {"count": 1}},)" + kEntity +
                R"("group": "BasicEntity", "vertex": "2", "properties": {"count": 4}}])");
  const std::string lines_file = Write(
      "lines.json",
      std::string(kEntity) +
          R"("group": "BasicEntity", "vertex": "1", "properties": {"count": 2}})" + "\n" +
          R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "BasicEdge", )"
          R"("source": "1", "destination": "2", "directed": true, "properties": {"count": 1}})" +
          "\n");
  CommandResult added =
      RunCommand(QUARRY_BINARY, {"add", graph_, array_file, lines_file, "--batch-size", "2"});
  ASSERT_EQ(added.exit_code, 0) << added.out;
  EXPECT_NE(added.out.find("added 4 elements"), std::string::npos) << added.out;

  CommandResult count = RunCommand(QUARRY_BINARY, {"exec", graph_}, kCount);
  ASSERT_EQ(count.exit_code, 0) << count.out;
  EXPECT_EQ(count.out, "3\n");

  CommandResult info = RunCommand(QUARRY_BINARY, {"info", graph_});
  ASSERT_EQ(info.exit_code, 0) << info.out;
  EXPECT_NE(info.out.find("key-package:"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("BasicEntity"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("BasicEdge"), std::string::npos) << info.out;
}

TEST_F(QuarryCliTest, ErrorsGoToStderrWithNonZeroExit) {
  CommandResult bad_flag = RunCommand(QUARRY_BINARY, {"exec", graph_, "--usr", "x"});
  EXPECT_EQ(bad_flag.exit_code, 2);
  EXPECT_NE(bad_flag.out.find("unknown flag '--usr'"), std::string::npos) << bad_flag.out;
  CommandResult bad_json = RunCommand(QUARRY_BINARY, {"exec", graph_}, "{not json");
  EXPECT_EQ(bad_json.exit_code, 1);
  EXPECT_NE(bad_json.out.find("INVALID_ARGUMENT"), std::string::npos) << bad_json.out;
  CommandResult bad_element =
      RunCommand(QUARRY_BINARY,
                 {"add", graph_,
                  Write("bad.json", std::string(kEntity) + R"("group": "Nope", "vertex": "1"})")});
  EXPECT_EQ(bad_element.exit_code, 1);
  EXPECT_NE(bad_element.out.find("Nope"), std::string::npos) << bad_element.out;
  CommandResult missing = RunCommand(QUARRY_BINARY, {"info", root_ + "/no-such-graph"});
  EXPECT_EQ(missing.exit_code, 1);
  CommandResult again = RunCommand(
      QUARRY_BINARY, {"create", graph_, "--schema",
                      quarry::testing::SharedDir() + "/gaffer-examples/basic/elements.json"});
  EXPECT_EQ(again.exit_code, 1);
}

TEST_F(QuarryCliTest, HelpForEveryCommand) {
  for (const char* command : {"create", "add", "exec", "serve", "info"}) {
    CommandResult help = RunCommand(QUARRY_BINARY, {command, "--help"});
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_NE(help.out.find(std::string("usage: quarry ") + command), std::string::npos);
  }
}

}  // namespace
}  // namespace quarry::testing_rpc
