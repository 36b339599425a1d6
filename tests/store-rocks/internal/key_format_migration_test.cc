#include "store-rocks/internal/key_format_migration.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "graph-core/json_element.h"
#include "keypackages/key_format.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/prefix_extractor.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using namespace std::string_literals;
using ::quarry::testing::Drain;
using ::quarry::testing::Rocks;
using ::quarry::testing::Sorted;
using ::quarry::testing::StatusIs;

// Entity "a", group g, no qualifier or visibility.
const std::string kElementKey = "a\x00\x01\x00g\x00\x00"s;

std::string Version1(uint64_t id) {
  std::string key = kElementKey + '\x00';
  for (int shift = 56; shift >= 0; shift -= 8) key.push_back(static_cast<char>(id >> shift));
  return key;
}

std::string Version2(uint64_t id) {
  std::string key = kElementKey;
  AppendInsertId(id, &key);
  return key;
}

TEST(KeyFormatMigrationTest, TellsVersion1KeysFromVersion2Keys) {
  EXPECT_TRUE(IsKeyFormat1InsertKey(Version1(5)));
  EXPECT_FALSE(IsKeyFormat1InsertKey(Version2(5)));
  EXPECT_FALSE(HasInsertId(Version1(5)));
  EXPECT_FALSE(HasInsertId(Version1(0x0001030000000000ull)));  // An id holding the tag bytes.
  EXPECT_EQ(KeyFormat2InsertKey(Version1(0x0102030405060708ull)), Version2(0x0102030405060708ull));
  EXPECT_EQ(KeyFormat2InsertKey(Version1(0)),
            kElementKey + "\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00"s);
}

class RewriteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_key_format_" + std::to_string(std::random_device()()));
    GroupPlugins plugins;
    plugins.prefix_extractor = NewRowPrefixTransform();
    ASSERT_OK_AND_ASSIGN(db_, RocksInstance::Open(dir_, RocksProperties(), {{"g", plugins}}, true));
  }
  void TearDown() override {
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  void Put(const std::string& key, const std::string& value) {
    ASSERT_OK(FromRocks(db_->db()->Put(db_->write_options(), db_->Group("g"), key, value), "put"));
  }
  std::vector<std::pair<std::string, std::string>> All() {
    std::vector<std::pair<std::string, std::string>> out;
    std::unique_ptr<rocksdb::Iterator> it(
        db_->db()->NewIterator(rocksdb::ReadOptions(), db_->Group("g")));
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      out.emplace_back(it->key().ToString(), it->value().ToString());
    }
    return out;
  }

  std::filesystem::path dir_;
  std::unique_ptr<RocksInstance> db_;
};

TEST_F(RewriteTest, RewritesVersion1KeysAndKeepsVersion2Keys) {
  // As a rewrite cut short by a crash leaves a column family: ids 1 and 2
  // already rewritten, 3 and 4 not.
  Put(Version2(1), "one");
  Put(Version2(2), "two");
  Put(Version1(3), "three");
  Put(Version1(4), "four");
  uint64_t rewritten = 0;
  ASSERT_OK(RewriteKeyFormat1Keys(db_.get(), db_->Group("g"), &rewritten));
  EXPECT_EQ(rewritten, 2u);
  EXPECT_EQ(All(), (std::vector<std::pair<std::string, std::string>>{{Version2(1), "one"},
                                                                     {Version2(2), "two"},
                                                                     {Version2(3), "three"},
                                                                     {Version2(4), "four"}}));
  // Running it again changes nothing.
  ASSERT_OK(RewriteKeyFormat1Keys(db_.get(), db_->Group("g"), &rewritten));
  EXPECT_EQ(rewritten, 2u);
}

TEST_F(RewriteTest, KeyOfNeitherVersionIsDataLoss) {
  Put("a\x00\x01\x00g\x00\x00v"s, "x");  // No id at all.
  uint64_t rewritten = 0;
  EXPECT_THAT(RewriteKeyFormat1Keys(db_.get(), db_->Group("g"), &rewritten),
              StatusIs(StatusCode::kDataLoss));
}

