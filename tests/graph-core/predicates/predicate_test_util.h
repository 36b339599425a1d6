// Helpers for predicate tests: parse from JSON text, test two inputs, and
// check JSON round trips.
#pragma once

#include <memory>
#include <string_view>

#include "graph-core/predicate.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {

inline Json JsonOf(std::string_view text) {
  Json j = Json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << text;
  return j;
}

// Parses `text` as a predicate; fails the test (and returns nullptr) on error.
inline std::unique_ptr<Predicate> Pred(std::string_view text) {
  Result<std::unique_ptr<Predicate>> p = ParsePredicate(JsonOf(text), "p");
  EXPECT_TRUE(p.ok()) << text << ": " << p.status().ToString();
  return p.ok() ? std::move(p).value() : nullptr;
}

inline Result<std::unique_ptr<Predicate>> TryPred(std::string_view text) {
  return ParsePredicate(JsonOf(text), "p");
}

// Tests a two-input predicate.
inline bool Test2(const Predicate& p, const Value& x, const Value& y) {
  const Value* args[] = {&x, &y};
  return p.Test(ValueRefs(args, 2));
}

// `json` with object members in sorted order, for comparisons that ignore
// member order (Json keeps document order).
inline nlohmann::json Unordered(const Json& json) { return nlohmann::json::parse(json.dump()); }

// ToJson of the parsed `input` is `expected_output` (member order aside), and
// parsing that gives the same JSON again.
inline void ExpectJsonRoundTrip(std::string_view input, std::string_view expected_output) {
  std::unique_ptr<Predicate> p = Pred(input);
  ASSERT_NE(p, nullptr);
  Json written = p->ToJson();
  EXPECT_EQ(Unordered(written), Unordered(JsonOf(expected_output))) << written.dump();
  Result<std::unique_ptr<Predicate>> again = ParsePredicate(written, "again");
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ((*again)->ToJson(), written);
}

}  // namespace quarry::testing
