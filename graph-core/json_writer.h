// Gaffer JSON written straight into a text buffer, for results on their way
// to the wire (Thrift pages, REST bodies): no nlohmann::json tree is built
// for an element, a seed or a common value.
//
// Contract: every function appends exactly the bytes that dumping the
// corresponding tree compactly would, i.e. for AppendElementJson(e, &out)
//   out += ElementToJson(e).dump(-1, ' ', false, Json::error_handler_t::replace)
// (json_element.h, json_value.h), and the same for values and seeds; invalid
// UTF-8 in a string is replaced by U+FFFD as that dump replaces it. Values
// whose JSON is rare or intricate (collections, sketches, floating point)
// are written through their tree, so the fast path and the tree can never
// disagree on them.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/json_value.h"

namespace quarry {

// `json` compactly, invalid UTF-8 replaced (the dump above).
void AppendJson(const Json& json, std::string* out);

// `text` as a JSON string literal, quotes included.
void AppendJsonString(std::string_view text, std::string* out);

// ValueToJson(value), dumped.
void AppendValueJson(const Value& value, std::string* out);

// ElementToJson(element), dumped.
void AppendElementJson(const Element& element, std::string* out);

// ElementIdToJson(id), dumped.
void AppendElementIdJson(const ElementId& id, std::string* out);

}  // namespace quarry
