#include "cli/args.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::cli {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Result<Command> Parse(std::vector<std::string> args) { return ParseCommandLine(args); }

TEST(ArgsTest, NoArgumentsOrHelpPrintsMainUsage) {
  for (auto args : {std::vector<std::string>{}, std::vector<std::string>{"--help"}}) {
    ASSERT_OK_AND_ASSIGN(Command command, Parse(args));
    ASSERT_TRUE(std::holds_alternative<HelpRequest>(command));
    EXPECT_NE(std::get<HelpRequest>(command).text.find("commands:"), std::string::npos);
  }
}

TEST(ArgsTest, EverySubcommandHasHelp) {
  for (const char* sub : {"create", "add", "exec", "serve", "info", "delete", "schema"}) {
    ASSERT_OK_AND_ASSIGN(Command command, Parse({sub, "--help"}));
    ASSERT_TRUE(std::holds_alternative<HelpRequest>(command)) << sub;
    EXPECT_NE(std::get<HelpRequest>(command).text.find(std::string("quarry ") + sub),
              std::string::npos);
  }
}

TEST(ArgsTest, CreateWithSchemasAndProperties) {
  ASSERT_OK_AND_ASSIGN(Command command,
                       Parse({"create", "g", "--schema", "elements.json", "--schema=types.json",
                              "--store-properties", "store.properties"}));
  const auto& args = std::get<CreateArgs>(command);
  EXPECT_EQ(args.graph_dir, "g");
  EXPECT_EQ(args.schema_files, (std::vector<std::string>{"elements.json", "types.json"}));
  EXPECT_EQ(args.store_properties_file, "store.properties");
}

