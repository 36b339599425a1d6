// The `quarry` subcommands. Each returns OK or a Status whose message is
// printed on stderr by main (exit code 1). Results go to `out` (stdout);
// progress and summaries to stderr.
#pragma once

#include <cstdio>

#include "cli/args.h"
#include "graph-core/status.h"

namespace quarry::cli {

Status RunCreate(const CreateArgs& args, std::FILE* out);
Status RunAdd(const AddArgs& args, std::FILE* out);
Status RunExec(const ExecArgs& args, std::FILE* out);
// Blocks SIGINT/SIGTERM before opening the graph, serves until one arrives.
Status RunServe(const ServeArgs& args, std::FILE* out);
Status RunInfo(const InfoArgs& args, std::FILE* out);
// Branch deletes.
Status RunDelete(const DeleteArgs& args, std::FILE* out);
Status RunSchema(const SchemaArgs& args, std::FILE* out);
// harden (issue 15): DataLoss when the graph is damaged (problems on `out`).
Status RunCheck(const CheckArgs& args, std::FILE* out);
// rados2 (issue 14): Graph::Compact (age-off), with what it removed.
Status RunCompact(const CompactArgs& args, std::FILE* out);

}  // namespace quarry::cli