// The graphs of tests/fixtures/key_format_v1 (see its README), opened by this
// build, against a graph this build creates from the same schema and elements.
class KeyFormat1GraphTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::filesystem::path fixtures =
        std::filesystem::path(QUARRY_TEST_FIXTURES_DIR) / "key_format_v1";
    tmp_ = std::filesystem::temp_directory_path() /
           ("quarry_v1_graph_" + std::to_string(std::random_device()()));
    std::filesystem::create_directories(tmp_);
    old_dir_ = tmp_ / "old";
    std::filesystem::copy(fixtures / GetParam(), old_dir_);  // Open writes; never the fixture.
    std::ifstream schema_file(fixtures / "schema.json"), elements_file(fixtures / "elements.json");
    std::stringstream schema_text, elements_text;
    schema_text << schema_file.rdbuf();
    elements_text << elements_file.rdbuf();
    ASSERT_OK_AND_ASSIGN(schema_, Schema::FromJsonStrings({schema_text.str()}, {"schema.json"}));
    Json elements = Json::parse(elements_text.str());
    for (size_t i = 0; i < elements.size(); ++i) {
      ASSERT_OK_AND_ASSIGN(Element e, ElementFromJson(elements[i], "elements.json"));
      elements_.push_back(std::move(e));
    }
    StoreProperties properties;
    properties.key_package = GetParam();
    ASSERT_OK_AND_ASSIGN(fresh_, Graph::Create(tmp_ / "fresh", schema_, properties));
    AddElementsResult added;
    ASSERT_OK(fresh_->AddElements(elements_, AddElementsOptions(), &added));
  }
  void TearDown() override {
    fresh_.reset();
    std::filesystem::remove_all(tmp_);
  }
  static QueryOptions WithAuths(std::vector<std::string> auths) {
    QueryOptions options;
    options.auths = Authorizations::Create(auths).value();
    return options;
  }
  // Sorted debug strings of each query, for graph `g`.
  static std::vector<std::vector<std::string>> Queries(Graph& g) {
    std::vector<std::vector<std::string>> out;
    for (const QueryOptions& options : {WithAuths({}), WithAuths({"public"})}) {
      out.push_back(Sorted(Drain(g.GetAllElements(options))));
      for (const char* vertex : {"a", "b", "c"}) {
        std::vector<ElementId> seeds = {EntitySeed{Value::String(vertex)}};
        out.push_back(Sorted(Drain(g.GetElements(seeds, options))));
      }
    }
    return out;
  }
  static size_t CountGroup(const std::vector<std::string>& debug, const std::string& group) {
    size_t n = 0;
    for (const std::string& s : debug) n += s.find("group=" + group) != std::string::npos;
    return n;
  }

  std::filesystem::path tmp_, old_dir_;
  std::shared_ptr<const Schema> schema_;
  std::vector<Element> elements_;
  std::unique_ptr<Graph> fresh_;
};

TEST_P(KeyFormat1GraphTest, OpensAndReadsAsAGraphOfThisBuild) {
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> old, Graph::Open(old_dir_));
  std::vector<std::vector<std::string>> got = Queries(*old);
  EXPECT_EQ(got, Queries(*fresh_));
  // Worked out from elements.json: six Visit inserts are kept apart (one
  // visible only with the "public" auth), Road's two aggregate into one.
  ASSERT_EQ(got.size(), 8u);
  EXPECT_EQ(CountGroup(got[0], "Visit"), 5u);
  EXPECT_EQ(CountGroup(got[4], "Visit"), 6u);
  EXPECT_EQ(CountGroup(got[4], "Road"), 1u);
  EXPECT_EQ(CountGroup(got[4], "Place"), 2u);
  EXPECT_EQ(got[4].size(), 9u);
}

TEST_P(KeyFormat1GraphTest, IsRewrittenToTheCurrentFormatOnOpen) {
  {
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> old, Graph::Open(old_dir_));
    RocksGraph& rocks = Rocks(*old);
    EXPECT_EQ(rocks.instance().GetMeta(kMetaKeyFormat).value(), std::to_string(kKeyFormatVersion));
    EXPECT_THAT(rocks.instance().GetMeta(kMetaDistinctFormat), StatusIs(StatusCode::kNotFound));
    std::unique_ptr<rocksdb::Iterator> it(
        rocks.instance().db()->NewIterator(rocksdb::ReadOptions(), rocks.group("Visit")->cfs[0]));
    size_t keys = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next(), ++keys) {
      EXPECT_TRUE(HasInsertId(std::string_view(it->key().data(), it->key().size())));
    }
    EXPECT_EQ(keys, 6u + 5u);  // Each non-loop edge under two rows.
    // New inserts join the old ones.
    AddElementsResult added;
    ASSERT_OK(
        old->AddElements(std::span<const Element>(&elements_[3], 1), AddElementsOptions(), &added));
    ASSERT_OK(fresh_->AddElements(std::span<const Element>(&elements_[3], 1), AddElementsOptions(),
                                  &added));
  }
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> reopened, Graph::Open(old_dir_));
  EXPECT_EQ(Queries(*reopened), Queries(*fresh_));
  EXPECT_EQ(CountGroup(Queries(*reopened)[4], "Visit"), 7u);
}

INSTANTIATE_TEST_SUITE_P(KeyPackages, KeyFormat1GraphTest,
                         ::testing::Values("byteEntity", "classic"));

}  // namespace
}  // namespace quarry::internal
