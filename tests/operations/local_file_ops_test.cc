// ExportToLocalFile and ImportFromLocalFile through the executor, as Gaffer's
// ExportToLocalFileHandlerTest, ImportFromLocalFileHandlerTest and
// LocalFileExporter specify them: the lines written are the input strings,
// one per line, and the export passes its input on; reading splits lines as
// Java's BufferedReader does ("\n", "\r" or "\r\n"; no empty line after a
// final line break). Both are admin operations: they touch the server's
// files.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
namespace fs = std::filesystem;

class LocalFileOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("quarry_local_file_ops_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string PathOf(std::string_view name) const { return (dir_ / name).string(); }
  void WriteFile(std::string_view name, std::string_view bytes) const {
    std::ofstream(PathOf(name), std::ios::binary) << bytes;
  }
  std::string ReadFile(std::string_view name) const {
    std::stringstream text;
    text << std::ifstream(PathOf(name), std::ios::binary).rdbuf();
    return text.str();
  }
  Result<Json> Import(std::string_view name) const {
    return f_.Run(R"({"class":"ImportFromLocalFile","filePath":")" + PathOf(name) + R"("})");
  }

  fs::path dir_;
  DocFixture f_;
};

TEST_F(LocalFileOpsTest, ExportWritesOneLinePerStringAndPassesItsInputOn) {
  ASSERT_OK_AND_ASSIGN(
      Json out, f_.Run(R"({"class":"ExportToLocalFile","filePath":")" + PathOf("testfile.csv") +
                       R"(","input":["header","line1","line2"]})"));
  EXPECT_EQ(out, Json::parse(R"(["header","line1","line2"])"));
  EXPECT_EQ(ReadFile("testfile.csv"), "header\nline1\nline2\n");
}

TEST_F(LocalFileOpsTest, ImportReadsTheLinesOfAFile) {
  // ImportFromLocalFileHandlerTest's openCypherBasicEntitiesAndEdges.csv.
  WriteFile("basic.csv",
            ":ID,:LABEL,:START_ID,:END_ID,:TYPE\nv1,person,,,\nv2,software,,,\n"
            "e1,,v1,v2,created\n");
  ASSERT_OK_AND_ASSIGN(Json out, Import("basic.csv"));
  EXPECT_EQ(out, Json::parse(R"([":ID,:LABEL,:START_ID,:END_ID,:TYPE", "v1,person,,,",
                                 "v2,software,,,", "e1,,v1,v2,created"])"));
}

TEST_F(LocalFileOpsTest, ImportSplitsLinesAsJavasBufferedReader) {
  WriteFile("endings.txt", "a\r\nb\rc\n\nd");
  ASSERT_OK_AND_ASSIGN(Json out, Import("endings.txt"));
  EXPECT_EQ(out, Json::parse(R"(["a","b","c","","d"])"));
  WriteFile("trailing.txt", "x\n\n");
  ASSERT_OK_AND_ASSIGN(out, Import("trailing.txt"));
  EXPECT_EQ(out, Json::parse(R"(["x",""])"));
  WriteFile("empty.txt", "");
  ASSERT_OK_AND_ASSIGN(out, Import("empty.txt"));
  EXPECT_EQ(out, Json::array());
}

TEST_F(LocalFileOpsTest, ElementsExportedAsCsvComeBackAsTheSameLines) {
  ASSERT_OK_AND_ASSIGN(Json out, f_.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetElements","input":[{"class":"EntitySeed","vertex":1}],
       "view":{"entities":{"entity":{}}}},
      {"class":"ToCsv","csvGenerator":{"class":"CsvGenerator",
                                       "fields":{"VERTEX":"v","count":"count"}}},
      {"class":"ExportToLocalFile","filePath":")" +
                                        PathOf("out.csv") + R"("},
      {"class":"DiscardOutput"},
      {"class":"ImportFromLocalFile","filePath":")" +
                                        PathOf("out.csv") + R"("}]})"));
  // The doc example's entity 1 has count 3.
  EXPECT_EQ(out, Json::parse(R"(["v,count","1,3"])"));
}

TEST_F(LocalFileOpsTest, GetExportsKeysTheImportByItsFilePath) {
  WriteFile("lines.txt", "one\ntwo\n");
  ASSERT_OK_AND_ASSIGN(Json out, f_.Run(R"({"class":"GetExports","getExports":[
      {"class":"ImportFromLocalFile","filePath":")" +
                                        PathOf("lines.txt") + R"("}]})"));
  const std::string key =
      "uk.gov.gchq.gaffer.operation.impl.export.localfile.ImportFromLocalFile: " +
      PathOf("lines.txt");
  EXPECT_EQ(out, Json::object({{key, Json::parse(R"(["one","two"])")}}));
}

TEST_F(LocalFileOpsTest, OnlyStringsCanBeExportedAndAFailedExportLeavesTheFileAsItWas) {
  WriteFile("kept.txt", "old\n");
  EXPECT_THAT(f_.Run(R"({"class":"ExportToLocalFile","filePath":")" + PathOf("kept.txt") +
                     R"(","input":["a",{"class":"EntitySeed","vertex":"x"}]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "input[1] is not a string"));
  EXPECT_EQ(ReadFile("kept.txt"), "old\n");
  for (const auto& entry : fs::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().filename(), "kept.txt") << "left behind: " << entry.path();
  }
}

TEST_F(LocalFileOpsTest, ClearErrorsForAMissingFileADirectoryAndNoFilePath) {
  EXPECT_THAT(Import("absent.txt").status(),
              StatusIsWithMessage(StatusCode::kNotFound, "absent.txt"));
  EXPECT_THAT(f_.Run(R"({"class":"ExportToLocalFile","filePath":")" + PathOf("no/such/dir.txt") +
                     R"(","input":["a"]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kNotFound, "cannot create"));
  EXPECT_THAT(f_.Run(R"({"class":"ImportFromLocalFile"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "filePath: required"));
  EXPECT_THAT(f_.Run(R"({"class":"ExportToLocalFile","filePath":"","input":["a"]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "filePath: required"));
}

TEST_F(LocalFileOpsTest, BothNeedTheAdminAuthWhenOneIsConfigured) {
  ExecutorLimits limits;
  limits.admin_auth = "admin";
  DocFixture secured(limits);
  WriteFile("secret.txt", "s\n");
  const std::string import =
      R"({"class":"ImportFromLocalFile","filePath":")" + PathOf("secret.txt") + R"("})";
  EXPECT_THAT(secured.Run(import).status(), StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(secured
                  .Run(R"({"class":"ExportToLocalFile","filePath":")" + PathOf("w.txt") +
                       R"(","input":["a"]})")
                  .status(),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_FALSE(fs::exists(PathOf("w.txt")));
  secured.user.op_auths = {"admin"};
  ASSERT_OK_AND_ASSIGN(Json out, secured.Run(import));
  EXPECT_EQ(out, Json::parse(R"(["s"])"));
}

}  // namespace
}  // namespace quarry
