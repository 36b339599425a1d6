// A keep-alive HTTP/1.1 client over Boost.Beast for the REST benchmarks: one
// connection to 127.0.0.1:port, real round trips, response bodies handed
// over in pieces as they arrive (dechunked by Beast), so a full scan of any
// size is read with a fixed buffer.
//
// Thread safety: one client per thread.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace quarry::bench {

class HttpClient {
 public:
  // Connects to 127.0.0.1:`port`; throws boost::system::system_error if it
  // cannot (the benchmark's main reports it and exits non-zero).
  explicit HttpClient(int port);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // POSTs `json` (application/json) to `target` and feeds the response body
  // to `on_body` piece by piece. Returns the status code; throws on a
  // transport error or a connection the server closed.
  int Post(std::string_view target, std::string_view json,
           const std::function<void(std::string_view)>& on_body);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace quarry::bench
