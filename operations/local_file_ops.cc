// ExportToLocalFile and ImportFromLocalFile (Gaffer's LocalFileExporter):
// lines of text written to, and read from, a file on the machine that runs
// the operation. Both touch the server's file system, so they are admin
// operations (operation_catalogue.h RequiresAdminAuth), as
// AddElementsFromFile is.
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

// One line may not be longer than this: a file without line breaks is not
// read whole into memory.
constexpr size_t kMaxLineBytes = 64u << 20;

std::string ErrnoText() { return std::strerror(errno); }

// Gaffer writes each item with String.valueOf after a cast to CharSequence:
// only strings can be exported.
Result<std::string_view> LineOf(const Item& item, size_t index, const std::string& name) {
  if (const auto* value = std::get_if<Value>(&item);
      value != nullptr && value->type() == ValueType::kString) {
    return std::string_view(value->AsString());
  }
  if (const auto* json = std::get_if<Json>(&item); json != nullptr && json->is_string()) {
    return std::string_view(json->get_ref<const std::string&>());
  }
  return InvalidArgumentError(name + ": input[" + std::to_string(index) +
                              "] is not a string; only strings (lines of text) can be exported " +
                              "(convert elements with ToCsv first)");
}

// Writes `lines`, each ending "\n", to a temporary file beside `path`, then
// renames it over `path`: a reader never sees half a file, and a failed
// export leaves the old file as it was.
Status WriteLinesAtomically(const std::string& path, const std::vector<Item>& items,
                            const std::string& name) {
  static std::atomic<uint64_t> exports{0};  // Two exports to one path never share a file.
  const std::string temporary = path + ".quarry-tmp." + std::to_string(::getpid()) + "." +
                                std::to_string(exports.fetch_add(1));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return NotFoundError(name + ": cannot create '" + path + "': " + ErrnoText());
    for (size_t i = 0; i < items.size(); ++i) {
      Result<std::string_view> line = LineOf(items[i], i, name);
      if (!line.ok()) {
        out.close();
        std::remove(temporary.c_str());
        return line.status();
      }
      out.write(line->data(), static_cast<std::streamsize>(line->size()));
      out.put('\n');
    }
    out.flush();
    if (!out) {
      const std::string reason = ErrnoText();
      out.close();
      std::remove(temporary.c_str());
      return InternalError(name + ": cannot write '" + path + "': " + reason);
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = ErrnoText();
    std::remove(temporary.c_str());
    return InternalError(name + ": cannot replace '" + path + "': " + reason);
  }
  return Status::OK();
}

// The lines of a file as BufferedReader.readLine splits them: ended by "\n",
// "\r" or "\r\n"; a last line without an ending still counts; no empty line
// after a final ending.
class LineStream final : public ItemStream {
 public:
  LineStream(std::ifstream file, std::string name)
      : file_(std::move(file)), name_(std::move(name)) {
    Next();
  }

  bool Valid() const override { return valid_; }
  void Next() override {
    valid_ = false;
    std::string line;
    bool any = false;
    for (int c; (c = file_.get()) != EOF;) {
      any = true;
      if (c == '\n') break;
      if (c == '\r') {
        if (file_.peek() == '\n') file_.get();
        break;
      }
      if (line.size() == kMaxLineBytes) {
        status_ =
            ResourceExhaustedError(name_ + ": line " + std::to_string(number_ + 1) +
                                   " is longer than " + std::to_string(kMaxLineBytes) + " bytes");
        return;
      }
      line.push_back(static_cast<char>(c));
    }
    if (file_.bad()) {
      status_ = InternalError(name_ + ": read failed after line " + std::to_string(number_));
      return;
    }
    if (!any) return;  // The end.
    ++number_;
    item_ = Item(Value::String(std::move(line)));
    valid_ = true;
  }
  const Item& item() const override { return item_; }
  Status status() const override { return status_; }

 private:
  std::ifstream file_;
  std::string name_;
  Item item_{Value()};
  size_t number_ = 0;  // Lines read so far.
  bool valid_ = false;
  Status status_;
};

}  // namespace

// Gaffer's ExportToHandler: the input is written, then passed on.
Result<StepOutput> RunExportToLocalFile(const Operation& op, StepOutput input, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  const std::string name = OpName(op);
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  QUARRY_ASSIGN_OR_RETURN(std::vector<Item> items,
                          Collect(*in, ctx.limits.max_materialised_items, name));
  QUARRY_RETURN_IF_ERROR(WriteLinesAtomically(op.filename, items, name));
  return StepOutput::Stream(MakeVectorStream(std::move(items)));
}

Result<StepOutput> RunImportFromLocalFile(const Operation& op, ExecContext& ctx) {
  QUARRY_RETURN_IF_ERROR(RequireAdmin(op, ctx));
  const std::string name = OpName(op);
  std::ifstream file(op.filename, std::ios::binary);
  if (!file) return NotFoundError(name + ": cannot open '" + op.filename + "': " + ErrnoText());
  return StepOutput::Stream(std::make_unique<LineStream>(std::move(file), name));
}

}  // namespace quarry::operations_internal
