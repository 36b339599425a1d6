// The table behind ParseSerialiser: every Gaffer serialiser class Quarry
// knows, and those it knows but does not support.
//
// Thread safety: the tables are immutable after first use.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "schema/serialiser.h"

namespace quarry::internal {

// The shared instance of a serialiser that has no fields, by full or simple
// class name (simple: no dot, first letter in either case), or null.
// A name in a uk.gov.gchq.gaffer package whose simple name is known also
// matches (Gaffer 1.x kept some serialisers in other packages).
std::shared_ptr<const Serialiser> FindParameterlessSerialiser(std::string_view class_name);

// Full class names of every serialiser FindParameterlessSerialiser knows.
const std::vector<std::string_view>& ParameterlessSerialiserClassNames();

// If `class_name` (simple, or in a uk.gov.gchq.gaffer package) names a Gaffer
// serialiser Quarry deliberately does not support, why (for an Unimplemented
// error); else empty.
std::string_view UnsupportedSerialiserReason(std::string_view class_name);

// True if `class_name` (full or simple) names the serialiser `full_name`.
bool ClassNameMatches(std::string_view class_name, std::string_view full_name);

}  // namespace quarry::internal
