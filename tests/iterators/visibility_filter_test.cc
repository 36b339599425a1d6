#include "iterators/visibility_filter.h"

#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tests/iterators/iterator_contract.h"
#include "tests/testutil/memory_kv_iterator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

// Test keys are "row \0 visibility"; the extractor returns the part after the
// first 0x00 as a view into the key.
Status SuffixVisibility(std::string_view key, std::string_view, std::string*,
                        std::string_view* visibility) {
  size_t zero = key.find('\0');
  if (zero == std::string_view::npos) return DataLossError("no visibility delimiter");
  *visibility = key.substr(zero + 1);
  return Status::OK();
}

std::string Cell(std::string_view row, std::string_view visibility) {
  return std::string(row) + std::string(1, '\0') + std::string(visibility);
}

Authorizations FilterAuths(const std::vector<std::string>& values) {
  Result<Authorizations> auths = Authorizations::Create(values);
  EXPECT_OK(auths);
  return auths.ok() ? *auths : Authorizations();
}

std::unique_ptr<VisibilityFilter> MakeFilter(const KvMap* data, Authorizations auths,
                                             size_t cache_capacity = 1000) {
  VisibilityFilterOptions options;
  options.auths = std::move(auths);
  options.extractor = SuffixVisibility;
  options.cache_capacity = cache_capacity;
  Result<std::unique_ptr<VisibilityFilter>> filter =
      VisibilityFilter::Create(std::make_unique<MemoryKvIterator>(data), std::move(options));
  EXPECT_OK(filter);
  return filter.ok() ? std::move(filter).value() : nullptr;
}

std::vector<std::string> Rows(KvIterator* it) {
  std::vector<std::string> rows;
  for (it->Seek(KeyRange::All()); it->Valid(); it->Next()) {
    rows.push_back(std::string(it->key().substr(0, it->key().find('\0'))));
  }
  return rows;
}

const KvMap kData = {{Cell("r1", ""), "1"},        {Cell("r2", "A"), "2"},
                     {Cell("r3", "A&B"), "3"},     {Cell("r4", "B|C"), "4"},
                     {Cell("r5", "\"a b\""), "5"}, {Cell("r6", "(A&B)|C"), "6"}};

TEST(VisibilityFilterTest, ReturnsOnlyCellsTheAuthsSatisfy) {
  EXPECT_THAT(Rows(MakeFilter(&kData, Authorizations()).get()), ElementsAre("r1"));
  EXPECT_THAT(Rows(MakeFilter(&kData, FilterAuths({"A"})).get()), ElementsAre("r1", "r2"));
  EXPECT_THAT(Rows(MakeFilter(&kData, FilterAuths({"A", "B"})).get()),
              ElementsAre("r1", "r2", "r3", "r4", "r6"));
  EXPECT_THAT(Rows(MakeFilter(&kData, FilterAuths({"C"})).get()), ElementsAre("r1", "r4", "r6"));
  EXPECT_THAT(Rows(MakeFilter(&kData, FilterAuths({"a b"})).get()), ElementsAre("r1", "r5"));
}

TEST(VisibilityFilterTest, SecurityGuideExample) {
  // Gaffer's security guide: 1->2 count=3 "public" and count=30 "private".
  KvMap data = {{Cell("1>2", "private"), "30"}, {Cell("1>2", "public"), "3"}};
  auto public_only = MakeFilter(&data, FilterAuths({"public"}));
  Status status;
  EXPECT_THAT(Drain(public_only.get(), KeyRange::All(), &status),
              ElementsAre(Pair(Cell("1>2", "public"), "3")));
  auto both = MakeFilter(&data, FilterAuths({"public", "private"}));
  EXPECT_EQ(Drain(both.get(), KeyRange::All(), &status).size(), 2u);
}

TEST(VisibilityFilterTest, InvalidStoredExpressionIsDataLoss) {
  KvMap data = {{Cell("r1", "A"), "1"}, {Cell("r2", "A&B|C"), "2"}, {Cell("r3", "A"), "3"}};
  auto it = MakeFilter(&data, FilterAuths({"A"}));
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status), ElementsAre(Pair(Cell("r1", "A"), "1")));
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "r2\\x00A&B|C"));
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "cannot mix"));
}

TEST(VisibilityFilterTest, ExtractorErrorEndsScan) {
  KvMap data = {{"no-delimiter", "1"}};
  auto it = MakeFilter(&data, FilterAuths({"A"}));
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status), ElementsAre());
  EXPECT_THAT(status, StatusIsWithMessage(StatusCode::kDataLoss, "no visibility delimiter"));
}

