// The `quarry` command-line tool: create, add, delete, schema, exec, serve, info, check, compact.
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "cli/args.h"
#include "cli/commands/commands.h"
#include "stores/builtin_stores.h"  // The one place the concrete stores are wired in.

namespace {

// Exit codes: 0 success, 1 the command failed, 2 bad command line.
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct Dispatch {
  std::FILE* out;
  quarry::Status operator()(const quarry::cli::HelpRequest& help) const {
    std::fputs(help.text.c_str(), out);
    return quarry::Status::OK();
  }
  quarry::Status operator()(const quarry::cli::CreateArgs& a) const {
    return quarry::cli::RunCreate(a, out);
  }
  quarry::Status operator()(const quarry::cli::AddArgs& a) const {
    return quarry::cli::RunAdd(a, out);
  }
  quarry::Status operator()(const quarry::cli::ExecArgs& a) const {
    return quarry::cli::RunExec(a, out);
  }
  quarry::Status operator()(const quarry::cli::ServeArgs& a) const {
    return quarry::cli::RunServe(a, out);
  }
  quarry::Status operator()(const quarry::cli::InfoArgs& a) const {
    return quarry::cli::RunInfo(a, out);
  }
  quarry::Status operator()(const quarry::cli::DeleteArgs& a) const {
    return quarry::cli::RunDelete(a, out);
  }
  quarry::Status operator()(const quarry::cli::SchemaArgs& a) const {
    return quarry::cli::RunSchema(a, out);
  }
  quarry::Status operator()(const quarry::cli::CheckArgs& a) const {  // harden
    return quarry::cli::RunCheck(a, out);
  }
  quarry::Status operator()(const quarry::cli::CompactArgs& a) const {  // rados2
    return quarry::cli::RunCompact(a, out);
  }
};

}  // namespace

int main(int argc, char** argv) {
  quarry::RegisterBuiltinStores();
  std::vector<std::string> args(argv + 1, argv + argc);
  quarry::Result<quarry::cli::Command> command = quarry::cli::ParseCommandLine(args);
  if (!command.ok()) {
    std::fprintf(stderr, "%s\n", command.status().message().c_str());
    return kExitUsage;
  }
  quarry::Status status = std::visit(Dispatch{stdout}, *command);
  if (!status.ok()) {
    const std::string name = args.empty() ? "quarry" : "quarry " + args[0];
    std::fprintf(stderr, "%s: %s: %s\n", name.c_str(),
                 std::string(quarry::StatusCodeName(status.code())).c_str(),
                 status.message().c_str());
    return kExitFailure;
  }
  return 0;
}
