#include "server/service/reload_signals.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace quarry {
namespace {

std::string RunAndCapture(const std::vector<ReloadAction>& actions, int* failed) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  *failed = RunReloadActions(actions, out);
  std::fclose(out);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

TEST(ReloadSignalsTest, EveryActionRunsAndAFailureSaysTheOldStateIsKept) {
  std::vector<std::string> ran;
  std::vector<ReloadAction> actions = {{"users file u.json",
                                        [&] {
                                          ran.push_back("users");
                                          return InvalidArgumentError("u.json: not valid JSON");
                                        }},
                                       {"tls certificate c.pem", [&] {
                                          ran.push_back("tls");
                                          return Status::OK();
                                        }}};
  int failed = 0;
  const std::string text = RunAndCapture(actions, &failed);
  EXPECT_EQ(failed, 1);
  EXPECT_EQ(ran, (std::vector<std::string>{"users", "tls"}));
  EXPECT_EQ(text,
            "reloading users file u.json failed, the previous one is kept: u.json: not valid "
            "JSON\nreloaded tls certificate c.pem\n");
}

}  // namespace
}  // namespace quarry