TEST(VisibilityFilterTest, ExtractorMayUseScratch) {
  VisibilityFilterOptions options;
  options.auths = FilterAuths({"A"});
  // The visibility is stored upper-cased-off; the extractor rebuilds it.
  options.extractor = [](std::string_view key, std::string_view, std::string* scratch,
                         std::string_view* visibility) {
    scratch->assign(key.substr(key.find('\0') + 1));
    for (char& c : *scratch) c = static_cast<char>(std::toupper(c));
    *visibility = *scratch;
    return Status::OK();
  };
  KvMap data = {{Cell("r1", "a"), "1"}, {Cell("r2", "b"), "2"}};
  ASSERT_OK_AND_ASSIGN(
      auto it, VisibilityFilter::Create(std::make_unique<MemoryKvIterator>(&data), options));
  EXPECT_THAT(Rows(it.get()), ElementsAre("r1"));
}

TEST(VisibilityFilterTest, CreateValidatesOptions) {
  KvMap data;
  VisibilityFilterOptions no_extractor;
  EXPECT_THAT(VisibilityFilter::Create(std::make_unique<MemoryKvIterator>(&data), no_extractor),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "extractor"));
  VisibilityFilterOptions no_cache;
  no_cache.extractor = SuffixVisibility;
  no_cache.cache_capacity = 0;
  EXPECT_THAT(VisibilityFilter::Create(std::make_unique<MemoryKvIterator>(&data), no_cache),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "cache_capacity"));
}

TEST(VisibilityFilterTest, CacheStaysBounded) {
  auto it = MakeFilter(&kData, FilterAuths({"A", "B"}), /*cache_capacity=*/2);
  EXPECT_THAT(Rows(it.get()), ElementsAre("r1", "r2", "r3", "r4", "r6"));
  EXPECT_LE(it->cache_size(), 2u);
  EXPECT_GT(it->cache_size(), 0u);
  EXPECT_THAT(Rows(it.get()), ElementsAre("r1", "r2", "r3", "r4", "r6"));
}

TEST(VisibilityEvaluatorTest, CachesVerdictsAndReportsParseErrors) {
  VisibilityEvaluator evaluator(FilterAuths({"A"}), 10);
  EXPECT_THAT(evaluator.CanSee("A|B"),
              ::testing::Truly([](const Result<bool>& r) { return r.ok() && *r; }));
  EXPECT_EQ(evaluator.cache_size(), 1u);
  ASSERT_OK_AND_ASSIGN(bool seen, evaluator.CanSee("A|B"));
  EXPECT_TRUE(seen);
  EXPECT_EQ(evaluator.cache_size(), 1u);
  ASSERT_OK_AND_ASSIGN(seen, evaluator.CanSee(""));
  EXPECT_TRUE(seen);
  ASSERT_OK_AND_ASSIGN(seen, evaluator.CanSee("B"));
  EXPECT_FALSE(seen);
  EXPECT_THAT(evaluator.CanSee("A|"), StatusIs(StatusCode::kInvalidArgument));
}

// Keys in Quarry's key format: row section "V 00 01", group, empty
// qualifier, visibility (escaped).
std::string FormatKey(std::string_view escaped_visibility) {
  return std::string("V\x00\x01\x00grp\x00\x00", 9) + std::string(escaped_visibility);
}

