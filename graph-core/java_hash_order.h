// The iteration order of Java's HashMap and HashSet, for JSON that Gaffer
// writes straight from one (JsonSerialisationUtil's field maps, the enum
// options of an OperationField): clients that compare Gaffer's responses
// byte for byte see the same order from Quarry.
//
// A java.util.HashMap with default capacity iterates its table's buckets in
// index order, each bucket in insertion order; the index of a key is
// (h ^ (h >>> 16)) & (capacity - 1) with h its String.hashCode(), and the
// capacity doubles from 16 whenever the size exceeds 3/4 of it.
//
// Thread safety: stateless functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/value.h"

namespace quarry {

// Java's String.hashCode() of `utf8` (over its UTF-16 code units).
int32_t JavaStringHashCode(std::string_view utf8);

// The indices of `keys` in the order a HashMap (or HashSet) into which they
// were put in the given order iterates them. REQUIRES: keys are distinct.
std::vector<size_t> JavaHashOrder(const std::vector<std::string>& keys);

// The same for keys given by their Java hashCode()s.
std::vector<size_t> JavaHashOrderOfHashCodes(const std::vector<int32_t>& hash_codes);

// The indices of a HashSet's `items` (in the order they were added) as
// Java's HashSet iterates them, when every item is a String, Integer, Short,
// Long or Boolean (whose hashCode() is known); nullopt otherwise.
std::optional<std::vector<size_t>> JavaHashOrderOfValues(const std::vector<Value>& items);

// `keys` reordered as a HashSet of them iterates.
std::vector<std::string> InJavaHashOrder(const std::vector<std::string>& keys);

}  // namespace quarry
