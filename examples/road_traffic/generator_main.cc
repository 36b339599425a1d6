// quarry-road-traffic-gen CSV [--limit N]
//
// Turns Gaffer's road-traffic CSV into Gaffer element JSON, one element per
// line on stdout (see road_traffic_elements.h for the elements of a row).
// --limit N reads at most N data rows. A summary (rows read, rows skipped
// with the first reasons, elements written) goes to stderr.
// Exit status: 0 on success (even with skipped rows), 1 on a fatal error,
// 2 on bad usage.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "examples/road_traffic/road_traffic_generator.h"

namespace quarry {
namespace {

constexpr char kUsage[] = "usage: quarry-road-traffic-gen CSV [--limit N]\n";

struct Args {
  std::string csv_path;
  RoadTrafficOptions options;
};

bool ParseLimit(std::string_view text, int64_t* limit) {
  if (text.empty() || text.size() > 18) return false;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  *limit = value;
  return true;
}

bool ParseArgs(int argc, char** argv, Args* args) {
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--limit") {
      if (i + 1 >= argc || !ParseLimit(argv[i + 1], &args->options.row_limit)) return false;
      ++i;
    } else if (args->csv_path.empty() && !arg.empty() && arg[0] != '-') {
      args->csv_path = std::string(arg);
    } else {
      return false;
    }
  }
  return !args->csv_path.empty();
}

void PrintSummary(const RoadTrafficStats& stats) {
  std::cerr << "rows read: " << stats.rows_read << ", rows skipped: " << stats.rows_skipped
            << ", elements written: " << stats.elements << "\n";
  for (const std::string& reason : stats.skip_reasons) std::cerr << "  skipped " << reason << "\n";
  if (stats.rows_skipped > static_cast<int64_t>(stats.skip_reasons.size())) {
    std::cerr << "  ... and " << stats.rows_skipped - stats.skip_reasons.size() << " more\n";
  }
}

int Run(const Args& args) {
  std::ifstream in(args.csv_path, std::ios::binary);
  if (!in) {
    std::cerr << "quarry-road-traffic-gen: cannot open " << args.csv_path << "\n";
    return 1;
  }
  auto gen = RoadTrafficCsvGenerator::Open(&in, args.options);
  if (!gen.ok()) {
    std::cerr << "quarry-road-traffic-gen: " << args.csv_path << ": " << gen.status().ToString()
              << "\n";
    return 1;
  }
  std::vector<Element> elements;
  std::string line;
  while (true) {
    Result<bool> more = (*gen)->NextRow(&elements);
    if (!more.ok()) {
      std::cerr << "quarry-road-traffic-gen: " << more.status().ToString() << "\n";
      return 1;
    }
    if (!*more) break;
    for (const Element& element : elements) {
      line = ElementJsonLine(element);
      std::fwrite(line.data(), 1, line.size(), stdout);
    }
  }
  PrintSummary((*gen)->stats());
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "quarry-road-traffic-gen: writing stdout failed\n";
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace quarry

int main(int argc, char** argv) {
  quarry::Args args;
  if (!quarry::ParseArgs(argc, argv, &args)) {
    std::cerr << quarry::kUsage;
    return 2;
  }
  return quarry::Run(args);
}
