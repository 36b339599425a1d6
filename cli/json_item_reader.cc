#include "cli/json_item_reader.h"

namespace quarry::cli {
namespace {

bool IsSpace(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

JsonItemReader::JsonItemReader(std::istream* in, std::string source)
    : in_(in), source_(std::move(source)) {}

int JsonItemReader::Get() {
  if (buffer_pos_ == buffer_len_) {
    in_->read(buffer_, sizeof(buffer_));
    buffer_len_ = static_cast<size_t>(in_->gcount());
    buffer_pos_ = 0;
    if (buffer_len_ == 0) return -1;
  }
  const char c = buffer_[buffer_pos_++];
  ++bytes_read_;
  if (c == '\n') ++line_;
  return static_cast<unsigned char>(c);
}

Status JsonItemReader::Error(const std::string& what) const {
  return InvalidArgumentError(source_ + ":" + std::to_string(line_) + ": " + what);
}

bool JsonItemReader::Accumulate(char c, std::string* item) {
  item->push_back(c);
  if (in_string_) {
    if (escaped_) {
      escaped_ = false;
    } else if (c == '\\') {
      escaped_ = true;
    } else if (c == '"') {
      in_string_ = false;
    }
    return false;
  }
  if (c == '"') {
    in_string_ = true;
  } else if (c == '{' || c == '[') {
    ++depth_;
  } else if (c == '}' || c == ']') {
    --depth_;
  }
  return depth_ == 0;
}

Result<bool> JsonItemReader::Next(std::string* item) {
  item->clear();
  depth_ = 0;
  in_string_ = escaped_ = false;
  while (true) {
    const int c = Get();
    if (c < 0) {
      if (!item->empty()) return Error("input ends inside an element");
      if (array_mode_ && !array_closed_) return Error("input ends before the closing ']'");
      return false;
    }
    if (item->empty()) {
      if (IsSpace(c)) continue;
      if (!started_) {
        started_ = true;
        if (c == '[') {
          array_mode_ = true;
          continue;
        }
      }
      if (array_closed_) return Error("unexpected text after the closing ']'");
      if (array_mode_ && c == ',') continue;  // Separators (empty items are tolerated).
      if (array_mode_ && c == ']') {
        array_closed_ = true;
        continue;
      }
      if (c != '{') {
        return Error(std::string("expected an element object, found '") + static_cast<char>(c) +
                     "'");
      }
    }
    if (Accumulate(static_cast<char>(c), item)) return true;
    if (item->size() > kMaxItemBytes) {
      return ResourceExhaustedError(source_ + ":" + std::to_string(line_) +
                                    ": an element is larger than " + std::to_string(kMaxItemBytes) +
                                    " bytes");
    }
  }
}

}  // namespace quarry::cli
