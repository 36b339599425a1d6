// OperationScorer with the cases of Gaffer's OperationChainLimiterTest (its
// opChainLimiter.json), ScoreOperationChainHandlerTest and the score
// resolvers' tests, and ScoreOperationChain / the limiter through the
// Executor with gaffer-doc's operations-guide/misc.md example ("1-hop" stored
// with score 3, Limit scored 2: the chain scores 5).
#include "operations/operation_scores.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// Gaffer's core/graph test resource opChainLimiter.json.
constexpr char kLimiter[] = R"({
  "class": "uk.gov.gchq.gaffer.graph.hook.OperationChainLimiter",
  "opScores": {
    "uk.gov.gchq.gaffer.operation.Operation": 1,
    "uk.gov.gchq.gaffer.operation.impl.add.AddElements": 2,
    "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements": 5,
    "uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects": 0},
  "authScores": {"User": 2, "SuperUser": 5}})";

constexpr char kGenerateObjects[] =
    R"({"class": "GenerateObjects", "elementGenerator": {"class": "MapGenerator"}})";

OperationScorer Parsed(std::string_view json) {
  Result<OperationScorer> scorer = OperationScorer::Parse(json, "scores.json");
  EXPECT_OK(scorer.status());
  return scorer.ok() ? std::move(scorer).value() : OperationScorer();
}

Operation Chain(const std::string& ops) {
  Result<Operation> chain = ParseOperationChain(R"({"operations": [)" + ops + "]}", ParseLimits());
  EXPECT_OK(chain.status());
  return chain.ok() ? std::move(chain).value() : Operation();
}

// A lookup that knows one named operation, with a stored score.
NamedScoreLookup StoredScore(int64_t score) {
  return [score](const Operation&) -> Result<std::optional<NamedOperationScore>> {
    NamedOperationScore named;
    named.score = score;
    return std::optional<NamedOperationScore>(named);
  };
}

int64_t ScoreOf(const OperationScorer& scorer, const Operation& op,
                const NamedScoreLookup& lookup = nullptr) {
  Result<int64_t> score = scorer.Score(op, lookup);
  EXPECT_OK(score.status());
  return score.ok() ? *score : -1;
}

TEST(OperationChainLimiterTest, AcceptsUpToTheUsersHighestAuthScore) {
  OperationScorer hook = Parsed(kLimiter);
  EXPECT_TRUE(hook.limits_chains());
  const std::string gen = kGenerateObjects;
  EXPECT_OK(hook.CheckLimit(Chain(R"({"class": "GetElements"})"), "u", {"User"}, nullptr));
  // 1 + 1 + 0: equal to User's 2.
  EXPECT_OK(
      hook.CheckLimit(Chain(R"({"class": "GetAdjacentIds"}, {"class": "GetElements"}, )" + gen),
                      "u", {"User"}, nullptr));
  // 3 + 1 + 0 = 4 > 2.
  EXPECT_THAT(hook.CheckLimit(Chain(R"({"class": "GetAdjacentIds"}, {"class": "GetAdjacentIds"},
      {"class": "GetAdjacentIds"}, {"class": "GetElements"}, )" +
                                    gen),
                              "u", {"User"}, nullptr),
              StatusIsWithMessage(StatusCode::kPermissionDenied,
                                  "The maximum score limit for user: u is 2."));
  // The highest of the user's auths counts: 3 <= 5, but 5 + 1 + 0 = 6 > 5.
  EXPECT_OK(hook.CheckLimit(Chain(R"({"class": "GetAdjacentIds"}, {"class": "GetAdjacentIds"},
      {"class": "GetElements"}, )" +
                                  gen),
                            "u", {"SuperUser", "User"}, nullptr));
  EXPECT_THAT(
      hook.CheckLimit(Chain(R"({"class": "GetAllElements"}, {"class": "GetElements"}, )" + gen),
                      "u", {"SuperUser", "User"}, nullptr),
      StatusIs(StatusCode::kPermissionDenied));
  // No auth with a score: nothing may run.
  EXPECT_EQ(hook.MaxUserScore({"NoScore"}), 0);
  EXPECT_THAT(hook.CheckLimit(Chain(R"({"class": "GetElements"})"), "u", {"NoScore"}, nullptr),
              StatusIs(StatusCode::kPermissionDenied));
}

