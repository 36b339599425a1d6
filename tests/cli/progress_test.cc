#include "cli/progress.h"

#include <gtest/gtest.h>

namespace quarry::cli {
namespace {

TEST(ProgressTest, FormatsDurations) {
  EXPECT_EQ(FormatDuration(0), "0:00");
  EXPECT_EQ(FormatDuration(3), "0:03");
  EXPECT_EQ(FormatDuration(75), "1:15");
  EXPECT_EQ(FormatDuration(3 * 3600 + 62), "3:01:02");
  EXPECT_EQ(FormatDuration(-1), "--:--");
}

TEST(ProgressTest, HalfwayLineHasBarRateAndEta) {
  // 500 of 1000 bytes in 2 s: 250 B/s, 500 B left -> 2 s. 1000 elements / 2 s.
  ProgressSnapshot s{1000, 500, 1000, 2.0};
  EXPECT_EQ(RenderProgressLine(s, 0),
            "[##########          ]  50%  1000 elements  500 el/s  ETA 0:02");
}

TEST(ProgressTest, UnknownTotalHasNoBarOrEta) {
  ProgressSnapshot s{30, 1234, 0, 3.0};
  EXPECT_EQ(RenderProgressLine(s, 0), "30 elements  10 el/s");
}

TEST(ProgressTest, NoRateBeforeTimePasses) {
  ProgressSnapshot s{0, 0, 100, 0.0};
  EXPECT_EQ(RenderProgressLine(s, 0), "[                    ]   0%  0 elements");
}

TEST(ProgressTest, LineIsCutToWidth) {
  ProgressSnapshot s{1000, 500, 1000, 2.0};
  EXPECT_EQ(RenderProgressLine(s, 10), "[#########");
}

TEST(ProgressTest, DisabledBarWritesNothing) {
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  ProgressBar bar(out, /*enabled=*/false, 100);
  bar.Update(5, 50);
  bar.Finish();
  EXPECT_EQ(std::ftell(out), 0);
  std::fclose(out);
}

TEST(ProgressTest, EnabledBarDrawsAndClears) {
  std::FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  ProgressBar bar(out, /*enabled=*/true, 100);
  bar.Update(5, 50);
  bar.Finish();
  std::rewind(out);
  char buffer[256] = {};
  size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, out);
  std::string text(buffer, n);
  EXPECT_NE(text.find(" 50%  5 elements"), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K");
  std::fclose(out);
}

}  // namespace
}  // namespace quarry::cli
