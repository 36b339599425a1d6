// quarry_schema_summary PATH...: loads a Gaffer schema split over one or more
// JSON files (merged in order) and prints a readable summary of every group
// (schema/schema_summary.h). A PATH that is a folder stands for its schema
// files (SchemaFilesInDirectory). On error, prints the message to stderr and
// exits 1.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "schema/schema.h"
#include "schema/schema_summary.h"

namespace quarry {
namespace {

int Main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " SCHEMA.json|FOLDER [MORE...]\n";
    return 2;
  }
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    if (!std::filesystem::is_directory(argv[i], ec)) {
      paths.push_back(argv[i]);
      continue;
    }
    Result<std::vector<std::string>> files = SchemaFilesInDirectory(argv[i]);
    if (!files.ok()) {
      std::cerr << files.status().ToString() << "\n";
      return 1;
    }
    paths.insert(paths.end(), files->begin(), files->end());
  }
  Result<std::shared_ptr<const Schema>> schema = Schema::FromFiles(paths);
  if (!schema.ok()) {
    std::cerr << schema.status().ToString() << "\n";
    return 1;
  }
  std::cout << SummariseSchema(**schema);
  return 0;
}

}  // namespace
}  // namespace quarry

int main(int argc, char** argv) { return quarry::Main(argc, argv); }
