#include "tests/server/testing/http_test_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>

namespace quarry::testing_rpc {

std::string HttpTestResponse::Header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? "" : it->second;
}

HttpTestClient::HttpTestClient(int port) {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) return;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    close(fd_);
    fd_ = -1;
    return;
  }
  int one = 1;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

HttpTestClient::~HttpTestClient() {
  if (fd_ >= 0) close(fd_);
}

bool HttpTestClient::Send(std::string_view bytes) {
  while (!bytes.empty() && fd_ >= 0) {
    const ssize_t n = send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return fd_ >= 0;
}

bool HttpTestClient::Fill(int timeout_ms) {
  if (fd_ < 0) return false;
  pollfd p{fd_, POLLIN, 0};
  if (poll(&p, 1, timeout_ms) <= 0) return false;
  char chunk[65536];
  const ssize_t n = recv(fd_, chunk, sizeof(chunk), 0);
  if (n <= 0) return false;
  buffer_.append(chunk, static_cast<size_t>(n));
  return true;
}

bool HttpTestClient::ReadLine(int timeout_ms, std::string* line) {
  size_t end;
  while ((end = buffer_.find("\r\n")) == std::string::npos) {
    if (!Fill(timeout_ms)) return false;
  }
  *line = buffer_.substr(0, end);
  buffer_.erase(0, end + 2);
  return true;
}

bool HttpTestClient::ReadExactly(size_t n, int timeout_ms, std::string* out) {
  while (buffer_.size() < n) {
    if (!Fill(timeout_ms)) return false;
  }
  out->assign(buffer_, 0, n);
  buffer_.erase(0, n);
  return true;
}

HttpTestResponse HttpTestClient::Read(int timeout_ms,
                                      const std::function<void(std::string_view)>& on_body,
                                      bool head_request) {
  HttpTestResponse response;
  std::string line;
  if (!ReadLine(timeout_ms, &line) || line.size() < 12 || line.compare(0, 5, "HTTP/") != 0) {
    return response;
  }
  const int status = std::atoi(line.c_str() + 9);
  while (ReadLine(timeout_ms, &line) && !line.empty()) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) return response;
    std::string name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    size_t value = colon + 1;
    while (value < line.size() && line[value] == ' ') ++value;
    response.headers[name] = line.substr(value);
  }
  if (!line.empty()) return response;
  response.status = status;
  auto deliver = [&](std::string data, bool is_chunk) {
    if (on_body) return on_body(data);
    response.body.append(data);
    if (is_chunk) response.chunks.push_back(std::move(data));
  };
  if (head_request || status < 200 || status == 204 || status == 304) {  // No body.
    response.complete = true;
    return response;
  }
  if (response.Header("transfer-encoding") == "chunked") {
    while (ReadLine(timeout_ms, &line)) {
      const size_t size = std::strtoul(line.c_str(), nullptr, 16);
      std::string data;
      if (size == 0) {
        response.complete = ReadLine(timeout_ms, &line) && line.empty();
        return response;
      }
      if (!ReadExactly(size + 2, timeout_ms, &data)) return response;
      data.resize(size);
      deliver(std::move(data), true);
    }
    return response;
  }
  if (!response.Header("content-length").empty()) {
    std::string data;
    response.complete = ReadExactly(
        std::strtoull(response.Header("content-length").c_str(), nullptr, 10), timeout_ms, &data);
    deliver(std::move(data), false);
    return response;
  }
  while (Fill(timeout_ms)) {
  }
  deliver(std::move(buffer_), false);
  buffer_.clear();
  response.complete = true;
  return response;
}

HttpTestResponse HttpTestClient::Call(std::string_view request, int timeout_ms) {
  if (!Send(request)) return HttpTestResponse();
  return Read(timeout_ms);
}

bool HttpTestClient::WaitClosed(int timeout_ms) {
  if (fd_ < 0) return true;
  buffer_.clear();
  const auto deadline_step = 50;
  for (int waited = 0; waited < timeout_ms; waited += deadline_step) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, deadline_step) <= 0) continue;
    char chunk[4096];
    const ssize_t n = recv(fd_, chunk, sizeof(chunk), 0);
    if (n <= 0) return true;
  }
  return false;
}

std::string BasicAuthorization(std::string_view user, std::string_view token) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string plain = std::string(user) + ":" + std::string(token);
  std::string out = "Basic ";
  for (size_t i = 0; i < plain.size(); i += 3) {
    uint32_t bits = static_cast<uint8_t>(plain[i]) << 16;
    if (i + 1 < plain.size()) bits |= static_cast<uint8_t>(plain[i + 1]) << 8;
    if (i + 2 < plain.size()) bits |= static_cast<uint8_t>(plain[i + 2]);
    out.push_back(kAlphabet[(bits >> 18) & 63]);
    out.push_back(kAlphabet[(bits >> 12) & 63]);
    out.push_back(i + 1 < plain.size() ? kAlphabet[(bits >> 6) & 63] : '=');
    out.push_back(i + 2 < plain.size() ? kAlphabet[bits & 63] : '=');
  }
  return out;
}

std::string HttpRequest(std::string_view method, std::string_view target, std::string_view body,
                        std::string_view authorization,
                        const std::vector<std::string>& extra_headers) {
  std::string request =
      std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: localhost\r\n";
  if (!authorization.empty()) request += "Authorization: " + std::string(authorization) + "\r\n";
  for (const std::string& header : extra_headers) request += header + "\r\n";
  if (!body.empty() || method == "POST") {
    request +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  }
  request += "\r\n";
  request += body;
  return request;
}

void JsonArrayItemSplitter::Feed(std::string_view bytes) {
  for (const char c : bytes) {
    if (malformed_) return;
    if (depth_ == 0) {
      if (c == '[' && !finished_)
        depth_ = 1;
      else if (!std::isspace(static_cast<unsigned char>(c)))
        malformed_ = true;
      continue;
    }
    if (depth_ == 1 && !in_string_) {
      if (c == ',' || c == ']') {
        if (!item_.empty()) on_item_(item_);
        item_.clear();
        if (c == ']') {
          depth_ = 0;
          finished_ = true;
        }
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) continue;
    }
    item_.push_back(c);
    if (in_string_) {
      if (escaped_)
        escaped_ = false;
      else if (c == '\\')
        escaped_ = true;
      else if (c == '"')
        in_string_ = false;
    } else if (c == '"') {
      in_string_ = true;
    } else if (c == '{' || c == '[') {
      ++depth_;
    } else if (c == '}' || c == ']') {
      --depth_;
    }
  }
}

}  // namespace quarry::testing_rpc
