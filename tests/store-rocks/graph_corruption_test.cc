// Corruption is detected, not served (issue 15): bytes flipped in the SST
// files, the MANIFEST and the WAL of a closed graph make opening or reading
// fail with an error naming the damaged file, or (a flip in bytes no
// checksum covers, such as log block padding) change nothing; never wrong
// elements, never a crash. `quarry check`'s CheckGraph sees at least what
// open and read see, and more (blocks a scan does not read).
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "store-rocks/graph_check.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

namespace fs = std::filesystem;
using ::quarry::testing::CountEntity;
using ::quarry::testing::GraphTest;
using ::quarry::testing::RandomStoreElements;
using ::quarry::testing::Sorted;
using ::quarry::testing::StoreTestSchema;

// The scan of every element of a graph dir, or the first error on the way
// (open or read).
Result<std::vector<std::string>> OpenAndReadAll(const fs::path& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, Graph::Open(dir.string()));
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementIterator> stream, graph->GetAllElements({}));
  std::vector<Element> elements;
  for (; stream->Valid(); stream->Next()) elements.push_back(stream->element());
  QUARRY_RETURN_IF_ERROR(stream->status());
  return Sorted(std::move(elements));
}

void FlipByte(const fs::path& file, uintmax_t offset) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(f) << file;
  f.seekg(static_cast<std::streamoff>(offset));
  char c = 0;
  f.read(&c, 1);
  c = static_cast<char>(c ^ 0x5a);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(&c, 1);
}

enum class FileKind { kSst, kManifest, kWal };

bool IsKind(const fs::path& p, FileKind kind) {
  std::string name = p.filename().string();
  switch (kind) {
    case FileKind::kSst:
      return p.extension() == ".sst";
    case FileKind::kManifest:
      return name.rfind("MANIFEST-", 0) == 0;
    case FileKind::kWal:
      return p.extension() == ".log";
  }
  return false;
}

class GraphCorruptionTest : public GraphTest {
 protected:
  // A closed graph with data in SST files (flushed by Compact) and more in
  // the WAL (written after), and its full contents.
  void SetUp() override {
    GraphTest::SetUp();
    Create(StoreTestSchema());
    Add(RandomStoreElements(7, 400, 30));
    ASSERT_OK(graph_->Compact());
    Add(RandomStoreElements(8, 100, 30));
    // Read before closing: an open replays the WAL into an SST and starts
    // an empty one, which would leave no WAL to damage.
    expected_ = Sorted(::quarry::testing::Drain(graph_->GetAllElements({})));
    graph_.reset();
    ASSERT_FALSE(expected_.empty());
    scratch_ = dir_.string() + "_damaged";
  }
  void TearDown() override {
    fs::remove_all(scratch_);
    GraphTest::TearDown();
  }

  std::vector<fs::path> FilesOf(FileKind kind) const {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      if (IsKind(entry.path(), kind) && fs::file_size(entry.path()) > 0) {
        out.push_back(entry.path());
      }
    }
    return out;
  }

  // Flips bytes of each file of `kind` (one flip per copy of the graph, at
  // 12 spread offsets and both ends) and checks what open, read and
  // CheckGraph make of it. Returns how many flips were detected.
  int FlipEach(FileKind kind) {
    int detected = 0;
    for (const fs::path& file : FilesOf(kind)) {
      uintmax_t size = fs::file_size(file);
      std::vector<uintmax_t> offsets = {0, size - 1};
      for (int i = 1; i < 12; ++i) offsets.push_back(size * i / 12);
      for (uintmax_t offset : offsets) detected += FlipOne(file, offset) ? 1 : 0;
    }
    return detected;
  }

  bool FlipOne(const fs::path& file, uintmax_t offset) {
    SCOPED_TRACE(file.filename().string() + " offset " + std::to_string(offset));
    fs::remove_all(scratch_);
    fs::copy(dir_, scratch_, fs::copy_options::recursive);
    FlipByte(scratch_ / file.filename(), offset);
    Result<std::vector<std::string>> read = OpenAndReadAll(scratch_);
    Result<GraphCheckReport> check = CheckRocksGraph(scratch_.string());
    EXPECT_TRUE(check.ok()) << check.status().ToString();
    if (read.ok()) {
      // Served: must be exactly what was stored.
      EXPECT_EQ(*read, expected_);
      return check.ok() && !check->ok();
    }
    EXPECT_EQ(read.status().code(), StatusCode::kDataLoss) << read.status().ToString();
    EXPECT_THAT(read.status().message(), ::testing::HasSubstr(file.filename().string()));
    if (check.ok()) {
      EXPECT_FALSE(check->ok()) << "open/read failed but check found nothing: "
                                << read.status().ToString();
      std::string all;
      for (const std::string& p : check->problems) all += p + "\n";
      EXPECT_THAT(all, ::testing::HasSubstr(file.filename().string()));
    }
    return true;
  }

  std::vector<std::string> expected_;
  fs::path scratch_;
};

TEST_F(GraphCorruptionTest, IntactGraphChecksClean) {
  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckRocksGraph(dir_.string()));
  EXPECT_TRUE(report.ok()) << ::testing::PrintToString(report.problems);
  EXPECT_EQ(report.instances_checked, 1u);
  EXPECT_GT(report.keys_checked, 0u);
}

TEST_F(GraphCorruptionTest, FlippedSstBytesAreReportedNotServed) {
  ASSERT_FALSE(FilesOf(FileKind::kSst).empty());
  // Nearly every SST byte is under a block checksum (the footer's padding
  // is not), so nearly every flip is caught by check.
  int flips = static_cast<int>(FilesOf(FileKind::kSst).size()) * 13;
  EXPECT_GE(FlipEach(FileKind::kSst), flips - 2);
}

TEST_F(GraphCorruptionTest, FlippedManifestBytesAreReportedNotServed) {
  ASSERT_FALSE(FilesOf(FileKind::kManifest).empty());
  EXPECT_GT(FlipEach(FileKind::kManifest), 0);
}

TEST_F(GraphCorruptionTest, FlippedWalBytesAreReportedNotServed) {
  ASSERT_FALSE(FilesOf(FileKind::kWal).empty());
  EXPECT_GT(FlipEach(FileKind::kWal), 0);
}

TEST_F(GraphCorruptionTest, CheckNamesUndecodableValues) {
  // A value the key-package cannot decode, written under a valid key with
  // its block checksums intact: only the schema-level decode can see it.
  ASSERT_OK_AND_ASSIGN(auto graph, Graph::Open(dir_.string()));
  auto& rocks = ::quarry::testing::Rocks(*graph);
  std::vector<KeyValue> kvs;
  ASSERT_OK(rocks.key_package().Encode(CountEntity("broken", 1), 0, &kvs));
  ASSERT_FALSE(kvs.empty());
  rocksdb::DB* db = rocks.instance(0).db();
  ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), rocks.instance(0).Group("Count"), kvs[0].key,
                      "\x7f\xff\xff")  // A first property of 127 bytes, in a value of 3.
                  .ok());
  graph.reset();
  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckRocksGraph(dir_.string()));
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.problems[0], ::testing::HasSubstr("group 'Count'"));
  EXPECT_THAT(report.problems[0], ::testing::HasSubstr("does not decode"));
}

TEST(GraphCheckTest, NoGraphIsNotFound) {
  EXPECT_EQ(CheckRocksGraph("/nonexistent/quarry-check").status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace quarry
