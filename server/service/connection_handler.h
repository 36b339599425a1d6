// QuarryConnectionFactory: one Thrift handler per client connection (branch
// tls, issue 20). Each knows the connection's source address (failed
// authentications are throttled per address) and, over mutual TLS, the
// verified client certificate's common name (which may name the user instead
// of a token); when the connection closes, the paged queries opened on it
// are closed at once rather than after the idle timeout.
//
// Thread safety: getHandler/releaseHandler are called by the server's accept
// and connection threads; each handler by its connection's thread only.
#pragma once

#include <functional>
#include <memory>

#include "server/rpc/Quarry.h"
#include "server/service/quarry_service.h"

namespace quarry {

class QuarryConnectionFactory : public rpc::QuarryIfFactory {
 public:
  // Wraps each connection's handler (e.g. in the request log and metrics'
  // ObservedQuarryService, branch service); the wrapper owns what it is given.
  using Wrap = std::function<std::unique_ptr<rpc::QuarryIf>(std::shared_ptr<rpc::QuarryIf>)>;

  explicit QuarryConnectionFactory(std::shared_ptr<QuarryService> service, Wrap wrap = nullptr)
      : service_(std::move(service)), wrap_(std::move(wrap)) {}

  rpc::QuarryIf* getHandler(const apache::thrift::TConnectionInfo& connection) override;
  // Closes the connection's queries and deletes the handler.
  void releaseHandler(rpc::QuarryIf* handler) override;

 private:
  std::shared_ptr<QuarryService> service_;
  Wrap wrap_;
};

}  // namespace quarry
