// Gaffer operation JSON (what `quarry exec`, the Thrift and REST servers
// read): the raw text through the parser and its limits, then, when it is
// JSON, planned against a scratch graph (a real RocksDB graph in a
// temporary directory) as Gaffer's ValidateOperationChain does: views
// against the schema, inputs and outputs chained, nothing run. The
// document is wrapped as a JSON value, never spliced as text, so only
// ValidateOperationChain itself executes.
#include <memory>

#include "fuzz/fuzz_util.h"
#include "graph-core/json_depth.h"
#include "operations/executor.h"
#include "operations/operation.h"
#include "store/graph.h"

namespace {

const quarry::Executor& ScratchExecutor() {
  static const quarry::Executor* executor = [] {
    auto graph = quarry::Graph::Open(quarry::fuzz::ScratchGraphDir());
    if (!graph.ok()) std::abort();
    quarry::ExecutorLimits limits;
    // The admin operations (Checkpoint, AddElementsFromFile, ...) touch the
    // file system: this user may not run them.
    limits.admin_auth = "fuzz-admin-never-granted";
    limits.max_json_depth = 64;
    return new quarry::Executor(std::shared_ptr<quarry::Graph>(std::move(*graph)), limits);
  }();
  return *executor;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  quarry::ParseLimits limits;
  limits.max_depth = 64;
  (void)quarry::ParseOperationChain(text, limits);
  if (quarry::JsonNestingDepth(text, 64) > 64) return 0;
  quarry::Json chain = quarry::Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (chain.is_discarded()) return 0;
  quarry::Json validate = {{"class", "ValidateOperationChain"}, {"operationChain", chain}};
  quarry::User user;
  user.data_auths = {"A", "B"};
  (void)ScratchExecutor().Execute(user, validate.dump());
  return 0;
}
