// A small blocking HTTP/1.1 client over a raw socket, for driving the REST
// transport from tests, hostile requests included: it sends whatever bytes
// it is given and parses what comes back (Content-Length, chunked, or up to
// the close), noting whether the body ended properly.
//
// Thread safety: one client per thread.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace quarry::testing_rpc {

struct HttpTestResponse {
  int status = 0;                              // 0: no (complete) status line arrived.
  std::map<std::string, std::string> headers;  // Names lower-cased.
  std::string body;                            // Dechunked (empty when streamed out).
  std::vector<std::string> chunks;             // Each chunk's data, when chunked.
  bool complete = false;                       // The body ended as its framing says.
  std::string Header(const std::string& lower_name) const;
};

class HttpTestClient {
 public:
  // Connects to 127.0.0.1:port; connected() says whether that worked.
  explicit HttpTestClient(int port);
  ~HttpTestClient();
  HttpTestClient(const HttpTestClient&) = delete;
  HttpTestClient& operator=(const HttpTestClient&) = delete;

  bool connected() const { return fd_ >= 0; }
  // Sends all of `bytes`; false if the connection broke.
  bool Send(std::string_view bytes);
  // Reads one response, waiting up to `timeout_ms` for each read. With
  // `on_body`, dechunked body bytes are handed over as they arrive instead
  // of being kept (and `chunks` stays empty).
  // `head_request`: the response is to a HEAD, so it has no body.
  HttpTestResponse Read(int timeout_ms = 20'000,
                        const std::function<void(std::string_view)>& on_body = nullptr,
                        bool head_request = false);
  // Sends a request and reads its response.
  HttpTestResponse Call(std::string_view request, int timeout_ms = 20'000);
  // True if the server closes the connection within `timeout_ms` (data
  // still arriving is read and dropped).
  bool WaitClosed(int timeout_ms);

 private:
  // Reads more bytes into buffer_; false on close, error or timeout.
  bool Fill(int timeout_ms);
  bool ReadLine(int timeout_ms, std::string* line);
  bool ReadExactly(size_t n, int timeout_ms, std::string* out);

  int fd_ = -1;
  std::string buffer_;
};

// "Basic base64(user:token)".
std::string BasicAuthorization(std::string_view user, std::string_view token);

// An HTTP/1.1 request with Host, optional Authorization and, with a body,
// Content-Type application/json and Content-Length.
std::string HttpRequest(std::string_view method, std::string_view target,
                        std::string_view body = {}, std::string_view authorization = {},
                        const std::vector<std::string>& extra_headers = {});

// Splits a JSON array arriving in pieces into its top-level items' texts,
// without holding more than the item being read.
class JsonArrayItemSplitter {
 public:
  explicit JsonArrayItemSplitter(std::function<void(std::string_view)> on_item)
      : on_item_(std::move(on_item)) {}
  void Feed(std::string_view bytes);
  // True once the closing ']' of a well-formed array was seen.
  bool finished() const { return finished_; }
  bool malformed() const { return malformed_; }

 private:
  std::function<void(std::string_view)> on_item_;
  std::string item_;
  int depth_ = 0;  // 0 before '[', 1 inside the array, more inside an item.
  bool in_string_ = false, escaped_ = false, finished_ = false, malformed_ = false;
};

}  // namespace quarry::testing_rpc
