// Helpers for tests that talk to a Quarry Thrift server over loopback: a
// framed/binary C++ client and raw sockets for hostile byte streams.
#pragma once

#include <memory>
#include <string>

#include "server/rpc/Quarry.h"

namespace quarry::testing_rpc {

// A connected client; the transport closes when the object is destroyed.
class TestClient {
 public:
  explicit TestClient(int port, int timeout_ms = 10000);
  ~TestClient();
  rpc::QuarryClient& operator*() { return *client_; }
  rpc::QuarryClient* operator->() { return client_.get(); }

 private:
  std::shared_ptr<apache::thrift::transport::TTransport> transport_;
  std::unique_ptr<rpc::QuarryClient> client_;
};

// A blocking loopback TCP socket with a receive timeout. -1 on failure.
int ConnectRaw(int port, int recv_timeout_ms = 5000);
// Sends all of `bytes`; false if the peer closed or reset the connection.
bool SendAll(int fd, const std::string& bytes);
// True if the peer closes (EOF or reset) before the receive timeout, after
// discarding anything it sends.
bool WaitForClose(int fd);
// A 4-byte big-endian frame header.
std::string FrameHeader(uint32_t size);
// A free loopback port (bind port 0, read it, close).
int FreeLoopbackPort();

}  // namespace quarry::testing_rpc
