#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"  // branch service
#include "operations/executor.h"
#include "store/graph.h"

namespace quarry::cli {
namespace {

Result<std::string> ReadOperation(const std::string& file) {
  std::ostringstream text;
  if (file == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return NotFoundError("operation file '" + file + "' cannot be read");
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Status RunExec(const ExecArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::string operation, ReadOperation(args.operation_file));
  // branch service (issue 19): --read-only reads beside a server; the
  // scratch directory outlives the executor and its graph.
  std::optional<ScratchDir> scratch;
  std::unique_ptr<Graph> graph;
  if (args.read_only) {
    QUARRY_ASSIGN_OR_RETURN(scratch, ScratchDir::Create());
    QUARRY_ASSIGN_OR_RETURN(
        graph, OpenGraphReadOnlyForCommand(args.graph_dir, "quarry exec", *scratch, stderr));
  } else {
    QUARRY_ASSIGN_OR_RETURN(graph, OpenGraphForCommand(args.graph_dir, "quarry exec"));
  }
  Executor executor(std::shared_ptr<Graph>(std::move(graph)));
  User user;
  user.user_id = args.user_id;
  user.data_auths = args.data_auths;
  QUARRY_ASSIGN_OR_RETURN(Json result, executor.Execute(user, operation));
  const std::string text = result.dump(2, ' ', false, Json::error_handler_t::replace);
  std::fprintf(out, "%s\n", text.c_str());
  return Status::OK();
}

}  // namespace quarry::cli
