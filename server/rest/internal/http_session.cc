#include "server/rest/internal/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <cstdio>

#include "server/rest/internal/http_target.h"
#include "server/rest/internal/request_auth.h"

namespace quarry::rest_internal {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

std::string_view View(beast::string_view text) { return {text.data(), text.size()}; }

std::chrono::milliseconds Ms(int ms) { return std::chrono::milliseconds(ms); }

bool IEquals(std::string_view a, std::string_view b) {
  return beast::iequals(beast::string_view(a.data(), a.size()),
                        beast::string_view(b.data(), b.size()));
}

// Errors that mean the peer went away or timed out: nothing to answer.
bool PeerGone(beast::error_code ec) {
  return ec == beast::error::timeout || ec == net::error::eof ||
         ec == net::error::operation_aborted || ec == net::error::connection_reset ||
         ec == net::error::broken_pipe || ec == http::error::end_of_stream ||
         ec == http::error::partial_message ||
         // branch tls: a TLS peer that closed without close_notify, or a
         // record layer error (garbage after the handshake): nothing to answer.
         ec == net::ssl::error::stream_truncated || ec.category() == net::error::get_ssl_category();
}

}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket socket, HttpContext* context)
    : stream_(std::move(socket),
              context->tls != nullptr ? context->tls->Current() : nullptr),  // branch tls
      context_(context),
      // Header bytes plus a read's worth of body in transit: the buffer never
      // holds more than that.
      buffer_(context->limits.max_header_bytes + (64u << 10)) {
  context_->connections.fetch_add(1);
}

HttpSession::~HttpSession() {
  if (id_ != 0) context_->Unregister(id_);
  context_->connections.fetch_sub(1);
}

void HttpSession::Start(bool over_limit) {
  id_ = context_->Register(weak_from_this());
  net::dispatch(stream_.get_executor(), [self = shared_from_this(), over_limit] {
    if (!over_limit) return self->Handshake();
    if (self->stream_.is_tls()) return self->Close();  // No handshake for a 503.
    self->close_after_ = true;
    self->WriteFixed(
        GafferErrorResponse(503, "too many connections: this server allows " +
                                     std::to_string(self->context_->limits.max_connections)));
  });
}

void HttpSession::Shutdown() {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    self->shutdown_ = true;
    if (self->waiting_) self->Close();
  });
}

void HttpSession::Abort() {
  net::post(stream_.get_executor(), [self = shared_from_this()] { self->Close(); });
}

// branch tls: the handshake has the header timeout; garbage, a plaintext
// request or a client certificate the CA did not sign fails it and closes
// the connection.
void HttpSession::Handshake() {
  if (!stream_.is_tls()) return WaitForRequest();
  stream_.tcp().expires_after(Ms(context_->limits.header_timeout_ms));
  stream_.async_handshake([self = shared_from_this()](beast::error_code ec) {
    if (ec) return self->Close();
    self->WaitForRequest();
  });
}

void HttpSession::WaitForRequest() {
  if (shutdown_ || context_->stopping) return Close();
  if (buffer_.size() > 0) return ReadHeader();  // A pipelined request is already here.
  waiting_ = true;
  stream_.tcp().expires_after(Ms(context_->limits.idle_timeout_ms));
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, size_t bytes) {
                            self->waiting_ = false;
                            if (ec) return self->Close();
                            self->buffer_.commit(bytes);
                            self->ReadHeader();
                          });
}

void HttpSession::ReadHeader() {
  parser_.emplace();
  parser_->header_limit(
      static_cast<uint32_t>(std::min<size_t>(context_->limits.max_header_bytes, UINT32_MAX)));
  // Also refuses a larger Content-Length as soon as the header is parsed.
  parser_->body_limit(context_->limits.max_body_bytes);
  // From the first byte: a client dribbling its headers is cut off.
  stream_.tcp().expires_after(Ms(context_->limits.header_timeout_ms));
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->OnHeader(ec); });
}

