#include "bench/thrift/thrift_client.h"

#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

namespace quarry::bench {

using apache::thrift::protocol::TBinaryProtocol;
using apache::thrift::transport::TFramedTransport;
using apache::thrift::transport::TSocket;

namespace {
// Generous: a full-size batch or page can take a while on a loaded machine.
constexpr int kTimeoutMs = 600'000;
}  // namespace

ThriftConnection::ThriftConnection(int port) {
  auto socket = std::make_shared<TSocket>("127.0.0.1", port);
  socket->setConnTimeout(10'000);
  socket->setRecvTimeout(kTimeoutMs);
  socket->setSendTimeout(kTimeoutMs);
  socket->setNoDelay(true);
  transport_ = std::make_shared<TFramedTransport>(socket);
  client_ = std::make_unique<rpc::QuarryClient>(std::make_shared<TBinaryProtocol>(transport_));
  credentials_.userId = "anonymous";
  transport_->open();
}

ThriftConnection::~ThriftConnection() {
  try {
    transport_->close();
  } catch (...) {
    // Closing a dead connection at exit: nothing to report.
  }
}

}  // namespace quarry::bench
