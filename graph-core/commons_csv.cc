#include "graph-core/commons_csv.h"

namespace quarry {
namespace {

bool IsCommonsCsvLineEnd(char c) { return c == '\n' || c == '\r'; }

// Java's String.trim(): drops leading and trailing chars <= ' '.
std::string CommonsCsvTrim(std::string s) {
  size_t begin = 0;
  while (begin < s.size() && static_cast<unsigned char>(s[begin]) <= ' ') ++begin;
  size_t end = s.size();
  while (end > begin && static_cast<unsigned char>(s[end - 1]) <= ' ') --end;
  return s.substr(begin, end - begin);
}

class CommonsCsvReader {
 public:
  CommonsCsvReader(std::string_view text, const CsvOptions& options)
      : text_(text), options_(options) {}

  bool AtEnd() const { return pos_ >= text_.size(); }

  // Skips empty lines; true if a record starts at the position reached.
  bool SkipEmptyLines() {
    while (!AtEnd() && IsCommonsCsvLineEnd(text_[pos_])) ++pos_;
    return !AtEnd();
  }

  // Reads one record. REQUIRES: SkipEmptyLines() returned true.
  Result<CsvRecord> ReadRecord() {
    CsvRecord record;
    while (true) {
      std::string field;
      QUARRY_RETURN_IF_ERROR(ReadField(&field));
      record.push_back(Finish(std::move(field)));
      if (AtEnd()) break;
      const char c = text_[pos_++];
      if (c == options_.delimiter) {
        if (AtEnd()) {  // "a," at the end of the text: an empty last field.
          record.push_back(Finish(""));
          break;
        }
        continue;
      }
      if (c == '\r' && !AtEnd() && text_[pos_] == '\n') ++pos_;
      break;  // A line end.
    }
    return record;
  }

 private:
  std::optional<std::string> Finish(std::string field) const {
    if (options_.trim) field = CommonsCsvTrim(std::move(field));
    if (options_.null_string && field == *options_.null_string) return std::nullopt;
    return field;
  }

  // Reads a field up to (not past) the delimiter or line end after it.
  Status ReadField(std::string* out) {
    if (AtEnd() || text_[pos_] != options_.quote) {
      while (!AtEnd() && text_[pos_] != options_.delimiter && !IsCommonsCsvLineEnd(text_[pos_])) {
        out->push_back(text_[pos_++]);
      }
      return Status::OK();
    }
    ++pos_;  // The opening quote.
    while (true) {
      if (AtEnd()) return InvalidArgumentError("CSV: a quoted field is not closed");
      const char c = text_[pos_++];
      if (c != options_.quote) {
        out->push_back(c);
        continue;
      }
      if (!AtEnd() && text_[pos_] == options_.quote) {  // "" is one quote.
        out->push_back(c);
        ++pos_;
        continue;
      }
      break;
    }
    // Commons CSV looks for the delimiter and the line end before it skips
    // whitespace, so a tab delimiter after a closing quote still delimits.
    while (!AtEnd() && text_[pos_] != options_.delimiter && !IsCommonsCsvLineEnd(text_[pos_])) {
      const char c = text_[pos_];
      if (c != ' ' && c != '\t' && c != '\f' && c != '\v') {
        return InvalidArgumentError(std::string("CSV: invalid char '") + c +
                                    "' between a quoted field and the delimiter");
      }
      ++pos_;
    }
    return Status::OK();
  }

  std::string_view text_;
  const CsvOptions& options_;
  size_t pos_ = 0;
};

}  // namespace

Result<std::vector<CsvRecord>> ParseCsv(std::string_view text, const CsvOptions& options,
                                        size_t max_records) {
  std::vector<CsvRecord> records;
  CommonsCsvReader reader(text, options);
  while (reader.SkipEmptyLines()) {
    QUARRY_ASSIGN_OR_RETURN(CsvRecord record, reader.ReadRecord());
    records.push_back(std::move(record));
    if (max_records != 0 && records.size() == max_records) break;
  }
  return records;
}

}  // namespace quarry
