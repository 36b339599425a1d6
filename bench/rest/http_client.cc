#include "bench/rest/http_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <limits>

namespace quarry::bench {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

constexpr size_t kReadBytes = 64 << 10;

struct HttpClient::Impl {
  net::io_context io;
  beast::tcp_stream stream{io};
  beast::flat_buffer buffer;
  char body_buffer[kReadBytes];
};

HttpClient::HttpClient(int port) : impl_(std::make_unique<Impl>()) {
  net::ip::tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), static_cast<uint16_t>(port));
  impl_->stream.connect(endpoint);
  impl_->stream.socket().set_option(net::ip::tcp::no_delay(true));
  // Beast reads into the free capacity of this buffer (at least 512 bytes).
  // The parser moves the body out of it, so it never grows by itself: left
  // empty, every recv() got 512 bytes, nearly a million calls for a full-size
  // scan, where curl and Python's http.client read 16-64 KiB at a time.
  impl_->buffer.reserve(kReadBytes);
}

HttpClient::~HttpClient() {
  beast::error_code ignored;
  impl_->stream.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
}

int HttpClient::Post(std::string_view target, std::string_view json,
                     const std::function<void(std::string_view)>& on_body) {
  http::request<http::string_body> request{http::verb::post,
                                           beast::string_view(target.data(), target.size()), 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  request.body().assign(json.data(), json.size());
  request.prepare_payload();
  http::write(impl_->stream, request);

  http::response_parser<http::buffer_body> parser;
  parser.body_limit(std::numeric_limits<std::uint64_t>::max());
  http::read_header(impl_->stream, impl_->buffer, parser);
  while (!parser.is_done()) {
    parser.get().body().data = impl_->body_buffer;
    parser.get().body().size = sizeof(impl_->body_buffer);
    beast::error_code ec;
    http::read(impl_->stream, impl_->buffer, parser, ec);
    if (ec && ec != http::error::need_buffer) throw beast::system_error(ec);
    const size_t got = sizeof(impl_->body_buffer) - parser.get().body().size;
    if (got > 0) on_body(std::string_view(impl_->body_buffer, got));
  }
  return static_cast<int>(parser.get().result_int());
}

}  // namespace quarry::bench