void HttpSession::OnHeader(beast::error_code ec) {
  if (ec) return FailRead(ec);
  std::optional<RestResponse> answer = Admit();
  if (answer.has_value()) {
    if (!parser_->is_done()) close_after_ = true;  // Its body is not read.
    return WriteFixed(std::move(*answer));
  }
  if (parser_->is_done()) return Dispatch();
  // No 1xx to an HTTP/1.0 client (RFC 9110 15.2), whatever it asked.
  if (IsHttp10() || !IEquals(View(parser_->get()[http::field::expect]), "100-continue")) {
    return ReadBody();
  }
  auto go_on = std::make_shared<http::response<http::empty_body>>(http::status::continue_,
                                                                  parser_->get().version());
  stream_.tcp().expires_after(Ms(context_->limits.send_timeout_ms));
  http::async_write(stream_, *go_on,
                    [self = shared_from_this(), go_on](beast::error_code write_ec, size_t) {
                      if (write_ec) return self->Close();
                      self->ReadBody();
                    });
}

void HttpSession::ReadBody() {
  // Reset for every read: a body may take long, but may not stall.
  stream_.tcp().expires_after(Ms(context_->limits.body_timeout_ms));
  http::async_read_some(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t) { self->OnBodyPart(ec); });
}

void HttpSession::OnBodyPart(beast::error_code ec) {
  if (ec) return FailRead(ec);
  if (parser_->is_done()) return Dispatch();
  ReadBody();
}

void HttpSession::FailRead(beast::error_code ec) {
  if (PeerGone(ec)) return Close();
  close_after_ = true;  // The stream's framing cannot be trusted any more.
  const HttpServerLimits& limits = context_->limits;
  if (ec == http::error::header_limit) {
    return WriteFixed(GafferErrorResponse(431, "the request line and headers exceed " +
                                                   std::to_string(limits.max_header_bytes) +
                                                   " bytes"));
  }
  if (ec == http::error::body_limit) {
    return WriteFixed(GafferErrorResponse(
        413, "the request body exceeds " + std::to_string(limits.max_body_bytes) + " bytes"));
  }
  if (ec == beast::error::timeout) return Close();
  WriteFixed(GafferErrorResponse(400, "malformed HTTP request: " + ec.message()));
}

std::optional<RestResponse> HttpSession::Admit() {
  const Request& request = parser_->get();
  Result<HttpTarget> target = ParseTarget(View(request.target()));
  if (!target.ok()) return GafferErrorResponse(400, target.status().message());
  if (request.method() == http::verb::options) {
    RestResponse allow;
    allow.content_type.clear();
    allow.headers.emplace_back("Allow", "GET, HEAD, POST, PUT, DELETE, OPTIONS");
    return allow;
  }
  handler_ = nullptr;
  bool authenticate = true;
  if (std::optional<std::string_view> api_path = StripApiRoot(target->path)) {
    path_ = std::string(*api_path);
    handler_ = &context_->api;
  } else {
    for (const HttpPathHandler& extra : context_->extra_paths) {
      if (!PathHasPrefix(target->path, extra.prefix)) continue;
      path_ = target->path;
      handler_ = &extra.handle;
      authenticate = extra.authenticate;
      break;
    }
  }
  if (handler_ == nullptr) {
    return GafferErrorResponse(404, "no such path: " + target->path +
                                        " (the REST API is under /rest, /rest/v2 and "
                                        "/rest/latest)");
  }
  query_ = std::move(target->query);
  return Authenticate(authenticate);
}

