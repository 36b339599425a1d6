// A full GetAllElements over Thrift through paged execution
// (openQuery / nextPage / closeQuery), summing what comes back.
//
// Thread safety: uses one connection from the calling thread.
#pragma once

#include <cstdint>
#include <string>

#include "bench/thrift/gaffer_json.h"

namespace quarry::bench {

struct ScanResult {
  double seconds = 0;
  int64_t pages = 0;
  ElementSums sums;  // Without the edge list.
};

// Pages through every element, `page_size` at a time. False, with the error
// in `error`, if a call fails or a page is not an element array.
bool RunPagedScan(int port, int page_size, ScanResult* result, std::string* error);

}  // namespace quarry::bench
