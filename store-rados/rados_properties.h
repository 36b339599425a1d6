// RadosProperties: where a RADOS graph lives, read from the store
// properties (store-rocks/store_properties.h keeps every key in `raw`).
//
//   quarry.store=rados          selects this store (read by the store factory)
//   quarry.rados.conf           ceph.conf of the cluster (required)
//   quarry.rados.pool           pool holding the graph's objects (default quarry)
//   quarry.rados.graph          name of the graph within the pool: the prefix of
//                               its object names (default graph; [A-Za-z0-9_.-]+)
//   quarry.rados.tablets        tablets, a power of two 1..65536 (default 16);
//                               fixed at create, read from the metadata after
//   quarry.rados.client         the cephx client name (default client.admin)
//   quarry.rados.op.timeout.s   seconds before a RADOS op fails with a timeout
//                               instead of blocking (default 30; 0 = wait forever)
//
// Thread safety: a plain value type.
#pragma once

#include <cstdint>
#include <string>

#include "graph-core/status.h"
#include "store/store_properties.h"

namespace quarry {

struct RadosProperties {
  std::string conf;
  std::string pool = "quarry";
  std::string graph = "graph";
  uint32_t tablets = 16;
  std::string client = "client.admin";
  uint32_t op_timeout_s = 30;

  // InvalidArgument naming the key and the bad value.
  static Result<RadosProperties> From(const StoreProperties& properties);
};

inline constexpr uint32_t kMaxTablets = 65536;

}  // namespace quarry
