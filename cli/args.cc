#include "cli/args.h"

#include <charconv>
#include <map>
#include <string_view>

#include "cli/config_file.h"  // branch service
#include "cli/internal/usage.h"

namespace quarry::cli {
namespace {

struct FlagSpec {
  std::string_view name;  // Without "--".
  bool takes_value;
};

// Flags (name -> values in order) and positionals of one subcommand.
struct RawArgs {
  std::map<std::string, std::vector<std::string>, std::less<>> flags;
  std::vector<std::string> positionals;
  bool help = false;

  bool Has(std::string_view name) const { return flags.find(name) != flags.end(); }
  const std::string* Last(std::string_view name) const {
    auto it = flags.find(name);
    return it == flags.end() ? nullptr : &it->second.back();
  }
};

Status UsageError(std::string_view command, const std::string& message) {
  return InvalidArgumentError("quarry " + std::string(command) + ": " + message + " (see 'quarry " +
                              std::string(command) + " --help')");
}

const FlagSpec* FindSpec(const std::vector<FlagSpec>& specs, std::string_view name) {
  for (const FlagSpec& spec : specs) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

Result<RawArgs> SplitArgs(std::string_view command, const std::vector<std::string>& args,
                          const std::vector<FlagSpec>& specs) {
  RawArgs raw;
  bool flags_done = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (flags_done || arg == "-" || arg.rfind("--", 0) != 0) {
      if (!flags_done && arg.size() > 1 && arg[0] == '-' && arg != "-") {
        return UsageError(command, "unknown flag '" + arg + "'");
      }
      raw.positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      flags_done = true;
      continue;
    }
    std::string name = arg.substr(2);
    std::optional<std::string> value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (name == "help") {
      raw.help = true;
      continue;
    }
    const FlagSpec* spec = FindSpec(specs, name);
    if (spec == nullptr) return UsageError(command, "unknown flag '--" + name + "'");
    if (!spec->takes_value) {
      if (value) return UsageError(command, "flag '--" + name + "' takes no value");
      raw.flags[name].push_back("");
      continue;
    }
    if (!value) {
      if (i + 1 >= args.size()) return UsageError(command, "flag '--" + name + "' needs a value");
      value = args[++i];
    }
    raw.flags[name].push_back(*value);
  }
  return raw;
}

Result<uint64_t> ParseUnsigned(std::string_view command, std::string_view flag,
                               const std::string& text, uint64_t min, uint64_t max) {
  uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < min ||
      value > max) {
    return UsageError(command, "--" + std::string(flag) + ": expected a whole number in [" +
                                   std::to_string(min) + ", " + std::to_string(max) + "], got '" +
                                   text + "'");
  }
  return value;
}

Status RequireGraphDir(std::string_view command, const RawArgs& raw) {
  if (raw.positionals.empty()) return UsageError(command, "missing GRAPH_DIR");
  return Status::OK();
}

Status RequireNoExtra(std::string_view command, const RawArgs& raw, size_t allowed) {
  if (raw.positionals.size() > allowed) {
    return UsageError(command, "unexpected argument '" + raw.positionals[allowed] + "'");
  }
  return Status::OK();
}

Result<Command> ParseCreate(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(
      RawArgs raw, SplitArgs("create", args, {{"schema", true}, {"store-properties", true}}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kCreateUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("create", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("create", raw, 1));
  CreateArgs out;
  out.graph_dir = raw.positionals[0];
  if (!raw.Has("schema")) return UsageError("create", "at least one --schema FILE is required");
  out.schema_files = raw.flags["schema"];
  if (const std::string* p = raw.Last("store-properties")) out.store_properties_file = *p;
  return out;
}

Result<Command> ParseAdd(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("add", args,
                                                 {{"batch-size", true},
                                                  {"no-validate", false},
                                                  {"skip-invalid", false},
                                                  {"progress", false},
                                                  {"no-progress", false}}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kAddUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("add", raw));
  if (raw.positionals.size() < 2) return UsageError("add", "missing FILE (use - for stdin)");
  if (raw.Has("progress") && raw.Has("no-progress")) {
    return UsageError("add", "--progress and --no-progress contradict each other");
  }
  AddArgs out;
  out.graph_dir = raw.positionals[0];
  out.files.assign(raw.positionals.begin() + 1, raw.positionals.end());
  if (const std::string* p = raw.Last("batch-size")) {
    QUARRY_ASSIGN_OR_RETURN(out.batch_size, ParseUnsigned("add", "batch-size", *p, 1, 1'000'000));
  }
  out.validate = !raw.Has("no-validate");
  out.skip_invalid = raw.Has("skip-invalid");
  if (raw.Has("progress")) out.progress = ProgressMode::kOn;
  if (raw.Has("no-progress")) out.progress = ProgressMode::kOff;
  return out;
}

Result<std::vector<std::string>> SplitAuths(const std::string& text) {
  std::vector<std::string> auths;
  if (text.empty()) return auths;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.empty()) return UsageError("exec", "--auths: empty auth in '" + text + "'");
    auths.push_back(std::move(item));
    if (comma == std::string::npos) return auths;
    start = comma + 1;
  }
}

Result<Command> ParseExec(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(
      RawArgs raw,
      SplitArgs("exec", args,
                {{"user", true}, {"auths", true}, {"read-only", false}}));  // branch service
  if (raw.help) return HelpRequest{std::string(usage_internal::kExecUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("exec", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("exec", raw, 2));
  ExecArgs out;
  out.graph_dir = raw.positionals[0];
  if (raw.positionals.size() == 2) out.operation_file = raw.positionals[1];
  if (const std::string* p = raw.Last("user")) {
    if (p->empty()) return UsageError("exec", "--user: empty user id");
    out.user_id = *p;
  }
  if (const std::string* p = raw.Last("auths")) {
    QUARRY_ASSIGN_OR_RETURN(out.data_auths, SplitAuths(*p));
  }
  out.read_only = raw.Has("read-only");  // branch service
  return out;
}

// Sets `*field` from flag `name` when given, within [min, max].
template <typename T>
Status ParseOptionalUnsigned(const RawArgs& raw, const char* name, uint64_t min, uint64_t max,
                             std::optional<T>* field) {
  const std::string* p = raw.Last(name);
  if (p == nullptr) return Status::OK();
  QUARRY_ASSIGN_OR_RETURN(uint64_t value, ParseUnsigned("serve", name, *p, min, max));
  *field = static_cast<T>(value);
  return Status::OK();
}

// The --http-* limits. Bounds: what Beast's parser can take (header limit
// is 32-bit), timeouts from 100 ms to a day.
Status ParseHttpLimits(const RawArgs& raw, ServeArgs* out) {
  constexpr uint64_t kDayMs = 86'400'000;
  QUARRY_RETURN_IF_ERROR(
      ParseOptionalUnsigned(raw, "http-max-body", 1, uint64_t{1} << 40, &out->http_max_body_bytes));
  QUARRY_RETURN_IF_ERROR(ParseOptionalUnsigned(raw, "http-max-header", 1024, uint64_t{1} << 30,
                                               &out->http_max_header_bytes));
  QUARRY_RETURN_IF_ERROR(ParseOptionalUnsigned(raw, "http-header-timeout-ms", 100, kDayMs,
                                               &out->http_header_timeout_ms));
  QUARRY_RETURN_IF_ERROR(
      ParseOptionalUnsigned(raw, "http-idle-timeout-ms", 100, kDayMs, &out->http_idle_timeout_ms));
  QUARRY_RETURN_IF_ERROR(
      ParseOptionalUnsigned(raw, "http-body-timeout-ms", 100, kDayMs, &out->http_body_timeout_ms));
  QUARRY_RETURN_IF_ERROR(
      ParseOptionalUnsigned(raw, "http-send-timeout-ms", 100, kDayMs, &out->http_send_timeout_ms));
  QUARRY_RETURN_IF_ERROR(
      ParseOptionalUnsigned(raw, "http-max-connections", 1, 100'000, &out->http_max_connections));
  return ParseOptionalUnsigned(raw, "http-workers", 1, 256, &out->http_workers);
}

// --- branch service (issue 19): --config FILE and the operating flags.
const std::vector<FlagSpec>& ServeFlagSpecs() {
  static const std::vector<FlagSpec> specs = {{"port", true},
                                              {"http-port", true},
                                              {"bind", true},
                                              {"users", true},
                                              {"ui-dir", true},
                                              {"max-frame-bytes", true},
                                              {"max-connections", true},
                                              {"http-max-body", true},
                                              {"http-max-header", true},
                                              {"http-header-timeout-ms", true},
                                              {"http-idle-timeout-ms", true},
                                              {"http-body-timeout-ms", true},
                                              {"http-send-timeout-ms", true},
                                              {"http-max-connections", true},
                                              {"http-workers", true},
                                              {"request-log", true},
                                              {"request-log-max-bytes", true},
                                              {"slow-request-ms", true},
                                              {"metrics-port", true},
                                              {"health-min-free-bytes", true},
                                              // branch tls (issue 20).
                                              {"tls-cert", true},
                                              {"tls-key", true},
                                              {"tls-client-ca", true},
                                              {"insecure-allow-plaintext", false},
                                              {"anonymous-writes", false},
                                              {"operation-auths", true},
                                              {"operation-scores", true},
                                              // rados2 (issue 14).
                                              {"sweep-interval-s", true},
                                              // hotkeys (issue 18).
                                              {"write-priority", true},
                                              {"write-threads", true}};
  return specs;
}

Result<std::vector<std::string>> ExpandServeConfig(const std::vector<std::string>& args) {
  std::vector<std::string> known, valueless;
  for (const FlagSpec& spec : ServeFlagSpecs()) {
    (spec.takes_value ? known : valueless).emplace_back(spec.name);
  }
  return ExpandConfigFile(args, known, valueless);
}

Status ParseOperatingFlags(const RawArgs& raw, ServeArgs* out) {
  if (const std::string* p = raw.Last("request-log")) {
    if (p->empty()) return UsageError("serve", "--request-log: empty file name (use - for stderr)");
    out->request_log = *p;
  }
  if (const std::string* p = raw.Last("request-log-max-bytes")) {
    QUARRY_ASSIGN_OR_RETURN(
        out->request_log_max_bytes,
        ParseUnsigned("serve", "request-log-max-bytes", *p, 0, uint64_t{1} << 40));
  }
  if (const std::string* p = raw.Last("slow-request-ms")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t ms,
                            ParseUnsigned("serve", "slow-request-ms", *p, 0, 86'400'000));
    out->slow_request_ms = static_cast<int64_t>(ms);
  }
  if (const std::string* p = raw.Last("metrics-port")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t port, ParseUnsigned("serve", "metrics-port", *p, 0, 65535));
    out->metrics_port = static_cast<int>(port);
  }
  if (const std::string* p = raw.Last("sweep-interval-s")) {  // rados2
    QUARRY_ASSIGN_OR_RETURN(out->sweep_interval_s,
                            ParseUnsigned("serve", "sweep-interval-s", *p, 0, 366 * 86'400));
  }
  if (const std::string* p = raw.Last("write-priority")) {  // hotkeys (issue 18)
    Result<ThreadPriority> priority = ParseThreadPriority(*p, "--write-priority");
    if (!priority.ok()) return UsageError("serve", priority.status().message());
    out->write_priority = *priority;
  }
  if (const std::string* p = raw.Last("write-threads")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t n, ParseUnsigned("serve", "write-threads", *p, 0, 256));
    out->write_threads = static_cast<int>(n);
  }
  if (const std::string* p = raw.Last("health-min-free-bytes")) {
    QUARRY_ASSIGN_OR_RETURN(
        out->health_min_free_bytes,
        ParseUnsigned("serve", "health-min-free-bytes", *p, 0, uint64_t{1} << 50));
  }
  return Status::OK();
}
// --- end of branch service.

// --- branch tls (issue 20): --tls-*, --insecure-allow-plaintext,
// --anonymous-writes, --operation-auths, --operation-scores.
Status ParseTlsFlags(const RawArgs& raw, ServeArgs* out) {
  for (auto [flag, target] :
       {std::pair{"tls-cert", &out->tls_cert}, std::pair{"tls-key", &out->tls_key},
        std::pair{"tls-client-ca", &out->tls_client_ca},
        std::pair{"operation-auths", &out->operation_auths_file},
        std::pair{"operation-scores", &out->operation_scores_file}}) {
    if (const std::string* p = raw.Last(flag)) {
      if (p->empty()) return UsageError("serve", "--" + std::string(flag) + ": empty file name");
      *target = *p;
    }
  }
  if (out->tls_cert.has_value() != out->tls_key.has_value()) {
    return UsageError("serve", "--tls-cert and --tls-key go together");
  }
  if (out->tls_client_ca && !out->tls_cert) {
    return UsageError("serve", "--tls-client-ca needs --tls-cert and --tls-key");
  }
  out->insecure_allow_plaintext = raw.Has("insecure-allow-plaintext");
  out->anonymous_writes = raw.Has("anonymous-writes");
  return Status::OK();
}
// --- end of branch tls.

Result<Command> ParseServe(const std::vector<std::string>& given_args) {
  QUARRY_ASSIGN_OR_RETURN(const std::vector<std::string> args,
                          ExpandServeConfig(given_args));  // branch service
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("serve", args, ServeFlagSpecs()));
  if (raw.help) return HelpRequest{std::string(usage_internal::kServeUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("serve", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("serve", raw, 1));
  ServeArgs out;
  out.graph_dir = raw.positionals[0];
  if (const std::string* p = raw.Last("port")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t port, ParseUnsigned("serve", "port", *p, 0, 65535));
    out.port = static_cast<int>(port);
  }
  if (const std::string* p = raw.Last("http-port")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t port, ParseUnsigned("serve", "http-port", *p, 0, 65535));
    out.http_port = static_cast<int>(port);
    // Either port may be given alone; with neither, Thrift on its default.
    out.thrift = raw.Last("port") != nullptr;
  }
  if (const std::string* p = raw.Last("bind")) {
    if (p->empty()) return UsageError("serve", "--bind: empty address");
    out.bind_address = *p;
  }
  if (const std::string* p = raw.Last("users")) out.users_file = *p;
  if (const std::string* p = raw.Last("ui-dir")) {
    if (p->empty()) return UsageError("serve", "--ui-dir: empty directory");
    out.ui_dir = *p;
  }
  if (const std::string* p = raw.Last("max-frame-bytes")) {
    QUARRY_ASSIGN_OR_RETURN(out.max_frame_bytes,
                            ParseUnsigned("serve", "max-frame-bytes", *p, 1024, 100'000'000));
  }
  if (const std::string* p = raw.Last("max-connections")) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t connections,
                            ParseUnsigned("serve", "max-connections", *p, 1, 10'000));
    out.max_connections = static_cast<int>(connections);
  }
  QUARRY_RETURN_IF_ERROR(ParseHttpLimits(raw, &out));
  QUARRY_RETURN_IF_ERROR(ParseOperatingFlags(raw, &out));  // branch service
  QUARRY_RETURN_IF_ERROR(ParseTlsFlags(raw, &out));        // branch tls
  return out;
}

Result<Command> ParseInfo(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw,
                          SplitArgs("info", args, {{"read-only", false}}));  // branch service
  if (raw.help) return HelpRequest{std::string(usage_internal::kInfoUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("info", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("info", raw, 1));
  return InfoArgs{raw.positionals[0], raw.Has("read-only")};
}

// --- branch deletes.
Result<Command> ParseDelete(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("delete", args,
                                                 {{"no-validate", false},
                                                  {"skip-invalid", false},
                                                  {"progress", false},
                                                  {"no-progress", false}}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kDeleteUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("delete", raw));
  if (raw.positionals.size() < 2) return UsageError("delete", "missing FILE (use - for stdin)");
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("delete", raw, 2));
  if (raw.Has("progress") && raw.Has("no-progress")) {
    return UsageError("delete", "--progress and --no-progress contradict each other");
  }
  DeleteArgs out;
  out.graph_dir = raw.positionals[0];
  out.file = raw.positionals[1];
  out.validate = !raw.Has("no-validate");
  out.skip_invalid = raw.Has("skip-invalid");
  if (raw.Has("progress")) out.progress = ProgressMode::kOn;
  if (raw.Has("no-progress")) out.progress = ProgressMode::kOff;
  return out;
}

Result<Command> ParseSchema(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("schema", args, {{"schema", true}}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kSchemaUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("schema", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("schema", raw, 1));
  if (!raw.Has("schema")) return UsageError("schema", "at least one --schema FILE is required");
  return SchemaArgs{raw.positionals[0], raw.flags["schema"]};
}
// --- end of branch deletes.

// --- harden (issue 15): quarry check.
Result<Command> ParseCheck(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("check", args, {}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kCheckUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("check", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("check", raw, 1));
  return CheckArgs{raw.positionals[0]};
}
// --- end of harden.

// rados2 (issue 14).
Result<Command> ParseCompact(const std::vector<std::string>& args) {
  QUARRY_ASSIGN_OR_RETURN(RawArgs raw, SplitArgs("compact", args, {}));
  if (raw.help) return HelpRequest{std::string(usage_internal::kCompactUsage)};
  QUARRY_RETURN_IF_ERROR(RequireGraphDir("compact", raw));
  QUARRY_RETURN_IF_ERROR(RequireNoExtra("compact", raw, 1));
  return CompactArgs{raw.positionals[0]};
}

}  // namespace

std::string MainUsage() { return std::string(usage_internal::kMainUsage); }

Result<Command> ParseCommandLine(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    return HelpRequest{MainUsage()};
  }
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "create") return ParseCreate(rest);
  if (command == "add") return ParseAdd(rest);
  if (command == "exec") return ParseExec(rest);
  if (command == "serve") return ParseServe(rest);
  if (command == "info") return ParseInfo(rest);
  if (command == "delete") return ParseDelete(rest);
  if (command == "schema") return ParseSchema(rest);
  if (command == "check") return ParseCheck(rest);      // harden
  if (command == "compact") return ParseCompact(rest);  // rados2
  return InvalidArgumentError("quarry: unknown command '" + command +
                              "' (commands: create, add, delete, schema, exec, serve, info, check, "
                              "compact; see 'quarry --help')");
}

}  // namespace quarry::cli
