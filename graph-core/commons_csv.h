// CSV records as Apache Commons CSV's CSVFormat.DEFAULT reads them, with the
// options koryphe's CsvToMaps and CsvLinesToMaps set on it (delimiter, quote
// character, trim, null string).
//
// DEFAULT's rules: records end at "\n", "\r\n" or "\r"; empty lines are
// skipped; a field that starts with the quote character runs to the next
// lone quote character, "" inside it being one quote, and may span lines;
// a quote character inside an unquoted field is an ordinary character; a
// line that ends with the delimiter has an empty last field. After the
// closing quote only spaces and tabs may come before the delimiter or the
// end of the line (Commons CSV: "invalid char between encapsulated token and
// delimiter").
//
// Thread safety: stateless.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

struct CsvOptions {
  char delimiter = ',';
  char quote = '"';
  bool trim = false;  // String.trim() each field before the null check.
  // A field equal to it (after trimming) reads as null; nullopt: never.
  std::optional<std::string> null_string;
};

using CsvRecord = std::vector<std::optional<std::string>>;

// Every record of `text`, or at most `max_records` of them (0: all).
// InvalidArgument on an unterminated quoted field or a character after a
// closing quote.
Result<std::vector<CsvRecord>> ParseCsv(std::string_view text, const CsvOptions& options,
                                        size_t max_records = 0);

}  // namespace quarry
