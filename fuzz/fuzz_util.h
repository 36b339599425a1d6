// Helpers shared by the fuzz targets (fuzz/README.md): splitting one fuzz
// input into parts, the repository's test data, a scratch graph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "schema/schema.h"

namespace quarry::fuzz {

// The input as text, split at NUL bytes into at most `max_parts` parts (the
// last part keeps any further NULs).
std::vector<std::string_view> SplitInput(const uint8_t* data, size_t size, size_t max_parts);

// The gaffer-doc operations example schema (tests/data/gaffer-examples/
// gaffer-doc-operations-example), with an extra group of many property
// types so decoders meet sets, maps, sketches and visibility. Parsed once;
// aborts if it does not parse (a broken build, not a finding).
std::shared_ptr<const Schema> FuzzSchema();

// fuzz_graph.cc (library quarry_fuzz_graph, which pulls in store-rocks):
// a graph created once per process in a fresh temporary directory with
// FuzzSchema() and the example's elements loaded; removed at exit.
// Returns the directory.
std::string ScratchGraphDir();

}  // namespace quarry::fuzz
