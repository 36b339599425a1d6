// Admin operations and file import through the executor (FakeGraph).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string TempFile(std::string_view name, std::string_view contents) {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("quarry_ops_" + std::to_string(::getpid()) + "_" + std::string(name)))
                         .string();
  std::ofstream(path) << contents;
  return path;
}

TEST(AdminOpsTest, SplitStoreFromIterableDecodesBase64) {
  DocFixture f;
  // "YWI=" is "ab", "Yw==" is "c", "AAE=" is bytes 00 01.
  ASSERT_OK(f.Run(R"({"class":"SplitStoreFromIterable","input":["YWI=","Yw==","AAE="]})").status());
  EXPECT_EQ(f.graph->split_points(), (std::vector<std::string>{"ab", "c", std::string("\0\1", 2)}));
  EXPECT_THAT(f.Run(R"({"class":"SplitStoreFromIterable","input":["Y"]})").status(),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(f.Run(R"({"class":"SplitStoreFromIterable","input":[5]})").status(),
              StatusIs(StatusCode::kInvalidArgument));
}

// Gaffer's SplitStoreFromFileHandler: each line of the file is one split
// point, handed to SplitStoreFromIterable (so base64, padded).
TEST(AdminOpsTest, SplitStoreFromFileReadsOneBase64PointPerLine) {
  DocFixture f;
  std::string path = TempFile("splits.txt", "YWI=\r\nYw==\n\nAAE=\n");
  ASSERT_OK(f.Run(R"({"class":"uk.gov.gchq.gaffer.operation.impl.SplitStoreFromFile",
      "inputPath":")" +
                  path + "\"}")
                .status());
  EXPECT_EQ(f.graph->split_points(), (std::vector<std::string>{"ab", "c", std::string("\0\1", 2)}));
  std::string bad = TempFile("bad-splits.txt", "YWI=\nY\n");
  Status status = f.Run(R"({"class":"SplitStoreFromFile","inputPath":")" + bad + "\"}").status();
  EXPECT_THAT(status, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(status.message(), ::testing::HasSubstr(bad + ":2"));
  EXPECT_EQ(f.graph->split_points().size(), 3u);  // Unchanged by the refused file.
  Status missing =
      f.Run(R"({"class":"SplitStoreFromFile","inputPath":"/no/such/splits"})").status();
  EXPECT_THAT(missing, StatusIs(StatusCode::kNotFound));
  EXPECT_THAT(missing.message(),
              ::testing::HasSubstr("Splits file does not exist: /no/such/splits"));
  EXPECT_THAT(f.Run(R"({"class":"SplitStoreFromFile"})").status(),
              StatusIs(StatusCode::kInvalidArgument));
  std::remove(path.c_str());
  std::remove(bad.c_str());
}

TEST(AdminOpsTest, SplitPointsFromSampleAreBase64) {
  DocFixture f;
  // The fake cuts sorted "group\0debug" keys; 2 splits over 11 elements
  // pick keys 3 and 7 of the sorted sample; just check shape and round trip.
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"GenerateSplitPointsFromSample","numSplits":2}]})"));
  ASSERT_EQ(out.size(), 2u);
  ASSERT_OK(f.Run(R"({"class":"SplitStoreFromIterable","input":)" + out.dump() + "}").status());
  ASSERT_EQ(f.graph->split_points().size(), 2u);
  EXPECT_EQ(f.graph->split_points()[0].substr(0, 5), std::string("edge\0", 5));  // Sorts first.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"SampleElementsForSplitPoints","numSplits":1,"proportionToSample":1.0}]})"));
  EXPECT_EQ(out.size(), 1u);
}

TEST(AdminOpsTest, CheckpointAndPreview) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"uk.gov.gchq.quarry.operation.Checkpoint",
      "directory":"/tmp/backup1"})"));
  EXPECT_TRUE(out.is_null());
  EXPECT_EQ(f.graph->checkpoints(), std::vector<std::string>{"/tmp/backup1"});
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"uk.gov.gchq.quarry.operation.PreviewValidation",
      "schema":{"entities":{"entity":{"vertex":"int","properties":{"count":"int"}}},
                "types":{"int":{"class":"java.lang.Integer",
                  "aggregateFunction":{"class":"Sum"}}}}})"));
  EXPECT_EQ(out, Json::parse(R"({"entity":0})"));
  EXPECT_THAT(f.Run(R"({"class":"PreviewValidation","schema":{"entities":{"e":{}}}})").status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(AdminOpsTest, AdminAuthRequiredWhenConfigured) {
  ExecutorLimits limits;
  limits.admin_auth = "admin";
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"Checkpoint","directory":"/tmp/x"})").status(),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(f.Run(R"({"class":"AddElementsFromFile","filename":"/etc/passwd"})").status(),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(f.Run(R"({"class":"SplitStoreFromIterable","input":[]})").status(),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(f.Run(R"({"class":"SplitStoreFromFile","inputPath":"/etc/passwd"})").status(),
              StatusIs(StatusCode::kPermissionDenied));
  f.user.op_auths = {"admin"};
  EXPECT_OK(f.Run(R"({"class":"Checkpoint","directory":"/tmp/x"})").status());
}

TEST(AdminOpsTest, AddElementsFromFileJsonLines) {
  DocFixture f;
  std::string path = TempFile("lines.json",
                              R"({"class":"Entity","group":"entity","vertex":20}

{"class":"Edge","group":"edge","source":20,"destination":21,"directed":true}
)");
  size_t before = f.graph->elements().size();
  ASSERT_OK(f.Run(R"({"class":"AddElementsFromFile","filename":")" + path + "\"}").status());
  EXPECT_EQ(f.graph->elements().size(), before + 2);
  EXPECT_EQ(f.graph->bulk_import_calls(), 1);
  EXPECT_EQ(f.graph->elements().back(),
            Element::Edge("edge", Value::Int32(20), Value::Int32(21), true));
  std::remove(path.c_str());
}

TEST(AdminOpsTest, AddElementsFromFileJsonArrayAndErrors) {
  DocFixture f;
  std::string path = TempFile("array.json", R"(  [{"class":"Entity","group":"entity","vertex":30},
      {"class":"Entity","group":"entity","vertex":31}])");
  size_t before = f.graph->elements().size();
  ASSERT_OK(f.Run(R"({"class":"AddElementsFromFile","filename":")" + path + "\"}").status());
  EXPECT_EQ(f.graph->elements().size(), before + 2);
  std::string bad =
      TempFile("bad.json", "{\"class\":\"Entity\",\"group\":\"entity\",\"vertex\":1}\n{oops\n");
  EXPECT_THAT(f.Run(R"({"class":"AddElementsFromFile","filename":")" + bad + "\"}").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, ":2: malformed JSON"));
  EXPECT_THAT(f.Run(R"({"class":"AddElementsFromFile","filename":"/nonexistent/x.json"})").status(),
              StatusIs(StatusCode::kNotFound));
  std::remove(path.c_str());
  std::remove(bad.c_str());
}

}  // namespace
}  // namespace quarry