TEST(ArgsTest, CreateErrors) {
  EXPECT_THAT(Parse({"create", "g"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "at least one --schema"));
  EXPECT_THAT(Parse({"create", "--schema", "s.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing GRAPH_DIR"));
  EXPECT_THAT(Parse({"create", "g", "--schema"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'--schema' needs a value"));
  EXPECT_THAT(Parse({"create", "g", "h", "--schema", "s"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unexpected argument 'h'"));
}

TEST(ArgsTest, AddDefaultsAndFlags) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"add", "g", "a.json", "-"}));
  const auto& defaults = std::get<AddArgs>(command);
  EXPECT_EQ(defaults.files, (std::vector<std::string>{"a.json", "-"}));
  EXPECT_EQ(defaults.batch_size, 10000u);
  EXPECT_TRUE(defaults.validate);
  EXPECT_FALSE(defaults.skip_invalid);
  EXPECT_EQ(defaults.progress, ProgressMode::kAuto);

  ASSERT_OK_AND_ASSIGN(command, Parse({"add", "g", "--batch-size=500", "--no-validate",
                                       "--skip-invalid", "--no-progress", "a.json"}));
  const auto& flags = std::get<AddArgs>(command);
  EXPECT_EQ(flags.batch_size, 500u);
  EXPECT_FALSE(flags.validate);
  EXPECT_TRUE(flags.skip_invalid);
  EXPECT_EQ(flags.progress, ProgressMode::kOff);
}

TEST(ArgsTest, AddErrors) {
  EXPECT_THAT(Parse({"add", "g"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing FILE"));
  EXPECT_THAT(Parse({"add", "g", "f", "--batch-size", "0"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--batch-size: expected"));
  EXPECT_THAT(Parse({"add", "g", "f", "--batch-size", "12x"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "got '12x'"));
  EXPECT_THAT(Parse({"add", "g", "f", "--progress", "--no-progress"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "contradict"));
  EXPECT_THAT(Parse({"add", "g", "f", "--skip-invalid=yes"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "takes no value"));
}

TEST(ArgsTest, ExecUserAuthsAndStdin) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"exec", "g"}));
  EXPECT_EQ(std::get<ExecArgs>(command).operation_file, "-");
  EXPECT_EQ(std::get<ExecArgs>(command).user_id, "UNKNOWN");
  ASSERT_OK_AND_ASSIGN(
      command, Parse({"exec", "g", "--user", "alice", "--auths", "public,private", "op.json"}));
  const auto& args = std::get<ExecArgs>(command);
  EXPECT_EQ(args.user_id, "alice");
  EXPECT_EQ(args.data_auths, (std::vector<std::string>{"public", "private"}));
  EXPECT_EQ(args.operation_file, "op.json");
}

TEST(ArgsTest, ExecErrors) {
  EXPECT_THAT(Parse({"exec", "g", "--auths", "a,,b"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "empty auth"));
  EXPECT_THAT(Parse({"exec", "g", "a.json", "b.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unexpected argument 'b.json'"));
  EXPECT_THAT(Parse({"exec", "g", "-x"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown flag '-x'"));
}

TEST(ArgsTest, ServeDefaultsAndFlags) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"serve", "g"}));
  const auto& defaults = std::get<ServeArgs>(command);
  EXPECT_EQ(defaults.port, 9090);
  EXPECT_EQ(defaults.bind_address, "127.0.0.1");
  EXPECT_FALSE(defaults.users_file.has_value());
  ASSERT_OK_AND_ASSIGN(command,
                       Parse({"serve", "g", "--port", "0", "--bind", "0.0.0.0", "--users", "u.json",
                              "--max-frame-bytes", "2048", "--max-connections", "8"}));
  const auto& flags = std::get<ServeArgs>(command);
  EXPECT_EQ(flags.port, 0);
  EXPECT_EQ(flags.bind_address, "0.0.0.0");
  EXPECT_EQ(flags.users_file, "u.json");
  EXPECT_EQ(flags.max_frame_bytes, 2048u);
  EXPECT_EQ(flags.max_connections, 8);
}

TEST(ArgsTest, ServeEitherPortAloneOrBoth) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"serve", "g"}));
  EXPECT_TRUE(std::get<ServeArgs>(command).thrift);  // Neither port: Thrift on 9090.
  EXPECT_FALSE(std::get<ServeArgs>(command).http_port.has_value());
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve", "g", "--http-port", "8080"}));
  EXPECT_FALSE(std::get<ServeArgs>(command).thrift);
  EXPECT_EQ(std::get<ServeArgs>(command).http_port, 8080);
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve", "g", "--http-port", "0", "--port", "0"}));
  EXPECT_TRUE(std::get<ServeArgs>(command).thrift);
  EXPECT_EQ(std::get<ServeArgs>(command).port, 0);
  EXPECT_EQ(std::get<ServeArgs>(command).http_port, 0);
  EXPECT_THAT(Parse({"serve", "g", "--http-port", "70000"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "--http-port: expected a whole number in [0, 65535]"));
}

TEST(ArgsTest, ServeHttpLimitFlags) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"serve", "g", "--http-port", "0"}));
  const ServeArgs& defaults = std::get<ServeArgs>(command);
  EXPECT_FALSE(defaults.http_max_body_bytes.has_value());
  EXPECT_FALSE(defaults.http_workers.has_value());
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve",
                                       "g",
                                       "--http-port",
                                       "0",
                                       "--http-max-body",
                                       "1024",
                                       "--http-max-header",
                                       "4096",
                                       "--http-header-timeout-ms",
                                       "500",
                                       "--http-idle-timeout-ms",
                                       "700",
                                       "--http-body-timeout-ms",
                                       "800",
                                       "--http-send-timeout-ms",
                                       "900",
                                       "--http-max-connections",
                                       "3",
                                       "--http-workers",
                                       "2"}));
  const ServeArgs& flags = std::get<ServeArgs>(command);
  EXPECT_EQ(flags.http_max_body_bytes, 1024u);
  EXPECT_EQ(flags.http_max_header_bytes, 4096u);
  EXPECT_EQ(flags.http_header_timeout_ms, 500);
  EXPECT_EQ(flags.http_idle_timeout_ms, 700);
  EXPECT_EQ(flags.http_body_timeout_ms, 800);
  EXPECT_EQ(flags.http_send_timeout_ms, 900);
  EXPECT_EQ(flags.http_max_connections, 3);
  EXPECT_EQ(flags.http_workers, 2);
  EXPECT_THAT(Parse({"serve", "g", "--http-workers", "0"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "--http-workers: expected a whole number in [1, 256]"));
  EXPECT_THAT(Parse({"serve", "g", "--http-max-header", "100"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--http-max-header"));
  EXPECT_THAT(Parse({"serve", "g", "--http-idle-timeout-ms", "soon"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--http-idle-timeout-ms"));
}

TEST(ArgsTest, ServeErrors) {
  EXPECT_THAT(Parse({"serve", "g", "--port", "65536"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "--port: expected a whole number in [0, 65535]"));
  EXPECT_THAT(Parse({"serve", "g", "--port", "-1"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--port"));
  EXPECT_THAT(
      Parse({"serve", "g", "--prot", "1"}),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry serve: unknown flag '--prot'"));
  EXPECT_THAT(Parse({"serve", "g", "--max-frame-bytes", "200000000"}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ArgsTest, InfoAndUnknownCommand) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"info", "g"}));
  EXPECT_EQ(std::get<InfoArgs>(command).graph_dir, "g");
  EXPECT_THAT(Parse({"info"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing GRAPH_DIR"));
  EXPECT_THAT(Parse({"frobnicate"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown command 'frobnicate'"));
}

// harden (issue 15): quarry check GRAPH_DIR, nothing else.
TEST(ArgsTest, Check) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"check", "g"}));
  EXPECT_EQ(std::get<CheckArgs>(command).graph_dir, "g");
  EXPECT_THAT(Parse({"check"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing GRAPH_DIR"));
  EXPECT_THAT(Parse({"check", "g", "extra"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unexpected argument 'extra'"));
  ASSERT_OK_AND_ASSIGN(Command help, Parse({"check", "--help"}));
  EXPECT_THAT(std::get<HelpRequest>(help).text, ::testing::HasSubstr("usage: quarry check"));
}

// rados2 (issue 14): quarry compact GRAPH_DIR; serve --sweep-interval-s.
TEST(ArgsTest, CompactAndSweepInterval) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"compact", "g"}));
  EXPECT_EQ(std::get<CompactArgs>(command).graph_dir, "g");
  EXPECT_THAT(Parse({"compact"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing GRAPH_DIR"));
  EXPECT_THAT(Parse({"compact", "g", "h"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unexpected argument 'h'"));
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve", "g"}));
  EXPECT_FALSE(std::get<ServeArgs>(command).sweep_interval_s.has_value());
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve", "g", "--sweep-interval-s", "60"}));
  EXPECT_EQ(std::get<ServeArgs>(command).sweep_interval_s, 60u);
  EXPECT_THAT(Parse({"serve", "g", "--sweep-interval-s", "soon"}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ArgsTest, DoubleDashEndsFlags) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"add", "g", "--", "--weird-file-name"}));
  EXPECT_EQ(std::get<AddArgs>(command).files, (std::vector<std::string>{"--weird-file-name"}));
}

// The explorer page's directory (branch explorer): absent means the build's.
TEST(ArgsTest, ServeUiDir) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"serve", "g", "--http-port", "0"}));
  EXPECT_FALSE(std::get<ServeArgs>(command).ui_dir.has_value());
  ASSERT_OK_AND_ASSIGN(command, Parse({"serve", "g", "--http-port", "0", "--ui-dir", "/srv/ui"}));
  EXPECT_EQ(std::get<ServeArgs>(command).ui_dir, "/srv/ui");
  EXPECT_THAT(Parse({"serve", "g", "--ui-dir", ""}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--ui-dir: empty directory"));
}

// --- branch deletes.
TEST(ArgsTest, DeleteTakesOneFileAndTheAddFlags) {
  ASSERT_OK_AND_ASSIGN(Command command, Parse({"delete", "g", "-", "--skip-invalid"}));
  const auto& args = std::get<DeleteArgs>(command);
  EXPECT_EQ(args.graph_dir, "g");
  EXPECT_EQ(args.file, "-");
  EXPECT_TRUE(args.validate);
  EXPECT_TRUE(args.skip_invalid);
  EXPECT_EQ(args.progress, ProgressMode::kAuto);
  ASSERT_OK_AND_ASSIGN(command,
                       Parse({"delete", "g", "doomed.json", "--no-validate", "--no-progress"}));
  EXPECT_FALSE(std::get<DeleteArgs>(command).validate);
  EXPECT_EQ(std::get<DeleteArgs>(command).progress, ProgressMode::kOff);
  EXPECT_THAT(Parse({"delete", "g"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "missing FILE"));
  EXPECT_THAT(Parse({"delete", "g", "a.json", "b.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unexpected argument 'b.json'"));
  EXPECT_THAT(Parse({"delete", "g", "a.json", "--batch-size", "2"}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ArgsTest, SchemaNeedsAtLeastOneSchemaFile) {
  ASSERT_OK_AND_ASSIGN(Command command,
                       Parse({"schema", "g", "--schema", "elements.json", "--schema=types.json"}));
  const auto& args = std::get<SchemaArgs>(command);
  EXPECT_EQ(args.graph_dir, "g");
  EXPECT_EQ(args.schema_files, (std::vector<std::string>{"elements.json", "types.json"}));
  EXPECT_THAT(Parse({"schema", "g"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "--schema FILE is required"));
  EXPECT_THAT(Parse({"schema"}), StatusIs(StatusCode::kInvalidArgument));
}
// --- end of branch deletes.

}  // namespace
}  // namespace quarry::cli
