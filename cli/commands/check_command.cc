// quarry check (issue 15): CheckGraph's report on the terminal.
#include "cli/commands/commands.h"
#include "store/store_factory.h"

namespace quarry::cli {

Status RunCheck(const CheckArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(GraphCheckReport report, CheckGraph(args.graph_dir));
  for (const std::string& problem : report.problems) std::fprintf(out, "%s\n", problem.c_str());
  if (report.keys_not_listed > 0) {
    std::fprintf(out, "... and %llu more keys that do not decode\n",
                 static_cast<unsigned long long>(report.keys_not_listed));
  }
  std::fprintf(out, "checked %llu %s, %llu keys: %s\n",
               static_cast<unsigned long long>(report.instances_checked),
               report.instance_kind.c_str(), static_cast<unsigned long long>(report.keys_checked),
               report.ok() ? "no damage found" : "DAMAGED");
  if (report.ok()) return Status::OK();
  return DataLossError(args.graph_dir + " is damaged: " +
                       std::to_string(report.problems.size() + report.keys_not_listed) +
                       " problem(s), listed above");
}

}  // namespace quarry::cli
