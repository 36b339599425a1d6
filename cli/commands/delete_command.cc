// `quarry delete GRAPH (FILE|-)`: Gaffer's DeleteElements for the elements a
// file names. The file is read (with a progress line) into memory and the
// elements are deleted in one executor call, so the delete is applied whole
// or not at all (Graph::DeleteElements); a summary goes to stderr.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"  // branch service
#include "cli/json_item_reader.h"
#include "cli/progress.h"
#include "graph-core/json_element.h"
#include "operations/executor.h"
#include "store/graph.h"

namespace quarry::cli {
namespace {

// Reads every element of `file` ("-": stdin), updating `progress`.
Result<std::vector<Element>> ReadElements(const std::string& file, ProgressBar* progress) {
  std::ifstream stream;
  std::istream* in = &std::cin;
  if (file != "-") {
    stream.open(file, std::ios::binary);
    if (!stream) return NotFoundError("element file '" + file + "' cannot be read");
    in = &stream;
  }
  const std::string source = file == "-" ? "<stdin>" : file;
  JsonItemReader reader(in, source);
  std::vector<Element> elements;
  std::string text;
  while (true) {
    QUARRY_ASSIGN_OR_RETURN(bool more, reader.Next(&text));
    if (!more) break;
    const std::string where = source + ":" + std::to_string(reader.line());
    Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) return InvalidArgumentError(where + ": element is not valid JSON");
    QUARRY_ASSIGN_OR_RETURN(Element element, ElementFromJson(json, where));
    elements.push_back(std::move(element));
    progress->Update(elements.size(), reader.bytes_read());
  }
  return elements;
}

uint64_t FileBytes(const std::string& file) {
  if (file == "-") return 0;  // Unknown.
  std::error_code error;
  uint64_t size = std::filesystem::file_size(file, error);
  return error ? 0 : size;
}

}  // namespace

Status RunDelete(const DeleteArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          OpenGraphForCommand(args.graph_dir, "quarry delete"));  // branch service
  Executor executor(std::shared_ptr<Graph>(std::move(graph)));
  const bool show_progress = args.progress == ProgressMode::kOn ||
                             (args.progress == ProgressMode::kAuto && isatty(STDERR_FILENO));
  ProgressBar progress(stderr, show_progress, FileBytes(args.file));
  Result<std::vector<Element>> elements = ReadElements(args.file, &progress);
  progress.Finish();
  if (!elements.ok()) {
    std::fprintf(stderr, "nothing deleted: the input could not be read\n");
    return elements.status();
  }
  AddElementsOptions options;
  options.validate = args.validate;
  options.skip_invalid_elements = args.skip_invalid;
  AddElementsResult result;
  Status status = executor.DeleteElements(User(), *elements, options, &result);
  if (!status.ok()) {
    std::fprintf(stderr, "nothing deleted: %zu elements read\n", elements->size());
    return status;
  }
  std::fprintf(stderr, "deleted %llu elements (%llu skipped as invalid) from %s in %.1f s\n",
               static_cast<unsigned long long>(result.added),
               static_cast<unsigned long long>(result.skipped),
               args.file == "-" ? "<stdin>" : args.file.c_str(), progress.ElapsedSeconds());
  (void)out;  // Nothing for stdout: the summary is a report, not a result.
  return Status::OK();
}

}  // namespace quarry::cli
