// ReadAheadStream: an ItemStream that pulls its input on a thread of its own,
// a few chunks ahead of the consumer. A cursor's consumer writes every item
// as JSON; pulling the item (a store scan and the chain's steps) costs about
// as much again. One after the other they use one core; read ahead, two.
//
// Small results never start the thread: the first `direct_items` items are
// pulled on the consumer's thread, and the thread starts only if the input
// has more.
//
// Elements cross threads with their properties still undecoded
// (Element::AssignKeepingHold), so the consumer decodes only what it reads;
// the input's keep-alive (the graph) must therefore outlive this stream,
// which owning the input already ensures.
//
// Thread safety: as any ItemStream, one consumer thread at a time. The input
// is used by the consumer until the thread starts and by the thread only
// after. The destructor stops and joins the thread, so it waits for the
// input's Next in progress (under a selective filter, one Next can read far).
#pragma once

#include <cstddef>
#include <memory>

#include "operations/item.h"

namespace quarry {

struct ReadAheadOptions {
  size_t direct_items = 4096;  // Pulled on the consumer's thread first.
  size_t chunk_items = 256;    // Items handed over at a time.
  size_t chunks_ahead = 8;     // Ready chunks the thread may hold at most.
};

// REQUIRES: input != nullptr; chunk_items and chunks_ahead >= 1.
std::unique_ptr<ItemStream> MakeReadAheadStream(std::unique_ptr<ItemStream> input,
                                                ReadAheadOptions options = {});

}  // namespace quarry
