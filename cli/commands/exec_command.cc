#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "cli/commands/commands.h"
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
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, Graph::Open(args.graph_dir));
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
