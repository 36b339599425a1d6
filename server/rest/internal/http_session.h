// One HTTP connection: reads requests one after another (keep-alive),
// applies the limits, authenticates, hands each request to a worker and
// writes its response, streaming cursor results a page at a time (the next
// page is read only once the previous one has been written, so memory is
// bounded by a page): chunked for HTTP/1.1, unframed until the connection
// closes for HTTP/1.0. Every step runs on the connection's strand; API calls
// and cursor pages run on the context's workers.
//
// Lifetime: shared; kept alive by its pending operations. Thread safety:
// Shutdown() may be called from any thread; the rest runs on the strand.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>

#include "server/rest/internal/http_context.h"
#include "server/rest/internal/response_preparer.h"
#include "server/rest/internal/session_stream.h"

namespace quarry::rest_internal {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // REQUIRES: `socket` runs on its own strand. Counts itself in
  // context->connections until destroyed.
  HttpSession(boost::asio::ip::tcp::socket socket, HttpContext* context);
  ~HttpSession();

  // Starts serving; `over_limit`: answer 503 and close.
  void Start(bool over_limit);
  // Closes the connection once idle (at once if it waits for a request).
  void Shutdown();
  // Closes the connection now, whatever it is doing.
  void Abort();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;

  void Handshake();  // branch tls: TLS first, then requests.
  void WaitForRequest();
  void ReadHeader();
  void OnHeader(boost::beast::error_code ec);
  void ReadBody();
  void OnBodyPart(boost::beast::error_code ec);
  void FailRead(boost::beast::error_code ec);
  // Chooses the handler and authenticates the user. An answer to write at
  // once (an error, OPTIONS), or nullopt when the request goes to a handler.
  std::optional<RestResponse> Admit();
  std::optional<RestResponse> Authenticate(bool required);
  void Dispatch();
  bool KeepAlive() const;
  bool IsHead() const;
  bool IsHttp10() const;  // The current request is HTTP/1.0 (or older).
  template <typename Message>
  void SetHead(const RestResponse& response, Message* message) const;
  void WriteFixed(RestResponse response);
  void WriteStreamed(std::shared_ptr<PreparedResponse> prepared);
  void WriteBodyBytes(std::shared_ptr<PreparedResponse> prepared, std::string bytes, bool complete);
  void FetchNextPage(std::shared_ptr<PreparedResponse> prepared);
  void AfterResponse();
  // Closes after a response without losing it: a peer still sending (a
  // refused body) would otherwise get a reset that can discard the
  // response before it reads it. Half-closes, then reads and drops up to
  // 1 MiB for up to a second.
  void CloseAfterLinger();
  void Linger(size_t drained);
  void Close();

  SessionStream stream_;  // branch tls: plain TCP or TLS.
  HttpContext* context_;
  uint64_t id_ = 0;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;

  bool waiting_ = false;      // For a request's first byte (idle keep-alive).
  bool shutdown_ = false;     // Close after the current response.
  bool close_after_ = false;  // This response ends the connection.
  bool closed_ = false;
  const RestHandler* handler_ = nullptr;
  std::string path_;  // Decoded, under the API root for the API.
  std::string query_;
  User user_;
  // The user's concurrent-request slot, held from admission until the
  // response is written or the connection closes (issue 20).
  RequestSlots::Slot request_slot_;
  std::string write_bytes_;  // A streamed body's bytes, kept alive while written.
};

}  // namespace quarry::rest_internal
