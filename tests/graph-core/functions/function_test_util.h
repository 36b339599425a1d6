// Helpers for function tests: parse a function from JSON text and call it.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string_view>
#include <vector>

#include "graph-core/function.h"

namespace quarry::testing {

// Parses `text` as a function; fails the test (returns nullptr) on error.
inline std::unique_ptr<Function> ParseFn(std::string_view text) {
  Json json = Json::parse(text, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << text;
  auto fn = ParseFunction(json, "test");
  EXPECT_TRUE(fn.ok()) << fn.status().ToString();
  return fn.ok() ? std::move(fn).value() : nullptr;
}

inline Result<Value> Call(const Function& fn, const std::vector<Value>& args) {
  std::vector<const Value*> refs;
  for (const Value& v : args) refs.push_back(&v);
  return fn.Apply(ValueRefs(refs.data(), refs.size()));
}

}  // namespace quarry::testing
