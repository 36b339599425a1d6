// Typed, path-naming accessors for the fields of an operation's JSON object.
// Each returns the default when the field is absent or null, and
// InvalidArgument "<path>.<field>: expected <type>" on a wrong type.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::operations_internal {

// Paths ("<path>.<field>") and lookups (absent or null -> nullptr) are
// graph-core's json_fields::Join and json_fields::Find.

Result<bool> GetBool(const Json& obj, std::string_view path, std::string_view field, bool dflt);
Result<std::optional<int64_t>> GetInt(const Json& obj, std::string_view path,
                                      std::string_view field);
Result<std::optional<double>> GetNumber(const Json& obj, std::string_view path,
                                        std::string_view field);
Result<std::optional<std::string>> GetString(const Json& obj, std::string_view path,
                                             std::string_view field);
// A JSON object of string -> string, in document order.
Result<std::vector<std::pair<std::string, std::string>>> GetStringMap(const Json& obj,
                                                                      std::string_view path,
                                                                      std::string_view field);

}  // namespace quarry::operations_internal
