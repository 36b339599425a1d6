// JsonItemReader: splits a stream of Gaffer JSON elements into one JSON text
// per element without parsing the whole input, so `quarry add` runs in
// bounded memory on files of any size. Two layouts are accepted:
//   * one JSON array of elements: [ {...}, {...} ]
//   * elements one after another, typically one per line (JSON Lines).
// Items are split by bracket depth (strings and escapes honoured); each item
// text is then parsed on its own by the caller.
//
// Thread safety: one thread at a time. The stream must outlive the reader.
#pragma once

#include <cstdint>
#include <istream>
#include <string>

#include "graph-core/status.h"

namespace quarry::cli {

class JsonItemReader {
 public:
  static constexpr size_t kMaxItemBytes = 64u << 20;

  // `source` (a file name) prefixes error messages.
  JsonItemReader(std::istream* in, std::string source);

  // Sets `*item` to the next item's JSON text and returns true, or returns
  // false at the end of the input. InvalidArgument (naming the source and
  // line) for input that is neither layout or ends inside an item;
  // ResourceExhausted for an item above kMaxItemBytes.
  Result<bool> Next(std::string* item);

  uint64_t bytes_read() const { return bytes_read_; }
  // 1-based line of the last character consumed.
  uint64_t line() const { return line_; }

 private:
  // Returns the next character, or -1 at the end of the input.
  int Get();
  Status Error(const std::string& what) const;
  // Consumes one character of an item in progress; true when it completed.
  bool Accumulate(char c, std::string* item);

  std::istream* in_;
  std::string source_;
  char buffer_[1 << 16];
  size_t buffer_pos_ = 0;
  size_t buffer_len_ = 0;
  uint64_t bytes_read_ = 0;
  uint64_t line_ = 1;
  bool started_ = false;     // Saw the first non-space character.
  bool array_mode_ = false;  // Input is one JSON array.
  bool array_closed_ = false;
  int depth_ = 0;  // Bracket depth inside the current item.
  bool in_string_ = false;
  bool escaped_ = false;
};

}  // namespace quarry::cli
