// Command-line parsing for the `quarry` binary: one subcommand, its flags
// (`--flag value` or `--flag=value`; `--` ends flags) and positionals.
//
//   quarry create GRAPH_DIR --schema FILE [--schema FILE ...] [--store-properties FILE]
//   quarry add GRAPH_DIR FILE... [--batch-size N] [--no-validate] [--skip-invalid]
//                                [--progress | --no-progress]
//   quarry exec GRAPH_DIR [--user ID] [--auths A,B] [--read-only] [OPERATION_FILE|-]
//   quarry serve [GRAPH_DIR] [--config FILE] [--port 9090] [--bind ADDR] [--users FILE]
//                          [--max-frame-bytes N] [--max-connections N] [--request-log FILE]
//                          [--metrics-port N] ...
//   quarry info GRAPH_DIR [--read-only]
//   quarry check GRAPH_DIR
//   quarry delete GRAPH_DIR (FILE|-) [--no-validate] [--skip-invalid]
//                                    [--progress | --no-progress]
//   quarry schema GRAPH_DIR --schema FILE [--schema FILE ...]
//   quarry [COMMAND] --help
//
// Errors are InvalidArgument with a message fit for the terminal, naming the
// subcommand and the offending flag or value.
//
// Thread safety: stateless functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "graph-core/status.h"
#include "graph-core/thread_priority.h"

namespace quarry::cli {

// --help (or no command): print `text` to stdout and exit 0.
struct HelpRequest {
  std::string text;
};

struct CreateArgs {
  std::string graph_dir;
  std::vector<std::string> schema_files;  // At least one.
  std::optional<std::string> store_properties_file;
};

enum class ProgressMode { kAuto, kOn, kOff };  // kAuto: on when stderr is a terminal.

struct AddArgs {
  std::string graph_dir;
  std::vector<std::string> files;  // At least one; "-" is stdin.
  size_t batch_size = 10'000;
  bool validate = true;
  bool skip_invalid = false;
  ProgressMode progress = ProgressMode::kAuto;
};

struct ExecArgs {
  std::string graph_dir;
  std::string user_id = "UNKNOWN";  // Gaffer's default user.
  std::vector<std::string> data_auths;
  std::string operation_file = "-";  // "-" is stdin.
  bool read_only = false;            // branch service: --read-only (beside a server).
};

struct ServeArgs {
  std::string graph_dir;
  // Thrift: on `port` unless only --http-port was given.
  bool thrift = true;
  int port = 9090;
  std::optional<int> http_port;  // Gaffer's REST API over HTTP, when given.
  std::string bind_address = "127.0.0.1";
  std::optional<std::string> users_file;
  std::optional<std::string> ui_dir;  // The explorer page's files; default: the build's.
  std::optional<size_t> max_frame_bytes;
  std::optional<int> max_connections;
  // The HTTP server's limits (--http-*); unset: HttpServerLimits' defaults.
  std::optional<size_t> http_max_body_bytes;
  std::optional<size_t> http_max_header_bytes;
  std::optional<int> http_header_timeout_ms;
  std::optional<int> http_idle_timeout_ms;
  std::optional<int> http_body_timeout_ms;
  std::optional<int> http_send_timeout_ms;
  std::optional<int> http_max_connections;
  std::optional<int> http_workers;
  // branch service (issue 19): operating the server.
  std::optional<std::string> request_log;  // --request-log FILE ("-": stderr).
  std::optional<uint64_t> request_log_max_bytes;
  std::optional<int64_t> slow_request_ms;
  std::optional<int> metrics_port;  // /metrics on its own port.
  std::optional<uint64_t> health_min_free_bytes;
  // --- end of branch service.
  // rados2 (issue 14): --sweep-interval-s N, Graph::Compact every N s (0:
  // never); unset: PeriodicSweep's default for the graph's store.
  std::optional<uint64_t> sweep_interval_s;
  // hotkeys (issue 18): the write lane (server/service/write_lane.h).
  ThreadPriority write_priority = ThreadPriority::Idle();  // --write-priority idle|0..19
  int write_threads = 0;  // --write-threads N; 0: the hardware concurrency.
  // --- branch tls (issue 20): TLS and safe defaults.
  std::optional<std::string> tls_cert;              // --tls-cert PEM chain
  std::optional<std::string> tls_key;               // --tls-key PEM key
  std::optional<std::string> tls_client_ca;         // --tls-client-ca: mutual TLS
  bool insecure_allow_plaintext = false;            // Non-loopback without TLS or users.
  bool anonymous_writes = false;                    // No users file: anonymous may write.
  std::optional<std::string> operation_auths_file;  // Gaffer's OperationAuthoriser JSON.
  // Gaffer's OperationChainLimiter hook or ScoreOperationChainHandler JSON.
  std::optional<std::string> operation_scores_file;
  // --- end of branch tls.
};

struct InfoArgs {
  std::string graph_dir;
  bool read_only = false;  // branch service: --read-only.
};

// Branch deletes: `quarry delete` and `quarry schema`.
struct DeleteArgs {
  std::string graph_dir;
  std::string file;  // "-" is stdin.
  bool validate = true;
  bool skip_invalid = false;
  ProgressMode progress = ProgressMode::kAuto;
};

struct SchemaArgs {
  std::string graph_dir;
  std::vector<std::string> schema_files;  // At least one.
};

// harden (issue 15): quarry check.
struct CheckArgs {
  std::string graph_dir;
};

// rados2 (issue 14): quarry compact GRAPH_DIR.
struct CompactArgs {
  std::string graph_dir;
};

using Command =
    std::variant<HelpRequest, CreateArgs, AddArgs, ExecArgs, ServeArgs, InfoArgs, DeleteArgs,
                 SchemaArgs, CheckArgs /* harden */, CompactArgs /* rados2 */>;

// `args` excludes the program name.
Result<Command> ParseCommandLine(const std::vector<std::string>& args);

// The top-level usage text.
std::string MainUsage();

}  // namespace quarry::cli
