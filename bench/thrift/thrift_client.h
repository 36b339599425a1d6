// A Thrift connection to `quarry serve` for the benchmarks: framed transport,
// binary protocol, loopback. Thrift types stay inside bench/thrift/.
//
// Thread safety: one ThriftConnection per thread (Thrift clients are not
// thread-safe); connections are independent.
#pragma once

#include <memory>
#include <string>

#include "server/rpc/Quarry.h"

namespace quarry::bench {

class ThriftConnection {
 public:
  // Connects to 127.0.0.1:`port`; throws apache::thrift::TException if the
  // server is not there (the benchmark's main reports it and exits non-zero).
  explicit ThriftConnection(int port);
  ~ThriftConnection();
  ThriftConnection(const ThriftConnection&) = delete;
  ThriftConnection& operator=(const ThriftConnection&) = delete;

  rpc::QuarryClient& client() { return *client_; }
  // The credentials every benchmark call carries: the anonymous user of a
  // server started without a users file.
  const rpc::Credentials& credentials() const { return credentials_; }

 private:
  std::shared_ptr<apache::thrift::transport::TTransport> transport_;
  std::unique_ptr<rpc::QuarryClient> client_;
  rpc::Credentials credentials_;
};

}  // namespace quarry::bench