std::optional<RestResponse> HttpSession::Authenticate(bool required) {
  if (!required) {
    user_ = User();
    return std::nullopt;
  }
  const Request& request = parser_->get();
  std::optional<std::string_view> authorization;
  auto header = request.find(http::field::authorization);
  if (header != request.end()) authorization = View(header->value());
  // branch tls: throttled per source address; a client certificate may
  // name the user.
  RequestOrigin origin;
  boost::system::error_code endpoint_ec;
  const auto remote = stream_.tcp().socket().remote_endpoint(endpoint_ec);
  origin.source = endpoint_ec ? "unknown" : remote.address().to_string();
  if (stream_.is_tls()) origin.certificate_name = PeerCommonName(stream_.native_handle());
  Result<User> user =
      AuthenticateRequest(context_->users, authorization, &context_->throttle, origin);
  if (!user.ok()) {
    RestResponse refused = GafferErrorResponse(401, user.status().message());
    refused.headers.emplace_back("WWW-Authenticate", "Basic realm=\"quarry\"");
    return refused;
  }
  user_ = std::move(*user);
  // Each request holds one of its user's slots while it runs (a streamed
  // result included), so one user's clients cannot occupy every worker.
  const int64_t limit = context_->users.QuotasFor(user_.user_id).max_concurrent_requests;
  Result<RequestSlots::Slot> slot = context_->request_slots.Acquire(user_.user_id, limit);
  if (!slot.ok()) {
    RestResponse refused = GafferErrorResponse(429, slot.status().message());
    refused.headers.emplace_back("Retry-After", "1");
    return refused;
  }
  request_slot_ = std::move(*slot);
  return std::nullopt;
}

void HttpSession::Dispatch() {
  net::post(*context_->workers, [self = shared_from_this()] {
    const Request& message = self->parser_->get();
    RestRequest request;
    // HEAD is GET without the body (RFC 9110 9.3.2): the API sees GET.
    request.method = message.method() == http::verb::head ? std::string_view("GET")
                                                          : View(message.method_string());
    request.path = self->path_;
    request.query = self->query_;
    request.body = message.body();
    request.content_type = View(message[http::field::content_type]);
    request.user = &self->user_;
    const BodyFraming framing = self->IsHttp10() ? BodyFraming::kUntilClose : BodyFraming::kChunked;
    auto prepared = std::make_shared<PreparedResponse>(PrepareResponse(
        *self->handler_, request, self->context_->limits.result_page_items, framing));
    net::post(self->stream_.get_executor(), [self, prepared] {
      if (self->closed_) return;
      if (prepared->streamed) return self->WriteStreamed(prepared);
      self->WriteFixed(std::move(prepared->response));
    });
  });
}

bool HttpSession::IsHead() const {
  return parser_.has_value() && parser_->get().method() == http::verb::head;
}

bool HttpSession::IsHttp10() const { return parser_.has_value() && parser_->get().version() < 11; }

// Beast's keep_alive() follows RFC 9112 9.3: a 1.1 request persists unless
// it says "Connection: close", a 1.0 request only if it says
// "Connection: keep-alive".
bool HttpSession::KeepAlive() const {
  return !close_after_ && !shutdown_ && !context_->stopping && parser_.has_value() &&
         parser_->get().keep_alive();
}

template <typename Message>
void HttpSession::SetHead(const RestResponse& response, Message* message) const {
  message->version(parser_.has_value() ? parser_->get().version() : 11);
  message->result(static_cast<unsigned>(response.status));
  if (!response.content_type.empty()) {
    message->set(http::field::content_type, response.content_type);
  }
  for (const auto& [name, value] : response.headers) message->set(name, value);
  const bool keep_alive = KeepAlive();
  message->keep_alive(keep_alive);  // 1.0: "Connection: keep-alive" when kept.
  // Beast writes no "close" for 1.0, where it is the default; say it anyway.
  if (!keep_alive) message->set(http::field::connection, "close");
}

void HttpSession::WriteFixed(RestResponse response) {
  auto message = std::make_shared<http::response<http::string_body>>();
  SetHead(response, message.get());
  message->body() = std::move(response.body);
  message->prepare_payload();
  if (IsHead()) message->body().clear();  // Content-Length stays the GET body's.
  stream_.tcp().expires_after(Ms(context_->limits.send_timeout_ms));
  http::async_write(stream_, *message,
                    [self = shared_from_this(), message](beast::error_code ec, size_t) {
                      if (ec) return self->Close();
                      self->AfterResponse();
                    });
}

