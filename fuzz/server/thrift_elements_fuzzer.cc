// The Thrift typed-element conversion (server/service/thrift_elements.h):
// arbitrary bytes read as the AddElements fast path's list<Element> with
// the binary protocol (what a client puts on the wire), then converted to
// native elements. The protocol's own size limits keep a hostile length
// from allocating gigabytes, as the server's frame limit does.
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <memory>

#include "server/service/thrift_elements.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using apache::thrift::protocol::TBinaryProtocolT;
  using apache::thrift::transport::TMemoryBuffer;
  auto buffer = std::make_shared<TMemoryBuffer>(
      const_cast<uint8_t*>(data), static_cast<uint32_t>(size), TMemoryBuffer::OBSERVE);
  TBinaryProtocolT<TMemoryBuffer> protocol(buffer, /*string_size_limit=*/1 << 16,
                                           /*container_size_limit=*/1 << 10,
                                           /*strict_read=*/false, /*strict_write=*/true);
  std::vector<quarry::rpc::Element> elements;
  try {
    apache::thrift::protocol::TType type;
    uint32_t count = 0;
    protocol.readListBegin(type, count);
    for (uint32_t i = 0; i < count; ++i) {
      elements.emplace_back();
      elements.back().read(&protocol);
    }
  } catch (const std::exception&) {
    // Malformed Thrift is the transport's to refuse; convert what was read.
  }
  (void)quarry::ElementsFromThrift(elements, /*max_json_depth=*/64);
  return 0;
}
