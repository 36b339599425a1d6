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

constexpr int kMaxElementJsonDepth = 100;

// Feeds elements to the executor in batches and keeps the totals.
class BatchWriter {
 public:
  BatchWriter(const Executor& executor, const AddArgs& args) : executor_(executor), args_(args) {
    options_.validate = args.validate;
    options_.skip_invalid_elements = args.skip_invalid;
    batch_.reserve(args.batch_size);
  }

  Status Add(Element element) {
    batch_.push_back(std::move(element));
    return batch_.size() >= args_.batch_size ? Flush() : Status::OK();
  }

  Status Flush() {
    if (batch_.empty()) return Status::OK();
    AddElementsResult result;
    Status status = executor_.AddElements(User(), batch_, options_, &result);
    if (!status.ok()) {
      return status.WithContext("batch of elements " + std::to_string(total_seen_ + 1) + ".." +
                                std::to_string(total_seen_ + batch_.size()));
    }
    total_seen_ += batch_.size();
    added_ += result.added;
    skipped_ += result.skipped;
    batch_.clear();
    return Status::OK();
  }

  uint64_t seen() const { return total_seen_ + batch_.size(); }
  uint64_t added() const { return added_; }
  uint64_t skipped() const { return skipped_; }

 private:
  const Executor& executor_;
  const AddArgs& args_;
  AddElementsOptions options_;
  std::vector<Element> batch_;
  uint64_t total_seen_ = 0;
  uint64_t added_ = 0;
  uint64_t skipped_ = 0;
};

uint64_t TotalInputBytes(const std::vector<std::string>& files) {
  uint64_t total = 0;
  for (const std::string& file : files) {
    std::error_code error;
    if (file == "-") return 0;  // Unknown.
    uint64_t size = std::filesystem::file_size(file, error);
    if (error) return 0;
    total += size;
  }
  return total;
}

Result<Element> ParseElement(const std::string& text, const std::string& file,
                             const JsonItemReader& reader) {
  const std::string where = file + ":" + std::to_string(reader.line());
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return InvalidArgumentError(where + ": element is not valid JSON");
  return ElementFromJson(json, where);
}

Status AddFile(const std::string& file, BatchWriter* writer, ProgressBar* progress,
               uint64_t* bytes_before) {
  std::ifstream stream;
  std::istream* in = &std::cin;
  if (file != "-") {
    stream.open(file, std::ios::binary);
    if (!stream) return NotFoundError("element file '" + file + "' cannot be read");
    in = &stream;
  }
  JsonItemReader reader(in, file == "-" ? "<stdin>" : file);
  std::string text;
  while (true) {
    QUARRY_ASSIGN_OR_RETURN(bool more, reader.Next(&text));
    if (!more) break;
    QUARRY_ASSIGN_OR_RETURN(Element element, ParseElement(text, file, reader));
    QUARRY_RETURN_IF_ERROR(writer->Add(std::move(element)));
    progress->Update(writer->seen(), *bytes_before + reader.bytes_read());
  }
  *bytes_before += reader.bytes_read();
  return Status::OK();
}

}  // namespace

Status RunAdd(const AddArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          OpenGraphForCommand(args.graph_dir, "quarry add"));  // branch service
  Executor executor(std::shared_ptr<Graph>(std::move(graph)));
  const bool show_progress = args.progress == ProgressMode::kOn ||
                             (args.progress == ProgressMode::kAuto && isatty(STDERR_FILENO));
  ProgressBar progress(stderr, show_progress, TotalInputBytes(args.files));
  BatchWriter writer(executor, args);
  uint64_t bytes = 0;
  Status status;
  for (const std::string& file : args.files) {
    status = AddFile(file, &writer, &progress, &bytes);
    if (!status.ok()) break;
  }
  if (status.ok()) status = writer.Flush();
  progress.Finish();
  const double seconds = progress.ElapsedSeconds();
  std::fprintf(stderr, "%s %llu elements (%llu skipped as invalid) from %zu file(s) in %.1f s",
               status.ok() ? "added" : "before the error, added",
               static_cast<unsigned long long>(writer.added()),
               static_cast<unsigned long long>(writer.skipped()), args.files.size(), seconds);
  if (seconds > 0) std::fprintf(stderr, " (%.0f elements/s)", writer.added() / seconds);
  std::fprintf(stderr, "\n");
  return status;
}

}  // namespace quarry::cli
