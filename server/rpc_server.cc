#include "server/rpc_server.h"

#include <pthread.h>
#include <signal.h>
#include <thrift/TConfiguration.h>
#include <thrift/concurrency/ThreadFactory.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/server/TThreadedServer.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TServerSocket.h>
#include <thrift/transport/TSocket.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <mutex>

#include "server/tls/thrift_tls.h"

namespace quarry {
namespace {

using apache::thrift::TConfiguration;
using apache::thrift::protocol::TBinaryProtocolFactory;
using apache::thrift::server::TServerEventHandler;
using apache::thrift::server::TThreadedServer;
using apache::thrift::transport::TFramedTransport;
using apache::thrift::transport::TServerSocket;
using apache::thrift::transport::TSocket;
using apache::thrift::transport::TTransport;
using apache::thrift::transport::TTransportFactory;

// libthrift refuses messages above its default 100 MiB message size.
constexpr size_t kLibthriftMessageCap = TConfiguration::DEFAULT_MAX_MESSAGE_SIZE;

// libthrift 0.17 counts every byte a transport reads against one message-size
// budget (TConfiguration's 100 MiB) and resets it only where a transport knows
// a message ended, which a served socket and a framed transport do not: a
// long-lived connection died after ~100 MiB in total. Each message's size is
// bounded by the frame limit, so both budgets restart at every read/message.
class ServedSocket : public TSocket {
 public:
  using TSocket::TSocket;
  uint32_t read(uint8_t* buf, uint32_t len) override {
    resetConsumedMessageSize();
    return TSocket::read(buf, len);
  }
};

class ServedFramedTransport : public TFramedTransport {
 public:
  using TFramedTransport::TFramedTransport;
  uint32_t readEnd() override {
    resetConsumedMessageSize();
    return TFramedTransport::readEnd();
  }
};

// A server socket whose connections are ServedSockets.
class ServedServerSocket : public TServerSocket {
 public:
  using TServerSocket::TServerSocket;

 protected:
  std::shared_ptr<TSocket> createSocket(THRIFT_SOCKET client) override {
    if (interruptableChildren_) {
      return std::make_shared<ServedSocket>(client, pChildInterruptSockReader_);
    }
    return std::make_shared<ServedSocket>(client);
  }
};

// Framed transports with our frame limit (TFramedTransportFactory would use
// libthrift's default 16 MB).
class LimitedFramedTransportFactory : public TTransportFactory {
 public:
  explicit LimitedFramedTransportFactory(size_t max_frame_bytes)
      : config_(std::make_shared<TConfiguration>(
            static_cast<int>(kLibthriftMessageCap),
            static_cast<int>(std::min(max_frame_bytes, kLibthriftMessageCap)))) {}
  std::shared_ptr<TTransport> getTransport(std::shared_ptr<TTransport> transport) override {
    return std::make_shared<ServedFramedTransport>(std::move(transport), config_);
  }

 private:
  std::shared_ptr<TConfiguration> config_;
};

// Tells Start() when the server is listening (or has failed to).
class ReadySignal : public TServerEventHandler {
 public:
  void preServe() override { Set(Status::OK()); }
  // branch service (issue 19): counts open connections for the metrics.
  void* createContext(std::shared_ptr<apache::thrift::protocol::TProtocol>,
                      std::shared_ptr<apache::thrift::protocol::TProtocol>) override {
    connections.fetch_add(1);
    return nullptr;
  }
  void deleteContext(void*, std::shared_ptr<apache::thrift::protocol::TProtocol>,
                     std::shared_ptr<apache::thrift::protocol::TProtocol>) override {
    connections.fetch_sub(1);
  }
  std::atomic<int64_t> connections{0};
  void Set(Status status) {
    std::lock_guard lock(mu_);
    if (!done_) {
      done_ = true;
      promise_.set_value(std::move(status));
    }
  }
  std::future<Status> future() { return promise_.get_future(); }

 private:
  std::mutex mu_;
  bool done_ = false;
  std::promise<Status> promise_;
};

}  // namespace

Result<std::unique_ptr<RpcServer>> RpcServer::Start(std::shared_ptr<rpc::QuarryIf> handler,
                                                    const ServerOptions& options) {
  return Start(std::make_shared<rpc::QuarryIfSingletonFactory>(std::move(handler)), options);
}

Result<std::unique_ptr<RpcServer>> RpcServer::Start(std::shared_ptr<rpc::QuarryIfFactory> handlers,
                                                    const ServerOptions& options) {
  const ServerLimits& limits = options.limits;
  // branch tls: TLS sockets when configured.
  std::shared_ptr<TServerSocket> socket =
      options.tls != nullptr
          ? MakeTlsServerSocket(options.bind_address, options.port, options.tls)
          : std::make_shared<ServedServerSocket>(options.bind_address, options.port);
  socket->setRecvTimeout(limits.recv_timeout_ms);
  socket->setSendTimeout(limits.send_timeout_ms);
  auto protocol = std::make_shared<TBinaryProtocolFactory>(
      limits.max_string_bytes, limits.max_container_items, /*strict_read=*/true,
      /*strict_write=*/true);
  auto transport = std::make_shared<LimitedFramedTransportFactory>(limits.max_frame_bytes);
  auto processor = std::make_shared<rpc::QuarryProcessorFactory>(std::move(handlers));

  std::unique_ptr<RpcServer> server(new RpcServer());
  server->server_ = std::make_shared<TThreadedServer>(processor, socket, transport, protocol);
  server->server_->setConcurrentClientLimit(std::max<int64_t>(1, limits.max_connections));
  auto ready = std::make_shared<ReadySignal>();
  server->server_->setServerEventHandler(ready);
  std::future<Status> started = ready->future();

  server->serve_thread_ = std::thread([srv = server->server_, ready] {
    try {
      srv->serve();
    } catch (const std::exception& e) {
      ready->Set(UnavailableError(std::string("thrift server failed: ") + e.what()));
    }
    ready->Set(UnavailableError("thrift server stopped before listening"));
  });
  Status status = started.get();
  if (!status.ok()) {
    server->serve_thread_.join();
    return status.WithContext("listening on " + options.bind_address + ":" +
                              std::to_string(options.port));
  }
  server->port_ = socket->getPort();
  return server;
}

// branch service (issue 19).
int64_t RpcServer::active_connections() const {
  if (!server_) return 0;
  auto ready = std::dynamic_pointer_cast<ReadySignal>(server_->getEventHandler());
  return ready ? ready->connections.load() : 0;
}

void RpcServer::Stop() {
  if (server_) server_->stop();
}

void RpcServer::Wait() {
  if (serve_thread_.joinable()) serve_thread_.join();
}

RpcServer::~RpcServer() {
  Stop();
  Wait();
}

void BlockTerminationSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);  // branch tls: sigwait'ed for reloads, never fatal.
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

int WaitForTerminationSignal() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  int signal_number = 0;
  while (sigwait(&set, &signal_number) != 0) {
  }
  return signal_number;
}

}  // namespace quarry
