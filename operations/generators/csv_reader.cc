#include "operations/generators/csv_reader.h"

#include <string>
#include <utility>

namespace quarry {
namespace {

constexpr int kEof = std::char_traits<char>::eof();

}  // namespace

int CsvReader::Peek() {
  std::streambuf* buf = in_->rdbuf();
  return buf == nullptr ? kEof : buf->sgetc();
}

int CsvReader::Get() {
  std::streambuf* buf = in_->rdbuf();
  int c = buf == nullptr ? kEof : buf->sbumpc();
  if (c == '\n') ++line_;
  return c;
}

bool CsvReader::ReadQuoted(std::string* field) {
  while (true) {
    int c = Get();
    if (c == kEof) return false;
    if (c == '"') {
      if (Peek() != '"') return true;
      Get();  // '""' is one literal quote.
    }
    field->push_back(static_cast<char>(c));
  }
}

void CsvReader::SkipRestOfLine() {
  int c;
  do {
    c = Get();
  } while (c != kEof && c != '\n');
}

Status CsvReader::Malformed(std::string_view what, size_t field) const {
  return InvalidArgumentError("line " + std::to_string(record_line_) + ": " + std::string(what) +
                              " of field " + std::to_string(field));
}

Result<CsvReader::RecordEnd> CsvReader::ReadRecord(std::vector<std::string>* fields,
                                                   bool* saw_quote) {
  std::string field;
  bool at_field_start = true;  // No character of the current field read yet.
  bool after_quote = false;    // The current field's closing quote was read.
  while (true) {
    int c = Get();
    if (c == '\r' && Peek() == '\n') c = Get();  // CRLF ends a record like LF.
    if (c == kEof || c == '\n' || c == ',') {
      fields->push_back(std::move(field));
      field.clear();
      at_field_start = true;
      after_quote = false;
      if (c == ',') continue;
      return c == kEof ? RecordEnd::kEndOfInput : RecordEnd::kEndOfLine;
    }
    if (after_quote) {
      SkipRestOfLine();
      return Malformed("text after the closing quote", fields->size() + 1);
    }
    if (c == '"' && at_field_start) {
      *saw_quote = true;
      after_quote = true;
      at_field_start = false;
      if (!ReadQuoted(&field)) return Malformed("unterminated quote", fields->size() + 1);
      continue;
    }
    at_field_start = false;
    field.push_back(static_cast<char>(c));
  }
}

Result<bool> CsvReader::Next(std::vector<std::string>* fields) {
  while (true) {
    fields->clear();
    record_line_ = line_;
    bool saw_quote = false;
    QUARRY_ASSIGN_OR_RETURN(RecordEnd end, ReadRecord(fields, &saw_quote));
    bool empty_line = fields->size() == 1 && (*fields)[0].empty() && !saw_quote;
    if (!empty_line) return true;
    if (end == RecordEnd::kEndOfInput) {
      fields->clear();
      return false;
    }
  }
}

}  // namespace quarry
