// Helpers for binary operator tests: parse an operator from JSON text and fold values.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string_view>
#include <vector>

#include "graph-core/binary_operator.h"

namespace quarry::testing {

// Parses `text` as an operator; fails the test (returns nullptr) on error.
inline std::unique_ptr<BinaryOperator> ParseOp(std::string_view text) {
  Json json = Json::parse(text, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << text;
  auto op = ParseBinaryOperator(json, "test");
  EXPECT_TRUE(op.ok()) << op.status().ToString();
  return op.ok() ? std::move(op).value() : nullptr;
}

// Folds `inputs` left to right starting from a null state.
inline Result<Value> Fold(const BinaryOperator& op, const std::vector<Value>& inputs) {
  Value state;
  for (const Value& v : inputs) QUARRY_RETURN_IF_ERROR(op.Apply(&state, v));
  return state;
}

}  // namespace quarry::testing