// ScoreOperationChainHandlerTest: unconfigured every operation scores 1; a
// nested chain counts what it holds; an empty chain scores 0.
TEST(ScoreOperationChainHandlerTest, SumsTheChainAndWhatItHolds) {
  OperationScorer defaults;
  EXPECT_EQ(ScoreOf(defaults, Chain(R"({"class": "GetAdjacentIds"}, {"class": "GetElements"})")),
            2);
  EXPECT_EQ(ScoreOf(defaults, Chain(R"({"operations": [{"class": "GetAdjacentIds"},
      {"class": "GetElements"}]}, {"class": "Limit", "resultLimit": 1})")),
            3);
  EXPECT_EQ(ScoreOf(defaults, Chain("")), 0);
  // shouldExecuteScoreOperationChainContainingNamedOperation: the named
  // operation's resolver answers 3.
  OperationScorer scored = Parsed(R"({"class": "ScoreOperationChainHandler",
      "opScores": {"uk.gov.gchq.gaffer.operation.Operation": 1, "GetAdjacentIds": 2,
                   "GetElements": 1, "Limit": 1},
      "scoreResolvers": {"uk.gov.gchq.gaffer.named.operation.NamedOperation": {"class":
          "uk.gov.gchq.gaffer.store.operation.resolver.named.NamedOperationScoreResolver"}}})");
  EXPECT_FALSE(scored.limits_chains());
  const std::string with_named = R"({"class": "GetAdjacentIds"}, {"class": "GetElements"},
      {"class": "Limit", "resultLimit": 1}, {"class": "NamedOperation", "operationName": "basicOp"})";
  EXPECT_EQ(ScoreOf(scored, Chain(with_named), StoredScore(3)), 7);
  // Without "scoreResolvers" a NamedOperation takes the table's score (here
  // the default 1): 3 + 2 + 1 + 1.
  OperationScorer table = Parsed(R"({"class": "ScoreOperationChainHandler",
      "opScores": {"GetAdjacentIds": 3, "GetElements": 2, "Limit": 1}})");
  EXPECT_EQ(ScoreOf(table, Chain(with_named), StoredScore(100)), 7);
  // shouldCorrectlyResolveScoreForNestedOperationWithNullOperationList.
  OperationScorer nested = Parsed(R"({"opScores": {"GetAllElements": 2, "Transform": 1},
      "scoreResolvers": {}})");
  EXPECT_EQ(ScoreOf(nested, Chain(R"({"class": "GetAllElements"}, {"class": "Transform"},
      {"class": "OperationChain", "operations": []},
      {"class": "NamedOperation", "operationName": "namedOp"})"),
                    StoredScore(3)),
            6);
}

// Gaffer's DefaultScoreResolver sums every operation that holds operations
// before it looks for a resolver, so If and While score what they hold:
// the conditional's transform, then and otherwise (While: transform and
// operation), whatever their resolvers would say alone.
TEST(ScoreOperationChainHandlerTest, FlowOperationsScoreWhatTheyHold) {
  OperationScorer scorer = Parsed(R"({"opScores": {"Operation": 1, "GetElements": 2,
      "ToMap": 2, "Map": 3, "GetAdjacentIds": 3, "GetAllElements": 4, "Count": 1},
      "scoreResolvers": {"If": {"class": "IfScoreResolver"}}})");
  const Operation if_op = Chain(R"({"class": "If", "conditional": {
      "predicate": {"class": "IsA", "type": "java.lang.Integer"},
      "transform": {"class": "OperationChain", "operations": [{"class": "GetElements"},
          {"class": "ToMap", "elementGenerator": {"class": "MapGenerator"}},
          {"class": "Map", "functions": [{"class": "ToString"}]}]}},
      "then": {"class": "GetAdjacentIds"}, "otherwise": {"class": "GetAllElements"}})");
  EXPECT_EQ(ScoreOf(scorer, if_op), 2 + 2 + 3 + 3 + 4);
  const Operation while_op = Chain(R"({"class": "While", "maxRepeats": 5,
      "conditional": {"predicate": {"class": "IsA", "type": "java.lang.Long"},
                      "transform": {"class": "Count"}},
      "operation": {"class": "GetElements"}})");
  EXPECT_EQ(ScoreOf(scorer, while_op), 1 + 2);
}

TEST(OperationScorerTest, BadConfigIsAClearError) {
  EXPECT_THAT(OperationScorer::Parse("{", "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "s.json: not valid JSON"));
  EXPECT_THAT(
      OperationScorer::Parse(R"({"opScores": {"GetElements": 2, "Operation": 1}})", "s.json"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "The operation Operation is a parent operation of GetElements"));
  EXPECT_THAT(OperationScorer::Parse(R"({"opScores": {"com.example.Nope": 2}})", "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "opScores.com.example.Nope"));
  EXPECT_THAT(OperationScorer::Parse(R"({"authScores": {"User": "two"}})", "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "authScores.User"));
  EXPECT_THAT(OperationScorer::Parse(R"({"opScore": {}})", "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown key"));
  EXPECT_THAT(OperationScorer::Parse(R"({"scoreResolvers": {"AddElements":
      {"class": "NamedOperationScoreResolver"}}})",
                                     "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unsupported score resolver"));
}

// Gaffer's TestScoreOperationChainDeclaration.json shape: the handler inside
// an operation declarations file scores without limiting.
TEST(OperationScorerTest, ReadsAnOperationDeclarationsFile) {
  OperationScorer scorer = Parsed(R"({"operations": [{
      "operation": "uk.gov.gchq.gaffer.operation.impl.ScoreOperationChain",
      "handler": {"class": "uk.gov.gchq.gaffer.store.operation.handler.ScoreOperationChainHandler",
          "opScores": {"uk.gov.gchq.gaffer.operation.Operation": 1,
                       "uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects": 0},
          "authScores": {"TEST_USER": 4, "TEST_USER_ENHANCED": 10}}}]})");
  EXPECT_FALSE(scorer.limits_chains());
  EXPECT_EQ(scorer.MaxUserScore({"TEST_USER", "TEST_USER_ENHANCED"}), 10);
  EXPECT_EQ(ScoreOf(scorer, Chain(std::string(R"({"class": "GetElements"}, )") + kGenerateObjects)),
            1);
}

