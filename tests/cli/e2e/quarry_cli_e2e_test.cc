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
  for (const char* command : {"create", "add", "exec", "serve", "info", "delete", "schema"}) {
    CommandResult help = RunCommand(QUARRY_BINARY, {command, "--help"});
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_NE(help.out.find(std::string("usage: quarry ") + command), std::string::npos);
  }
}

// --- branch deletes.
// Entities 1 (count 3) and 2 (count 4) and edge 1->2 are stored; deleting
// entity 1 (any count: counts are not groupBy) and the edge leaves entity 2.
TEST_F(QuarryCliTest, DeleteRemovesTheElementsAFileNames) {
  const std::string edge =
      R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "BasicEdge", )"
      R"("source": "1", "destination": "2", "directed": true, "properties": {"count": 1}})";
  const std::string data = Write(
      "data.json",
      std::string("[") + kEntity +
          R"("group": "BasicEntity", "vertex": "1", "properties": {"count": 3}},)" + kEntity +
          R"("group": "BasicEntity", "vertex": "2", "properties": {"count": 4}},)" + edge + "]");
  ASSERT_EQ(RunCommand(QUARRY_BINARY, {"add", graph_, data}).exit_code, 0);
  const std::string doomed = std::string(kEntity) +
                             R"("group": "BasicEntity", "vertex": "1", "properties": {}})" + "\n" +
                             edge + "\n";
  CommandResult deleted = RunCommand(QUARRY_BINARY, {"delete", graph_, "-"}, doomed);
  ASSERT_EQ(deleted.exit_code, 0) << deleted.out;
  EXPECT_NE(deleted.out.find("deleted 2 elements (0 skipped as invalid) from <stdin>"),
            std::string::npos)
      << deleted.out;
  CommandResult count = RunCommand(QUARRY_BINARY, {"exec", graph_}, kCount);
  EXPECT_EQ(count.out, "1\n");
  CommandResult left = RunCommand(
      QUARRY_BINARY, {"exec", graph_},
      R"({"class": "GetElements", "input": ["2"], "view": {"entities": {"BasicEntity": {}}}})");
  EXPECT_NE(left.out.find(R"("count": 4)"), std::string::npos) << left.out;
}

TEST_F(QuarryCliTest, DeleteErrorsAreClearAndDeleteNothing) {
  CommandResult missing = RunCommand(QUARRY_BINARY, {"delete", graph_, root_ + "/nope.json"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("nope.json' cannot be read"), std::string::npos) << missing.out;
  CommandResult bad_group = RunCommand(QUARRY_BINARY, {"delete", graph_, "-"},
                                       std::string(kEntity) + R"("group": "Nope", "vertex": "1"})");
  EXPECT_EQ(bad_group.exit_code, 1);
  EXPECT_NE(bad_group.out.find("element 0 (group 'Nope')"), std::string::npos) << bad_group.out;
  EXPECT_NE(bad_group.out.find("nothing deleted"), std::string::npos) << bad_group.out;
  CommandResult bad_json = RunCommand(QUARRY_BINARY, {"delete", graph_, "-"}, "[{\"class\": 1}]");
  EXPECT_EQ(bad_json.exit_code, 1);
  EXPECT_NE(bad_json.out.find("<stdin>:1"), std::string::npos) << bad_json.out;
}

// The basic schema's "count" is an Integer with Sum. Adding a group and a
// trailing property is allowed; changing count's class and removing
// BasicEdge are refused, each named, and the graph keeps its schema.
TEST_F(QuarryCliTest, SchemaAppliesAllowedChangesAndNamesEachRefusedOne) {
  const std::string types = quarry::testing::SharedDir() + "/gaffer-examples/basic/types.json";
  const std::string grown = Write("grown.json", R"({
    "edges": {"BasicEdge": {"source": "vertex", "destination": "vertex", "directed": "true",
                            "properties": {"count": "count"}}},
    "entities": {"BasicEntity": {"vertex": "vertex",
                                 "properties": {"count": "count", "extra": "count"}},
                 "Extra": {"vertex": "vertex"}}})");
  CommandResult applied =
      RunCommand(QUARRY_BINARY, {"schema", graph_, "--schema", grown, "--schema", types});
  ASSERT_EQ(applied.exit_code, 0) << applied.out;
  EXPECT_NE(applied.out.find("2 entity groups (was 1)"), std::string::npos) << applied.out;
  CommandResult schema = RunCommand(QUARRY_BINARY, {"exec", graph_}, R"({"class": "GetSchema"})");
  EXPECT_NE(schema.out.find("Extra"), std::string::npos) << schema.out;

  const std::string broken = Write("broken.json", R"({
    "entities": {"BasicEntity": {"vertex": "vertex",
                                 "properties": {"count": "long", "extra": "count"}},
                 "Extra": {"vertex": "vertex"}},
    "types": {"vertex": {"class": "java.lang.String"},
              "long": {"class": "java.lang.Long",
                       "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
              "count": {"class": "java.lang.Integer",
                        "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
              "true": {"class": "java.lang.Boolean"}}})");
  CommandResult refused = RunCommand(QUARRY_BINARY, {"schema", graph_, "--schema", broken});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.out.find("2 schema change(s) refused"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("- group 'BasicEdge' removed"), std::string::npos) << refused.out;
  EXPECT_NE(
      refused.out.find("- group 'BasicEntity': property 'count' changed from java.lang.Integer"),
      std::string::npos)
      << refused.out;
  schema = RunCommand(QUARRY_BINARY, {"exec", graph_}, R"({"class": "GetSchema"})");
  EXPECT_NE(schema.out.find("BasicEdge"), std::string::npos) << schema.out;
}
// --- end of branch deletes.

}  // namespace
}  // namespace quarry::testing_rpc
