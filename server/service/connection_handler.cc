#include "server/service/connection_handler.h"

#include <thrift/transport/TSocket.h>

#include "server/tls/thrift_tls.h"

namespace quarry {
namespace {

using apache::thrift::transport::TSocket;
using apache::thrift::transport::TTransport;

// Forwards every call to the service with this connection's state.
class ConnectionHandler : public rpc::QuarryIf {
 public:
  ConnectionHandler(std::shared_ptr<QuarryService> service, std::shared_ptr<TTransport> client)
      : service_(std::move(service)) {
    if (auto* socket = dynamic_cast<TSocket*>(client.get()); socket != nullptr) {
      connection_.source = socket->getPeerAddress();
    }
    // The handshake has not happened yet: read the certificate when asked.
    connection_.certificate_name = [client] { return ThriftPeerCommonName(client); };
  }
  ~ConnectionHandler() override { service_->CloseConnectionQueries(connection_); }

  void execute(std::string& result, const rpc::Credentials& credentials,
               const std::string& operation_json) override {
    service_->execute(connection_, result, credentials, operation_json);
  }
  void openQuery(std::string& handle, const rpc::Credentials& credentials,
                 const std::string& operation_json, int32_t page_size) override {
    service_->openQuery(connection_, handle, credentials, operation_json, page_size);
  }
  void nextPage(rpc::Page& page, const rpc::Credentials& credentials,
                const std::string& handle) override {
    service_->nextPage(connection_, page, credentials, handle);
  }
  void closeQuery(const rpc::Credentials& credentials, const std::string& handle) override {
    service_->closeQuery(connection_, credentials, handle);
  }
  void addElements(rpc::AddElementsResult& result, const rpc::Credentials& credentials,
                   const std::vector<rpc::Element>& elements,
                   const rpc::AddElementsOptions& options) override {
    service_->addElements(connection_, result, credentials, elements, options);
  }
  void status(rpc::ServiceStatus& result) override { service_->status(result); }

 private:
  std::shared_ptr<QuarryService> service_;
  ServiceConnection connection_;
};

}  // namespace

rpc::QuarryIf* QuarryConnectionFactory::getHandler(
    const apache::thrift::TConnectionInfo& connection) {
  auto* handler = new ConnectionHandler(service_, connection.transport);
  if (!wrap_) return handler;
  return wrap_(std::shared_ptr<rpc::QuarryIf>(handler)).release();
}

void QuarryConnectionFactory::releaseHandler(rpc::QuarryIf* handler) { delete handler; }

}  // namespace quarry