// HTTP/1.1: chunked. HTTP/1.0 knows no chunking: the body goes out as it is
// and the connection's close ends it (Connection: close, no Content-Length),
// so a 1.0 result still streams a page at a time instead of being buffered.
// The head and the first page leave in one write: a result that fits a page
// (most seeded queries) is one send, not a send for the head and another for
// the body.
void HttpSession::WriteStreamed(std::shared_ptr<PreparedResponse> prepared) {
  const bool until_close = IsHttp10();
  if (until_close) close_after_ = true;
  http::response<http::empty_body> message;
  SetHead(prepared->response, &message);
  if (!until_close) message.chunked(true);
  http::fields::writer head(message.base(), message.version(), message.result_int());
  std::string bytes = beast::buffers_to_string(head.get());
  const bool head_only = IsHead();
  if (!head_only) bytes += prepared->first_bytes;
  prepared->first_bytes.clear();
  const bool complete = head_only || prepared->complete;
  WriteBodyBytes(std::move(prepared), std::move(bytes), complete);
}

void HttpSession::WriteBodyBytes(std::shared_ptr<PreparedResponse> prepared, std::string bytes,
                                 bool complete) {
  if (closed_) return;
  if (bytes.empty() && !complete) return FetchNextPage(std::move(prepared));
  write_bytes_ = std::move(bytes);
  stream_.tcp().expires_after(Ms(context_->limits.send_timeout_ms));
  net::async_write(stream_, net::buffer(write_bytes_),
                   [self = shared_from_this(), prepared, complete](beast::error_code ec, size_t) {
                     if (ec) return self->Close();
                     if (!complete) return self->FetchNextPage(prepared);
                     prepared->response.cursor.reset();
                     self->AfterResponse();
                   });
}

void HttpSession::FetchNextPage(std::shared_ptr<PreparedResponse> prepared) {
  // Only now, with the previous page on the wire, is the next one read.
  net::post(*context_->workers, [self = shared_from_this(), prepared] {
    bool complete = false;
    Result<std::string> bytes =
        EncodeNextPage(prepared->response.cursor.get(), prepared->encoder.get(),
                       self->context_->limits.result_page_items, &complete);
    net::post(self->stream_.get_executor(),
              [self, prepared, bytes = std::move(bytes), complete]() mutable {
                if (!bytes.ok()) {
                  // Too late for an error status: the client sees the chunked
                  // body end without its last chunk.
                  std::fprintf(stderr, "quarry serve: http %s: result aborted: %s\n",
                               self->path_.c_str(), bytes.status().ToString().c_str());
                  return self->Close();
                }
                self->WriteBodyBytes(prepared, std::move(*bytes), complete);
              });
  });
}

void HttpSession::AfterResponse() {
  request_slot_ = RequestSlots::Slot();
  if (!KeepAlive()) return CloseAfterLinger();
  parser_.reset();
  close_after_ = false;
  WaitForRequest();
}

void HttpSession::CloseAfterLinger() {
  if (closed_) return;
  beast::error_code ignored;
  stream_.tcp().socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  buffer_.clear();
  Linger(0);
}

void HttpSession::Linger(size_t drained) {
  static constexpr size_t kMaxLingerBytes = 1u << 20;
  stream_.tcp().expires_after(std::chrono::seconds(1));
  stream_.async_read_some(buffer_.prepare(16384),
                          [self = shared_from_this(), drained](beast::error_code ec, size_t bytes) {
                            self->buffer_.clear();
                            if (ec || drained + bytes > kMaxLingerBytes) return self->Close();
                            self->Linger(drained + bytes);
                          });
}

// A request slot outlives Close(): the worker still running the request
// keeps the session, and so the slot, until it finishes.
void HttpSession::Close() {
  if (closed_) return;
  closed_ = true;
  beast::error_code ignored;
  stream_.tcp().socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  stream_.tcp().close();
}

}  // namespace quarry::rest_internal