// --- Through the Executor.

ExecutorLimits ScoreLimits(std::string_view json) {
  ExecutorLimits limits;
  limits.scorer = std::make_shared<const OperationScorer>(Parsed(json));
  return limits;
}

constexpr char kDocScores[] = R"({"class": "ScoreOperationChainHandler",
    "opScores": {"uk.gov.gchq.gaffer.operation.Operation": 1,
                 "uk.gov.gchq.gaffer.operation.impl.Limit": 2},
    "scoreResolvers": {"uk.gov.gchq.gaffer.named.operation.NamedOperation": {"class":
        "uk.gov.gchq.gaffer.store.operation.resolver.named.NamedOperationScoreResolver"}}})";

TEST(ScoreOperationChainExecutorTest, GaffersDocumentedExampleScoresFive) {
  DocFixture f(ScoreLimits(kDocScores));
  ASSERT_OK(f.Run(R"({"class": "AddNamedOperation", "operationName": "1-hop", "score": 3,
      "operationChain": {"operations": [{"class": "GetAdjacentIds"}]}})")
                .status());
  ASSERT_OK_AND_ASSIGN(Json score, f.Run(R"({"class": "ScoreOperationChain",
      "operationChain": {"class": "OperationChain", "operations": [
        {"class": "NamedOperation", "input": [{"class": "EntitySeed", "vertex": 1}],
         "operationName": "1-hop"},
        {"class": "Limit", "resultLimit": 3, "truncate": true}]}})"));
  EXPECT_EQ(score, Json(5));
  // Without a stored score a named operation scores its chain (1), and one
  // that does not exist scores 0, as Gaffer's resolver has it.
  ASSERT_OK(f.Run(R"({"class": "AddNamedOperation", "operationName": "two",
      "operationChain": {"operations": [{"class": "GetAdjacentIds"}, {"class": "Limit",
          "resultLimit": 1}]}})")
                .status());
  ASSERT_OK_AND_ASSIGN(score, f.Run(R"({"class": "ScoreOperationChain", "operationChain":
      {"operations": [{"class": "NamedOperation", "operationName": "two"},
                      {"class": "NamedOperation", "operationName": "missing"}]}})"));
  EXPECT_EQ(score, Json(3));
}

TEST(ScoreOperationChainExecutorTest, UnconfiguredEveryOperationScoresOne) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json score, f.Run(R"({"class": "ScoreOperationChain",
      "operationChain": {"class": "OperationChain", "operations": [{"class": "GetElements"},
        {"class": "NamedOperation", "operationName": "namedOp"},
        {"class": "Limit", "resultLimit": 3, "truncate": true}]}})"));
  EXPECT_EQ(score, Json(3));
  ASSERT_OK_AND_ASSIGN(score, f.Run(R"({"class": "ScoreOperationChain"})"));
  EXPECT_EQ(score, Json(0));
  EXPECT_THAT(f.Run(R"({"class": "ScoreOperationChain", "operationChain": 5})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operationChain"));
}

TEST(OperationChainLimiterExecutorTest, RefusesChainsOverTheUsersScore) {
  DocFixture f(ScoreLimits(kLimiter));
  f.user.op_auths = {"User"};
  // GetAllElements (5) + Count (1) > User's 2: refused before it runs.
  EXPECT_THAT(
      f.Run(R"({"operations": [{"class": "GetAllElements"}, {"class": "Count"}]})").status(),
      StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(f.Run(R"({"class": "GetAllElements"})").status(),
              StatusIsWithMessage(StatusCode::kPermissionDenied, "exceeded this score limit"));
  ASSERT_OK_AND_ASSIGN(Json elements, f.Run(R"({"operations": [{"class": "GetElements",
      "input": [1]}, {"class": "Count"}]})"));
  EXPECT_TRUE(elements.is_number());
  // The typed write path scores one AddElements (2): allowed for User, not
  // for a user without a scored auth.
  Element entity = Element::Entity("entity", Value::Int32(9));
  EXPECT_OK(f.executor->AddElements(f.user, {&entity, 1}, {}, nullptr));
  User nobody;
  EXPECT_THAT(f.executor->AddElements(nobody, {&entity, 1}, {}, nullptr),
              StatusIs(StatusCode::kPermissionDenied));
}

}  // namespace
}  // namespace quarry