TEST(VisibilityFilterTest, KeyFormatExtractor) {
  VisibilityExtractor extract = KeyFormatVisibilityExtractor();
  std::string scratch;
  std::string_view visibility;
  std::string plain = FormatKey("A&B");
  ASSERT_OK(extract(plain, "", &scratch, &visibility));
  EXPECT_EQ(visibility, "A&B");
  EXPECT_EQ(visibility.data(), plain.data() + 9) << "no copy when nothing is escaped";
  // A quoted term holding 0x01 is stored escaped as 01 02.
  ASSERT_OK(extract(FormatKey("\"x\x01\x02\""), "", &scratch, &visibility));
  EXPECT_EQ(visibility, "\"x\x01\"");
  ASSERT_OK(extract(FormatKey(""), "", &scratch, &visibility));
  EXPECT_EQ(visibility, "");
  EXPECT_THAT(extract(std::string("V\x00grp", 5), "", &scratch, &visibility),
              StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(extract(FormatKey("A\x01\x07"), "", &scratch, &visibility),
              StatusIs(StatusCode::kDataLoss));
}

TEST(VisibilityFilterTest, FiltersKeyFormatKeys) {
  KvMap data = {{FormatKey(""), "1"}, {FormatKey("A"), "2"}, {FormatKey("A&B"), "3"}};
  VisibilityFilterOptions options;
  options.auths = FilterAuths({"A"});
  options.extractor = KeyFormatVisibilityExtractor();
  ASSERT_OK_AND_ASSIGN(
      auto it, VisibilityFilter::Create(std::make_unique<MemoryKvIterator>(&data), options));
  Status status;
  EXPECT_THAT(Drain(it.get(), KeyRange::All(), &status),
              ElementsAre(Pair(FormatKey(""), "1"), Pair(FormatKey("A"), "2")));
  EXPECT_OK(status);
}

// A random expression tree, rendered to text and evaluated directly (not by
// the code under test).
struct TestExpr {
  char op = 0;  // 0 for a term, else '&' or '|'.
  std::string term;
  std::vector<TestExpr> children;

  bool Eval(const std::set<std::string>& auths) const {
    if (op == 0) return auths.count(term) > 0;
    bool all = true, any = false;
    for (const TestExpr& c : children) {
      bool v = c.Eval(auths);
      all &= v;
      any |= v;
    }
    return op == '&' ? all : any;
  }

  std::string Text(std::mt19937& rng) const {
    if (op == 0) {
      std::string t = term == "a b" || rng() % 4 == 0 ? "\"" + term + "\"" : term;
      return rng() % 6 == 0 ? "(" + t + ")" : t;
    }
    std::string out;
    for (size_t i = 0; i < children.size(); ++i) {
      if (i > 0) out.push_back(op);
      std::string child = children[i].Text(rng);
      out += children[i].op != 0 ? "(" + child + ")" : child;
    }
    return out;
  }
};

const std::vector<std::string> kTerms = {"A", "B", "C", "D", "a b"};

TestExpr RandomExpr(std::mt19937& rng, int depth) {
  TestExpr e;
  if (depth == 0 || rng() % 3 == 0) {
    e.term = kTerms[rng() % kTerms.size()];
    return e;
  }
  e.op = rng() % 2 ? '&' : '|';
  int n = 2 + rng() % 3;
  for (int i = 0; i < n; ++i) e.children.push_back(RandomExpr(rng, depth - 1));
  return e;
}

TEST(VisibilityFilterTest, NeverReturnsACellTheAuthsDoNotSatisfy) {
  const uint32_t seed = 777;
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 200; ++trial) {
    SCOPED_TRACE("seed=" + std::to_string(seed) + " trial=" + std::to_string(trial));
    std::set<std::string> auth_set;
    for (const std::string& t : kTerms) {
      if (rng() % 2) auth_set.insert(t);
    }
    KvMap data;
    std::map<std::string, bool> visible;  // key -> expected verdict
    for (int i = 0; i < 20; ++i) {
      TestExpr expr = RandomExpr(rng, 3);
      std::string key = Cell("r" + std::to_string(i), expr.Text(rng));
      data[key] = std::to_string(i);
      visible[key] = expr.Eval(auth_set);
    }
    auto it = MakeFilter(&data, FilterAuths({auth_set.begin(), auth_set.end()}), 8);
    std::set<std::string> returned;
    for (it->Seek(KeyRange::All()); it->Valid(); it->Next()) {
      returned.insert(std::string(it->key()));
      EXPECT_TRUE(visible[std::string(it->key())]) << "leaked " << it->key();
    }
    ASSERT_OK(it->status());
    for (const auto& [key, seen] : visible) {
      EXPECT_EQ(returned.count(key) > 0, seen) << key;
    }
  }
}

// The contract: cells carry expressions from a fixed pool whose verdicts for
// auths {A, C} were worked out by hand.
const std::vector<std::pair<std::string, bool>> kPoolForAC = {
    {"", true},         {"A", true},
    {"B", false},       {"A&B", false},
    {"A|B", true},      {"(A&B)|C", true},
    {"B&(C|D)", false}, {"\"a b\"", false},
    {"C&A", true},      {"(B|D)&(A|C)", false},
    {"((A))", true}};

IteratorContract VisibilityContract() {
  IteratorContract c;
  c.name = "VisibilityFilter";
  c.make_data = [](std::mt19937& rng) {
    KvMap data;
    int n = rng() % 40;
    for (int i = 0; i < n; ++i) {
      data[Cell(RandomKey(rng), kPoolForAC[rng() % kPoolForAC.size()].first)] = std::to_string(i);
    }
    return data;
  };
  c.make_iterator = [](const KvMap* data) -> std::unique_ptr<KvIterator> {
    return MakeFilter(data, FilterAuths({"A", "C"}), 4);
  };
  c.model = [](const KvMap& data, const KeyRange& range) {
    KvList out;
    for (const auto& [key, value] : CellsInRange(data, range)) {
      std::string_view vis = std::string_view(key).substr(key.find('\0') + 1);
      for (const auto& [expr, seen] : kPoolForAC) {
        if (expr == vis && seen) out.emplace_back(key, value);
      }
    }
    return out;
  };
  return c;
}

INSTANTIATE_TEST_SUITE_P(Visibility, IteratorContractTest, ::testing::Values(VisibilityContract()),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
