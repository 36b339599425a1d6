// CsvReader: reads comma-separated records (RFC 4180 style) from a stream.
//
// Rules:
// * Fields are separated by ','; a record ends at LF or CRLF.
// * A field that starts with '"' is quoted: it ends at the next lone '"';
//   inside it, '""' is one '"', and ',', CR and LF are literal.
// * Text between a closing quote and the next ',' or end of record is an
//   error (the record is malformed).
// * A '"' inside an unquoted field is literal.
// * Empty lines are skipped (they are not records).
// No trimming and no type conversion: fields are returned as written.
//
// Errors are per record: after a malformed record, Next() returns
// InvalidArgument naming the line, having consumed the rest of that line, and
// the following call continues with the next line. An unterminated quote
// consumes the rest of the input.
//
// Thread safety: not thread-safe; one reader per stream.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

class CsvReader {
 public:
  // REQUIRES: `in` outlives the reader. The reader does not own it.
  explicit CsvReader(std::istream* in) : in_(in) {}

  // Reads the next record into `fields` (cleared first). Returns true if a
  // record was read, false at the end of input, InvalidArgument on a
  // malformed record (see above).
  Result<bool> Next(std::vector<std::string>* fields);

  // The 1-based line on which the last record returned by Next() started.
  int64_t record_line() const { return record_line_; }

 private:
  enum class RecordEnd { kEndOfLine, kEndOfInput };

  // Reads one record's fields (an empty line gives one empty field); sets
  // `saw_quote` if a field was quoted.
  Result<RecordEnd> ReadRecord(std::vector<std::string>* fields, bool* saw_quote);
  // InvalidArgument "line L: `what` of field N".
  Status Malformed(std::string_view what, size_t field) const;
  int Peek();
  int Get();
  // Reads one quoted field after its opening quote into `field`. Returns
  // false if the input ends before the closing quote.
  bool ReadQuoted(std::string* field);
  // Consumes input up to and including the next LF (or to the end).
  void SkipRestOfLine();

  std::istream* in_;
  int64_t line_ = 1;  // The line of the next character.
  int64_t record_line_ = 0;
};

}  // namespace quarry
